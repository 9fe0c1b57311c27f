import { badRequest, readBody, text } from '@/app/api/utils/request';
import sql from '@/app/api/utils/sql';
import { handleOf, toReply } from '@/app/api/utils/social';

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
