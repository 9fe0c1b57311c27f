import { badRequest, type Context, notFound, readBody, text } from '@/app/api/utils/request';
import sql from '@/app/api/utils/sql';
import { toPhoto } from '@/app/api/utils/gallery';

const MISSING = 'That photo no longer exists.';

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
  return row ? Response.json({ photo: toPhoto(row) }) : notFound(MISSING);
}

export async function DELETE(_request: Request, { params }: Context) {
  const [row] = await sql`DELETE FROM photos WHERE id = ${params.id} RETURNING id`;
  return row ? Response.json({ deleted: String(row.id) }) : notFound(MISSING);
}
