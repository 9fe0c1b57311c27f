/**
 * Each generated app's own Postgres: one PGlite per project and branch (`main` is the published app,
 * `development` the builder's preview), each in its own worker thread (./branch-worker.ts) under
 * `{dataDir}/{projectId}/{branch}` — or, with `DATABASE_URL`, one PostgreSQL database and login role per branch
 * (./postgres-branches.ts), shared by every process. Apps' SQL passes the parser guard (./guard.ts) first, runs as a role that
 * is no superuser, with a wall-clock timeout and a row cap; results come back JSON-safe. No HTTP and no
 * platform tables here: `app-backend.ts` wires this to `/api/db`, functions and publishing.
 * @module
 */
import { randomUUID } from 'node:crypto';
import { access, mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { DATABASE_BRANCHES, type DatabaseBranch, KilnError } from '@kiln/core';
import {
  BranchWorker,
  initDataDir,
  PostgresError,
  pgliteVersion,
  type QueryResult,
  type WorkerOp,
} from './branch-worker';
import { copyDataDir } from './copy-dir';
import { analyzeAppQuery, describeAppQuery } from './guard';
import { PostgresBranches, SNAPSHOT_GONE } from './postgres-branches';

export { PostgresError } from './branch-worker';
export { type AppQueryMode, checkAppQuery, describeAppQuery } from './guard';
export { SNAPSHOT_GONE } from './postgres-branches';

/** Why a read-only caller's statement was refused. */
export const READ_ONLY_MESSAGE = 'This access is read-only: only a SELECT may run.';

export type AppDbBranch = DatabaseBranch;

export interface AppDbKey {
  projectId: string;
  branch: AppDbBranch;
}

export interface AppMigration {
  name: string;
  /** One or more DDL statements (and seed rows), run in one transaction. */
  sql: string;
}

export interface AppMigrationResult {
  name: string;
  status: 'COMPLETED' | 'FAILED';
  error?: string;
}

export interface AppTable {
  name: string;
  columns: { name: string; type: string; nullable: boolean }[];
  rowCount: number;
}

export interface AppDatabasesOptions {
  /** Root of the branches' data (`{dataDir}/{projectId}/{branch}`); null keeps every branch in memory (tests). */
  dataDir: string | null;
  /** Wall-clock limit of one app query, in ms (default 5000). */
  queryTimeoutMs?: number;
  /** Wall-clock limit of one migration, in ms (default 60 000). */
  migrationTimeoutMs?: number;
  /** Most rows a query returns (default 1000). */
  rowCap?: number;
  /** Most bytes (as JSON) a query's rows may take (default `MAX_RESULT_BYTES`, 4 MiB). */
  maxResultBytes?: number;
  /** Stop a branch's worker after this long without queries, in ms (default 60 000; on disk only). */
  idleMs?: number;
  /** Most workers kept running; the least recently used idle one is stopped first (default 32; on disk only). */
  maxWorkers?: number;
  /**
   * Keep every branch on PostgreSQL instead (`DATABASE_URL` set): a database and login role per branch, shared
   * by every process on that server (./postgres-branches.ts). `dataDir` is then unused.
   */
  postgres?: { url: string; secretKey: Buffer; connectionLimit?: number; poolSize?: number };
}

/** Most bytes an app query's rows may take as JSON, beside the row cap (1000): a larger result is refused. */
export const MAX_RESULT_BYTES = 4 * 1024 * 1024;
export const RESULT_TOO_LARGE = 'The result is larger than 4 MiB: select fewer rows or columns.';

/** What the guard learnt of a statement, for the caller's own rules (who may read which tables). */
export interface AppQueryFacts {
  /** The statement's kind as the parser names it: `SelectStmt`, `InsertStmt`, `UpdateStmt`, `DeleteStmt`. */
  kind: string;
  /** A SELECT that changes nothing (no writing CTE, no FOR UPDATE/SHARE). */
  readOnly: boolean;
  /** The app tables it names (CTE names excluded). */
  tables: Set<string>;
}

export interface AppQueryOptions {
  /** Run in a read-only transaction; anything but a SELECT is refused before it runs. */
  readOnly?: boolean;
  /** Called after the guard and before the statement runs (and the read-only check); throws to refuse it. */
  authorize?: (facts: AppQueryFacts) => void | Promise<void>;
}

/** Project ids become directory names: nothing that could leave `dataDir`. */
const PROJECT_ID = /^[A-Za-z0-9][A-Za-z0-9_-]{0,127}$/;
/** Internal queries (schema listing) are ours and small, but still bounded. */
const INTERNAL_ROW_CAP = 100_000;
/** Most parameters one statement may bind (Postgres's protocol limit). */
const MAX_VALUES = 65_535;

/** Snapshots are keyed by revision id (a UUID): nothing that could leave the snapshots folder. */
const SNAPSHOT_ID = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/;
/** Beside the branches' folders, `{projectId}/.snapshots/{revisionId}` (a dot: no branch is named so). */
const SNAPSHOTS_FOLDER = '.snapshots';
/** How often a snapshot checks that the branch's queued queries have finished. */
const IDLE_POLL_MS = 10;

const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** The error kind for a Postgres SQLSTATE: constraint violations clash with data, resource trouble is ours. */
function postgresKind(code: string | undefined): 'validation' | 'conflict' | 'external' {
  if (code?.startsWith('23')) return 'conflict';
  if (code && /^(53|57|58|XX)/.test(code)) return 'external';
  return 'validation';
}

function fromPostgres(e: unknown): unknown {
  if (!(e instanceof PostgresError)) return e;
  const details: Record<string, unknown> = {};
  for (const k of ['code', 'detail', 'hint', 'position'] as const) if (e[k] !== undefined) details[k] = e[k];
  return new KilnError(postgresKind(e.code), e.message, details);
}

const VALUES_MESSAGE = 'Query values must be strings, numbers, booleans, null, dates, arrays or objects.';

/** Checks values an app binds as $1…; undefined becomes null. */
function bindable(values: readonly unknown[]): unknown[] {
  if (!Array.isArray(values)) throw new KilnError('validation', 'Query values must be an array.');
  if (values.length > MAX_VALUES) throw new KilnError('validation', 'Too many query values.');
  const check = (v: unknown, depth: number): void => {
    if (depth > 32) throw new KilnError('validation', 'Query values are nested too deeply.');
    if (v === null || v === undefined || typeof v === 'string' || typeof v === 'boolean') return;
    if (typeof v === 'bigint' || v instanceof Date || v instanceof Uint8Array) return;
    if (typeof v === 'number') {
      if (!Number.isFinite(v)) throw new KilnError('validation', VALUES_MESSAGE);
      return;
    }
    if (Array.isArray(v)) {
      for (const item of v) check(item, depth + 1);
      return;
    }
    const proto = typeof v === 'object' ? Object.getPrototypeOf(v) : undefined;
    if (proto === Object.prototype || proto === null) {
      for (const item of Object.values(v as object)) check(item, depth + 1);
      return;
    }
    throw new KilnError('validation', VALUES_MESSAGE);
  };
  return values.map((v) => {
    check(v, 0);
    return v === undefined ? null : v;
  });
}

/** A value as JSON can carry it: dates as ISO strings, bigints as numbers when exact, bytes as `\x…` hex. */
export function jsonSafe(value: unknown): unknown {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : String(value);
  if (typeof value === 'bigint') {
    return value >= BigInt(Number.MIN_SAFE_INTEGER) && value <= BigInt(Number.MAX_SAFE_INTEGER)
      ? Number(value)
      : value.toString();
  }
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString();
  if (value instanceof Uint8Array) return `\\x${Buffer.from(value).toString('hex')}`;
  if (Array.isArray(value)) return value.map(jsonSafe);
  if (typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, jsonSafe(v)]));
  }
  return value === undefined ? null : String(value);
}

