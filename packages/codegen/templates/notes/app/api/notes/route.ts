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

/** Every note, pinned first, then the most recently edited. */
export async function GET() {
  const rows = await sql`SELECT * FROM notes ORDER BY pinned DESC, updated_at DESC`;
  return Response.json({ notes: rows.map(toNote) });
}

/** Creates a note: { title?, body?, tags?, pinned?, id? } (the page sends its own id to keep editing it). */
export async function POST(request: Request) {
  const body = await readBody(request);
  if (!body) return badRequest('Send the note as JSON, e.g. { "title": "Ideas" }.');
  const note = checkNote(body);
  if ('error' in note) return badRequest(note.error);
  const id = typeof body.id === 'string' && /^[A-Za-z0-9_-]{1,64}$/.test(body.id) ? body.id : crypto.randomUUID();
  const [row] = await sql`
    INSERT INTO notes (id, title, body, tags, pinned, updated_at)
    VALUES (${id}, ${note.title ?? ''}, ${note.body ?? ''}, ${note.tags ?? []}, ${note.pinned ?? false}, ${Date.now()})
    ON CONFLICT (id) DO NOTHING
    RETURNING *`;
  if (!row) return Response.json({ error: 'A note with this id already exists.' }, { status: 409 });
  return Response.json({ note: toNote(row) }, { status: 201 });
}
