import sql from '@/app/api/utils/sql';

import { badRequest, readBody } from '@kiln/snippets/read-body';

/** A row of the notes table as the page uses it. */
function toNote(row: Record<string, unknown>) {
  return {
    id: String(row.id),
    title: String(row.title ?? ''),
    body: String(row.body ?? ''),
    tags: Array.isArray(row.tags) ? row.tags.map(String) : [],
    pinned: row.pinned === true,
    updatedAt: Number(row.updated_at),
  };
}

/**
 * The fields a request sets, checked: title (at most 200 characters), body (100,000), tags (up to 20 words),
 * pinned. Absent fields are null; a wrong one gives an error message.
 */
function checkNote(body: Record<string, unknown>) {
  const { title, body: text, tags, pinned } = body;
  if (title !== undefined && (typeof title !== 'string' || title.length > 200)) {
    return { error: 'The title must be text of at most 200 characters.' };
  }
  if (text !== undefined && (typeof text !== 'string' || text.length > 100000)) {
    return { error: 'The note is too long (100,000 characters at most).' };
  }
  if (tags !== undefined && (!Array.isArray(tags) || tags.length > 20 || tags.some((t) => typeof t !== 'string' || t.length > 40))) {
    return { error: 'Tags must be a list of at most 20 short words.' };
  }
  if (pinned !== undefined && typeof pinned !== 'boolean') return { error: 'pinned must be true or false.' };
  return {
    title: typeof title === 'string' ? title : null,
    body: typeof text === 'string' ? text : null,
    tags: Array.isArray(tags) ? [...new Set(tags.map((t) => String(t).trim().toLowerCase()).filter(Boolean))] : null,
    pinned: typeof pinned === 'boolean' ? pinned : null,
  };
}

type Context = { params: { id: string } };

function notFound() {
  return Response.json({ error: 'That note no longer exists.' }, { status: 404 });
}

export async function GET(_request: Request, { params }: Context) {
  const [row] = await sql`SELECT * FROM notes WHERE id = ${params.id}`;
  return row ? Response.json({ note: toNote(row) }) : notFound();
}

/** Changes a note: any of { title, body, tags, pinned }; the others keep their values. */
export async function PATCH(request: Request, { params }: Context) {
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
    WHERE id = ${params.id}
    RETURNING *`;
  return row ? Response.json({ note: toNote(row) }) : notFound();
}

export async function DELETE(_request: Request, { params }: Context) {
  const [row] = await sql`DELETE FROM notes WHERE id = ${params.id} RETURNING id`;
  return row ? Response.json({ deleted: String(row.id) }) : notFound();
}
