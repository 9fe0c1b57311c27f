import { badRequest, readBody, signInFirst } from '@/app/api/utils/request';
import sql from '@/app/api/utils/sql';
import { auth } from '@/auth';
import { FIELDS, toRecord } from '@/app/api/utils/crypto';
import { checkFields } from '@/app/api/utils/fields';

/** The signed-in visitor's holdings, in order (none for a signed-out visitor). */
export async function GET() {
  const session = await auth();
  if (!session) return Response.json({ holdings: [], signIn: true });
  const rows = await sql`SELECT * FROM holdings WHERE user_id = ${session.user.id} ORDER BY bought_on DESC, created_at DESC LIMIT 500`;
  return Response.json({ holdings: rows.map(toRecord) });
}

/** Adds a holding of the signed-in visitor (the page may send its own id). */
export async function POST(request: Request) {
  const session = await auth();
  if (!session) return signInFirst('purchases');
  const body = await readBody(request);
  if (!body) return badRequest('Send the holding as JSON.');
  const checked = checkFields(FIELDS, body);
  if ('error' in checked) return Response.json(checked, { status: 400 });
  const id = typeof body.id === 'string' && /^[A-Za-z0-9_-]{1,64}$/.test(body.id) ? body.id : crypto.randomUUID();
  const [row] = await sql`
    INSERT INTO holdings (id, user_id, symbol, amount, price_usd, bought_on, created_at)
    VALUES (${id}, ${session.user.id}, ${checked.values.symbol}, ${checked.values.amount}, ${checked.values.price}, ${checked.values.date}, ${Date.now()})
    ON CONFLICT (id) DO NOTHING
    RETURNING *`;
  if (!row) return Response.json({ error: 'A holding with this id already exists.' }, { status: 409 });
  return Response.json({ holding: toRecord(row) }, { status: 201 });
}
