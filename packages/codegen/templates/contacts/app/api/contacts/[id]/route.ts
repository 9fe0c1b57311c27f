import sql from '@/app/api/utils/sql';

import { badRequest, readBody } from '@kiln/snippets/read-body';

/** A row of the contacts table as the page uses it. */
function toContact(row: Record<string, unknown>) {
  return {
    id: String(row.id),
    name: String(row.name ?? ''),
    email: String(row.email ?? ''),
    phone: String(row.phone ?? ''),
    company: String(row.company ?? ''),
    role: String(row.role ?? ''),
    tags: Array.isArray(row.tags) ? row.tags.map(String) : [],
    favorite: row.favorite === true,
    notes: String(row.notes ?? ''),
    lastContacted: String(row.last_contacted ?? ''),
  };
}

const TEXT_LIMITS: Record<string, number> = { name: 120, email: 200, phone: 40, company: 120, role: 120, notes: 5000 };

/**
 * The fields a request sets, checked; absent ones are null. `creating` requires a name. A wrong field gives
 * an error message.
 */
function checkContact(body: Record<string, unknown>, creating: boolean) {
  const out: Record<string, string | string[] | boolean | null> = {};
  for (const [field, max] of Object.entries(TEXT_LIMITS)) {
    const value = body[field];
    if (value === undefined) {
      out[field] = null;
      continue;
    }
    if (typeof value !== 'string' || value.length > max) return { error: `${field} must be text of at most ${max} characters.` };
    out[field] = field === 'email' ? value.trim().toLowerCase() : value.trim();
  }
  if ((creating || out.name !== null) && !out.name) return { error: 'A contact needs a name.' };
  if (out.email && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(String(out.email))) {
    return { error: 'Please enter a valid email address.' };
  }
  const { tags, favorite, lastContacted } = body;
  if (tags !== undefined && (!Array.isArray(tags) || tags.length > 20 || tags.some((t) => typeof t !== 'string' || t.length > 40))) {
    return { error: 'Tags must be a list of at most 20 short words.' };
  }
  if (favorite !== undefined && typeof favorite !== 'boolean') return { error: 'favorite must be true or false.' };
  if (lastContacted !== undefined && (typeof lastContacted !== 'string' || !/^(\d{4}-\d{2}-\d{2})?$/.test(lastContacted))) {
    return { error: 'lastContacted must be a date like 2030-01-31, or empty.' };
  }
  return {
    ...out,
    tags: Array.isArray(tags) ? [...new Set(tags.map((t) => String(t).trim().toLowerCase()).filter(Boolean))] : null,
    favorite: typeof favorite === 'boolean' ? favorite : null,
    lastContacted: typeof lastContacted === 'string' ? lastContacted : null,
  };
}

type Context = { params: { id: string } };

function notFound() {
  return Response.json({ error: 'That contact no longer exists.' }, { status: 404 });
}

export async function GET(_request: Request, { params }: Context) {
  const [row] = await sql`SELECT * FROM contacts WHERE id = ${params.id}`;
  return row ? Response.json({ contact: toContact(row) }) : notFound();
}

/** Changes a contact: any of its fields; the others keep their values. */
export async function PATCH(request: Request, { params }: Context) {
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
    WHERE id = ${params.id}
    RETURNING *`;
  return row ? Response.json({ contact: toContact(row) }) : notFound();
}

export async function DELETE(_request: Request, { params }: Context) {
  const [row] = await sql`DELETE FROM contacts WHERE id = ${params.id} RETURNING id`;
  return row ? Response.json({ deleted: String(row.id) }) : notFound();
}
