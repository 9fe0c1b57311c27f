/** The holdings: what each field accepts and a row as the page uses it. */

/** The fields a holding has and what each accepts. */
export const FIELDS = [{"key":"symbol","kind":"choice","label":"a coin","required":true,"options":["BTC","ETH","SOL","XRP","DOGE","ADA","AVAX","LINK","DOT","LTC"]},{"key":"amount","kind":"number","label":"the amount","min":1e-8,"max":1000000000000},{"key":"price","kind":"number","label":"the price paid","max":1000000000},{"key":"date","kind":"date","label":"the date","required":true}] as const;

/** A row of the holdings table as the page uses it. */
export function toRecord(row: Record<string, unknown>) {
  return {
    id: String(row.id),
    symbol: String(row.symbol ?? ''),
    amount: Number(row.amount),
    price: Number(row.price_usd),
    date: String(row.bought_on ?? ''),
    createdAt: Number(row.created_at),
  };
}
