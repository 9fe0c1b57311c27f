import sql from '@/app/api/utils/sql';
import { auth } from '@/auth';

import { signInFirst } from '@kiln/snippets/signed-in';

type Context = { params: { id: string } };

/** Another visitor's workout is answered like a missing one: nobody learns which ids exist. */
function notFound() {
  return Response.json({ error: 'That workout no longer exists.' }, { status: 404 });
}

export async function DELETE(_request: Request, { params }: Context) {
  const session = await auth();
  if (!session) return signInFirst('workouts');
  const [row] = await sql`DELETE FROM workouts WHERE id = ${params.id} AND user_id = ${session.user.id} RETURNING id`;
  return row ? Response.json({ deleted: String(row.id) }) : notFound();
}