function jsonRow(row: Record<string, unknown>): Record<string, unknown> {
  return jsonSafe(row) as Record<string, unknown>;
}

const exists = (path: string) =>
  access(path).then(
    () => true,
    () => false,
  );

/** Bytes under a directory (0 if it does not exist). */
async function directorySize(dir: string): Promise<number> {
  let total = 0;
  let entries: import('node:fs').Dirent[];
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch {
    return 0;
  }
  for (const entry of entries) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) total += await directorySize(path);
    else if (entry.isFile()) total += (await stat(path).catch(() => null))?.size ?? 0;
  }
  return total;
}

/** Every generated app's databases, one worker per branch in use. */
export class AppDatabases {
  readonly #dataDir: string | null;
  readonly #queryTimeoutMs: number;
  readonly #migrationTimeoutMs: number;
  readonly #rowCap: number;
  readonly #maxResultBytes: number;
  readonly #idleMs: number;
  readonly #maxWorkers: number;
  readonly #branches = new Map<string, BranchWorker>();
  /** Set when the branches live on PostgreSQL; no worker threads then. */
  readonly #postgres: PostgresBranches | null;
  /** Branches being reset: queries for them wait until the data is gone. */
  readonly #resets = new Map<string, Promise<void>>();
  #closed = false;
  /** A fresh data directory made once per process; new branches start as a copy of it. */
  #template: Promise<string> | null = null;

