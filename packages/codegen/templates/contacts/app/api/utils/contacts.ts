/** The contacts: a row as the page uses it and the checks of what a request may set. */

/** A row of the contacts table as the page uses it. */
export function toContact(row: Record<string, unknown>) {
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
export function checkContact(body: Record<string, unknown>, creating: boolean) {
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
