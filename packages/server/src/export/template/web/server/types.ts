/** @module The database interface the server's modules share (server/db.ts implements it). */

/** Runs one statement with `$1…` parameters and resolves to its rows. */
export type Query = (text: string, values?: unknown[]) => Promise<Record<string, unknown>[]>;

/** One database: single statements with parameters, whole scripts, and a lock around migrations. */
export interface Database {
  query: Query;
  /** Runs a script of several statements in one transaction. */
  script(text: string): Promise<void>;
  /** Runs `work` while holding the migration lock (two servers on one PostgreSQL migrate one at a time). */
  locked<T>(work: () => Promise<T>): Promise<T>;
}
