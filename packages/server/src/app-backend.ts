/**
 * @module The backend every generated app gets: its functions (FUNCTION modules, run in the Deno sandbox of
 * ./functions, never in this process) and its own database (./app-db, one PGlite per branch in a worker).
 * This module ties them to the platform: which revision's functions answer a request, which branch they see
 * (`development` in the builder's preview, `main` for the published app), the migrations each revision wrote,
 * the short-lived token that lets the builder's preview call its sandbox, and what reaches the world from a
 * function (issue 19): the project's secrets as `process.env`, `fetch` through the egress guard, and the log.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { join } from 'node:path';
import type { GenMigration } from '@kiln/codegen';
import {
  type DatabaseBranch,
  DEFAULT_DATABASE_NAME,
  isRevisionInProgress,
  KilnError,
  type OrganizationPlan,
  type OrganizationRole,
} from '@kiln/core';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import pg from 'pg';
import { AppDatabases, READ_ONLY_MESSAGE } from './app-db/index';
import { DatabaseSizeLimits } from './app-db/size-limit';
import type { AppIntegrations } from './app-integrations';
import { DataSnapshots } from './data-snapshots';
import type { Db } from './db/index';
import { appDatabases, appMigrations, appPublicTables, projects, revisions } from './db/schema';
import { type FunctionLogEntry, FunctionLogs, MAX_LOG_ENTRIES_PER_REQUEST } from './function-logs';
import {
  type FunctionRequest,
  type FunctionSource,
  FunctionsSandbox,
  functionSources,
} from './functions/index';
import { functionPackages } from './functions/npm';
import { OutboundFetch } from './functions/outbound';
import { bodyOf } from './http/security';
import { newId } from './ids';
import { DEFAULT_EGRESS_POLICY, type EgressPolicy } from './net/egress';
import type { PackageResolver } from './packages/resolver';
import { roleIn } from './permissions';
import {
  type ProjectSecretInfo,
  type SecretEnvironment,
  secretsForBranch,
  setProjectSecret,
} from './project-secrets';
import type { RateLimits } from './rate-limits';
import { createSecretBox, type SecretBox } from './secrets';

/** The header the preview runtime sends its sandbox token in. */
export const SANDBOX_TOKEN_HEADER = 'x-kiln-sandbox-token';
/** How long a preview's sandbox token lasts; the builder asks for a new one with every project load. */
const SANDBOX_TOKEN_TTL_MS = 12 * 60 * 60 * 1000;
/**
 * Who sends a statement to `/api/db/{databaseId}`, which decides what it may do: `full` (an EDITOR+'s preview),
 * `read` (a VIEWER's preview: SELECT only, read-only transaction), `visitor` (anyone on the published app:
 * a SELECT reading only tables the project opened for public reading).
 */
export type DbAccess = 'full' | 'read' | 'visitor';

/** Refusals of `/api/db` (issue 13): a visitor's write, a table not opened for public reading. */
export const DB_MESSAGES = {
  visitorWrite:
    "Visitors of a published app may only read tables opened for public reading; writes go through the app's functions.",
  visitorNoTable:
    'Visitors of a published app may only read tables opened for public reading (Database tab → Public read).',
  secretTable: (table: string) =>
    `The table "${table}" holds visitors' passwords, sessions or sign-in tokens: it can never be opened for public reading.`,
  notPublic: (table: string) =>
    `The table "${table}" is not open for public reading: turn on Public read for it in the Database tab.`,
} as const;

/** Visitor-auth tables (issue 14) that hold password hashes, session and sign-in tokens: never public. */
const SECRET_AUTH_TABLES: readonly string[] = ['auth_accounts', 'auth_sessions', 'auth_verification_token'];

/** Whether a role may change the app's data in the preview (EDITOR and up); a VIEWER's access is read-only. */
export const mayWriteAppData = (role: OrganizationRole) => role !== 'VIEWER';

