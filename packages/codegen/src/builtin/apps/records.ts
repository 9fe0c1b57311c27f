/**
 * What the builtin apps whose data is a list of records share (quiz and game scores, transactions, workouts,
 * coin holdings): the `/api/{resource}` functions that list, add and (optionally) delete rows with every field
 * checked, the seed rows' SQL, and the page code that loads the list once, shows each change at once, sends it
 * to the API (undone with a notice when it fails) and keeps the list in localStorage when no backend answers.
 * @module
 */
import type { GenModule } from '../../types.ts';
import { jsString } from '../format.ts';
import { API_CALLER, loadOnMount, NOTICE_STATE, READ_BODY, SQL_IMPORT, sqlText } from './backend.ts';
import { apiRoute } from './shared.ts';

/** One column of a record: its JSON key, SQL column, type and the checks a new value must pass. */
export interface RecordField {
  key: string;
  column: string;
  /** text: a trimmed string; int/number: a number in [min, max]; date: YYYY-MM-DD; choice: one of `options`. */
  kind: 'text' | 'int' | 'number' | 'date' | 'choice';
  /** How an error message names the field ("the amount"). */
  label: string;
  required?: boolean;
  /** text: the longest length (default 120); numbers: the largest value. */
  max?: number;
  /** numbers: the smallest value (default 0). */
  min?: number;
  options?: string[];
}

/** A list of records behind `/api/{resource}` (and `/api/{resource}/[id]` when rows can be deleted). */
export interface RecordSpec {
  /** The API segment and the JSON key of the list (`workouts`). */
  resource: string;
  /** The JSON key of one record (`workout`). */
  one: string;
  table: string;
  fields: RecordField[];
  /** The ORDER BY clause of the list (`created_at DESC`). */
  orderBy: string;
  /** The most rows the list returns (default 200). */
  limit?: number;
  /** Whether `/api/{resource}/[id]` DELETE exists (default false). */
  deletable?: boolean;
  /** The 404 message for a missing row. */
  missing?: string;
}

const SQL_TYPE: Record<RecordField['kind'], string> = {
  text: 'text',
  int: 'integer',
  number: 'double precision',
  date: 'text',
  choice: 'text',
};

/** The CREATE TABLE statement and seed rows (values already SQL literals, in field order). */
export function recordsTableSql(spec: RecordSpec, seed: string[][]): string {
  const columns = [
    '  id text PRIMARY KEY',
    ...spec.fields.map(
      (f) =>
        `  ${f.column} ${SQL_TYPE[f.kind]} NOT NULL${f.kind === 'text' || f.kind === 'date' ? " DEFAULT ''" : ''}`,
    ),
    '  created_at bigint NOT NULL',
  ];
  const create = `CREATE TABLE ${spec.table} (\n${columns.join(',\n')}\n);`;
  if (seed.length === 0) return create;
  const names = ['id', ...spec.fields.map((f) => f.column), 'created_at'].join(', ');
  const rows = seed.map((values, i) => `  (${[`'seed-${i + 1}'`, ...values, String(i + 1)].join(', ')})`);
  return `${create}\nINSERT INTO ${spec.table} (${names}) VALUES\n${rows.join(',\n')};`;
}

/** A SQL literal for a value of a field. */
export function sqlValue(value: string | number): string {
  return typeof value === 'number' ? String(value) : sqlText(value);
}

/** A SQL expression for the day `offset` days from the day the migration runs, as YYYY-MM-DD. */
export function sqlDay(offset: number): string {
  if (offset === 0) return "to_char(current_date, 'YYYY-MM-DD')";
  return `to_char(current_date ${offset < 0 ? '-' : '+'} ${Math.abs(offset)}, 'YYYY-MM-DD')`;
}

