import { badRequest, readBody, text } from '@/app/api/utils/request';
import sql from '@/app/api/utils/sql';

/** Stores a message: { name, email, topic?, message? }. */
export async function POST(request: Request) {
  const body = await readBody(request);
  if (!body) return badRequest('Send the form as JSON.');
  const name = text(body.name);
  const email = text(body.email);
  const topic = text(body.topic);
  const message = text(body.message);
  if (!name || name.length > 200 || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) || email.length > 254) {
    return badRequest('Please add your name and a valid email address.');
  }
  if (topic.length > 200 || message.length > 5000) return badRequest('Please keep your message under 5,000 characters.');
  const [row] = await sql`
    INSERT INTO messages (id, name, email, topic, message)
    VALUES (${crypto.randomUUID()}, ${name}, ${email}, ${topic}, ${message})
    RETURNING id`;
  return Response.json({ message: { id: String(row?.id) } }, { status: 201 });
}
