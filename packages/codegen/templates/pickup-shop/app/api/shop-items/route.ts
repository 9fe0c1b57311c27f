import sql from '@/app/api/utils/sql';

export async function GET() {
  const rows = await sql`SELECT * FROM shop_items ORDER BY position, name`;
  return Response.json({
    items: rows.map((row) => ({
      id: String(row.id),
      name: String(row.name),
      aisle: String(row.aisle),
      priceCents: Number(row.price_cents),
      unit: String(row.unit),
      inStock: row.in_stock === true,
    })),
  });
}