/** The FUNCTION modules of a record list. */
export function recordRoutes(spec: RecordSpec): GenModule[] {
  const helpers = `${READ_BODY}

/** The fields a ${spec.one} has and what each accepts. */
const FIELDS = ${JSON.stringify(spec.fields.map(({ column: _c, ...f }) => f))} as const;

/** A row of the ${spec.table} table as the page uses it. */
function toRecord(row: Record<string, unknown>) {
  return {
    id: String(row.id),
${spec.fields
  .map(
    (f) =>
      `    ${f.key}: ${f.kind === 'int' || f.kind === 'number' ? `Number(row.${f.column})` : `String(row.${f.column} ?? '')`},`,
  )
  .join('\n')}
    createdAt: Number(row.created_at),
  };
}

/** The checked values of a new ${spec.one}, or the first problem with them. */
function checkFields(body: Record<string, unknown>): { values: Record<string, string | number> } | { error: string; field: string } {
  const values: Record<string, string | number> = {};
  for (const f of FIELDS as readonly Record<string, unknown>[]) {
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
      if (f.kind === 'date' && text && !/^\\d{4}-\\d{2}-\\d{2}$/.test(text)) {
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
}`;
  const columns = ['id', ...spec.fields.map((f) => f.column), 'created_at'].join(', ');
  const params = [
    '$' + '{id}',
    ...spec.fields.map((f) => `\${checked.values.${f.key}}`),
    '$' + '{Date.now()}',
  ].join(', ');
  const list = apiRoute(
    spec.resource,
    `
${SQL_IMPORT}

${helpers}

/** The ${spec.resource}, in order. */
export async function GET() {
  const rows = await sql\`SELECT * FROM ${spec.table} ORDER BY ${spec.orderBy} LIMIT ${spec.limit ?? 200}\`;
  return Response.json({ ${spec.resource}: rows.map(toRecord) });
}

/** Adds a ${spec.one} (the page may send its own id so it can show the ${spec.one} at once). */
export async function POST(request: Request) {
  const body = await readBody(request);
  if (!body) return badRequest('Send the ${spec.one} as JSON.');
  const checked = checkFields(body);
  if ('error' in checked) return Response.json(checked, { status: 400 });
  const id = typeof body.id === 'string' && /^[A-Za-z0-9_-]{1,64}$/.test(body.id) ? body.id : crypto.randomUUID();
  const [row] = await sql\`
    INSERT INTO ${spec.table} (${columns})
    VALUES (${params})
    ON CONFLICT (id) DO NOTHING
    RETURNING *\`;
  if (!row) return Response.json({ error: 'A ${spec.one} with this id already exists.' }, { status: 409 });
  return Response.json({ ${spec.one}: toRecord(row) }, { status: 201 });
}
`,
  );
  if (!spec.deletable) return [list];
  const one = apiRoute(
    `${spec.resource}/[id]`,
    `
${SQL_IMPORT}

type Context = { params: { id: string } };

function notFound() {
  return Response.json({ error: ${jsString(spec.missing ?? `That ${spec.one} no longer exists.`)} }, { status: 404 });
}

export async function DELETE(_request: Request, { params }: Context) {
  const [row] = await sql\`DELETE FROM ${spec.table} WHERE id = \${params.id} RETURNING id\`;
  return row ? Response.json({ deleted: String(row.id) }) : notFound();
}
`,
  );
  return [list, one];
}

/**
 * Page code for a record list: `records` (loaded from `/api/{resource}`, else from localStorage, else from
 * `starter()`, which the page defines), `source` ('loading' | 'server' | 'local'), `addRecord(fields)`
 * (returns the new record) and `removeRecord(id)`, plus the notice state. Needs `useEffect`, `useState`.
 */
export function recordsState(spec: RecordSpec, storageKey: string): string {
  return `  // 'loading' until /api/${spec.resource} answers, then 'server' (the app's database) or 'local' (this browser only).
  const [source, setSource] = useState('loading');
  const [records, setRecords] = useState([]);

  function savedRecords() {
    try {
      const saved = JSON.parse(window.localStorage.getItem(${jsString(storageKey)}) || 'null');
      return Array.isArray(saved) ? saved : starter();
    } catch {
      return starter();
    }
  }

${NOTICE_STATE}

${loadOnMount({
  path: `/api/${spec.resource}`,
  accept: `data && Array.isArray(data.${spec.resource})`,
  onServer: `setRecords(data.${spec.resource});`,
  onLocal: 'setRecords(savedRecords());',
})}

  useEffect(() => {
    if (source !== 'local') return;
    try {
      window.localStorage.setItem(${jsString(storageKey)}, JSON.stringify(records));
    } catch {
      // Storage can be full or disabled; the app still works for this visit.
    }
  }, [records, source]);

${API_CALLER}

  /** Shows a new record at once and, with a backend, stores it (taken back with a notice if that fails). */
  function addRecord(fields) {
    const record = { ...fields, id: Date.now().toString(36) + Math.random().toString(36).slice(2, 7), createdAt: Date.now() };
    setRecords((current) => [record, ...current]);
    if (source === 'server') {
      api('POST', '/api/${spec.resource}', record)
        .then((data) => setRecords((current) => current.map((r) => (r.id === record.id ? data.${spec.one} : r))))
        .catch((error) => {
          setRecords((current) => current.filter((r) => r.id !== record.id));
          setNotice("Couldn't save that. " + error.message);
        });
    }
    return record;
  }
${
  spec.deletable
    ? `
  /** Removes a record at once and, with a backend, deletes it (put back with a notice if that fails). */
  function removeRecord(id) {
    const removed = records.find((r) => r.id === id);
    if (!removed) return;
    setRecords((current) => current.filter((r) => r.id !== id));
    if (source === 'server') {
      api('DELETE', '/api/${spec.resource}/' + encodeURIComponent(id)).catch((error) => {
        setRecords((current) => [removed, ...current]);
        setNotice("Couldn't delete that. " + error.message);
      });
    }
  }
`
    : ''
}`;
}

/** Page code: `isoDay(offset)`, the local day `offset` days from today as YYYY-MM-DD. */
export const ISO_DAY = `  function isoDay(offset) {
    const d = new Date();
    d.setDate(d.getDate() + offset);
    return [d.getFullYear(), String(d.getMonth() + 1).padStart(2, '0'), String(d.getDate()).padStart(2, '0')].join('-');
  }`;
