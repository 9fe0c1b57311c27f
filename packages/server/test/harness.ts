/**
 * @module Test harness: a real Kiln server on a free port (PGlite in a temp dir, or a fresh PostgreSQL
 * database when the backend is 'postgres'), and a small client that keeps the session cookie.
 */
import { mkdtempSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isRevisionInProgress } from '@kiln/core';
import pg from 'pg';
import { loadConfig } from '../src/config';
import { type Kiln, startKiln } from '../src/kiln';
import { setUpServerTestFile } from './file-hooks';
import { prepareDataDir, removeInBackground, TEST_SERVER_ENV } from './snapshots';

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

export interface TestKiln extends AsyncDisposable {
  kiln: Kiln;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Every line the server logged (message, then the error's message or the extra as JSON). */
  logs: string[];
  restart(): Promise<void>;
  client(): Client;
}

/**
 * Start Kiln for a test; `await using` tears it down (and drops its PostgreSQL database).
 *
 * Four settings differ from a server's defaults, because each costs time and only their own tests are about
 * them: the verification walk (`KILN_VERIFY=off`), the data snapshot per revision (`KILN_DATA_SNAPSHOTS=0`),
 * the prerendering after each publish (`KILN_PRERENDER=off`, a Chromium per publish) and the git commit after each
 * revision (`KILN_GIT_BACKGROUND=off`: the history is caught up when read). A test about one sets it in `env`.
 */
export async function startTestKiln(
  backend: Backend = 'pglite',
  env: Record<string, string> = {},
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
      NODE_ENV: 'test',
      // Tests sign many people up from 127.0.0.1; the sign-up limit's own tests set it back.
      KILN_SIGNUP_LIMIT: '0',
      ...TEST_SERVER_ENV,
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
  const startOpts = { log };
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
 * The environment that makes a test server's generations ask a scripted model server (`startScriptedModelServer`
 * of @kiln/codegen/testing) as an OpenAI model, for `startTestKiln`'s `env` (spread it beside the test's own).
 */
export function scriptedModelEnv(model: { url: string }): Record<string, string> {
  return { KILN_MODEL: 'openai:gpt-4o-mini', OPENAI_API_KEY: 'sk-test', KILN_MODEL_BASE_URL: model.url };
}

// ---------------------------------------------------------------------------------------------------------------
// Sign-up, membership, projects, waits and publishing as the server tests do them through GraphQL (issue 18: one
// copy, not one per test file). Each throws with the server's message when the server refuses, so a test that is
// not about refusals reads as the steps it takes; a test about the refusal itself sends its own mutation.
// ---------------------------------------------------------------------------------------------------------------

/** The password `signUp` gives an account unless told otherwise (long enough for the password rule). */
export const TEST_PASSWORD = 'long enough';

/** Someone signed up through GraphQL, signed in on `client`. */
export interface SignedUp {
  client: Client;
  /** The user's id. */
  id: string;
  /** Their personal organisation, made at sign-up (where `createProject` puts a project when given none). */
  organizationId: string;
}

export interface SignUpOptions {
  /** Default TEST_PASSWORD. */
  password?: string;
  /** Default: none (the server derives one from the e-mail). */
  displayName?: string;
}

function refused(what: string, errors: { message: string }[] | undefined): void {
  if (errors?.length) throw new Error(`${what}: ${errors.map((e) => e.message).join('; ')}`);
}

/**
 * Signs `email` up — on a new client of `from` when it is a TestKiln, on `from` itself when it is a Client (one
 * that already holds a cookie) — and looks up who is signed in and their personal organisation. It checks the
 * outcome (signed in as `email`), not the sign-up's answer: on a loaded machine the first request of a fresh
 * server can pass the 10 s request limit and answer an error after the account and session were made, which the
 * copies this replaced ignored too.
 */
export async function signUp(
  from: TestKiln | Client,
  email: string,
  opts: SignUpOptions = {},
): Promise<SignedUp> {
  const client = from instanceof Client ? from : from.client();
  const up = await client.gql(
    `mutation($e: String!, $p: String!, $n: String) { signUp(email: $e, password: $p, displayName: $n) { id } }`,
    { e: email, p: opts.password ?? TEST_PASSWORD, n: opts.displayName ?? null },
  );
  const who = await client.gql<{
    me: { id: string; email: string } | null;
    organizations: { id: string; personal: boolean }[] | null;
  }>('{ me { id email } organizations { id personal } }');
  if (who.data?.me?.email !== email.toLowerCase()) {
    refused(`signUp(${email})`, up.errors);
    throw new Error(`signUp(${email}): not signed in afterwards`);
  }
  const personal = who.data.organizations?.find((o) => o.personal);
  if (!personal) throw new Error(`signUp(${email}): no personal organisation`);
  return { client, id: who.data.me.id, organizationId: personal.id };
}

/** The roles an invitation may give. */
export type MemberRole = 'ADMIN' | 'EDITOR' | 'VIEWER';

/** A member `joinAsMember` made, with what `acceptInvitation` answered: the organisation's id and their role. */
export interface JoinedMember extends SignedUp {
  accepted: { id: string; role: string };
}

/**
 * Signs `email` up (as `signUp`, on `from`) and makes them a member of the owner's organisation with `role`
 * (default EDITOR): the owner invites, the new member accepts the invitation.
 */
