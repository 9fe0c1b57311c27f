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

function text(value: unknown, max: number): string {
  return typeof value === 'string' ? value.trim().slice(0, max) : '';
}

/** A member's handle from a display name: lowercase letters and digits. */
function handleOf(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]+/g, '').slice(0, 20) || 'member';
}

function toReply(row: Record<string, unknown>) {
  return {
    id: String(row.id),
    handle: String(row.handle),
    name: String(row.name),
    body: String(row.body),
    createdAt: Number(row.created_at),
  };
}

function toPost(row: Record<string, unknown>, replies: Record<string, unknown>[]) {
  return {
    id: String(row.id),
    handle: String(row.handle),
    name: String(row.name),
    body: String(row.body),
    topic: String(row.topic),
    likes: Number(row.likes),
    createdAt: Number(row.created_at),
    replies: replies.filter((r) => r.post_id === row.id).map(toReply),
  };
}

export async function GET() {
  const posts = await sql`SELECT * FROM posts ORDER BY created_at DESC LIMIT 100`;
  const replies = await sql`SELECT * FROM replies ORDER BY created_at`;
  return Response.json({ posts: posts.map((row) => toPost(row, replies)) });
}

/** Shares a post: { name, body, topic }. The author joins the members the first time. */
export async function POST(request: Request) {
  const body = await readBody(request);
  if (!body) return badRequest('Send the post as JSON.');
  const name = text(body.name, 60);
  const message = text(body.body, 500);
  const topic = ['neighbourhood', 'dogs', 'food', 'events', 'help'].includes(String(body.topic)) ? String(body.topic) : 'neighbourhood';
  if (!name) return badRequest('Add your name to post.');
  if (!message) return badRequest('Write something to share.');
  const handle = handleOf(name);
  await sql`INSERT INTO members (handle, name) VALUES (${handle}, ${name}) ON CONFLICT (handle) DO NOTHING`;
  const [row] = await sql`
    INSERT INTO posts (id, handle, name, body, topic, likes, created_at)
    VALUES (${crypto.randomUUID()}, ${handle}, ${name}, ${message}, ${topic}, 0, ${Date.now()})
    RETURNING *`;
  return Response.json({ post: toPost(row, []) }, { status: 201 });
}
