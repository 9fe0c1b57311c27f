/**
 * @module The app's database: PostgreSQL when `DATABASE_URL` is set, else an embedded PGlite in
 * `PGLITE_DIR` (default `./data/pglite`). Opened on the first query, after the migrations in `migrations/`
 * that this database has not run yet (server/migrate.ts).
 */
import { mkdir } from 'node:fs/promises';
import { migrate } from './migrate.ts';
import type { Database, Query } from './types.ts';

export type { Database, Query };

/** Where the embedded database lives without `DATABASE_URL`. */
const DEFAULT_PGLITE_DIR = './data/pglite';
/** Any number, the same in every server of this app: the advisory lock taken while migrating. */
const MIGRATION_LOCK_ID = 7_221_017;

async function postgres(url: string): Promise<Database> {
  const { default: pg } = await import('pg');
  const pool = new pg.Pool({ connectionString: url });
  return {
    query: async (text, values = []) => (await pool.query(text, values)).rows,
    script: async (text) => {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        await client.query(text);
        await client.query('COMMIT');
      } catch (err) {
        await client.query('ROLLBACK').catch(() => {});
        throw err;
      } finally {
        client.release();
      }
    },
    locked: async (work) => {
      const client = await pool.connect();
      try {
        await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
        return await work();
      } finally {
        await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => {});
        client.release();
      }
    },
  };
}

async function pglite(dir: string): Promise<Database> {
  const { PGlite } = await import('@electric-sql/pglite');
  await mkdir(dir, { recursive: true });
  const db = new PGlite(dir);
  return {
    query: async (text, values = []) => (await db.query<Record<string, unknown>>(text, values)).rows,
    script: async (text) => {
      await db.transaction(async (tx) => {
        await tx.exec(text);
      });
    },
    // One process owns an embedded database: nothing to lock against.
    locked: (work) => work(),
  };
}

let opened: Promise<Database> | undefined;

/** The app's database, migrated (opened once per process). */
export function database(): Promise<Database> {
  opened ??= (async () => {
    const url = process.env.DATABASE_URL;
    const db = url ? await postgres(url) : await pglite(process.env.PGLITE_DIR ?? DEFAULT_PGLITE_DIR);
    await migrate(db);
    return db;
  })();
  opened.catch(() => {
    opened = undefined;
  });
  return opened;
}

/** Runs one statement on the app's database. */
export const query: Query = async (text, values) => (await database()).query(text, values);
