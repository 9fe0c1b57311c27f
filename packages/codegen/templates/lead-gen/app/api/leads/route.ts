import { badRequest, readBody, text } from '@/app/api/utils/request';
import sql from '@/app/api/utils/sql';

const TEAM_SIZES = ['', '1', '2-10', '11-50', '51+'];

/** How many leads there are (never who: this answer is public). */
export async function GET() {
  const [row] = await sql`SELECT count(*)::int AS count FROM leads`;
  return Response.json({ count: Number(row?.count ?? 0) });
}

/** Stores a lead: { name, email, consent, company?, teamSize?, message? }. */
export async function POST(request: Request) {
  const body = await readBody(request);
  if (!body) return badRequest('Send the form as JSON.');
  const name = text(body.name);
  const email = text(body.email).toLowerCase();
  const company = text(body.company);
  const teamSize = text(body.teamSize);
  const message = text(body.message);
  if (!name || name.length > 200) {
    return Response.json({ error: 'Please tell us your name.', field: 'name' }, { status: 400 });
  }
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) || email.length > 254) {
    return Response.json({ error: 'Please enter a valid email address.', field: 'email' }, { status: 400 });
  }
  if (!body.consent) {
    return Response.json({ error: 'Please agree so we can contact you.', field: 'consent' }, { status: 400 });
  }
  if (company.length > 200 || message.length > 5000 || !TEAM_SIZES.includes(teamSize)) {
    return badRequest('Some answers are too long or not one of the choices.');
  }
  const [row] = await sql`
    INSERT INTO leads (id, name, email, company, team_size, message)
    VALUES (${crypto.randomUUID()}, ${name}, ${email}, ${company}, ${teamSize}, ${message})
    ON CONFLICT (email) DO NOTHING
    RETURNING id, created_at`;
  if (!row) {
    return Response.json({ error: kiln.duplicate, field: 'email' }, { status: 409 });
  }
  return Response.json({ lead: { id: String(row.id), createdAt: new Date(row.created_at as string).toISOString() } }, { status: 201 });
}