export async function joinAsMember(
  from: TestKiln | Client,
  owner: Client,
  organizationId: string,
  email: string,
  opts: SignUpOptions & { role?: MemberRole } = {},
): Promise<JoinedMember> {
  const member = await signUp(from, email, opts);
  const inv = await owner.gql(
    `mutation($o: ID!, $e: String!, $r: String!) { inviteMember(organizationId: $o, email: $e, role: $r) { acceptUrl } }`,
    { o: organizationId, e: email, r: opts.role ?? 'EDITOR' },
  );
  refused('inviteMember', inv.errors);
  const token = String(inv.data.inviteMember.acceptUrl).split('/').pop();
  const res = await member.client.gql(`mutation($t: String!) { acceptInvitation(token: $t) { id role } }`, {
    t: token,
  });
  refused('acceptInvitation', res.errors);
  return { ...member, accepted: res.data.acceptInvitation };
}

/** What `createProject` made. */
export interface CreatedProject {
  id: string;
  projectGroupId: string;
  organizationId: string;
  /** The creator's token for the preview's calls to the project's functions (`x-kiln-sandbox-token`). */
  sandboxToken: string;
}

export interface CreateProjectOptions {
  /** Default: the caller's personal organisation (the server's choice). */
  organizationId?: string;
  /** Chat attachment ids sent with the first prompt. */
  attachments?: string[];
}

/** Creates a project from `prompt`; its first generation starts (`settled` waits for it). */
export async function createProject(
  client: Client,
  prompt: string,
  opts: CreateProjectOptions = {},
): Promise<CreatedProject> {
  const res = await client.gql(
    `mutation($p: String!, $o: ID, $a: [ID!]) {
      createProject(prompt: $p, organizationId: $o, attachments: $a) {
        id projectGroupId organizationId sandboxToken } }`,
    { p: prompt, o: opts.organizationId ?? null, a: opts.attachments ?? null },
  );
  refused('createProject', res.errors);
  return res.data.createProject as CreatedProject;
}

/** The latest revision as `settled` reads it by default. */
export interface SettledRevision {
  id: string;
  number: number;
  status: string;
  action: string;
}

/** The default query of `settled`: the project's latest revision. */
export const LATEST_REVISION = `query($id: ID!) { project(id: $id) { latestRevision { id number status action } } }`;

export interface SettledOptions {
  /** Also wait until the latest revision is this number (an edit's revision, not the one before it). */
  number?: number;
  /**
   * The query polled: `$id: ID!` is the project, and its answer holds `project { latestRevision { number status } }`;
   * `settled` returns the last answer's data. Default LATEST_REVISION.
   */
  query?: string;
  /** Default 20 s (waitFor's). */
  timeoutMs?: number;
}

/** `settled`'s options, with a condition on the query's answer (typed as what the query returns). */
export interface SettledUntilOptions<T> extends SettledOptions {
  /**
   * Also wait until this holds of the answer — a revision that is not the latest yet when the wait starts, e.g.
   * the automatic fix's after the first generation's. Default: none.
   */
  until?: (data: T) => boolean;
}

/**
 * Polls until the project's latest revision is finished — no longer queued, enhancing its prompt or building
 * (`isRevisionInProgress` of @kiln/core: the statuses Kiln itself waits on) — and returns the query's data.
 */
// biome-ignore lint/suspicious/noExplicitAny: tests read GraphQL answers loosely, as JSON.
export async function settled<T = any>(
  client: Client,
  projectId: string,
  opts: SettledUntilOptions<T> = {},
): Promise<T> {
  const read = async () => {
    const { data, errors } = await client.gql(opts.query ?? LATEST_REVISION, { id: projectId });
    refused('settled', errors);
    return data;
  };
  const finished = (data: { project?: { latestRevision?: { number: number; status: string } } }) => {
    const rev = data?.project?.latestRevision;
    return (
      !!rev && !isRevisionInProgress(rev.status) && (opts.number === undefined || rev.number === opts.number)
    );
  };
  return waitFor(async () => {
    let data = await read();
    if (!finished(data)) return null;
    // The revision and the rest of the answer (the chat, the credits) are read by queries that GraphQL runs side
    // by side (on PostgreSQL, on several connections): a run's last commit (status, answer and charge together)
    // can land between them, so the revision is finished while its answer or charge is not read yet (a credit
    // balance read before the charge failed the chat-attachments test once). Read once more: the commit is in.
    data = await read();
    if (!finished(data)) return null;
    return !opts.until || opts.until(data as T) ? (data as T) : null;
  }, opts.timeoutMs);
}

/** The latest revision once it is finished (`settled` with its default query). */
export async function settledRevision(
  client: Client,
  projectId: string,
  opts: Omit<SettledOptions, 'query'> = {},
): Promise<SettledRevision> {
  const data = await settled<{ project: { latestRevision: SettledRevision } }>(client, projectId, opts);
  return data.project.latestRevision;
}

/** `createProject`, then `settledRevision`: a project whose first generation has finished, with that revision. */
export async function generatedProject(
  client: Client,
  prompt: string,
  opts: CreateProjectOptions & { timeoutMs?: number } = {},
): Promise<CreatedProject & { revision: SettledRevision }> {
  const project = await createProject(client, prompt, opts);
  const revision = await settledRevision(client, project.id, { timeoutMs: opts.timeoutMs });
  return { ...project, revision };
}

/** A deployment as `publish` returns it. */
export interface Published {
  id: string;
  url: string;
  live: boolean;
  size: number;
  revisionId: string;
}

/** Publishes the project's latest finished revision (EDITOR and up) and returns the new deployment. */
export async function publish(client: Client, projectId: string): Promise<Published> {
  const res = await client.gql(
    `mutation($p: ID!) { publishProject(projectId: $p) { id url live size revisionId } }`,
    { p: projectId },
  );
  refused(`publishProject(${projectId})`, res.errors);
  return res.data.publishProject as Published;
}