/** The NOTIFY channel on which processes sharing a PostgreSQL tell each other a project's secrets changed. */
const SECRETS_CHANNEL = 'kiln_secrets';
/** How long a branch's secrets are used without a notification (a lost one cannot keep old values for long). */
const SECRETS_TTL_MS = 60_000;
/** Project branches whose secrets are kept in memory at once. */
const CACHED_SECRETS = 1000;

/** Finished revisions whose function sources are kept in memory (least recently used dropped first). */
const CACHED_REVISIONS = 256;

/** What a request to a revision's functions needs of the revision. */
interface RevisionFunctions {
  projectId: string;
  organizationId: string;
  sources: readonly FunctionSource[];
}

/** Largest request body a function or `/api/db` accepts. */
export const MAX_FUNCTION_BODY_BYTES = 5 * 1024 * 1024;

export interface AppBackendOptions {
  /** Where app databases live (`{dataDir}/apps/{projectId}/{branch}`); null keeps them in memory. */
  dataDir: string | null;
  /** The server's secret key: sandbox tokens are signed with a key derived from it, app roles' passwords too. */
  secretKey: Buffer;
  /** PostgreSQL (`DATABASE_URL`): each app branch is a database and role there instead of a PGlite folder. */
  databaseUrl?: string | undefined;
  /** Bytes one app branch's database may hold, per plan (default: the plans' `DATABASE_SIZE_BYTES`). */
  databaseSizeLimits?: Readonly<Record<OrganizationPlan, number>>;
  log?: (msg: string, err?: unknown) => void;
  /** What functions' `fetch` may reach (config.egress); default: public addresses only. */
  egress?: EgressPolicy;
  /** Counts functions' outbound calls per app (shared through PostgreSQL); null: no per-minute limit. */
  rateLimits?: RateLimits | null;
  /** How long function logs are kept (KILN_LOG_RETENTION_DAYS); default 7 days. */
  logRetentionMs?: number;
  /** npm packages for functions' imports (bundled for the server, pinned per revision); without it none. */
  packages?: PackageResolver;
  /** Revisions per project that keep a copy of the development database (KILN_DATA_SNAPSHOTS; default 10). */
  dataSnapshots?: number;
}

/** Who is told that a project's functions wrote log entries (the project's room). */
export type LogsListener = (
  target: { organizationId: string; projectId: string },
  branch: DatabaseBranch,
) => void;

export interface MigrationResult {
  name: string;
  status: 'COMPLETED' | 'FAILED';
  error?: string;
}

export class AppBackend {
  readonly functions: FunctionsSandbox;
  readonly databases: AppDatabases;
  readonly logs: FunctionLogs;
  /** Copies of the development database per revision, for restoring code and data (issue 15). */
  readonly snapshots: DataSnapshots;
  /** Told after a request's log entries were stored (once per batch of requests, per project and branch). */
  onLogs: LogsListener | null = null;
  /** What `@/integrations/ai` and `email` reach (set once the mailer and models exist); null: none. */
  integrations: AppIntegrations | null = null;
  /** The plan's database size, enforced on writes. */
  readonly sizeLimits: DatabaseSizeLimits;
  readonly #db: Db;
  readonly #packages: PackageResolver | null;
  readonly #secrets: SecretBox;
  readonly #outbound: OutboundFetch;
  readonly #tokenKey: Buffer;
  readonly #log: (msg: string, err?: unknown) => void;
  /**
   * Function sources of finished revisions, by revision id. A finished revision's modules never change (a
   * change is a new revision), so entries need no invalidation in this or another process; a revision still
   * being generated is read from the database on every request.
   */
  readonly #revisionFunctions = new Map<string, RevisionFunctions>();
  /**
   * Each project branch's secrets as functions see them, by `{projectId}:{branch}`: read once, not on every
   * request. Forgotten when a secret is set or deleted (`secretsChanged`: here at once, in other processes on
   * the same PostgreSQL through NOTIFY) and after SECRETS_TTL_MS.
   */
  readonly #branchSecrets = new Map<string, { expires: number; values: Promise<Record<string, string>> }>();
  #secretsListener: pg.Client | undefined;
  /** Whether other processes share the database (PostgreSQL): changes are told to them. */
  #sharedSecrets = false;

