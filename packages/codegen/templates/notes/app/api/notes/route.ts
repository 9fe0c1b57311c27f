import { badRequest, readBody } from '@/app/api/utils/request';
import sql from '@/app/api/utils/sql';
import { checkNote, toNote } from '@/app/api/utils/notes';

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
