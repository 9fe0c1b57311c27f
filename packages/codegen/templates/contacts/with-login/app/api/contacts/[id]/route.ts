import { badRequest, type Context, notFound, readBody, signInFirst } from '@/app/api/utils/request';
import sql from '@/app/api/utils/sql';
import { auth } from '@/auth';
import { checkContact, toContact } from '@/app/api/utils/contacts';

/** Another visitor's contact is answered like a missing one: nobody learns which ids exist. */
const MISSING = 'That contact no longer exists.';

export async function GET(_request: Request, { params }: Context) {
  const session = await auth();
  if (!session) return signInFirst('contacts');
  const [row] = await sql`SELECT * FROM contacts WHERE id = ${params.id} AND user_id = ${session.user.id}`;
  return row ? Response.json({ contact: toContact(row) }) : notFound(MISSING);
}

/** Changes one of the visitor's contacts: any of its fields; the others keep their values. */
export async function PATCH(request: Request, { params }: Context) {
  const session = await auth();
  if (!session) return signInFirst('contacts');
  const body = await readBody(request);
  if (!body) return badRequest('Send the changes as JSON, e.g. { "favorite": true }.');
  const c = checkContact(body, false);
  if ('error' in c) return badRequest(String(c.error));
  const [row] = await sql`
    UPDATE contacts SET
      name = COALESCE(${c.name}, name),
      email = COALESCE(${c.email}, email),
      phone = COALESCE(${c.phone}, phone),
      company = COALESCE(${c.company}, company),
      role = COALESCE(${c.role}, role),
      tags = COALESCE(${c.tags}, tags),
      favorite = COALESCE(${c.favorite}, favorite),
      notes = COALESCE(${c.notes}, notes),
      last_contacted = COALESCE(${c.lastContacted}, last_contacted)
    WHERE id = ${params.id} AND user_id = ${session.user.id}
    RETURNING *`;
  return row ? Response.json({ contact: toContact(row) }) : notFound(MISSING);
}

export async function DELETE(_request: Request, { params }: Context) {
  const session = await auth();
  if (!session) return signInFirst('contacts');
  const [row] = await sql`DELETE FROM contacts WHERE id = ${params.id} AND user_id = ${session.user.id} RETURNING id`;
  return row ? Response.json({ deleted: String(row.id) }) : notFound(MISSING);
}