  constructor(db: Db, opts: AppBackendOptions) {
    this.#db = db;
    this.#tokenKey = createHmac('sha256', opts.secretKey).update('kiln:sandbox-token').digest();
    this.#log = opts.log ?? (() => {});
    this.#secrets = createSecretBox(opts.secretKey);
    this.#outbound = new OutboundFetch(opts.egress ?? DEFAULT_EGRESS_POLICY, opts.rateLimits ?? null);
    this.logs = new FunctionLogs(db, {
      log: this.#log,
      onStored: (target, branch) => this.onLogs?.(target, branch),
      ...(opts.logRetentionMs ? { retentionMs: opts.logRetentionMs } : {}),
    });
    this.functions = new FunctionsSandbox();
    this.#packages = opts.packages ?? null;
    // ~90 MiB per warm branch worker (bench/footprint.ts; 16 MB shared buffers): 8 keep the app databases of one
    // server under ~750 MiB; idle branches stop after a minute and start again in ~0.3 s.
    this.databases = new AppDatabases({
      dataDir: opts.dataDir === null ? null : join(opts.dataDir, 'apps'),
      maxWorkers: 8,
      ...(opts.databaseUrl ? { postgres: { url: opts.databaseUrl, secretKey: opts.secretKey } } : {}),
    });
    this.sizeLimits = new DatabaseSizeLimits(db, this.databases, opts.databaseSizeLimits);
    this.snapshots = new DataSnapshots(db, this.databases, {
      ...(opts.dataSnapshots === undefined ? {} : { keep: opts.dataSnapshots }),
      log: this.#log,
    });
  }

  /** The project's database row, made on first use (status COMPLETED once its branches can be opened). */
  async database(projectId: string) {
    const [row] = await this.#db.select().from(appDatabases).where(eq(appDatabases.projectId, projectId));
    if (row) return row;
    const [made] = await this.#db
      .insert(appDatabases)
      .values({ id: newId(), projectId, name: DEFAULT_DATABASE_NAME, status: 'COMPLETED' })
      .onConflictDoNothing()
      .returning();
    if (made) return made;
    const [again] = await this.#db.select().from(appDatabases).where(eq(appDatabases.projectId, projectId));
    if (!again) throw new KilnError('internal', 'The app database could not be created.');
    return again;
  }

  /** The project's migrations in order (optionally without one revision's, e.g. the one being generated). */
  async migrations(projectId: string, exceptRevisionId?: string) {
    const rows = await this.#db
      .select()
      .from(appMigrations)
      .where(eq(appMigrations.projectId, projectId))
      .orderBy(asc(appMigrations.seq));
    return exceptRevisionId ? rows.filter((r) => r.revisionId !== exceptRevisionId) : rows;
  }

  /** What a generation is told about the database: the development branch's tables and applied migrations. */
  async generationContext(projectId: string, exceptRevisionId?: string) {
    const applied = (await this.migrations(projectId, exceptRevisionId)).filter(
      (m) => m.status === 'COMPLETED',
    );
    if (applied.length === 0) return undefined;
    const tables = await this.databases.tables({ projectId, branch: 'development' });
    return {
      tables: tables.map((t) => ({
        name: t.name,
        columns: t.columns.map((c) => ({ name: c.name, type: c.type })),
      })),
      migrations: applied.map((m) => m.name),
    };
  }

