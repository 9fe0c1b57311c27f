import type { Context } from '@/app/api/utils/request';
import sql from '@/app/api/utils/sql';

export async function DELETE(_request: Request, { params }: Context) {
  const [row] = await sql`DELETE FROM swipes WHERE profile_id = ${params.id} RETURNING profile_id`;
  if (!row) return Response.json({ error: 'There is no like or pass to undo for that profile.' }, { status: 404 });
  return Response.json({ deleted: String(row.profile_id), matched: false });
}
