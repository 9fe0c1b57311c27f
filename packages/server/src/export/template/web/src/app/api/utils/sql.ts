/**
 * @module `@/app/api/utils/sql` as functions import it: `sql\`… ${v}\`` (values become $1, $2, …) or
 * `sql(text, values)`, both resolving to the rows, on the app's database (server/db.ts).
 */
import { query } from '../../../../server/db.ts';

export function sql(
  strings: TemplateStringsArray | string,
  ...values: unknown[]
): Promise<Record<string, unknown>[]> {
  if (typeof strings === 'string') {
    const given = values[0];
    return query(strings, Array.isArray(given) ? given : []);
  }
  let text = strings[0] ?? '';
  for (let i = 1; i < strings.length; i++) text += `$${i}${strings[i]}`;
  return query(text, values);
}

export default sql;
