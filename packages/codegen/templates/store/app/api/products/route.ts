import sql from '@/app/api/utils/sql';
import { toProduct } from '@/app/api/utils/store';

export async function GET() {
  const rows = await sql`SELECT * FROM products ORDER BY position, name`;
  return Response.json({ products: rows.map(toProduct) });
}
