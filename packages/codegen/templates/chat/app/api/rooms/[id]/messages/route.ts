import { badRequest, type Context, notFound, readBody } from '@/app/api/utils/request';
import sql from '@/app/api/utils/sql';
import { toMessage } from '@/app/api/utils/chat';

const NO_ROOM = 'That room no longer exists.';

/** The room's last 200 messages, oldest first; `?after=<ms>` gives only newer ones (what polling asks for). */
export async function GET(request: Request, { params }: Context) {
  const [room] = await sql`SELECT id FROM rooms WHERE id = ${params.id}`;
  if (!room) return notFound(NO_ROOM);
  const after = Number(new URL(request.url).searchParams.get('after') ?? 0) || 0;
  const rows = await sql`
    SELECT * FROM (
      SELECT * FROM messages WHERE room_id = ${params.id} AND created_at > ${after}
      ORDER BY created_at DESC LIMIT 200
    ) recent ORDER BY created_at ASC`;
  return Response.json({ messages: rows.map(toMessage) });
}

/** Sends a message: { author, body, id? } (the page sends its own id to replace its optimistic copy). */
export async function POST(request: Request, { params }: Context) {
  const body = await readBody(request);
  if (!body) return badRequest('Send the message as JSON, e.g. { "author": "Sam", "body": "Hi!" }.');
  const author = typeof body.author === 'string' ? body.author.trim() : '';
  const text = typeof body.body === 'string' ? body.body.trim() : '';
  if (!author || author.length > 40) return badRequest('Choose a display name of at most 40 characters.');
  if (!text) return badRequest('A message cannot be empty.');
  if (text.length > 2000) return badRequest('A message can be at most 2,000 characters.');
  const [room] = await sql`SELECT id FROM rooms WHERE id = ${params.id}`;
  if (!room) return notFound(NO_ROOM);
  const id = typeof body.id === 'string' && /^[A-Za-z0-9_-]{1,64}$/.test(body.id) ? body.id : crypto.randomUUID();
  const [row] = await sql`
    INSERT INTO messages (id, room_id, author, body, created_at)
    VALUES (${id}, ${params.id}, ${author}, ${text}, ${Date.now()})
    ON CONFLICT (id) DO NOTHING
    RETURNING *`;
  if (!row) return Response.json({ error: 'This message was already sent.' }, { status: 409 });
  return Response.json({ message: toMessage(row) }, { status: 201 });
}
