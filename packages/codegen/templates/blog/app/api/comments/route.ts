import { badRequest, readBody, text } from '@/app/api/utils/request';
import sql from '@/app/api/utils/sql';
import { toComment } from '@/app/api/utils/blog';

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
