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
 * `startParams`: Postgres's settings (the server's, with small shared buffers: see PGLITE_START_PARAMS).
 * @type {{ dataDir: string | null; initOnly?: boolean; startParams?: string[]; pgliteWasmModule?: WebAssembly.Module; initdbWasmModule?: WebAssembly.Module }}
 */
const { dataDir, initOnly, startParams, pgliteWasmModule, initdbWasmModule } = workerData;

/** The role apps' SQL runs as: owns the app's tables, is no superuser (a second wall behind the guard). */
const APP_ROLE = 'kiln_app';
/** Most temporary file space one query may spill (sorts, generate_series): a query cannot fill the disk. */
const TEMP_FILE_LIMIT = '256MB';

/**
 * When the thread's WASM memory (which never shrinks) has grown past this after a job, the thread closes and a
 * new one takes the next job: one large statement cannot keep hundreds of MiB per branch. Data is committed.
 */
const RECYCLE_WASM_BYTES = 256 * 1024 * 1024;

/**
 * Bytes a row takes as JSON, roughly (strings counted in UTF-16 units, which is at most their UTF-8 size / 1 for
 * ASCII): enough to refuse a result past the byte cap before copying it to the server's thread.
 * @param {unknown} v
 * @returns {number}
 */
function sizeOf(v) {
  if (v === null || v === undefined) return 4;
  if (typeof v === 'string') return v.length + 2;
  if (typeof v === 'number' || typeof v === 'bigint' || typeof v === 'boolean') return 8;
  if (v instanceof Uint8Array) return v.byteLength * 2 + 4;
  if (v instanceof Date) return 26;
  let n = 2;
  if (Array.isArray(v)) for (const item of v) n += sizeOf(item) + 1;
  else if (typeof v === 'object') for (const [k, item] of Object.entries(v)) n += k.length + 4 + sizeOf(item);
  return n;
}

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
    ...(startParams ? { startParams } : {}),
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
      // Read-only: Postgres itself refuses writes (nextval and setval included) for the whole statement.
      const res = msg.readOnly
        ? await db.transaction(async (tx) => {
            await tx.exec('SET TRANSACTION READ ONLY');
            return tx.query(msg.text, msg.values, { rowMode: 'object' });
          })
        : await db.query(msg.text, msg.values, { rowMode: 'object' });
      const total = res.rows.length;
      const rows = total > msg.rowCap ? res.rows.slice(0, msg.rowCap) : res.rows;
      let bytes = 2;
      for (const row of rows) {
        bytes += sizeOf(row) + 1;
        if (msg.maxBytes && bytes > msg.maxBytes) return { tooLarge: true, rows: [], total, affectedRows: 0 };
      }
      return { rows, total, affectedRows: res.affectedRows ?? 0 };
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

/**
 * Jobs run one after another in arrival order: the server sends the next ones before this one is answered (so
 * this thread does not wait for a round trip between jobs), and each job's time limit counts from when the
 * previous one's answer left. Once the thread decides to recycle, the jobs already sent are answered `requeue`
 * without running, and the server sends them to the next thread.
 */
let chain = Promise.resolve();
let recycling = false;

port.on('message', (/** @type {any} */ msg) => {
  chain = chain.then(() => runJob(msg));
});

/** @param {any} msg */
async function runJob(msg) {
  if (recycling) {
    port.postMessage({ type: 'result', id: msg.id, ok: false, requeue: true, error: { message: 'requeue' } });
    return;
  }
  /** @type {{ ok: true; result: unknown } | { ok: false; error: unknown }} */
  let outcome;
  try {
    outcome = { ok: true, result: await handle(msg) };
  } catch (e) {
    outcome = { ok: false, error: e };
  }
  const recycle = mayRecycle(msg);
  if (recycle) recycling = true;
  if (outcome.ok) {
    try {
      port.postMessage({ type: 'result', id: msg.id, ok: true, result: outcome.result, recycle });
    } catch (e) {
      port.postMessage({ type: 'result', id: msg.id, ok: false, error: errorData(e), recycle });
    }
  } else {
    port.postMessage({ type: 'result', id: msg.id, ok: false, error: errorData(outcome.error), recycle });
  }
  // The jobs sent meanwhile are answered `requeue` first (they are queued behind this one), then it ends.
  if (recycle) chain = chain.then(() => recycleThread());
}

/**
 * Whether the thread should end after this job: its WASM memory grew past the limit, and its data is on disk
 * (an in-memory branch would lose everything).
 * @param {any} msg
 */
function mayRecycle(msg) {
  return dataDir !== null && msg.op !== 'close' && wasmBytes() > RECYCLE_WASM_BYTES;
}

/** The size of PGlite's WASM memory now (0 if it cannot be read). */
function wasmBytes() {
  try {
    return db.Module.HEAPU8.buffer.byteLength;
  } catch {
    return 0;
  }
}

/** Closes the database cleanly and ends the thread; the server already starts the next job on a new one. */
async function recycleThread() {
  try {
    await db.close();
  } finally {
    process.exit(0);
  }
}
