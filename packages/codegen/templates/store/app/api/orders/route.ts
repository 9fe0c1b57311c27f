import { badRequest, readBody, text } from '@/app/api/utils/request';
import sql from '@/app/api/utils/sql';
import { toProduct } from '@/app/api/utils/store';

const FREE_SHIPPING_FROM = 7500;
const SHIPPING = 695;

/**
 * Places an order: { name, email, address, city, postcode, items: [{ productId, quantity }] }. Prices come
 * from the products table, never from the request; a line asking for more than is in stock is refused (409).
 */
export async function POST(request: Request) {
  const body = await readBody(request);
  if (!body) return badRequest('Send the order as JSON.');
  const name = text(body.name, 120);
  const email = text(body.email, 200);
  const street = text(body.address, 200);
  const city = text(body.city, 100);
  const postcode = text(body.postcode, 20);
  if (!name) return badRequest('Please enter your name.');
  if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email)) return badRequest('Please enter a valid email address.');
  if (!street || !city || !postcode) return badRequest('Please enter the full delivery address.');
  if (!Array.isArray(body.items) || body.items.length === 0) return badRequest('Your cart is empty.');

  const wanted = new Map<string, number>();
  for (const item of body.items as { productId?: unknown; quantity?: unknown }[]) {
    const productId = item && typeof item.productId === 'string' ? item.productId : '';
    const quantity = item ? Number(item.quantity) : 0;
    if (!productId || !Number.isInteger(quantity) || quantity < 1 || quantity > 99) {
      return badRequest('Each item needs a product and a quantity from 1 to 99.');
    }
    wanted.set(productId, (wanted.get(productId) ?? 0) + quantity);
  }

  const products = new Map((await sql`SELECT * FROM products`).map((row) => [String(row.id), toProduct(row)]));
  const items = [];
  for (const [productId, quantity] of wanted) {
    const product = products.get(productId);
    if (!product) return badRequest('One of the products is no longer sold.');
    if (product.stock < quantity) {
      return Response.json(
        { error: product.stock === 0 ? product.name + ' is sold out.' : 'Only ' + product.stock + ' of ' + product.name + ' left.' },
        { status: 409 },
      );
    }
    items.push({ productId, name: product.name, quantity, priceCents: product.priceCents });
  }

  // Take the stock off line by line; a line that lost the race puts back what was taken.
  const taken: { productId: string; quantity: number }[] = [];
  for (const item of items) {
    const [row] = await sql`
      UPDATE products SET stock = stock - ${item.quantity}
      WHERE id = ${item.productId} AND stock >= ${item.quantity}
      RETURNING id`;
    if (!row) {
      for (const t of taken) await sql`UPDATE products SET stock = stock + ${t.quantity} WHERE id = ${t.productId}`;
      return Response.json({ error: 'Only a few of ' + item.name + ' were left, and they just sold.' }, { status: 409 });
    }
    taken.push(item);
  }

  const subtotal = items.reduce((n, item) => n + item.quantity * item.priceCents, 0);
  const shipping = subtotal >= FREE_SHIPPING_FROM ? 0 : SHIPPING;
  const id = 'NW-' + crypto.randomUUID().slice(0, 6).toUpperCase();
  const createdAt = Date.now();
  await sql`
    INSERT INTO orders (id, customer_name, email, address, items, subtotal_cents, shipping_cents, total_cents, created_at)
    VALUES (${id}, ${name}, ${email}, ${street + ', ' + city + ' ' + postcode}, ${JSON.stringify(items)}, ${subtotal}, ${shipping}, ${subtotal + shipping}, ${createdAt})`;
  return Response.json(
    { order: { id, name, email, items, subtotalCents: subtotal, shippingCents: shipping, totalCents: subtotal + shipping, createdAt } },
    { status: 201 },
  );
}
