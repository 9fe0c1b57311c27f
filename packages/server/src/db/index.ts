/**
 * @module Opens the platform database: embedded PGlite under the data directory by default, PostgreSQL when
 * `DATABASE_URL` is set. Both get the same Drizzle schema and the same versioned migrations at start.
 */
import { mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite, type PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema';

export { schema };

/** The Drizzle database; the PGlite and node-postgres flavours share this query-builder surface. */
export type Db = PgliteDatabase<typeof schema>;

export interface Database {
  readonly db: Db;
  readonly kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

const MIGRATIONS = resolve(dirname(fileURLToPath(import.meta.url)), '../../drizzle');

/** Open (and migrate) the platform database named by `databaseUrl`, or PGlite in `dataDir/platform`. */
export async function openDatabase(opts: {
  databaseUrl?: string | undefined;
  dataDir: string;
  log?: (msg: string, err: unknown) => void;
}): Promise<Database> {
  if (opts.databaseUrl?.startsWith('postgres')) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10 });
    // An idle client's connection can be ended by the server (restart, admin); pg emits that on the pool and
    // would crash the process without a listener. The next query opens a fresh connection.
    pool.on('error', (err) => opts.log?.('postgres idle client error', err));
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    await migratePg(drizzlePg(pool), { migrationsFolder: MIGRATIONS });
    return { db, kind: 'postgres', close: () => pool.end() };
  }
  const dir = opts.databaseUrl?.startsWith('memory://') ? 'memory://' : join(opts.dataDir, 'platform');
  if (dir !== 'memory://') mkdirSync(dir, { recursive: true });
  const client = await PGlite.create(dir);
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder: MIGRATIONS });
  return { db, kind: 'pglite', close: () => client.close() };
}
