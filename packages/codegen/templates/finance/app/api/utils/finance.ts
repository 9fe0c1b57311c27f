/** The transactions: what each field accepts and a row as the page uses it. */

/** The fields a transaction has and what each accepts. */
export const FIELDS = [{"key":"description","kind":"text","label":"a description","required":true,"max":80},{"key":"cents","kind":"int","label":"an amount","min":1,"max":100000000},{"key":"kind","kind":"choice","label":"income or expense","required":true,"options":["income","expense"]},{"key":"category","kind":"choice","label":"a category","required":true,"options":["Salary","Freelance","Housing","Groceries","Dining out","Transport","Utilities","Entertainment","Health","Shopping","Other"]},{"key":"date","kind":"date","label":"the date","required":true}] as const;

/** A row of the transactions table as the page uses it. */
export function toRecord(row: Record<string, unknown>) {
  return {
    id: String(row.id),
    description: String(row.description ?? ''),
    cents: Number(row.amount_cents),
    kind: String(row.kind ?? ''),
    category: String(row.category ?? ''),
    date: String(row.date ?? ''),
    createdAt: Number(row.created_at),
  };
}
