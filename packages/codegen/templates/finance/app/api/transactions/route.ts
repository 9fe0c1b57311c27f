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

/** The fields a transaction has and what each accepts. */
const FIELDS = [{"key":"description","kind":"text","label":"a description","required":true,"max":80},{"key":"cents","kind":"int","label":"an amount","min":1,"max":100000000},{"key":"kind","kind":"choice","label":"income or expense","required":true,"options":["income","expense"]},{"key":"category","kind":"choice","label":"a category","required":true,"options":["Salary","Freelance","Housing","Groceries","Dining out","Transport","Utilities","Entertainment","Health","Shopping","Other"]},{"key":"date","kind":"date","label":"the date","required":true}] as const;

/** A row of the transactions table as the page uses it. */
function toRecord(row: Record<string, unknown>) {
  return {
    id: String(row.id),
    description: String(row.description ?? ''),
    cents: Number(row.amount_cents),
    kind: String(row.kind ?? ''),
    category: String(row.category ?? ''),
    date: String(row.date ?? ''),
    createdAt: Number(row.created_at),
  };
}

/** The checked values of a new transaction, or the first problem with them. */
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

/** The transactions, in order. */
export async function GET() {
  const rows = await sql`SELECT * FROM transactions ORDER BY date DESC, created_at DESC LIMIT 500`;
  return Response.json({ transactions: rows.map(toRecord) });
}

/** Adds a transaction (the page may send its own id so it can show the transaction at once). */
export async function POST(request: Request) {
  const body = await readBody(request);
  if (!body) return badRequest('Send the transaction as JSON.');
  const checked = checkFields(body);
  if ('error' in checked) return Response.json(checked, { status: 400 });
  const id = typeof body.id === 'string' && /^[A-Za-z0-9_-]{1,64}$/.test(body.id) ? body.id : crypto.randomUUID();
  const [row] = await sql`
    INSERT INTO transactions (id, description, amount_cents, kind, category, date, created_at)
    VALUES (${id}, ${checked.values.description}, ${checked.values.cents}, ${checked.values.kind}, ${checked.values.category}, ${checked.values.date}, ${Date.now()})
    ON CONFLICT (id) DO NOTHING
    RETURNING *`;
  if (!row) return Response.json({ error: 'A transaction with this id already exists.' }, { status: 409 });
  return Response.json({ transaction: toRecord(row) }, { status: 201 });
}
