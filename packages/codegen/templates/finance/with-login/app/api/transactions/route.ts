import { badRequest, readBody, signInFirst } from '@/app/api/utils/request';
import sql from '@/app/api/utils/sql';
import { auth } from '@/auth';
import { FIELDS, toRecord } from '@/app/api/utils/finance';
import { checkFields } from '@/app/api/utils/fields';

/** The signed-in visitor's transactions, in order (none for a signed-out visitor). */
export async function GET() {
  const session = await auth();
  if (!session) return Response.json({ transactions: [], signIn: true });
  const rows = await sql`SELECT * FROM transactions WHERE user_id = ${session.user.id} ORDER BY date DESC, created_at DESC LIMIT 500`;
  return Response.json({ transactions: rows.map(toRecord) });
}

/** Adds a transaction of the signed-in visitor (the page may send its own id). */
export async function POST(request: Request) {
  const session = await auth();
  if (!session) return signInFirst('transactions');
  const body = await readBody(request);
  if (!body) return badRequest('Send the transaction as JSON.');
  const checked = checkFields(FIELDS, body);
  if ('error' in checked) return Response.json(checked, { status: 400 });
  const id = typeof body.id === 'string' && /^[A-Za-z0-9_-]{1,64}$/.test(body.id) ? body.id : crypto.randomUUID();
  const [row] = await sql`
    INSERT INTO transactions (id, user_id, description, amount_cents, kind, category, date, created_at)
    VALUES (${id}, ${session.user.id}, ${checked.values.description}, ${checked.values.cents}, ${checked.values.kind}, ${checked.values.category}, ${checked.values.date}, ${Date.now()})
    ON CONFLICT (id) DO NOTHING
    RETURNING *`;
  if (!row) return Response.json({ error: 'A transaction with this id already exists.' }, { status: 409 });
  return Response.json({ transaction: toRecord(row) }, { status: 201 });
}
