/** The store's products as the pages use them. */

/** A row of the products table as the page uses it. */
export function toProduct(row: Record<string, unknown>) {
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
