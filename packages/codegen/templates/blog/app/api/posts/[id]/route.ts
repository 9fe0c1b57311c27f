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

/** A row of posts as the pages use it. */
function toPost(row: Record<string, unknown>) {
  return {
    id: String(row.id),
    title: String(row.title),
    excerpt: String(row.excerpt),
    body: String(row.body),
    tag: String(row.tag),
    author: String(row.author),
    likes: Number(row.likes),
    publishedAt: Number(row.published_at),
    comments: Number(row.comment_count ?? 0),
  };
}

/** A row of comments as the pages use it. */
function toComment(row: Record<string, unknown>) {
  return {
    id: String(row.id),
    postId: String(row.post_id),
    author: String(row.author),
    body: String(row.body),
    createdAt: Number(row.created_at),
  };
}

function text(value: unknown, max: number): string {
  return typeof value === 'string' ? value.trim().slice(0, max) : '';
}

type Context = { params: { id: string } };

function notFound() {
  return Response.json({ error: 'That post does not exist.' }, { status: 404 });
}

export async function GET(_request: Request, { params }: Context) {
  const [row] = await sql`SELECT * FROM posts WHERE id = ${params.id}`;
  if (!row) return notFound();
  const comments = await sql`SELECT * FROM comments WHERE post_id = ${params.id} ORDER BY created_at`;
  return Response.json({ post: { ...toPost(row), comments: comments.length }, comments: comments.map(toComment) });
}

/** { like: true } adds a like. */
export async function PATCH(request: Request, { params }: Context) {
  const body = await readBody(request);
  if (!body || body.like !== true) return badRequest('Send { "like": true } to like a post.');
  const [row] = await sql`UPDATE posts SET likes = likes + 1 WHERE id = ${params.id} RETURNING *`;
  return row ? Response.json({ post: toPost(row) }) : notFound();
}

export async function DELETE(_request: Request, { params }: Context) {
  const [row] = await sql`DELETE FROM posts WHERE id = ${params.id} RETURNING id`;
  return row ? Response.json({ deleted: String(row.id) }) : notFound();
}
