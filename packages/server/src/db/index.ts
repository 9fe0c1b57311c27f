/**
 * @module Opens the platform database: embedded PGlite under the data directory by default, PostgreSQL when
 * `DATABASE_URL` is set. Both get the same Drizzle schema and the same versioned migrations at start.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { PGlite, type QueryOptions, type Transaction, types } from '@electric-sql/pglite';
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

/** A value as Postgres sent it (text): what Drizzle maps dates, timestamps and intervals from itself. */
const asSent = (value: string) => value;

/**
 * The type parsers Drizzle gives PGlite with every query (drizzle-orm/pglite/session.js): dates, timestamps,
 * intervals, and arrays of them and of numerics, as the text Postgres sent.
 */
const DRIZZLE_PARSERS: Readonly<Record<number, (value: string) => string>> = {
  [types.TIMESTAMP]: asSent,
  [types.TIMESTAMPTZ]: asSent,
  [types.INTERVAL]: asSent,
  [types.DATE]: asSent,
  1231: asSent, // numeric[]
  1115: asSent, // timestamp[]
  1185: asSent, // timestamptz[]
  1187: asSent, // interval[]
  1182: asSent, // date[]
};

/** `opts` without its parsers when they are Drizzle's (then the instance's own: `drizzleParsersOnce`). */
function withoutDrizzleParsers(opts: QueryOptions | undefined): QueryOptions | undefined {
  if (!opts?.parsers) return opts;
  for (const oid in opts.parsers) if (!(oid in DRIZZLE_PARSERS)) return opts;
  const { parsers: _, ...rest } = opts;
  return rest;
}

/**
 * Gives `client` Drizzle's parsers once, as its own, instead of with each query. PGlite merges a query's parsers
 * into a copy of the instance's (~360 of them, one per array type: `{ ...instance, ...query }` in its
 * `parseResults`) for every query that brings some, and Drizzle brings them to every one: ~0.3 ms of CPU per
 * query on a 2-core test machine (figures: packages/server/README.md). The client is Drizzle's only (queries and
 * transactions), so the rows are the same.
 */
export function drizzleParsersOnce(client: PGlite): PGlite {
  Object.assign(client.parsers, DRIZZLE_PARSERS);
  dropDrizzleParsers(client);
  const transaction = client.transaction.bind(client);
  client.transaction = (<T>(fn: (tx: Transaction) => Promise<T>) =>
    transaction((tx) => fn(dropDrizzleParsers(tx)))) as PGlite['transaction'];
  return client;
}

/** Makes `target.query` pass its options on without Drizzle's parsers (`withoutDrizzleParsers`). */
function dropDrizzleParsers<T extends { query: PGlite['query'] }>(target: T): T {
  const query = target.query.bind(target);
  target.query = ((sql: string, params?: unknown[], opts?: QueryOptions) =>
    query(sql, params, withoutDrizzleParsers(opts))) as PGlite['query'];
  return target;
}

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
  const db = drizzlePglite(drizzleParsersOnce(client), { schema });
  await migratePglite(db, { migrationsFolder: MIGRATIONS });
  return { db, kind: 'pglite', close: () => client.close() };
}
