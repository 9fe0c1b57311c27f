import { badRequest, readBody, text } from '@/app/api/utils/request';
import sql from '@/app/api/utils/sql';
import { handleOf, toPost } from '@/app/api/utils/social';

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
