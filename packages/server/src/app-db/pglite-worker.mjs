// @ts-check
/**
 * One app branch's PGlite, alone in a worker thread so that a runaway query (PGlite ignores statement_timeout and
 * blocks its thread) can be ended by terminating the thread; the data directory survives for the next worker.
 * Only Kiln's code runs here; apps send SQL text that the main thread has already checked (./guard.ts).
 * Plain JavaScript on purpose: a worker thread gets no TypeScript loader (neither tsx nor Vitest's), and this
 * file is small enough to stay obvious. Messages: see ./branch-worker.ts.
 * @module
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';

const port = /** @type {import('node:worker_threads').MessagePort} */ (parentPort);
/**
 * `initOnly`: create the data directory (initdb and our set-up), close it and stop; the server copies it as the
 * template of new branches, since a thread that ran initdb keeps ~600 MiB where a reopened one keeps ~190 MiB.
 * @type {{ dataDir: string | null; initOnly?: boolean; pgliteWasmModule?: WebAssembly.Module; initdbWasmModule?: WebAssembly.Module }}
 */
const { dataDir, initOnly, pgliteWasmModule, initdbWasmModule } = workerData;

/** The role apps' SQL runs as: owns the app's tables, is no superuser (a second wall behind the guard). */
const APP_ROLE = 'kiln_app';
/** Most temporary file space one query may spill (sorts, generate_series): a query cannot fill the disk. */
const TEMP_FILE_LIMIT = '256MB';

/** @param {unknown} e */
function errorData(e) {
  const err =
    /** @type {{ message?: unknown; code?: unknown; detail?: unknown; hint?: unknown; position?: unknown }} */ (
      e ?? {}
    );
  return {
    message: typeof err.message === 'string' ? err.message : String(e),
    code: typeof err.code === 'string' ? err.code : undefined,
    detail: typeof err.detail === 'string' ? err.detail : undefined,
    hint: typeof err.hint === 'string' ? err.hint : undefined,
    position: typeof err.position === 'string' ? err.position : undefined,
  };
}

/** @type {PGlite} */
let db;
try {
  // Postgres clears temporary files at postmaster start, PGlite does not: a query killed on its timeout
  // leaves its spill files here (129 MiB for one generate_series), and no other thread uses this directory.
  if (dataDir !== null) rmSync(join(dataDir, 'base', 'pgsql_tmp'), { recursive: true, force: true });
  db = await PGlite.create({
    ...(dataDir === null ? {} : { dataDir }),
    // Compiled once by the server and shared: saves each worker the compile and a copy of the code.
    ...(pgliteWasmModule ? { pgliteWasmModule } : {}),
    ...(initdbWasmModule ? { initdbWasmModule } : {}),
    // Postgres's notices and logs are not ours to print for every app.
    onStdout: () => true,
    onStderr: () => true,
  });
  await db.exec(`
    DO $$ BEGIN
      IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '${APP_ROLE}') THEN CREATE ROLE ${APP_ROLE} NOLOGIN; END IF;
    END $$;
    ALTER SCHEMA public OWNER TO ${APP_ROLE};
    SET temp_file_limit = '${TEMP_FILE_LIMIT}';
    SET ROLE ${APP_ROLE};
    CREATE TABLE IF NOT EXISTS _kiln_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now());
  `);
  if (initOnly) await db.close();
  port.postMessage({ type: 'ready' });
} catch (e) {
  port.postMessage({ type: 'failed', error: errorData(e) });
  process.exit(1);
}

/**
 * @param {any} msg
 * @returns {Promise<unknown>}
 */
async function handle(msg) {
  switch (msg.op) {
    case 'query': {
      const res = await db.query(msg.text, msg.values, { rowMode: 'object' });
      const total = res.rows.length;
      return {
        rows: total > msg.rowCap ? res.rows.slice(0, msg.rowCap) : res.rows,
        total,
        affectedRows: res.affectedRows ?? 0,
      };
    }
    case 'migrate':
      await db.transaction(async (tx) => {
        await tx.exec(msg.sql);
        await tx.query('INSERT INTO _kiln_migrations (name) VALUES ($1)', [msg.name]);
      });
      return null;
    case 'close':
      await db.close();
      return null;
    default:
      throw new Error(`Unknown operation ${String(msg.op)}`);
  }
}

port.on('message', (/** @type {any} */ msg) => {
  handle(msg).then(
    (result) => {
      try {
        port.postMessage({ type: 'result', id: msg.id, ok: true, result });
      } catch (e) {
        port.postMessage({ type: 'result', id: msg.id, ok: false, error: errorData(e) });
      }
    },
    (e) => port.postMessage({ type: 'result', id: msg.id, ok: false, error: errorData(e) }),
  );
});
