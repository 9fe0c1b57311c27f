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

type Context = { params: { id: string } };

export async function PATCH(request: Request, { params }: Context) {
  const body = await readBody(request);
  const like = body ? body.like : undefined;
  if (like !== 1 && like !== -1) return badRequest('Send { "like": 1 } to like or { "like": -1 } to unlike.');
  const [row] = await sql`UPDATE posts SET likes = GREATEST(0, likes + ${like}) WHERE id = ${params.id} RETURNING *`;
  if (!row) return Response.json({ error: 'That post no longer exists.' }, { status: 404 });
  const replies = await sql`SELECT * FROM replies WHERE post_id = ${params.id} ORDER BY created_at`;
  return Response.json({ post: toPost(row, replies) });
}
