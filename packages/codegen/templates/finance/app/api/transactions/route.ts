import { badRequest, readBody } from '@/app/api/utils/request';
import sql from '@/app/api/utils/sql';
import { FIELDS, toRecord } from '@/app/api/utils/finance';
import { checkFields } from '@/app/api/utils/fields';

/** The transactions, in order. */
export async function GET() {
  const rows = await sql`SELECT * FROM transactions ORDER BY date DESC, created_at DESC LIMIT 500`;
  return Response.json({ transactions: rows.map(toRecord) });
}

/** Adds a transaction (the page may send its own id so it can show the transaction at once). */
export async function POST(request: Request) {
  const body = await readBody(request);
  if (!body) return badRequest('Send the transaction as JSON.');
  const checked = checkFields(FIELDS, body);
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
