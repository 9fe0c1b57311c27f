import sql from '@/app/api/utils/sql';

/** The JSON object a request carries, or null when it has none. */
async function readBody(request: Request): Promise<Record<string, unknown> | null> {
  try {
    const body = await request.json();
    return body && typeof body === 'object' && !Array.isArray(body) ? body : null;
  } catch {
    return null;
  }
}

function badRequest(error: string) {
  return Response.json({ error }, { status: 400 });
}

function toPhoto(row: Record<string, unknown>) {
  return {
    id: String(row.id),
    title: String(row.title),
    album: String(row.album),
    place: String(row.place),
    takenOn: String(row.taken_on),
    description: String(row.description),
    image: String(row.image ?? ''),
    favourite: row.favourite === true,
    createdAt: Number(row.created_at),
  };
}

function text(value: unknown, max: number): string {
  return typeof value === 'string' ? value.trim().slice(0, max) : '';
}

type Context = { params: { id: string } };

function notFound() {
  return Response.json({ error: 'That photo no longer exists.' }, { status: 404 });
}

/** Changes any of { favourite, title, album, description }; the others keep their values. */
export async function PATCH(request: Request, { params }: Context) {
  const body = await readBody(request);
  if (!body) return badRequest('Send the changes as JSON, e.g. { "favourite": true }.');
  if (body.favourite !== undefined && typeof body.favourite !== 'boolean') return badRequest('favourite must be true or false.');
  const favourite = typeof body.favourite === 'boolean' ? body.favourite : null;
  const title = body.title === undefined ? null : text(body.title, 120) || null;
  const album = body.album === undefined ? null : text(body.album, 60) || null;
  const description = body.description === undefined ? null : text(body.description, 1000);
  const [row] = await sql`
    UPDATE photos SET
      favourite = COALESCE(${favourite}, favourite),
      title = COALESCE(${title}, title),
      album = COALESCE(${album}, album),
      description = COALESCE(${description}, description)
    WHERE id = ${params.id}
    RETURNING *`;
  return row ? Response.json({ photo: toPhoto(row) }) : notFound();
}

export async function DELETE(_request: Request, { params }: Context) {
  const [row] = await sql`DELETE FROM photos WHERE id = ${params.id} RETURNING id`;
  return row ? Response.json({ deleted: String(row.id) }) : notFound();
}
