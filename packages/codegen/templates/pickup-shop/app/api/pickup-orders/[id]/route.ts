import { badRequest, type Context, readBody } from '@/app/api/utils/request';
import sql from '@/app/api/utils/sql';
import { toOrder } from '@/app/api/utils/pickup-shop';

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
