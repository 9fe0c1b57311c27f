import { badRequest, readBody, text } from '@/app/api/utils/request';
import sql from '@/app/api/utils/sql';
import { toOrder } from '@/app/api/utils/pickup-shop';

const CODE_LETTERS = 'ACDEFHJKMNPRTWXY';

/** Every order, by pickup time. */
export async function GET() {
  const rows = await sql`SELECT * FROM pickup_orders ORDER BY pickup_day, pickup_time, created_at`;
  return Response.json({ orders: rows.map(toOrder) });
}

/**
 * Places a pickup order: { name, phone, note?, pickupDay: 'YYYY-MM-DD', pickupTime: 'HH:MM', items: [{ itemId,
 * quantity }] }. Prices come from the shelf; an item sold out today is refused (409).
 */
export async function POST(request: Request) {
  const body = await readBody(request);
  if (!body) return badRequest('Send the order as JSON.');
  const name = text(body.name, 80);
  const phone = text(body.phone, 30);
  const note = text(body.note, 300);
  const pickupDay = text(body.pickupDay, 10);
  const pickupTime = text(body.pickupTime, 5);
  if (!name) return badRequest('Please tell us your name for the pickup.');
  if (phone.replace(/[^0-9]/g, '').length < 7) return badRequest('Please enter a phone number we can call or text.');
  if (!/^\d{4}-\d{2}-\d{2}$/.test(pickupDay)) return badRequest('Choose a pickup day.');
  if (!/^([01]\d|2[0-3]):[0-5]\d$/.test(pickupTime) || pickupTime < '08:00' || pickupTime > '18:30') {
    return badRequest('Pickup is between 08:00 and 18:30.');
  }
  if (!Array.isArray(body.items) || body.items.length === 0) return badRequest('Add something to your basket first.');

  const shelf = new Map((await sql`SELECT * FROM shop_items`).map((row) => [String(row.id), row]));
  const items = [];
  for (const line of body.items as { itemId?: unknown; quantity?: unknown }[]) {
    const row = line && typeof line.itemId === 'string' ? shelf.get(line.itemId) : undefined;
    const quantity = line ? Number(line.quantity) : 0;
    if (!row) return badRequest('One of the items is no longer on the shelf.');
    if (!Number.isInteger(quantity) || quantity < 1 || quantity > 20) return badRequest('Order from 1 to 20 of each item.');
    if (row.in_stock !== true) return Response.json({ error: String(row.name) + ' is sold out today.' }, { status: 409 });
    items.push({ itemId: String(row.id), name: String(row.name), quantity, priceCents: Number(row.price_cents) });
  }
  const total = items.reduce((n, l) => n + l.quantity * l.priceCents, 0);
  const random = crypto.getRandomValues(new Uint8Array(3));
  const code =
    CODE_LETTERS[random[0] % CODE_LETTERS.length] + String(random[1] % 10) + CODE_LETTERS[random[2] % CODE_LETTERS.length];
  const [row] = await sql`
    INSERT INTO pickup_orders (id, code, customer_name, phone, pickup_day, pickup_time, items, total_cents, note, status, created_at)
    VALUES (${crypto.randomUUID()}, ${code}, ${name}, ${phone}, ${pickupDay}, ${pickupTime}, ${JSON.stringify(items)}, ${total}, ${note}, 'new', ${Date.now()})
    RETURNING *`;
  return Response.json({ order: toOrder(row) }, { status: 201 });
}
