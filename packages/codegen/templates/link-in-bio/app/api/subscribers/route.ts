import { badRequest, readBody } from '@/app/api/utils/request';
import sql from '@/app/api/utils/sql';

/** Signs up an email: { email }. */
export async function POST(request: Request) {
  const body = await readBody(request);
  const email = typeof body?.email === 'string' ? body.email.trim().toLowerCase() : '';
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) || email.length > 254) {
    return badRequest('Please enter a valid email address.');
  }
  const [row] = await sql`
    INSERT INTO subscribers (id, email)
    VALUES (${crypto.randomUUID()}, ${email})
    ON CONFLICT (email) DO NOTHING
    RETURNING id`;
  if (!row) {
    return Response.json({ error: "You're already subscribed. See you in your inbox on Sunday!" }, { status: 409 });
  }
  return Response.json({ subscriber: { id: String(row.id) } }, { status: 201 });
}
