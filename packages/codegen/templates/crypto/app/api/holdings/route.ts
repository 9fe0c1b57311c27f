import { badRequest, readBody } from '@/app/api/utils/request';
import sql from '@/app/api/utils/sql';
import { FIELDS, toRecord } from '@/app/api/utils/crypto';
import { checkFields } from '@/app/api/utils/fields';

/** The holdings, in order. */
export async function GET() {
  const rows = await sql`SELECT * FROM holdings ORDER BY bought_on DESC, created_at DESC LIMIT 500`;
  return Response.json({ holdings: rows.map(toRecord) });
}

/** Adds a holding (the page may send its own id so it can show the holding at once). */
export async function POST(request: Request) {
  const body = await readBody(request);
  if (!body) return badRequest('Send the holding as JSON.');
  const checked = checkFields(FIELDS, body);
  if ('error' in checked) return Response.json(checked, { status: 400 });
  const id = typeof body.id === 'string' && /^[A-Za-z0-9_-]{1,64}$/.test(body.id) ? body.id : crypto.randomUUID();
  const [row] = await sql`
    INSERT INTO holdings (id, symbol, amount, price_usd, bought_on, created_at)
    VALUES (${id}, ${checked.values.symbol}, ${checked.values.amount}, ${checked.values.price}, ${checked.values.date}, ${Date.now()})
    ON CONFLICT (id) DO NOTHING
    RETURNING *`;
  if (!row) return Response.json({ error: 'A holding with this id already exists.' }, { status: 409 });
  return Response.json({ holding: toRecord(row) }, { status: 201 });
}
