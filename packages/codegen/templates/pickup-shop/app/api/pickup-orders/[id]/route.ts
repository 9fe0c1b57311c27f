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

/** A row of pickup_orders as the pages use it. */
function toOrder(row: Record<string, unknown>) {
  return {
    id: String(row.id),
    code: String(row.code),
    name: String(row.customer_name),
    phone: String(row.phone),
    pickupDay: String(row.pickup_day),
    pickupTime: String(row.pickup_time),
    items: typeof row.items === 'string' ? JSON.parse(row.items) : row.items,
    totalCents: Number(row.total_cents),
    note: String(row.note ?? ''),
    status: String(row.status),
    createdAt: Number(row.created_at),
  };
}

type Context = { params: { id: string } };

export async function PATCH(request: Request, { params }: Context) {
  const body = await readBody(request);
  const status = body ? body.status : undefined;
  if (status !== 'new' && status !== 'ready' && status !== 'collected') {
    return badRequest('status must be new, ready or collected.');
  }
  const [row] = await sql`UPDATE pickup_orders SET status = ${status} WHERE id = ${params.id} RETURNING *`;
  if (!row) return Response.json({ error: 'That order no longer exists.' }, { status: 404 });
  return Response.json({ order: toOrder(row) });
}
