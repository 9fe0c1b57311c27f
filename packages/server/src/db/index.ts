/**
 * @module Opens the platform database: embedded PGlite under the data directory by default, PostgreSQL when
 * `DATABASE_URL` is set. Both get the same Drizzle schema and the same versioned migrations at start.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite, type PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { baselineWasmOnly } from '../memory';
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

/**
 * How the embedded Postgres runs: PGlite's defaults plus 16 MB of shared buffers instead of Postgres's 128 MB,
 * which the platform's tables and an app's never fill (a reopened database then keeps ~120 MiB, not ~240).
 */
export const PGLITE_START_PARAMS: readonly string[] = [
  ...PGlite.defaultStartParams,
  '-c',
  'shared_buffers=16MB',
];

/** Runs initdb for a new embedded data directory in a child process that exits (see ./pglite-init.mjs). */
async function initEmbedded(dir: string): Promise<void> {
  if (existsSync(join(dir, 'PG_VERSION'))) return;
  const script = fileURLToPath(new URL('./pglite-init.mjs', import.meta.url));
  // The child needs none of the server's environment (secrets included).
  await promisify(execFile)(process.execPath, [script, dir], { env: {}, timeout: 120_000 });
}

/** Open (and migrate) the platform database named by `databaseUrl`, or PGlite in `dataDir/platform`. */
export async function openDatabase(opts: {
  databaseUrl?: string | undefined;
  dataDir: string;
  log?: (msg: string, err: unknown) => void;
  /**
   * Run PGlite on V8's baseline WebAssembly compiler only, for the whole process (a server's start, unless
   * KILN_WASM_TIER_UP); default: V8's usual tiers (tests and tools that open a database).
   */
  baselineWasm?: boolean;
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
  if (dir !== 'memory://') {
    mkdirSync(dir, { recursive: true });
    await initEmbedded(dir);
  }
  // WebAssembly on the baseline compiler only: optimising PGlite kept ~45–60 MiB more resident (../memory.ts).
  if (opts.baselineWasm) baselineWasmOnly();
  const client = await PGlite.create(dir, { startParams: [...PGLITE_START_PARAMS] });
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder: MIGRATIONS });
  return { db, kind: 'pglite', close: () => client.close() };
}
