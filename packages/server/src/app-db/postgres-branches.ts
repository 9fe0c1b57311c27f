/**
 * App branches on PostgreSQL (when `DATABASE_URL` is set): each project's branch is its own database with its
 * own login role — no superuser, no CREATEDB/CREATEROLE, CONNECT to its own database only, a
 * `statement_timeout` and a connection limit — created on first use by the platform database's user and
 * shared by every Kiln process on that server. The role's password is derived from the server's secret key,
 * so every process with the same `KILN_SECRET_KEY` can log in as it and nothing is stored. The parser guard
 * (./guard.ts) still runs before any statement reaches here; the role is the second wall.
 * @module
 */
import { createHash, createHmac } from 'node:crypto';
import { KilnError } from '@kiln/core';
import pg from 'pg';
import { parse as parseConnectionString } from 'pg-connection-string';
import Cursor from 'pg-cursor';
import { PostgresError, type QueryResult, type WorkerOp } from './branch-worker';

export interface PostgresBranchesOptions {
  /** The platform database's URL; its user creates the app databases and roles (CREATEDB, CREATEROLE). */
  url: string;
  /** The server's secret key: the roles' passwords are derived from it. */
  secretKey: Buffer;
  /** `statement_timeout` of the app roles, in ms (default 5000). */
  statementTimeoutMs?: number;
  /** How long one migration may run, in ms (default 60 000): set per transaction. */
  migrationTimeoutMs?: number;
  /** Connections one app role may hold on the server, all processes together (default 8). */
  connectionLimit?: number;
  /** Connections one process keeps per branch (default 3). */
  poolSize?: number;
  /** Branch pools one process keeps; the least recently used is closed first (default 64). */
  maxPools?: number;
}

/** How often `dropAll` lists and drops again when a snapshot made meanwhile still holds a role. */
const DROP_ALL_ATTEMPTS = 5;
/** What Postgres sends about a failed statement (node-postgres's DatabaseError). */
interface PgError {
  message: string;
  code?: string;
  detail?: string;
  hint?: string;
  position?: string;
}

/** SQLSTATEs after which the branch's pool is rebuilt and the statement tried once more (a dropped database). */
const RETRY_CODES = new Set(['3D000', '57P01', '28000', '28P01']);
const QUERY_CANCELED = '57014';
/** Most temporary file space one app statement may spill (set only when the admin may: a superuser setting). */
const TEMP_FILE_LIMIT = '256MB';

/** Tries of a snapshot or restore while other processes' connections to the branch come back meanwhile. */
const SNAPSHOT_ATTEMPTS = 5;
/** Why a restore with data cannot happen: the revision's snapshot was pruned (or never taken). */
export const SNAPSHOT_GONE =
  "This revision's data is no longer kept (only the latest revisions keep a data snapshot): restore its code only.";
/** A string literal for DDL that takes no parameters (COMMENT). */
const literal = (text: string) => `'${text.replaceAll("'", "''")}'`;
const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;
const hex = (text: string, length: number) =>
  createHash('sha256').update(text).digest('hex').slice(0, length);

/** Binary and 64-bit integers come back as PGlite gives them (jsonSafe turns big ones into strings). */
const types = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === pg.types.builtins.INT8
      ? (value: string) => BigInt(value)
      : pg.types.getTypeParser(oid, format ?? 'text')) as typeof pg.types.getTypeParser,
};

function postgresError(e: unknown): unknown {
  if (e instanceof KilnError || !(e instanceof Error)) return e;
  const err = e as Error & Partial<PgError>;
  if (typeof err.code !== 'string' || err.code.length !== 5) return e;
  return new PostgresError({
    message: err.message,
    code: err.code,
    ...(err.detail ? { detail: err.detail } : {}),
    ...(err.hint ? { hint: err.hint } : {}),
    ...(err.position ? { position: err.position } : {}),
  });
}

/** Bytes a row takes as JSON (bigints as their digits), to refuse a result past the byte cap. */
function jsonBytes(row: unknown): number {
  return Buffer.byteLength(JSON.stringify(row, (_k, v) => (typeof v === 'bigint' ? v.toString() : v)) ?? '');
}

interface Branch {
  name: string;
  pool: pg.Pool;
  lastUsed: number;
}

