/** The generic check of a row's fields, from a list of what each field accepts. */

/** One field: its key, kind (text, choice, date, int, number), label in messages, and limits. */
export type Field = Readonly<Record<string, unknown>>;

/** The checked values of a new row (`fields`: what each field accepts), or the first problem with them. */
export function checkFields(
  fields: readonly Field[],
  body: Record<string, unknown>,
): { values: Record<string, string | number> } | { error: string; field: string } {
  const values: Record<string, string | number> = {};
  for (const f of fields) {
    const key = String(f.key);
    const raw = body[key];
    const empty = raw === undefined || raw === null || raw === '';
    if (empty && f.required) return { error: 'Please fill in ' + f.label + '.', field: key };
    if (f.kind === 'int' || f.kind === 'number') {
      const n = empty ? 0 : typeof raw === 'number' ? raw : Number(String(raw).trim());
      const min = typeof f.min === 'number' ? f.min : 0;
      const max = typeof f.max === 'number' ? f.max : 1e9;
      if (!Number.isFinite(n) || n < min || n > max || (f.kind === 'int' && !Number.isInteger(n))) {
        return { error: 'Please enter ' + f.label + ' between ' + min + ' and ' + max + '.', field: key };
      }
      values[key] = n;
    } else {
      const text = empty ? '' : typeof raw === 'string' ? raw.trim() : '';
      if (!empty && typeof raw !== 'string') return { error: 'Please enter ' + f.label + ' as text.', field: key };
      if (!text && f.required) return { error: 'Please fill in ' + f.label + '.', field: key };
      if (f.kind === 'date' && text && !/^\d{4}-\d{2}-\d{2}$/.test(text)) {
        return { error: 'Please give ' + f.label + ' as a date like 2025-01-31.', field: key };
      }
      if (f.kind === 'choice' && text && !(f.options as string[]).includes(text)) {
        return { error: 'Please choose ' + f.label + ' from the list.', field: key };
      }
      if (text.length > (typeof f.max === 'number' ? f.max : 120)) {
        return { error: 'Please keep ' + f.label + ' shorter.', field: key };
      }
      values[key] = text;
    }
  }
  return { values };
}
