import { badRequest, readBody, text } from '@/app/api/utils/request';
import sql from '@/app/api/utils/sql';
import { toPost } from '@/app/api/utils/blog';

/** Every post, newest first, with its number of comments. */
export async function GET() {
  const rows = await sql`
    SELECT p.*, (SELECT count(*) FROM comments c WHERE c.post_id = p.id)::int AS comment_count
    FROM posts p ORDER BY published_at DESC`;
  return Response.json({ posts: rows.map(toPost) });
}

/** Publishes a post: { title, body, author, tag?, excerpt? }. */
export async function POST(request: Request) {
  const body = await readBody(request);
  if (!body) return badRequest('Send the post as JSON.');
  const title = text(body.title, 160);
  const story = text(body.body, 50000);
  const author = text(body.author, 80);
  const tag = text(body.tag, 40) || 'Writing';
  const excerpt = text(body.excerpt, 300) || story.slice(0, 140);
  if (!title) return badRequest('Give your post a title.');
  if (story.split(/\s+/).length < 5) return badRequest('Write a few sentences before publishing.');
  if (!author) return badRequest('Add your name as the author.');
  const slug = title.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 48) || 'post';
  const id = slug + '-' + crypto.randomUUID().slice(0, 4);
  const [row] = await sql`
    INSERT INTO posts (id, title, excerpt, body, tag, author, likes, published_at)
    VALUES (${id}, ${title}, ${excerpt}, ${story}, ${tag}, ${author}, 0, ${Date.now()})
    RETURNING *`;
  return Response.json({ post: toPost(row) }, { status: 201 });
}
