import { badRequest, type Context, notFound, readBody } from '@/app/api/utils/request';
import sql from '@/app/api/utils/sql';
import { toComment, toPost } from '@/app/api/utils/blog';

const MISSING = 'That post does not exist.';

export async function GET(_request: Request, { params }: Context) {
  const [row] = await sql`SELECT * FROM posts WHERE id = ${params.id}`;
  if (!row) return notFound(MISSING);
  const comments = await sql`SELECT * FROM comments WHERE post_id = ${params.id} ORDER BY created_at`;
  return Response.json({ post: { ...toPost(row), comments: comments.length }, comments: comments.map(toComment) });
}

/** { like: true } adds a like. */
export async function PATCH(request: Request, { params }: Context) {
  const body = await readBody(request);
  if (!body || body.like !== true) return badRequest('Send { "like": true } to like a post.');
  const [row] = await sql`UPDATE posts SET likes = likes + 1 WHERE id = ${params.id} RETURNING *`;
  return row ? Response.json({ post: toPost(row) }) : notFound(MISSING);
}

export async function DELETE(_request: Request, { params }: Context) {
  const [row] = await sql`DELETE FROM posts WHERE id = ${params.id} RETURNING id`;
  return row ? Response.json({ deleted: String(row.id) }) : notFound(MISSING);
}
