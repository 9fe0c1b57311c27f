import { badRequest, type Context, readBody } from '@/app/api/utils/request';
import sql from '@/app/api/utils/sql';
import { toPost } from '@/app/api/utils/social';

export async function PATCH(request: Request, { params }: Context) {
  const body = await readBody(request);
  const like = body ? body.like : undefined;
  if (like !== 1 && like !== -1) return badRequest('Send { "like": 1 } to like or { "like": -1 } to unlike.');
  const [row] = await sql`UPDATE posts SET likes = GREATEST(0, likes + ${like}) WHERE id = ${params.id} RETURNING *`;
  if (!row) return Response.json({ error: 'That post no longer exists.' }, { status: 404 });
  const replies = await sql`SELECT * FROM replies WHERE post_id = ${params.id} ORDER BY created_at`;
  return Response.json({ post: toPost(row, replies) });
}
