import { type Context, notFound, signInFirst } from '@/app/api/utils/request';
import sql from '@/app/api/utils/sql';
import { auth } from '@/auth';

/** Another visitor's transaction is answered like a missing one: nobody learns which ids exist. */
const MISSING = 'That transaction no longer exists.';

export async function DELETE(_request: Request, { params }: Context) {
  const session = await auth();
  if (!session) return signInFirst('transactions');
  const [row] = await sql`DELETE FROM transactions WHERE id = ${params.id} AND user_id = ${session.user.id} RETURNING id`;
  return row ? Response.json({ deleted: String(row.id) }) : notFound(MISSING);
}