  constructor(options: AppDatabasesOptions) {
    this.#dataDir = options.dataDir;
    this.#queryTimeoutMs = options.queryTimeoutMs ?? 5000;
    this.#migrationTimeoutMs = options.migrationTimeoutMs ?? 60_000;
    this.#rowCap = options.rowCap ?? 1000;
    this.#maxResultBytes = options.maxResultBytes ?? MAX_RESULT_BYTES;
    this.#idleMs = options.idleMs ?? 60_000;
    this.#maxWorkers = Math.max(1, options.maxWorkers ?? 32);
    this.#postgres = options.postgres
      ? new PostgresBranches({
          ...options.postgres,
          statementTimeoutMs: this.#queryTimeoutMs,
          migrationTimeoutMs: this.#migrationTimeoutMs,
        })
      : null;
  }

  /** Where the branches live: PGlite worker threads (embedded) or PostgreSQL databases. */
  get engine(): 'pglite' | 'postgres' {
    return this.#postgres ? 'postgres' : 'pglite';
  }

  /** The PostgreSQL branches, when that is where they live (tests drop them all afterwards). */
  get postgres(): PostgresBranches | null {
    return this.#postgres;
  }

  /**
   * One statement from an app (its functions or `/api/db`), guarded; at most `rowCap` rows and
   * `MAX_RESULT_BYTES` come back. `readOnly` refuses anything but a SELECT and runs it read-only.
   */
  async query(
    key: AppDbKey,
    text: string,
    values: readonly unknown[],
    options: AppQueryOptions = {},
  ): Promise<{ rows: Record<string, unknown>[]; rowCount: number; truncated: boolean }> {
    this.#checkOpen();
    this.#id(key);
    const bound = bindable(values);
    const facts = await describeAppQuery(text, bound);
    const kind = facts.kind;
    await options.authorize?.(facts);
    if (options.readOnly && !facts.readOnly) throw new KilnError('forbidden', READ_ONLY_MESSAGE);
    const res = await this.#run<QueryResult>(
      key,
      {
        op: 'query',
        text,
        values: bound,
        rowCap: this.#rowCap,
        maxBytes: this.#maxResultBytes,
        readOnly: options.readOnly === true,
      },
      this.#queryTimeoutMs,
      'Query',
    );
    if (res.tooLarge) throw new KilnError('too_large', RESULT_TOO_LARGE);
    return {
      rows: res.rows.map(jsonRow),
      rowCount: kind === 'SelectStmt' ? res.total : res.affectedRows,
      truncated: res.total > res.rows.length,
    };
  }

  /**
   * Applies the migrations not yet applied on the branch, in order, each in its own transaction (tracked in
   * `_kiln_migrations`). Stops at the first failure, which reports Postgres's message (or the guard's).
   * Returns every migration up to and including that failure; already applied ones report COMPLETED.
   */
  async migrate(key: AppDbKey, migrations: readonly AppMigration[]): Promise<AppMigrationResult[]> {
    this.#checkOpen();
    this.#id(key);
    const applied = await this.#internal(key, 'SELECT name FROM _kiln_migrations');
    const done = new Set(applied.rows.map((r) => String(r.name)));
    const results: AppMigrationResult[] = [];
    for (const m of migrations) {
      if (done.has(m.name)) {
        results.push({ name: m.name, status: 'COMPLETED' });
        continue;
      }
      try {
        await analyzeAppQuery(m.sql, 'migration');
        await this.#run(
          key,
          { op: 'migrate', name: m.name, sql: m.sql },
          this.#migrationTimeoutMs,
          'Migration',
        );
        done.add(m.name);
        results.push({ name: m.name, status: 'COMPLETED' });
      } catch (e) {
        const err = fromPostgres(e);
        // A database that cannot be opened at all is not this migration's fault.
        if (!(err instanceof KilnError) || (err.kind === 'external' && !/timed out/.test(err.message)))
          throw err;
        results.push({ name: m.name, status: 'FAILED', error: err.message });
        break;
      }
    }
    return results;
  }

  /** The app's tables (public schema, without `_kiln_*`), their columns and row counts, by name. */
  async tables(key: AppDbKey): Promise<AppTable[]> {
    this.#checkOpen();
    const cols = await this.#columns(key);
    const tables = [...cols.entries()].map(([name, columns]) => ({ name, columns, rowCount: 0 }));
    if (tables.length === 0) return [];
    const counts = await this.#internal(
      key,
      `SELECT ${tables.map((t, i) => `(SELECT count(*) FROM ${quoteIdent(t.name)}) AS c${i}`).join(', ')}`,
    );
    const row = counts.rows[0] ?? {};
    for (const [i, t] of tables.entries()) t.rowCount = Number(row[`c${i}`] ?? 0);
    return tables;
  }

  /** Rows of one of the app's tables, newest first when it has an `id` or `created_at` column. */
  async rows(
    key: AppDbKey,
    table: string,
    options: { limit?: number; offset?: number } = {},
  ): Promise<Record<string, unknown>[]> {
    this.#checkOpen();
    const columns = (await this.#columns(key, table)).get(table);
    if (!columns) throw new KilnError('not_found', `No table "${table}" in this database.`);
    const limit = Math.min(this.#rowCap, Math.max(1, Math.floor(options.limit ?? 100)));
    const offset = Math.max(0, Math.floor(options.offset ?? 0));
    const order = ['id', 'created_at'].find((c) => columns.some((col) => col.name === c));
    const res = await this.#internal(
      key,
      `SELECT * FROM ${quoteIdent(table)}${order ? ` ORDER BY ${quoteIdent(order)} DESC` : ''} LIMIT $1 OFFSET $2`,
      [limit, offset],
    );
    return res.rows.map(jsonRow);
  }

  /** The branch's size on disk in bytes (0 in memory or before first use). */
  async size(key: AppDbKey): Promise<number> {
    if (this.#postgres) return this.#postgres.size(this.#id(key));
    const dir = this.#dir(key);
    return dir === null ? 0 : directorySize(dir);
  }

  /** Drops a branch's data (a deleted project); the next query starts it empty. */
  async reset(key: AppDbKey): Promise<void> {
    const id = this.#id(key);
    const previous = this.#resets.get(id);
    const done = (async () => {
      await previous;
      if (this.#postgres) return this.#postgres.drop(id);
      const branch = this.#branches.get(id);
      this.#branches.delete(id);
      await branch?.kill(new KilnError('conflict', 'The app database was reset.'));
      const dir = this.#dir(key);
      if (dir !== null) await rm(dir, { recursive: true, force: true });
    })();
    this.#resets.set(id, done);
    try {
      await done;
    } finally {
      if (this.#resets.get(id) === done) this.#resets.delete(id);
    }
  }

  /**
   * Copies the development branch's data aside under `snapshotId` (a revision id), for a later restore with
   * data. PGlite: the branch's worker is stopped once idle (queries wait meanwhile) and its folder copied to
   * `{projectId}/.snapshots/{snapshotId}`; PostgreSQL: `CREATE DATABASE … TEMPLATE` the branch's database.
   * Returns false when there is nothing to keep (in memory, or the branch was never opened).
   */
  async snapshot(projectId: string, snapshotId: string): Promise<boolean> {
    this.#checkOpen();
    const key: AppDbKey = { projectId, branch: 'development' };
    const id = this.#id(key);
    const snap = this.#snapshotId(snapshotId);
    if (this.#postgres) return this.#postgres.snapshot(id, snap);
    const dir = this.#dir(key);
    if (dir === null) return false;
    return this.#exclusive(id, async () => {
      if (!(await exists(join(dir, 'PG_VERSION')))) return false;
      const target = join(this.#snapshotsDir(projectId)!, snap);
      const aside = `${target}.new-${randomUUID()}`;
      try {
        await mkdir(dirname(target), { recursive: true });
        await copyDataDir(dir, aside);
        await rm(target, { recursive: true, force: true });
        await rename(aside, target);
      } finally {
        await rm(aside, { recursive: true, force: true });
      }
      return true;
    });
  }

  /** The snapshots a project's development branch has, by id. */
  async snapshots(projectId: string): Promise<string[]> {
    this.#checkOpen();
    const id = this.#id({ projectId, branch: 'development' });
    if (this.#postgres) return this.#postgres.snapshots(id);
    const dir = this.#snapshotsDir(projectId);
    if (dir === null) return [];
    const names = await readdir(dir).catch(() => [] as string[]);
    return names.filter((n) => SNAPSHOT_ID.test(n));
  }

  /**
   * Replaces the development branch's data by a snapshot (the main branch is never touched). The snapshot
   * stays, so the same revision can be restored again.
   */
  async restoreSnapshot(projectId: string, snapshotId: string): Promise<void> {
    this.#checkOpen();
    const key: AppDbKey = { projectId, branch: 'development' };
    const id = this.#id(key);
    const snap = this.#snapshotId(snapshotId);
    if (this.#postgres) return this.#postgres.restoreSnapshot(id, snap);
    const dir = this.#dir(key);
    const source = join(this.#snapshotsDir(projectId) ?? '', snap);
    if (dir === null || !(await exists(join(source, 'PG_VERSION'))))
      throw new KilnError('not_found', SNAPSHOT_GONE);
    await this.#exclusive(id, async () => {
      const aside = `${dir}.new-${randomUUID()}`;
      try {
        await copyDataDir(source, aside);
        await rm(dir, { recursive: true, force: true });
        await rename(aside, dir);
      } finally {
        await rm(aside, { recursive: true, force: true });
      }
    });
  }

  /** Drops one snapshot (pruning), or all of a project's when `snapshotId` is omitted (a deleted project). */
  async dropSnapshot(projectId: string, snapshotId?: string): Promise<void> {
    const id = this.#id({ projectId, branch: 'development' });
    const snap = snapshotId === undefined ? undefined : this.#snapshotId(snapshotId);
    if (this.#postgres) return this.#postgres.dropSnapshots(id, snap);
    const dir = this.#snapshotsDir(projectId);
    if (dir !== null) await rm(snap ? join(dir, snap) : dir, { recursive: true, force: true });
  }

  #snapshotId(snapshotId: string): string {
    if (typeof snapshotId !== 'string' || !SNAPSHOT_ID.test(snapshotId))
      throw new KilnError('validation', 'Invalid snapshot id.');
    return snapshotId;
  }

  #snapshotsDir(projectId: string): string | null {
    this.#id({ projectId, branch: 'development' });
    return this.#dataDir === null ? null : join(this.#dataDir, projectId, SNAPSHOTS_FOLDER);
  }

  /**
   * Runs `fn` while nothing else touches the branch's folder: new queries wait, queued ones finish first, and
   * the worker is stopped cleanly (its next query starts a new one on whatever `fn` left, ~0.3 s).
   */
  async #exclusive<T>(id: string, fn: () => Promise<T>): Promise<T> {
    const previous = this.#resets.get(id);
    const done = (async () => {
      await previous;
      const branch = this.#branches.get(id);
      if (branch) {
        // Jobs already handed to the worker run to their end; a job runs past its timeout never.
        while (branch.busy) await new Promise((r) => setTimeout(r, IDLE_POLL_MS));
        await branch.stop();
      }
      return fn();
    })();
    const waiting = done.then(
      () => {},
      () => {},
    );
    this.#resets.set(id, waiting);
    try {
      return await done;
    } finally {
      if (this.#resets.get(id) === waiting) this.#resets.delete(id);
    }
  }

  /** Stops every worker (cleanly when idle); later calls fail. */
  async close(): Promise<void> {
    this.#closed = true;
    const closing = new KilnError('internal', 'App databases are closed.');
    await Promise.all(
      [...this.#branches.values()].map((b) =>
        b.busy ? b.kill(closing) : b.stop().catch(() => b.kill(closing)),
      ),
    );
    this.#branches.clear();
    await this.#postgres?.close();
  }

  /** How many branch workers are running (for measuring and tests). */
  liveWorkers(): number {
    if (this.#postgres) return this.#postgres.live();
    return [...this.#branches.values()].filter((b) => b.live).length;
  }

  #checkOpen(): void {
    if (this.#closed) throw new KilnError('internal', 'App databases are closed.');
  }

  #id(key: AppDbKey): string {
    if (typeof key?.projectId !== 'string' || !PROJECT_ID.test(key.projectId)) {
      throw new KilnError('validation', 'Invalid project id for an app database.');
    }
    if (!(DATABASE_BRANCHES as readonly string[]).includes(key.branch)) {
      throw new KilnError('validation', `Unknown database branch "${String(key.branch)}".`);
    }
    return `${key.projectId}/${key.branch}`;
  }

  #dir(key: AppDbKey): string | null {
    this.#id(key);
    return this.#dataDir === null ? null : join(this.#dataDir, key.projectId, key.branch);
  }

  async #run<T>(key: AppDbKey, msg: WorkerOp, timeoutMs: number, label: string): Promise<T> {
    const id = this.#id(key);
    await this.#resets.get(id);
    this.#checkOpen();
    if (this.#postgres) {
      try {
        return await this.#postgres.run<T>(id, msg, timeoutMs, label);
      } catch (e) {
        throw fromPostgres(e);
      }
    }
    let branch = this.#branches.get(id);
    if (!branch) {
      const dir = this.#dir(key);
      const created: BranchWorker = new BranchWorker({
        dataDir: dir,
        idleMs: this.#dataDir === null ? null : this.#idleMs,
        beforeStart: () => this.#makeRoom(created),
        ...(dir === null ? {} : { prepare: () => this.#prepare(dir) }),
      });
      branch = created;
      this.#branches.set(id, branch);
    }
    try {
      return await branch.run<T>(msg, timeoutMs, label);
    } catch (e) {
      throw fromPostgres(e);
    }
  }

  /** Our own SQL (schema listing, rows for the panel): not guarded, the same timeout as apps'. */
  #internal(key: AppDbKey, text: string, values: unknown[] = []): Promise<QueryResult> {
    return this.#run<QueryResult>(
      key,
      { op: 'query', text, values, rowCap: INTERNAL_ROW_CAP },
      this.#queryTimeoutMs,
      'Query',
    );
  }

  async #columns(key: AppDbKey, only?: string): Promise<Map<string, AppTable['columns']>> {
    const res = await this.#internal(
      key,
      `SELECT c.relname AS table_name, a.attname AS column_name,
              format_type(a.atttypid, a.atttypmod) AS type, NOT a.attnotnull AS nullable
         FROM pg_class c
         JOIN pg_namespace n ON n.oid = c.relnamespace
         JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
        WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND NOT c.relispartition
          AND c.relname NOT LIKE '\\_kiln\\_%' AND ($1::text IS NULL OR c.relname = $1)
        ORDER BY c.relname, a.attnum`,
      [only ?? null],
    );
    const tables = new Map<string, AppTable['columns']>();
    for (const r of res.rows) {
      const name = String(r.table_name);
      const cols = tables.get(name) ?? [];
      tables.set(name, cols);
      cols.push({ name: String(r.column_name), type: String(r.type), nullable: r.nullable === true });
    }
    return tables;
  }

  /**
   * Makes a new branch's data directory by copying the template (~0.1 s idle, ./copy-dir.ts, as snapshots and
   * restores copy theirs) instead of running initdb in its worker (~2 s, and that thread would keep ~600 MiB
   * instead of ~190). Copied aside, then renamed into place.
   */
  async #prepare(dir: string): Promise<void> {
    if (await exists(join(dir, 'PG_VERSION'))) return;
    const root = this.#dataDir;
    if (root === null) return;
    this.#template ??= (async () => {
      // Kept between runs (initdb takes 2–7 s), one per PGlite version; a directory under its final name is whole.
      const name = `.template-pglite-${await pgliteVersion()}`;
      const template = join(root, name);
      if (await exists(join(template, 'PG_VERSION'))) return template;
      const aside = join(root, `.template-new-${randomUUID()}`);
      try {
        await mkdir(aside, { recursive: true });
        await initDataDir(aside);
        for (const old of await readdir(root)) {
          if (old.startsWith('.template-pglite-'))
            await rm(join(root, old), { recursive: true, force: true });
        }
        await rename(aside, template);
      } finally {
        await rm(aside, { recursive: true, force: true });
      }
      return template;
    })();
    let template: string;
    try {
      template = await this.#template;
    } catch (e) {
      this.#template = null;
      throw e;
    }
    await mkdir(dirname(dir), { recursive: true });
    const aside = `${dir}.new-${randomUUID()}`;
    try {
      await copyDataDir(template, aside);
      await rm(dir, { recursive: true, force: true });
      await rename(aside, dir);
    } finally {
      await rm(aside, { recursive: true, force: true });
    }
  }

  /** Keeps running workers under `maxWorkers` by stopping the least recently used idle ones (on disk only). */
  async #makeRoom(starting: BranchWorker): Promise<void> {
    if (this.#dataDir === null) return;
    const live = [...this.#branches.values()].filter((b) => b !== starting && b.live);
    const excess = live.length + 1 - this.#maxWorkers;
    if (excess <= 0) return;
    const idle = live.filter((b) => !b.busy).sort((a, b) => a.lastUsed - b.lastUsed);
    await Promise.all(idle.slice(0, excess).map((b) => b.stop()));
  }
}
