/**
 * @module Test harness: a real Kiln server on a free port (PGlite in a temp dir, or a fresh PostgreSQL
 * database when the backend is 'postgres'), and a small client that keeps the session cookie.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { loadConfig } from '../src/config';
import { type Kiln, startKiln } from '../src/kiln';
import { setUpServerTestFile } from './file-hooks';
import { prepareDataDir } from './snapshots';

// One Chromium for the render checks of every server a test file starts (each server's stop would close it),
// and render checks whose inputs an earlier test (any file) rendered on the same runtime and browser answered
// from disk (render-cache.ts): a file whose checks all hit never starts Chromium. Per file: file-hooks.ts.
setUpServerTestFile();

/** The PostgreSQL server the suite also runs on (CI: the one on this machine). */
export const POSTGRES_ADMIN_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

/** Does the PostgreSQL server answer? In CI (CI=true) it must: a missing server fails instead of skipping. */
export async function postgresAvailable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch (err) {
    if (process.env.CI === 'true')
      throw new Error(`CI needs PostgreSQL at ${POSTGRES_ADMIN_URL}: ${(err as Error).message}`);
    return false;
  }
}

export type Backend = 'pglite' | 'postgres';

/**
 * Deletes a test's data directory in a detached `rm -rf` the test does not wait for. A data directory holds
 * thousands of files (each PGlite database ~1,000), and deleting them here took 5–20 s per test on this
 * machine's disk (its unlinks wait on the device), blocking the test file's event loop meanwhile.
 */
export function removeInBackground(dir: string): void {
  spawn('rm', ['-rf', '--', dir], { detached: true, stdio: 'ignore' }).unref();
}

export interface TestKiln extends AsyncDisposable {
  kiln: Kiln;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Every line the server logged (message, then the error's message or the extra as JSON). */
  logs: string[];
  restart(): Promise<void>;
  client(): Client;
}

/** What a test may switch back on that costs time and that most tests are not about. */
export interface TestKilnOptions {
  /** Finished revisions committed to git in the background (default false; read history is caught up anyway). */
  gitInBackground?: boolean;
}

/**
 * Start Kiln for a test; `await using` tears it down (and drops its PostgreSQL database).
 *
 * Three settings differ from a server's defaults, because each costs seconds and only their own tests are about
 * them: the verification walk (`KILN_VERIFY=off`), the data snapshot per revision (`KILN_DATA_SNAPSHOTS=0`) and
 * the prerendering after each publish (`KILN_PRERENDER=off`, a Chromium per publish). A test about one sets it in
 * `env`.
 */
export async function startTestKiln(
  backend: Backend = 'pglite',
  env: Record<string, string> = {},
  opts: TestKilnOptions = {},
): Promise<TestKiln> {
  const dataDir = mkdtempSync(join(tmpdir(), 'kiln-test-'));
  // The platform database and the app databases' template from prepared snapshots, not initdb per test.
  await prepareDataDir(dataDir, { platform: backend === 'pglite' && env.DATABASE_URL === undefined });
  let databaseUrl: string | undefined;
  let dbName: string | undefined;
  if (backend === 'postgres') {
    dbName = `kiln_test_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
    const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${dbName}`);
    await admin.end();
    databaseUrl = `postgres://postgres@127.0.0.1:5432/${dbName}`;
  }
  const config = () =>
    loadConfig({
      PORT: '0',
      HOST: '127.0.0.1',
      KILN_DATA_DIR: dataDir,
      // PGlite on V8's baseline WebAssembly compiler only, as a server runs by default (src/memory.ts): a test's
      // queries are few, and optimising PGlite in the background cost more CPU than it saved. Measured with '1'
      // vs '0', alternating, load 12–21: app-backend + hosting 67/86 s wall, 22/19 s user vs 53/65 s wall,
      // 19/17 s user; platform, project-settings, plan-mode and model-settings 64 vs 59 s wall, 76 vs 66 s user.
      KILN_WASM_TIER_UP: '0',
      KILN_BUILTIN_DELAY_MS: '0',
      NODE_ENV: 'test',
      // Tests sign many people up from 127.0.0.1; the sign-up limit's own tests set it back.
      KILN_SIGNUP_LIMIT: '0',
      KILN_VERIFY: 'off',
      KILN_DATA_SNAPSHOTS: '0',
      KILN_PRERENDER: 'off',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      ...env,
    });
  // What the server logged, for tests of its error log.
  const logs: string[] = [];
  const log = (msg: string, extra?: unknown) => {
    logs.push(
      extra === undefined ? msg : `${msg} ${extra instanceof Error ? extra.message : JSON.stringify(extra)}`,
    );
  };
  const startOpts = { log, gitInBackground: opts.gitInBackground ?? false };
  let kiln = await startKiln(config(), startOpts);
  const t: TestKiln = {
    get kiln() {
      return kiln;
    },
    dataDir,
    databaseUrl,
    logs,
    async restart() {
      await kiln.close();
      kiln = await startKiln({ ...config(), port: kiln.port }, startOpts);
    },
    client: () => new Client(() => kiln.port),
    async [Symbol.asyncDispose]() {
      // App databases on PostgreSQL are databases of their own beside the platform's.
      await kiln.backend.databases.postgres?.dropAll();
      await kiln.close();
      removeInBackground(dataDir);
      if (dbName) {
        const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
        await admin.connect();
        await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
        await admin.end();
      }
    },
  };
  return t;
}

