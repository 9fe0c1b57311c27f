import { badRequest, readBody, signInFirst } from '@/app/api/utils/request';
import sql from '@/app/api/utils/sql';
import { auth } from '@/auth';
import { checkContact, toContact } from '@/app/api/utils/contacts';

/** The signed-in visitor's contacts, A–Z (none for a signed-out visitor). */
export async function GET() {
  const session = await auth();
  if (!session) return Response.json({ contacts: [], signIn: true });
  const rows = await sql`SELECT * FROM contacts WHERE user_id = ${session.user.id} ORDER BY lower(name), id`;
  return Response.json({ contacts: rows.map(toContact) });
}

/** Adds a contact of the signed-in visitor: { name, email?, phone?, company?, role?, tags?, favorite?, notes?, lastContacted?, id? }. */
export async function POST(request: Request) {
  const session = await auth();
  if (!session) return signInFirst('contacts');
  const body = await readBody(request);
  if (!body) return badRequest('Send the contact as JSON, e.g. { "name": "Ada Lovelace" }.');
  const c = checkContact(body, true);
  if ('error' in c) return badRequest(String(c.error));
  const id = typeof body.id === 'string' && /^[A-Za-z0-9_-]{1,64}$/.test(body.id) ? body.id : crypto.randomUUID();
  const [row] = await sql`
    INSERT INTO contacts (id, user_id, name, email, phone, company, role, tags, favorite, notes, last_contacted)
    VALUES (${id}, ${session.user.id}, ${c.name}, ${c.email ?? ''}, ${c.phone ?? ''}, ${c.company ?? ''}, ${c.role ?? ''},
      ${c.tags ?? []}, ${c.favorite ?? false}, ${c.notes ?? ''}, ${c.lastContacted ?? ''})
    ON CONFLICT (id) DO NOTHING
    RETURNING *`;
  if (!row) return Response.json({ error: 'A contact with this id already exists.' }, { status: 409 });
  return Response.json({ contact: toContact(row) }, { status: 201 });
}
