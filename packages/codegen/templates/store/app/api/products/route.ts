import sql from '@/app/api/utils/sql';

/** A row of the products table as the page uses it. */
function toProduct(row: Record<string, unknown>) {
  return {
    id: String(row.id),
    name: String(row.name),
    category: String(row.category),
    priceCents: Number(row.price_cents),
    description: String(row.description),
    rating: Number(row.rating),
    reviews: Number(row.reviews),
    stock: Number(row.stock),
    badge: String(row.badge ?? ''),
  };
}

export async function GET() {
  const rows = await sql`SELECT * FROM products ORDER BY position, name`;
  return Response.json({ products: rows.map(toProduct) });
}
