import { type Context, notFound } from '@/app/api/utils/request';
import sql from '@/app/api/utils/sql';

export async function DELETE(_request: Request, { params }: Context) {
  const [row] = await sql`DELETE FROM holdings WHERE id = ${params.id} RETURNING id`;
  return row ? Response.json({ deleted: String(row.id) }) : notFound('That purchase no longer exists.');
}
