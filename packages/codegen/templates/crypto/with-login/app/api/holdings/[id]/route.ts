import sql from '@/app/api/utils/sql';
import { auth } from '@/auth';

import { signInFirst } from '@kiln/snippets/signed-in';

type Context = { params: { id: string } };

/** Another visitor's holding is answered like a missing one: nobody learns which ids exist. */
function notFound() {
  return Response.json({ error: 'That purchase no longer exists.' }, { status: 404 });
}

export async function DELETE(_request: Request, { params }: Context) {
  const session = await auth();
  if (!session) return signInFirst('purchases');
  const [row] = await sql`DELETE FROM holdings WHERE id = ${params.id} AND user_id = ${session.user.id} RETURNING id`;
  return row ? Response.json({ deleted: String(row.id) }) : notFound();
}
