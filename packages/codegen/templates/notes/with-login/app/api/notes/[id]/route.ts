import { badRequest, type Context, notFound, readBody, signInFirst } from '@/app/api/utils/request';
import sql from '@/app/api/utils/sql';
import { auth } from '@/auth';
import { checkNote, toNote } from '@/app/api/utils/notes';

/** Another visitor's note is answered like a missing one: nobody learns which ids exist. */
const MISSING = 'That note no longer exists.';

export async function GET(_request: Request, { params }: Context) {
  const session = await auth();
  if (!session) return signInFirst('notes');
  const [row] = await sql`SELECT * FROM notes WHERE id = ${params.id} AND user_id = ${session.user.id}`;
  return row ? Response.json({ note: toNote(row) }) : notFound(MISSING);
}

/** Changes one of the visitor's notes: any of { title, body, tags, pinned }; the others keep their values. */
export async function PATCH(request: Request, { params }: Context) {
  const session = await auth();
  if (!session) return signInFirst('notes');
  const body = await readBody(request);
  if (!body) return badRequest('Send the changes as JSON, e.g. { "pinned": true }.');
  const note = checkNote(body);
  if ('error' in note) return badRequest(note.error);
  const [row] = await sql`
    UPDATE notes SET
      title = COALESCE(${note.title}, title),
      body = COALESCE(${note.body}, body),
      tags = COALESCE(${note.tags}, tags),
      pinned = COALESCE(${note.pinned}, pinned),
      updated_at = ${Date.now()}
    WHERE id = ${params.id} AND user_id = ${session.user.id}
    RETURNING *`;
  return row ? Response.json({ note: toNote(row) }) : notFound(MISSING);
}

export async function DELETE(_request: Request, { params }: Context) {
  const session = await auth();
  if (!session) return signInFirst('notes');
  const [row] = await sql`DELETE FROM notes WHERE id = ${params.id} AND user_id = ${session.user.id} RETURNING id`;
  return row ? Response.json({ deleted: String(row.id) }) : notFound(MISSING);
}
