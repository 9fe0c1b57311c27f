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
