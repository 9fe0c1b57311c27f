/** Stub of the generated app's `@/app/api/utils/sql`: a tagged template that runs one query on the app's database. */
declare const sql: (
  strings: TemplateStringsArray,
  ...values: unknown[]
) => Promise<Record<string, unknown>[]>;
export default sql;
