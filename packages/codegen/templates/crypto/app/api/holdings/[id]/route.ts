import sql from '@/app/api/utils/sql';

type Context = { params: { id: string } };

function notFound() {
  return Response.json({ error: 'That purchase no longer exists.' }, { status: 404 });
}

export async function DELETE(_request: Request, { params }: Context) {
  const [row] = await sql`DELETE FROM holdings WHERE id = ${params.id} RETURNING id`;
  return row ? Response.json({ deleted: String(row.id) }) : notFound();
}
