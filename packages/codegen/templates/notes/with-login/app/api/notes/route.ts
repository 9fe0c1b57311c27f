import { badRequest, readBody, signInFirst } from '@/app/api/utils/request';
import sql from '@/app/api/utils/sql';
import { auth } from '@/auth';
import { checkNote, toNote } from '@/app/api/utils/notes';

/** The signed-in visitor's notes, pinned first, then the most recently edited (none for a signed-out visitor). */
export async function GET() {
  const session = await auth();
  if (!session) return Response.json({ notes: [], signIn: true });
  const rows = await sql`
    SELECT * FROM notes WHERE user_id = ${session.user.id} ORDER BY pinned DESC, updated_at DESC`;
  return Response.json({ notes: rows.map(toNote) });
}

/** Creates a note of the signed-in visitor: { title?, body?, tags?, pinned?, id? }. */
export async function POST(request: Request) {
  const session = await auth();
  if (!session) return signInFirst('notes');
  const body = await readBody(request);
  if (!body) return badRequest('Send the note as JSON, e.g. { "title": "Ideas" }.');
  const note = checkNote(body);
  if ('error' in note) return badRequest(note.error);
  const id = typeof body.id === 'string' && /^[A-Za-z0-9_-]{1,64}$/.test(body.id) ? body.id : crypto.randomUUID();
  const [row] = await sql`
    INSERT INTO notes (id, user_id, title, body, tags, pinned, updated_at)
    VALUES (${id}, ${session.user.id}, ${note.title ?? ''}, ${note.body ?? ''}, ${note.tags ?? []}, ${note.pinned ?? false}, ${Date.now()})
    ON CONFLICT (id) DO NOTHING
    RETURNING *`;
  if (!row) return Response.json({ error: 'A note with this id already exists.' }, { status: 409 });
  return Response.json({ note: toNote(row) }, { status: 201 });
}