  /**
   * Records the migrations a revision wrote and applies them to the development branch, in order. A name
   * this revision already recorded (a retried generation) is not recorded twice.
   */
  async applyRevisionMigrations(
    projectId: string,
    revisionId: string,
    written: readonly GenMigration[],
  ): Promise<MigrationResult[]> {
    if (written.length === 0) return [];
    await this.database(projectId);
    const existing = await this.migrations(projectId);
    let seq = existing.reduce((max, m) => Math.max(max, m.seq), 0);
    const taken = new Set(existing.map((m) => m.name));
    for (const m of written) {
      if (taken.has(m.name)) continue;
      taken.add(m.name);
      seq += 1;
      await this.#db.insert(appMigrations).values({
        id: newId(),
        projectId,
        revisionId,
        seq,
        name: m.name,
        sql: m.sql,
        status: 'PENDING',
      });
    }
    return this.#applyPending(projectId, 'development');
  }

  /**
   * Applies to the development branch every migration it lacks (after its data was restored from an older
   * revision's snapshot: tables added since come back, so the recorded statuses stay true).
   */
  async applyDevelopmentMigrations(projectId: string): Promise<MigrationResult[]> {
    return this.#applyPending(projectId, 'development');
  }

  /** Applies every migration not yet on the branch; on development, records each one's status. */
  async #applyPending(projectId: string, branch: DatabaseBranch): Promise<MigrationResult[]> {
    const all = await this.migrations(projectId);
    const wanted =
      branch === 'development'
        ? all.filter((m) => m.status !== 'FAILED')
        : all.filter((m) => m.status === 'COMPLETED');
    if (wanted.length === 0) return [];
    if (branch === 'development') {
      const pending = wanted.filter((m) => m.status === 'PENDING').map((m) => m.id);
      if (pending.length > 0)
        await this.#db
          .update(appMigrations)
          .set({ status: 'RUNNING' })
          .where(inArray(appMigrations.id, pending));
    }
    const results = await this.databases.migrate(
      { projectId, branch },
      wanted.map((m) => ({ name: m.name, sql: m.sql })),
    );
    for (const r of results) {
      const row = wanted.find((m) => m.name === r.name);
      if (!row) continue;
      if (branch === 'development') {
        await this.#db
          .update(appMigrations)
          .set({ status: r.status, error: r.error ?? null })
          .where(eq(appMigrations.id, row.id));
      } else if (r.status === 'COMPLETED' && !row.publishedAt) {
        await this.#db
          .update(appMigrations)
          .set({ publishedAt: new Date() })
          .where(eq(appMigrations.id, row.id));
      }
    }
    // Migrations left RUNNING were not reached because an earlier one failed: they wait for the next try.
    if (branch === 'development') {
      await this.#db
        .update(appMigrations)
        .set({ status: 'PENDING' })
        .where(and(eq(appMigrations.projectId, projectId), eq(appMigrations.status, 'RUNNING')));
    }
    return results;
  }

  /**
   * Brings the main branch up to the development branch's schema: run at publish, before the new deployment
   * goes live. A failure stops the publish with the migration's name and Postgres's message.
   */
  async publishMigrations(projectId: string): Promise<void> {
    const results = await this.#applyPending(projectId, 'main');
    const failed = results.find((r) => r.status === 'FAILED');
    if (failed) {
      throw new KilnError(
        'validation',
        `The database change "${failed.name}" could not be applied to the published app: ${failed.error ?? 'unknown error'}`,
      );
    }
  }

  /** Migrations written since the last publish (shown before publishing). */
  async unpublishedMigrations(projectId: string) {
    return this.#db
      .select()
      .from(appMigrations)
      .where(
        and(
          eq(appMigrations.projectId, projectId),
          eq(appMigrations.status, 'COMPLETED'),
          isNull(appMigrations.publishedAt),
        ),
      );
  }

  /**
   * Runs `/api/…` against a revision's functions on a branch. `readOnly` (a VIEWER's preview): the functions'
   * `sql` runs only SELECTs, each in a read-only transaction. The functions get the project's secrets for the
   * branch as `process.env` and `fetch` through the egress guard; the request, its console output and its calls
   * are logged (secret values masked): queued as the response is returned, stored a few ms later in one batch
   * with other requests' (a log read waits for them); the response waits only when the log is far behind.
   */
  async invoke(
    projectId: string,
    revisionId: string,
    branch: DatabaseBranch,
    request: FunctionRequest,
    options: {
      readOnly?: boolean;
      /** Sees every log entry of the request as it is made (verification reports the functions' errors). */
      onLog?: (entry: FunctionLogEntry) => void;
      /** Told when `readOnly` refused one of the functions' statements (a write). */
      onWriteRefused?: () => void;
    } = {},
  ): Promise<Response> {
    const started = Date.now();
    const revision = await this.#functionsOf(revisionId);
    if (!revision || revision.projectId !== projectId) {
      return Response.json({ error: `No revision ${revisionId} in this project.` }, { status: 404 });
    }
    const { sources } = revision;
    const secrets = await this.#secretsOf(projectId, branch);
    const stored = this.#requestLog(revision.organizationId, projectId, branch, secrets);
    const onLog = options.onLog;
    const logs = onLog
      ? {
          add: (entry: FunctionLogEntry) => {
            onLog(entry);
            stored.add(entry);
          },
          finish: (entry: FunctionLogEntry) => {
            onLog(entry);
            return stored.finish(entry);
          },
        }
      : stored;
    const key = { projectId, branch };
    const appKey = `${projectId}:${branch}`;
    const result = await this.functions.invoke(`${revisionId}:${branch}`, sources, request, {
      sql: async (text, values) => {
        try {
          return (
            await this.databases.query(key, text, values, {
              readOnly: options.readOnly === true,
              authorize: this.sizeLimits.guard(projectId, branch),
            })
          ).rows;
        } catch (err) {
          if (options.readOnly && err instanceof Error && err.message === READ_ONLY_MESSAGE)
            options.onWriteRefused?.();
          throw err;
        }
      },
      env: { ...secrets, NODE_ENV: branch === 'main' ? 'production' : 'development' },
      fetch: (outbound) => this.#outbound.fetch(appKey, outbound, logs.add),
      log: (level, message) => logs.add({ level, source: 'CONSOLE', message }),
      ...(this.#packages ? { packages: functionPackages(this.#db, this.#packages, revisionId) } : {}),
      call: (service, method, args, emit) => {
        if (!this.integrations) throw new Error('Integrations are not available on this server');
        const app = { organizationId: revision.organizationId, projectId, branch };
        return this.integrations.call(app, service, method, args, emit, logs.add);
      },
    });
    const path = request.path.split('#', 1)[0] ?? request.path;
    const ms = Date.now() - started;
    const finished = logs.finish({
      level: result.status >= 500 ? 'ERROR' : result.status >= 400 ? 'WARN' : 'INFO',
      source: 'REQUEST',
      message: `${request.method.toUpperCase()} ${path} ${result.status} ${ms}ms${errorOf(result)}`,
      method: request.method.toUpperCase(),
      path,
      status: result.status,
      durationMs: ms,
    });
    if (this.logs.behind) await finished;
    const headers = new Headers(result.headers);
    headers.set('x-content-type-options', 'nosniff');
    return new Response(result.status === 204 || result.status === 304 ? null : result.body, {
      status: result.status,
      headers,
    });
  }

  /** The secrets a branch's functions see (from memory; see #branchSecrets). */
  #secretsOf(projectId: string, branch: DatabaseBranch): Promise<Record<string, string>> {
    const key = `${projectId}:${branch}`;
    const now = Date.now();
    const known = this.#branchSecrets.get(key);
    if (known && known.expires > now) return known.values;
    const values = secretsForBranch(this.#db, this.#secrets, projectId, branch);
    this.#branchSecrets.set(key, { expires: now + SECRETS_TTL_MS, values });
    values.catch(() => {
      if (this.#branchSecrets.get(key)?.values === values) this.#branchSecrets.delete(key);
    });
    if (this.#branchSecrets.size > CACHED_SECRETS) {
      this.#branchSecrets.delete(this.#branchSecrets.keys().next().value as string);
    }
    return values;
  }

  /** Forgets a project's secrets in memory (every project's when omitted). */
  #forgetSecrets(projectId?: string): void {
    if (projectId === undefined) {
      this.#branchSecrets.clear();
      return;
    }
    for (const branch of ['main', 'development'] as const)
      this.#branchSecrets.delete(`${projectId}:${branch}`);
  }

  /**
   * A project's secrets changed (set or deleted; call after the change is committed): its functions get the new
   * values from the next request, in this process and in every other on the same PostgreSQL.
   */
  async secretsChanged(projectId: string): Promise<void> {
    this.#forgetSecrets(projectId);
    if (this.#sharedSecrets) await this.#db.execute(sql`SELECT pg_notify(${SECRETS_CHANNEL}, ${projectId})`);
  }

  /** With PostgreSQL, hear the secret changes other processes make. */
  async listen(databaseUrl: string): Promise<void> {
    this.#sharedSecrets = true;
    const client = new pg.Client({ connectionString: databaseUrl });
    client.on('error', (err) => {
      // Without the listener other processes' changes would arrive only through expiry: forget everything now.
      this.#log('secrets listener failed; secrets are read again', err);
      this.#forgetSecrets();
    });
    await client.connect();
    await client.query(`LISTEN ${SECRETS_CHANNEL}`);
    client.on('notification', (n) => this.#forgetSecrets(n.payload || undefined));
    this.#secretsListener = client;
  }

  /** A revision's project and function sources: from memory once it is finished, else from the database. */
  async #functionsOf(revisionId: string): Promise<RevisionFunctions | undefined> {
    const cached = this.#revisionFunctions.get(revisionId);
    if (cached) {
      // Most recently used last: Map order is the eviction order.
      this.#revisionFunctions.delete(revisionId);
      this.#revisionFunctions.set(revisionId, cached);
      return cached;
    }
    const [row] = await this.#db
      .select({
        projectId: revisions.projectId,
        modules: revisions.modules,
        status: revisions.status,
        organizationId: projects.organizationId,
      })
      .from(revisions)
      .innerJoin(projects, eq(projects.id, revisions.projectId))
      .where(eq(revisions.id, revisionId));
    if (!row) return undefined;
    const found = {
      projectId: row.projectId,
      organizationId: row.organizationId,
      // Frozen: the sandbox then remembers the list's digest instead of hashing every source per request.
      sources: Object.freeze(functionSources(row.modules).map((m) => Object.freeze(m))),
    };
    if (!isRevisionInProgress(row.status)) {
      this.#revisionFunctions.set(revisionId, found);
      for (const key of this.#revisionFunctions.keys()) {
        if (this.#revisionFunctions.size <= CACHED_REVISIONS) break;
        this.#revisionFunctions.delete(key);
      }
    }
    return found;
  }

  /**
   * Collects one request's log entries (at most MAX_LOG_ENTRIES_PER_REQUEST) and stores them with the request's
   * own entry; anything the function logs after its response (work left running) is stored as it comes.
   */
  #requestLog(
    organizationId: string,
    projectId: string,
    branch: DatabaseBranch,
    secrets: Record<string, string>,
  ) {
    const entries: FunctionLogEntry[] = [];
    let dropped = 0;
    let finished = false;
    const store = (batch: FunctionLogEntry[]) =>
      this.logs.write({ organizationId, projectId }, branch, batch, secrets);
    return {
      add: (entry: FunctionLogEntry) => {
        const stamped = { ...entry, createdAt: entry.createdAt ?? new Date() };
        if (finished) void store([stamped]);
        else if (entries.length < MAX_LOG_ENTRIES_PER_REQUEST) entries.push(stamped);
        else dropped++;
      },
      finish: (request: FunctionLogEntry): Promise<void> => {
        finished = true;
        if (dropped > 0) {
          entries.push({
            level: 'WARN',
            source: 'CONSOLE',
            message: `${dropped} more log entries of this request were not kept (at most ${MAX_LOG_ENTRIES_PER_REQUEST} per request).`,
            createdAt: new Date(),
          });
        }
        return store([...entries, { ...request, createdAt: new Date() }]);
      },
    };
  }

  /**
   * `POST /api/db/{databaseId}` (spec §7): one guarded statement; the answer is the array of rows. The
   * database is named by its id only (every app's default name is the same). What may run depends on `access`.
   */
  async dbQuery(
    projectId: string,
    databaseId: string,
    branch: DatabaseBranch,
    body: unknown,
    access: DbAccess,
  ) {
    const row = await this.database(projectId);
    if (databaseId !== row.id) throw new KilnError('not_found', `No database "${databaseId}" in this app.`);
    const query = (body as { query?: unknown } | null)?.query;
    const values = (body as { values?: unknown } | null)?.values ?? [];
    if (typeof query !== 'string' || !Array.isArray(values)) {
      throw new KilnError('validation', 'Send JSON with a query string and a values array.');
    }
    const key = { projectId, branch };
    if (access === 'full') {
      const authorize = this.sizeLimits.guard(projectId, branch);
      return (await this.databases.query(key, query, values, { authorize })).rows;
    }
    const authorize =
      access === 'visitor'
        ? async ({ readOnly, tables }: { readOnly: boolean; tables: Set<string> }) => {
            if (!readOnly) throw new KilnError('forbidden', DB_MESSAGES.visitorWrite);
            if (tables.size === 0) throw new KilnError('forbidden', DB_MESSAGES.visitorNoTable);
            const open = await this.publicTables(projectId);
            const closed = [...tables].find((t) => !open.has(t));
            if (closed !== undefined) throw new KilnError('forbidden', DB_MESSAGES.notPublic(closed));
          }
        : undefined;
    const options = authorize ? { readOnly: true, authorize } : { readOnly: true };
    return (await this.databases.query(key, query, values, options)).rows;
  }

  /** The tables the project opened for public reading on its published app. */
  async publicTables(projectId: string): Promise<Set<string>> {
    const rows = await this.#db
      .select({ name: appPublicTables.tableName })
      .from(appPublicTables)
      .where(eq(appPublicTables.projectId, projectId));
    return new Set(rows.map((r) => r.name));
  }

  /**
   * Opens or closes one table for public reading. The table must exist on either branch (the published
   * app may not have it yet until the next publish).
   */
  async setTablePublicRead(projectId: string, table: string, publicRead: boolean): Promise<void> {
    if (publicRead && SECRET_AUTH_TABLES.includes(table)) {
      throw new KilnError('forbidden', DB_MESSAGES.secretTable(table));
    }
    const found = await Promise.all(
      (['development', 'main'] as const).map(async (branch) =>
        (await this.databases.tables({ projectId, branch })).some((t) => t.name === table),
      ),
    );
    if (!found.some(Boolean)) throw new KilnError('not_found', `No table "${table}" in this database.`);
    if (publicRead) {
      await this.#db.insert(appPublicTables).values({ projectId, tableName: table }).onConflictDoNothing();
    } else {
      await this.#db
        .delete(appPublicTables)
        .where(and(eq(appPublicTables.projectId, projectId), eq(appPublicTables.tableName, table)));
    }
  }

  /** Sets one of the project's secrets, sealed with the server key (its value is never returned). */
  async setSecret(input: {
    projectId: string;
    name: string;
    value: string;
    environment: SecretEnvironment;
    userId: string;
  }): Promise<ProjectSecretInfo> {
    const info = await setProjectSecret(this.#db, this.#secrets, input);
    await this.secretsChanged(input.projectId);
    return info;
  }

  /** A token that lets the builder's preview of `projectId` call its sandbox as `userId`. */
  sandboxToken(projectId: string, userId: string, now = Date.now()): string {
    const exp = now + SANDBOX_TOKEN_TTL_MS;
    return `${userId}.${exp}.${this.#sign(projectId, userId, exp)}`;
  }

  /** The user a sandbox token was given to, if it is genuine, unexpired and they may still see the project. */
  async verifySandboxToken(projectId: string, token: string | undefined, now = Date.now()) {
    return (await this.sandboxAccess(projectId, token, now))?.userId ?? null;
  }

  /**
   * The user a sandbox token was given to and their role in the project's organisation now (roles change, so
   * the role is read on every call, never taken from the token); null for a bad token or a non-member.
   */
  async sandboxAccess(
    projectId: string,
    token: string | undefined,
    now = Date.now(),
  ): Promise<{ userId: string; role: OrganizationRole } | null> {
    if (!token || token.length > 300) return null;
    const [userId, expText, sig] = token.split('.');
    const exp = Number(expText);
    if (!userId || !sig || !Number.isFinite(exp) || exp < now) return null;
    const a = Buffer.from(sig);
    const b = Buffer.from(this.#sign(projectId, userId, exp));
    if (a.length !== b.length || !timingSafeEqual(a, b)) return null;
    const [project] = await this.#db
      .select({ organizationId: projects.organizationId })
      .from(projects)
      .where(eq(projects.id, projectId));
    if (!project) return null;
    const role = await roleIn(this.#db, project.organizationId, userId);
    return role ? { userId, role } : null;
  }

  #sign(projectId: string, userId: string, exp: number): string {
    return createHmac('sha256', this.#tokenKey).update(`${projectId}.${userId}.${exp}`).digest('base64url');
  }

  /** Drops both branches' data of a deleted project, and its snapshots. */
  async forget(projectId: string): Promise<void> {
    // Snapshots first: on PostgreSQL they hold objects of the branch's role, which is dropped next.
    await this.snapshots.forget(projectId).catch((e) => this.#log('dropping data snapshots failed', e));
    for (const [id, r] of this.#revisionFunctions)
      if (r.projectId === projectId) this.#revisionFunctions.delete(id);
    this.#forgetSecrets(projectId);
    await Promise.all(
      (['main', 'development'] as const).map((branch) =>
        this.databases.reset({ projectId, branch }).catch((e) => this.#log('dropping app data failed', e)),
      ),
    );
  }

  async close(): Promise<void> {
    await Promise.allSettled([
      this.functions.close(),
      this.databases.close(),
      this.logs.close(),
      this.#secretsListener?.end(),
    ]);
    this.#secretsListener = undefined;
  }
}

/** `: message` of a sandbox error response (`{"error": "…"}` with status 500+), for the request's log line. */
function errorOf(result: { status: number; body: Uint8Array }): string {
  if (result.status < 500 || result.body.byteLength > 4096) return '';
  try {
    const { error } = JSON.parse(Buffer.from(result.body).toString('utf8')) as { error?: unknown };
    return typeof error === 'string' ? ` — ${error}` : '';
  } catch {
    return '';
  }
}

/**
 * A `FunctionRequest` from an HTTP request, with `/api/{rest}` as its path; 413 past the body limit. `read`:
 * its body, already read (`readLimitedBody`), when the request itself no longer holds it.
 */
export async function functionRequest(
  req: Request,
  rest: string,
  read?: Uint8Array | null,
): Promise<FunctionRequest> {
  const length = Number(req.headers.get('content-length') ?? 0);
  if (length > MAX_FUNCTION_BODY_BYTES) throw new KilnError('too_large', 'The request body is too large.');
  const body =
    req.method === 'GET' || req.method === 'HEAD' ? null : read !== undefined ? read : await bodyOf(req);
  if (body && body.byteLength > MAX_FUNCTION_BODY_BYTES) {
    throw new KilnError('too_large', 'The request body is too large.');
  }
  const headers: Record<string, string> = {};
  // Platform credentials never reach app code: the builder's token, the access cookie, any cookie.
  for (const [name, value] of req.headers) {
    if (name === 'cookie' || name === SANDBOX_TOKEN_HEADER || name === 'host') continue;
    headers[name] = value;
  }
  return { method: req.method, path: `/api/${rest}${new URL(req.url).search}`, headers, body };
}
