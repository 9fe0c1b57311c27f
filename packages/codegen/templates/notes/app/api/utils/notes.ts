/** The notes: a row as the page uses it and the checks of what a request may set. */

/** A row of the notes table as the page uses it. */
export function toNote(row: Record<string, unknown>) {
  return {
    id: String(row.id),
    title: String(row.title ?? ''),
    body: String(row.body ?? ''),
    tags: Array.isArray(row.tags) ? row.tags.map(String) : [],
    pinned: row.pinned === true,
    updatedAt: Number(row.updated_at),
  };
}

/**
 * The fields a request sets, checked: title (at most 200 characters), body (100,000), tags (up to 20 words),
 * pinned. Absent fields are null; a wrong one gives an error message.
 */
export function checkNote(body: Record<string, unknown>) {
  const { title, body: text, tags, pinned } = body;
  if (title !== undefined && (typeof title !== 'string' || title.length > 200)) {
    return { error: 'The title must be text of at most 200 characters.' };
  }
  if (text !== undefined && (typeof text !== 'string' || text.length > 100000)) {
    return { error: 'The note is too long (100,000 characters at most).' };
  }
  if (tags !== undefined && (!Array.isArray(tags) || tags.length > 20 || tags.some((t) => typeof t !== 'string' || t.length > 40))) {
    return { error: 'Tags must be a list of at most 20 short words.' };
  }
  if (pinned !== undefined && typeof pinned !== 'boolean') return { error: 'pinned must be true or false.' };
  return {
    title: typeof title === 'string' ? title : null,
    body: typeof text === 'string' ? text : null,
    tags: Array.isArray(tags) ? [...new Set(tags.map((t) => String(t).trim().toLowerCase()).filter(Boolean))] : null,
    pinned: typeof pinned === 'boolean' ? pinned : null,
  };
}
