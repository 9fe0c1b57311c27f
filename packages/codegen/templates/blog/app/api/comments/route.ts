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

/** Adds a comment: { postId, author, body }. */
export async function POST(request: Request) {
  const body = await readBody(request);
  if (!body) return badRequest('Send the comment as JSON.');
  const postId = text(body.postId, 100);
  const author = text(body.author, 60);
  const comment = text(body.body, 2000);
  if (!author) return badRequest('Add your name to comment.');
  if (!comment) return badRequest('Write something first.');
  const [post] = await sql`SELECT id FROM posts WHERE id = ${postId}`;
  if (!post) return Response.json({ error: 'That post does not exist.' }, { status: 404 });
  const [row] = await sql`
    INSERT INTO comments (id, post_id, author, body, created_at)
    VALUES (${crypto.randomUUID()}, ${postId}, ${author}, ${comment}, ${Date.now()})
    RETURNING *`;
  return Response.json({ comment: toComment(row) }, { status: 201 });
}
