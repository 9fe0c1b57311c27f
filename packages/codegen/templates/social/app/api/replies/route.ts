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

/** Adds a reply: { postId, name, body }. */
export async function POST(request: Request) {
  const body = await readBody(request);
  if (!body) return badRequest('Send the reply as JSON.');
  const postId = text(body.postId, 100);
  const name = text(body.name, 60);
  const message = text(body.body, 500);
  if (!name || !message) return badRequest('A reply needs your name and some words.');
  const [post] = await sql`SELECT id FROM posts WHERE id = ${postId}`;
  if (!post) return Response.json({ error: 'That post no longer exists.' }, { status: 404 });
  const [row] = await sql`
    INSERT INTO replies (id, post_id, handle, name, body, created_at)
    VALUES (${crypto.randomUUID()}, ${postId}, ${handleOf(name)}, ${name}, ${message}, ${Date.now()})
    RETURNING *`;
  return Response.json({ reply: toReply(row) }, { status: 201 });
}
