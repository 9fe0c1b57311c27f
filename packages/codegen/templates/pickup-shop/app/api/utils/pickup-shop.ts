/** The shop's pickup orders as the pages use them. */

/** A row of pickup_orders as the pages use it. */
export function toOrder(row: Record<string, unknown>) {
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