export interface HttpResult {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  json<T = unknown>(): T;
}

/** An HTTP client that sends any Host header (to reach the preview and app origins) and keeps a cookie. */
export class Client {
  cookie = '';
  constructor(private readonly port: () => number) {}

  send(
    method: string,
    path: string,
    opts: { host?: string; body?: unknown; headers?: Record<string, string> } = {},
  ): Promise<HttpResult> {
    // Bytes go as they are (an image upload); anything else as JSON.
    const raw = opts.body instanceof Uint8Array;
    const body = opts.body === undefined ? undefined : raw ? opts.body : JSON.stringify(opts.body);
    return new Promise((resolve, reject) => {
      const req = request(
        {
          host: '127.0.0.1',
          port: this.port(),
          method,
          path,
          headers: {
            host: `${opts.host ?? 'localhost'}:${this.port()}`,
            ...(body && !raw ? { 'content-type': 'application/json' } : {}),
            ...(this.cookie ? { cookie: this.cookie } : {}),
            ...opts.headers,
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            const setCookie = res.headers['set-cookie'];
            for (const c of setCookie ?? []) {
              const pair = c.split(';')[0]!;
              this.cookie = pair.endsWith('=') ? '' : pair;
            }
            const text = Buffer.concat(chunks).toString('utf8');
            resolve({
              status: res.statusCode ?? 0,
              headers: res.headers,
              text,
              json: () => JSON.parse(text),
            });
          });
        },
      );
      req.on('error', reject);
      req.end(body);
    });
  }

  /** A GraphQL call; returns data and errors as the server sent them, with the HTTP status. */
  // biome-ignore lint/suspicious/noExplicitAny: tests read GraphQL answers loosely, as JSON.
  async gql<T = any>(query: string, variables: Record<string, unknown> = {}) {
    const res = await this.send('POST', '/graphql', { body: { query, variables } });
    const json = res.json<{ data?: T; errors?: { message: string; extensions?: { code?: string } }[] }>();
    return { status: res.status, data: json.data as T, errors: json.errors };
  }
}

/**
 * Poll until `fn` returns a truthy value (no fixed sleeps in tests). The pause between polls grows from 20 ms
 * to 250 ms: a short wait ends at once, and a long one (a generation) does not keep the server busy answering
 * polls (each a GraphQL request and queries on the platform database) while it works.
 */
export async function waitFor<T>(
  fn: () => Promise<T | undefined | null | false>,
  timeoutMs = 20_000,
): Promise<T> {
  const end = Date.now() + timeoutMs;
  let pause = 20;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > end) throw new Error('waitFor: timed out');
    await new Promise((r) => setTimeout(r, pause));
    pause = Math.min(250, Math.round(pause * 1.5));
  }
}

/**
 * Signs `client` up as `email` and makes them a member of the owner's organisation with `role`: the owner
 * invites, the new member accepts the invitation.
 */
export async function joinAsMember(
  client: Client,
  owner: Client,
  organizationId: string,
  email: string,
  opts: { role?: 'ADMIN' | 'EDITOR' | 'VIEWER'; displayName?: string } = {},
): Promise<void> {
  const signed = await client.gql(
    `mutation($e: String!, $n: String) { signUp(email: $e, password: "long enough", displayName: $n) { id } }`,
    { e: email, n: opts.displayName ?? null },
  );
  if (signed.errors) throw new Error(`signUp: ${signed.errors[0]?.message}`);
  const inv = await owner.gql(
    `mutation($o: ID!, $e: String!, $r: String!) { inviteMember(organizationId: $o, email: $e, role: $r) { acceptUrl } }`,
    { o: organizationId, e: email, r: opts.role ?? 'EDITOR' },
  );
  if (inv.errors) throw new Error(`inviteMember: ${inv.errors[0]?.message}`);
  const token = String(inv.data.inviteMember.acceptUrl).split('/').pop();
  const res = await client.gql(`mutation($t: String!) { acceptInvitation(token: $t) { id } }`, { t: token });
  if (res.errors) throw new Error(`acceptInvitation: ${res.errors[0]?.message}`);
}
