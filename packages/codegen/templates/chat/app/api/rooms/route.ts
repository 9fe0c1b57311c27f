import { badRequest, readBody } from '@/app/api/utils/request';
import sql from '@/app/api/utils/sql';
import { toMessage } from '@/app/api/utils/chat';

/** Every room, the most recently active first, with its last message and how many it has. */
export async function GET() {
  const rows = await sql`
    SELECT r.*, last.id AS last_id, last.author, last.body, last.created_at AS last_at,
      (SELECT count(*) FROM messages m WHERE m.room_id = r.id)::int AS message_count
    FROM rooms r
    LEFT JOIN LATERAL (
      SELECT * FROM messages m WHERE m.room_id = r.id ORDER BY m.created_at DESC LIMIT 1
    ) last ON true
    ORDER BY COALESCE(last.created_at, r.created_at) DESC`;
  return Response.json({
    rooms: rows.map((row) => ({
      id: String(row.id),
      name: String(row.name),
      topic: String(row.topic ?? ''),
      messageCount: Number(row.message_count),
      lastMessage: row.last_id
        ? toMessage({ id: row.last_id, room_id: row.id, author: row.author, body: row.body, created_at: row.last_at })
        : null,
    })),
  });
}

/** Creates a room: { name, topic? }. The name becomes its id (lowercase letters, digits and dashes). */
export async function POST(request: Request) {
  const body = await readBody(request);
  if (!body) return badRequest('Send the room as JSON, e.g. { "name": "launch" }.');
  const name = typeof body.name === 'string' ? body.name.trim().toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') : '';
  if (!name || name.length > 40) return badRequest('A room needs a name of at most 40 letters or digits.');
  const topic = typeof body.topic === 'string' ? body.topic.trim().slice(0, 200) : '';
  const [row] = await sql`
    INSERT INTO rooms (id, name, topic, created_at) VALUES (${name}, ${name}, ${topic}, ${Date.now()})
    ON CONFLICT DO NOTHING
    RETURNING *`;
  if (!row) return Response.json({ error: `There is already a room called #${name}.` }, { status: 409 });
  return Response.json({ room: { id: String(row.id), name: String(row.name), topic: String(row.topic) } }, { status: 201 });
}