/** Every app branch of one platform database, as PostgreSQL databases on the same server. */
export class PostgresBranches {
  readonly #admin: pg.Pool;
  readonly #connection: pg.ClientConfig;
  /** The platform user's own connection settings, for work inside a new app database. */
  readonly #adminConnection: pg.ClientConfig;
  readonly #secretKey: Buffer;
  readonly #statementTimeoutMs: number;
  readonly #migrationTimeoutMs: number;
  readonly #connectionLimit: number;
  readonly #poolSize: number;
  readonly #maxPools: number;
  /** `kiln_{8 hex of the platform database}_`: app databases of another Kiln on the same server never clash. */
  readonly prefix: string;
  readonly #pools = new Map<string, Branch>();
  /** Branches this process has made sure exist (database, role, password, `_kiln_migrations`). */
  readonly #ensured = new Map<string, Promise<void>>();
  #hardened: Promise<void> | null = null;

  constructor(options: PostgresBranchesOptions) {
    const parsed = parseConnectionString(options.url);
    this.#connection = {
      ...(parsed.host ? { host: parsed.host } : {}),
      ...(parsed.port ? { port: Number(parsed.port) } : {}),
      ...(parsed.ssl !== undefined && parsed.ssl !== null
        ? { ssl: parsed.ssl as pg.ClientConfig['ssl'] }
        : {}),
    };
    this.#adminConnection = {
      ...this.#connection,
      ...(parsed.user ? { user: parsed.user } : {}),
      ...(parsed.password ? { password: parsed.password } : {}),
    };
    this.prefix = `kiln_${hex(`${parsed.host ?? ''}:${parsed.port ?? ''}/${parsed.database ?? ''}`, 8)}_`;
    this.#secretKey = options.secretKey;
    this.#statementTimeoutMs = options.statementTimeoutMs ?? 5000;
    this.#migrationTimeoutMs = options.migrationTimeoutMs ?? 60_000;
    this.#connectionLimit = Math.max(1, options.connectionLimit ?? 8);
    this.#poolSize = Math.max(1, Math.min(options.poolSize ?? 3, this.#connectionLimit));
    this.#maxPools = Math.max(1, options.maxPools ?? 64);
    this.#admin = new pg.Pool({ connectionString: options.url, max: 2, idleTimeoutMillis: 10_000 });
    this.#admin.on('error', () => {});
  }

  /** The database (and role) name of a branch: at most 34 characters, the same in every process. */
  databaseName(id: string): string {
    return `${this.prefix}${hex(id, 20)}`;
  }

  /** The role's password: derived from the secret key, never stored. */
  #password(name: string): string {
    return createHmac('sha256', this.#secretKey).update(`kiln:app-db-role:${name}`).digest('base64url');
  }

  /** Runs one operation on the branch `id` (`{projectId}/{branch}`); Postgres's refusals as `PostgresError`. */
  async run<T>(id: string, msg: WorkerOp, timeoutMs: number, label: string): Promise<T> {
    if (msg.op === 'close') return null as T;
    for (let attempt = 0; ; attempt++) {
      try {
        return (await this.#once(id, msg)) as T;
      } catch (e) {
        const code = (e as { code?: unknown }).code;
        if (code === QUERY_CANCELED)
          throw new KilnError('external', `${label} timed out after ${timeoutMs}ms`);
        if (attempt === 0 && typeof code === 'string' && RETRY_CODES.has(code)) {
          // Another process dropped (reset) the branch, or ended our connections: make it anew once.
          await this.#forget(id);
          continue;
        }
        throw postgresError(e);
      }
    }
  }

  async #once(id: string, msg: Exclude<WorkerOp, { op: 'close' }>): Promise<unknown> {
    const branch = await this.#branch(id);
    const client = await branch.pool.connect();
    let broken: unknown;
    try {
      if (msg.op === 'migrate') {
        await client.query('BEGIN');
        try {
          await client.query(
            `SET LOCAL statement_timeout = ${Math.max(1, Math.floor(this.#migrationTimeoutMs))}`,
          );
          await client.query(msg.sql);
          await client.query('INSERT INTO _kiln_migrations (name) VALUES ($1)', [msg.name]);
          await client.query('COMMIT');
        } catch (e) {
          await client.query('ROLLBACK').catch(() => {});
          throw e;
        }
        return null;
      }
      if (msg.readOnly) await client.query('BEGIN READ ONLY');
      try {
        const result = await this.#select(client, msg);
        if (msg.readOnly) await client.query('COMMIT');
        return result;
      } catch (e) {
        if (msg.readOnly) await client.query('ROLLBACK').catch(() => {});
        throw e;
      }
    } catch (e) {
      const code = (e as { code?: unknown }).code;
      // A connection the server ended (or one in an unknown state) is not given back to the pool.
      if (typeof code !== 'string' || code.startsWith('57P') || code.startsWith('08')) broken = e;
      throw e;
    } finally {
      client.release(broken instanceof Error ? broken : undefined);
      branch.lastUsed = Date.now();
    }
  }

  /** A statement through a cursor: at most `rowCap + 1` rows ever reach this process. */
  async #select(client: pg.PoolClient, msg: Extract<WorkerOp, { op: 'query' }>): Promise<QueryResult> {
    const cursor = client.query(new Cursor(msg.text, msg.values, { types }));
    try {
      const rows = (await cursor.read(msg.rowCap + 1)) as Record<string, unknown>[];
      const total = rows.length;
      const kept = total > msg.rowCap ? rows.slice(0, msg.rowCap) : rows;
      if (msg.maxBytes) {
        let bytes = 2;
        for (const row of kept) {
          bytes += jsonBytes(row) + 1;
          if (bytes > msg.maxBytes) return { tooLarge: true, rows: [], total, affectedRows: 0 };
        }
      }
      // pg-cursor keeps the command's row count (INSERT/UPDATE/DELETE) on its result once the portal is done.
      const counted = (cursor as unknown as { _result?: { rowCount?: number | null } })._result?.rowCount;
      return { rows: kept, total, affectedRows: typeof counted === 'number' ? counted : total };
    } finally {
      await cursor.close();
    }
  }

  /** The branch's pool, after making sure its database and role exist; the least recently used pool beyond `maxPools` closes. */
  async #branch(id: string): Promise<Branch> {
    const name = this.databaseName(id);
    let ensured = this.#ensured.get(id);
    if (!ensured) {
      ensured = this.#ensure(name);
      this.#ensured.set(id, ensured);
      ensured.catch(() => this.#ensured.delete(id));
    }
    await ensured;
    let branch = this.#pools.get(id);
    if (!branch) {
      branch = {
        name,
        pool: new pg.Pool({
          ...this.#connection,
          database: name,
          user: name,
          password: this.#password(name),
          max: this.#poolSize,
          idleTimeoutMillis: 30_000,
          connectionTimeoutMillis: 10_000,
        }),
        lastUsed: Date.now(),
      };
      branch.pool.on('error', () => {});
      this.#pools.set(id, branch);
      const idle = [...this.#pools.entries()]
        .filter(
          ([, b]) => b !== branch && b.pool.waitingCount === 0 && b.pool.idleCount === b.pool.totalCount,
        )
        .sort((a, b) => a[1].lastUsed - b[1].lastUsed);
      for (const [oldId, old] of idle.slice(0, Math.max(0, this.#pools.size - this.#maxPools))) {
        this.#pools.delete(oldId);
        void old.pool.end().catch(() => {});
      }
    }
    return branch;
  }

  /** Closes this process's pool of a branch and forgets that it exists (it is checked again on next use). */
  async #forget(id: string): Promise<void> {
    this.#ensured.delete(id);
    const branch = this.#pools.get(id);
    this.#pools.delete(id);
    await branch?.pool.end().catch(() => {});
  }

  /**
   * Creates the branch's role and database if missing (under an advisory lock, so two processes never race),
   * and sets what the role may do. Idempotent: run once per branch per process.
   */
  async #ensure(name: string): Promise<void> {
    await this.#harden();
    const password = this.#password(name);
    const role = quoteIdent(name);
    const admin = await this.#admin.connect();
    try {
      await admin.query('SELECT pg_advisory_lock(hashtext($1))', [name]);
      try {
        const hasRole = await admin.query('SELECT 1 FROM pg_roles WHERE rolname = $1', [name]);
        const attributes = `LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOINHERIT NOREPLICATION NOBYPASSRLS CONNECTION LIMIT ${this.#connectionLimit} PASSWORD '${password}'`;
        await admin.query(`${hasRole.rowCount ? 'ALTER' : 'CREATE'} ROLE ${role} ${attributes}`);
        await admin.query(`ALTER ROLE ${role} SET statement_timeout = ${this.#statementTimeoutMs}`);
        await admin.query(`ALTER ROLE ${role} SET idle_in_transaction_session_timeout = 60000`);
        await admin.query(`ALTER ROLE ${role} SET temp_file_limit = '${TEMP_FILE_LIMIT}'`).catch(() => {});
        const hasDb = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
        if (!hasDb.rowCount) {
          await admin.query(`CREATE DATABASE ${role} OWNER ${role} TEMPLATE template0 ENCODING 'UTF8'`);
          // The public schema belongs to the role (a cluster upgraded from before 15 gives it to the admin).
          const inside = new pg.Client({ ...this.#adminConnection, database: name });
          await inside.connect();
          try {
            await inside.query(`ALTER SCHEMA public OWNER TO ${role}`);
            await inside.query('REVOKE ALL ON SCHEMA public FROM PUBLIC');
          } finally {
            await inside.end().catch(() => {});
          }
        }
        // Nobody but the role (and the platform's admin) may connect to it.
        await admin.query(`REVOKE ALL ON DATABASE ${role} FROM PUBLIC`);
        await admin.query(`GRANT CONNECT, TEMPORARY ON DATABASE ${role} TO ${role}`);
        const own = new pg.Client({ ...this.#connection, database: name, user: name, password });
        await own.connect();
        try {
          await own.query(
            'CREATE TABLE IF NOT EXISTS _kiln_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
          );
        } finally {
          await own.end().catch(() => {});
        }
      } finally {
        await admin.query('SELECT pg_advisory_unlock(hashtext($1))', [name]).catch(() => {});
      }
    } catch (e) {
      throw new KilnError(
        'external',
        `The app database could not be created on PostgreSQL: ${(e as Error).message}`,
      );
    } finally {
      admin.release();
    }
  }

  /**
   * Once per process: app roles may not connect to the platform database (every database allows PUBLIC to
   * connect unless told otherwise). Other databases of the server are the operator's to close (README).
   */
  #harden(): Promise<void> {
    this.#hardened ??= (async () => {
      const { rows } = await this.#admin.query<{ db: string }>('SELECT current_database() AS db');
      const db = rows[0]?.db;
      if (db)
        await this.#admin.query(`REVOKE CONNECT ON DATABASE ${quoteIdent(db)} FROM PUBLIC`).catch(() => {});
    })();
    return this.#hardened;
  }

  /** The branch's database size in bytes (0 before it exists). */
  async size(id: string): Promise<number> {
    const { rows } = await this.#admin.query<{ size: string | null }>(
      'SELECT pg_database_size(datname)::text AS size FROM pg_database WHERE datname = $1',
      [this.databaseName(id)],
    );
    return Number(rows[0]?.size ?? 0);
  }

  /** Drops a branch's database and role (every process's connections to it are ended). */
  async drop(id: string): Promise<void> {
    await this.#forget(id);
    const name = quoteIdent(this.databaseName(id));
    await this.#admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await this.#admin.query(`DROP ROLE IF EXISTS ${name}`);
  }

  /** A branch's snapshots share a prefix (so a deleted project's go at once); the snapshot id is the comment. */
  #snapshotPrefix(id: string): string {
    return `${this.prefix}s${hex(id, 12)}_`;
  }

  #snapshotName(id: string, snapshotId: string): string {
    return `${this.#snapshotPrefix(id)}${hex(snapshotId, 20)}`;
  }

  /**
   * Ends every connection to a database (this process's pool first; other processes' pools reconnect on their
   * next query) and runs `fn` on the admin connection, retried while a connection slips in between — `CREATE
   * DATABASE … TEMPLATE` needs none on the template, `DROP DATABASE` none on the dropped.
   */
  async #withoutConnections<T>(id: string, fn: (admin: pg.PoolClient) => Promise<T>): Promise<T> {
    const name = this.databaseName(id);
    const admin = await this.#admin.connect();
    try {
      await admin.query('SELECT pg_advisory_lock(hashtext($1))', [name]);
      try {
        for (let attempt = 1; ; attempt++) {
          await this.#forget(id);
          await admin.query(
            'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
            [name],
          );
          try {
            return await fn(admin);
          } catch (e) {
            // 55006: "source database is being accessed by other users" — someone reconnected meanwhile.
            if ((e as { code?: unknown }).code !== '55006' || attempt >= SNAPSHOT_ATTEMPTS) throw e;
          }
        }
      } finally {
        await admin.query('SELECT pg_advisory_unlock(hashtext($1))', [name]).catch(() => {});
      }
    } finally {
      admin.release();
    }
  }

  /** Copies the branch's database as a snapshot (`CREATE DATABASE … TEMPLATE`); false if it does not exist. */
  async snapshot(id: string, snapshotId: string): Promise<boolean> {
    const name = this.databaseName(id);
    const snap = quoteIdent(this.#snapshotName(id, snapshotId));
    const { rowCount } = await this.#admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (!rowCount) return false;
    await this.#admin.query(`DROP DATABASE IF EXISTS ${snap}`);
    await this.#withoutConnections(id, (admin) =>
      admin.query(`CREATE DATABASE ${snap} TEMPLATE ${quoteIdent(name)}`),
    );
    // Nobody connects to a snapshot; its comment names it for listing.
    await this.#admin.query(`REVOKE ALL ON DATABASE ${snap} FROM PUBLIC`);
    await this.#admin.query(`COMMENT ON DATABASE ${snap} IS ${literal(snapshotId)}`);
    return true;
  }

  /** The ids of a branch's snapshots. */
  async snapshots(id: string): Promise<string[]> {
    const { rows } = await this.#admin.query<{ id: string | null }>(
      `SELECT shobj_description(oid, 'pg_database') AS id FROM pg_database WHERE starts_with(datname, $1)`,
      [this.#snapshotPrefix(id)],
    );
    return rows.map((r) => r.id).filter((v): v is string => typeof v === 'string' && v.length > 0);
  }

  /** Replaces the branch's database by a copy of a snapshot (the snapshot stays). */
  async restoreSnapshot(id: string, snapshotId: string): Promise<void> {
    const snapName = this.#snapshotName(id, snapshotId);
    const { rowCount } = await this.#admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [snapName]);
    if (!rowCount) throw new KilnError('not_found', SNAPSHOT_GONE);
    const name = this.databaseName(id);
    const db = quoteIdent(name);
    await this.#withoutConnections(id, async (admin) => {
      await admin.query(`DROP DATABASE IF EXISTS ${db} WITH (FORCE)`);
      await admin.query(`CREATE DATABASE ${db} OWNER ${db} TEMPLATE ${quoteIdent(snapName)}`);
      await admin.query(`REVOKE ALL ON DATABASE ${db} FROM PUBLIC`);
      await admin.query(`GRANT CONNECT, TEMPORARY ON DATABASE ${db} TO ${db}`);
    });
  }

  /** Drops one snapshot of a branch, or all of them. */
  async dropSnapshots(id: string, snapshotId?: string): Promise<void> {
    const names =
      snapshotId === undefined
        ? (
            await this.#admin.query<{ name: string }>(
              'SELECT datname AS name FROM pg_database WHERE starts_with(datname, $1)',
              [this.#snapshotPrefix(id)],
            )
          ).rows.map((r) => r.name)
        : [this.#snapshotName(id, snapshotId)];
    for (const name of names)
      await this.#admin.query(`DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`);
  }

  /** Drops every app database and role of this platform database (tests; an operator removing an install). */
  async dropAll(): Promise<void> {
    await Promise.all([...this.#pools.keys()].map((id) => this.#forget(id)));
    // A data snapshot still being made (CREATE DATABASE … TEMPLATE, after a revision finished) can add a
    // database owned by a role between the listing and the DROP ROLE: list and drop again, a few times.
    for (let attempt = 1; ; attempt++) {
      const { rows } = await this.#admin.query<{ name: string }>(
        `SELECT datname AS name FROM pg_database WHERE starts_with(datname, $1)
         UNION SELECT rolname FROM pg_roles WHERE starts_with(rolname, $1)`,
        [this.prefix],
      );
      try {
        for (const { name } of rows) {
          await this.#admin.query(`DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`);
        }
        for (const { name } of rows) await this.#admin.query(`DROP ROLE IF EXISTS ${quoteIdent(name)}`);
        return;
      } catch (err) {
        if (attempt >= DROP_ALL_ATTEMPTS) throw err;
        await new Promise((r) => setTimeout(r, 500));
      }
    }
  }

  /** Pools holding at least one connection. */
  live(): number {
    return [...this.#pools.values()].filter((b) => b.pool.totalCount > 0).length;
  }

  async close(): Promise<void> {
    await Promise.all([...this.#pools.values()].map((b) => b.pool.end().catch(() => {})));
    this.#pools.clear();
    await this.#admin.end().catch(() => {});
  }
}
