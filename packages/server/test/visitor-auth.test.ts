/**
 * Issue 14, visitor accounts: on a published app's origin a visitor signs up and in through Auth.js's routes
 * (`/api/auth/csrf`, `callback/credentials-signup`, `callback/credentials-signin`, `session`, `signout`), the
 * rows land in that app's own database, the session cookie is host-only, HttpOnly and SameSite=Lax and means
 * nothing on another app or the builder, the app's functions see the visitor through `auth()` from `@/auth`,
 * sign-in failures are rate-limited as on the builder, and the verification and reset mails work. Two apps
 * from one scripted generation each; no browser.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startScriptedModelServer } from '@kiln/codegen/testing';
import Provider from 'oidc-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectAuthProviders } from '../src/db/schema';
import {
  type Client,
  generatedProject,
  type HttpResult,
  publish,
  scriptedModelEnv,
  signUp,
  startTestKiln,
  type TestKiln,
} from './harness';

const REPLY = `Notes that belong to whoever wrote them.
<kiln:migration name="create_notes">
CREATE TABLE notes (id serial PRIMARY KEY, user_id text NOT NULL, body text NOT NULL);
</kiln:migration>
<kiln:file path="apps/web/src/app/api/me/route.ts" type="FUNCTION">
import { auth } from '@/auth';

export async function GET(request: Request) {
  const session = await auth();
  return Response.json({ user: session?.user ?? null, claimed: request.headers.get('x-visitor-id') });
}
</kiln:file>
<kiln:file path="apps/web/src/app/api/notes/route.ts" type="FUNCTION">
import sql from '@/app/api/utils/sql';
import { auth } from '@/auth';

export async function GET() {
  const session = await auth();
  if (!session) return Response.json({ error: 'Sign in first' }, { status: 401 });
  const rows = await sql\`SELECT body FROM notes WHERE user_id = \${session.user.id} ORDER BY id\`;
  return Response.json(rows.map((r) => r.body));
}

export async function POST(request: Request) {
  const session = await auth();
  if (!session) return Response.json({ error: 'Sign in first' }, { status: 401 });
  const { body } = await request.json();
  await sql\`INSERT INTO notes (user_id, body) VALUES (\${session.user.id}, \${body})\`;
  return Response.json({ ok: true }, { status: 201 });
}
</kiln:file>
<kiln:file path="apps/web/src/app/page.tsx" type="PAGE">
export default function HomePage() {
  return <main className="p-6"><h1 className="text-2xl font-bold">Notes</h1></main>;
}
</kiln:file>
`;

let t: TestKiln;
/** The local OpenID Connect provider standing in for Google (its app is attached once the app's URL is known). */
let oidc: Server;
let issuer: string;
let model: AsyncDisposable;
let owner: Client;
let appA: { projectId: string; host: string };
let appB: { projectId: string; host: string };

/** Publishes the project: its id and its app's host. */
async function publishedApp(projectId: string) {
  return { projectId, host: new URL((await publish(owner, projectId)).url).hostname };
}

/** A browser-like visitor of one app: a cookie jar of its own (the harness client keeps only one cookie). */
class Visitor {
  cookies = new Map<string, string>();
  constructor(
    readonly host: string,
    private readonly client: Client = t.client(),
  ) {}

  get cookieHeader() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  async send(method: string, path: string, opts: { json?: unknown; headers?: Record<string, string> } = {}) {
    this.client.cookie = '';
    const headers: Record<string, string> = { ...opts.headers };
    if (this.cookies.size) headers.cookie = this.cookieHeader;
    const res = await this.client.send(method, path, {
      host: this.host,
      headers,
      ...(opts.json !== undefined ? { body: opts.json } : {}),
    });
    this.keep(res);
    return res;
  }

  /** POSTs fields as JSON (Auth.js takes JSON and forms alike; the acceptance check sends a form). */
  async post(path: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
    return this.send('POST', path, { json: fields, headers });
  }

  keep(res: HttpResult) {
    const setCookie = res.headers['set-cookie'] as string[] | undefined;
    for (const c of setCookie ?? []) {
      const [pair] = c.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq);
      const value = pair!.slice(eq + 1);
      if (!value || /expires=Thu, 01 Jan 1970/i.test(c) || /max-age=0/i.test(c)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  async csrf(): Promise<string> {
    const res = await this.send('GET', '/api/auth/csrf');
    expect(res.status).toBe(200);
    return res.json<{ csrfToken: string }>().csrfToken;
  }

  /** Signs up or in; the answer's JSON `url` (Auth.js's `X-Auth-Return-Redirect`). */
  async credentials(kind: 'signup' | 'signin', email: string, password: string) {
    const csrfToken = await this.csrf();
    const res = await this.post(
      `/api/auth/callback/credentials-${kind}`,
      { email, password, csrfToken, callbackUrl: '/' },
      { 'x-auth-return-redirect': '1' },
    );
    return res;
  }

  async session() {
    return (await this.send('GET', '/api/auth/session')).json<{
      user?: { id: string; email: string };
    } | null>();
  }
}

beforeAll(async () => {
  const scripted = await startScriptedModelServer([
    { reply: REPLY, usage: { inputTokens: 900, outputTokens: 600 } },
  ]);
  model = scripted;
  oidc = createServer();
  await new Promise<void>((resolve) => oidc.listen(0, '127.0.0.1', resolve));
  issuer = `http://127.0.0.1:${(oidc.address() as AddressInfo).port}`;
  t = await startTestKiln('pglite', {
    ...scriptedModelEnv(scripted),
    KILN_OAUTH_ISSUERS: `google=${issuer}`,
  });
  ({ client: owner } = await signUp(t, 'owner@example.com'));
  const org = (await owner.gql(`mutation { createOrganization(name: "Notes Co") { id } }`)).data
    .createOrganization.id as string;
  // A project generated from the scripted reply.
  const notes = await generatedProject(owner, 'Notes A', { organizationId: org, timeoutMs: 60_000 });
  expect(notes.revision.status).toBe('VALID');
  appA = await publishedApp(notes.id);
  // The second app is a copy of the first: the same code, its own origin and database.
  const copy = await owner.gql(`mutation($id: ID!) { duplicateProject(projectId: $id) { id } }`, {
    id: appA.projectId,
  });
  appB = await publishedApp(copy.data.duplicateProject.id);
}, 120_000);

afterAll(async () => {
  oidc?.closeAllConnections();
  await new Promise((resolve) => oidc?.close(resolve));
  await t?.[Symbol.asyncDispose]();
  await model?.[Symbol.asyncDispose]();
});

const sessionCookie = 'authjs.session-token';

describe('visitor accounts on a published app', () => {
  it('signs a visitor up: a host-only, HttpOnly, SameSite=Lax session cookie and a session naming them', async () => {
    const v = new Visitor(appA.host);
    const res = await v.credentials('signup', 'Ann@Example.com', 'ann password 1');
    expect(res.status).toBe(200);
    expect(res.json<{ url: string }>().url).toMatch(/\/$/);
    const cookie = (res.headers['set-cookie'] as string[]).find((c) => c.startsWith(`${sessionCookie}=`));
    expect(cookie).toBeDefined();
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Path=\//i);
    expect(cookie).not.toMatch(/Domain=/i);
    expect(cookie).not.toMatch(/Secure/i);
    const session = await v.session();
    expect(session?.user).toMatchObject({ email: 'ann@example.com' });
    expect(session?.user?.id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('keeps the accounts in that app’s own main branch, with an argon2id hash in auth_accounts.password', async () => {
    const rows = await t.kiln.backend.databases.query(
      { projectId: appA.projectId, branch: 'main' },
      `SELECT u.email, a.provider, a.password FROM auth_users u JOIN auth_accounts a ON a."userId" = u.id WHERE u.email = $1`,
      ['ann@example.com'],
    );
    expect(rows.rows).toHaveLength(1);
    expect(String(rows.rows[0]!.password)).toMatch(/^\$argon2id\$/);
    const other = await t.kiln.backend.databases.tables({ projectId: appB.projectId, branch: 'main' });
    const users = other.find((x) => x.name === 'auth_users');
    expect(users?.rowCount ?? 0).toBe(0);
  });

  it('never lets a table of passwords or sessions be opened for public reading', async () => {
    const refused = await owner.gql(
      `mutation($p: ID!) { setTablePublicRead(projectId: $p, table: "auth_accounts", publicRead: true) { name } }`,
      { p: appA.projectId },
    );
    expect(refused.errors?.[0]?.extensions?.code).toBe('forbidden');
    expect(refused.errors?.[0]?.message).toMatch(/can never be opened for public reading/);
  });

  it('refuses a second account with the same email, and a wrong password, with Auth.js error codes', async () => {
    const again = await new Visitor(appA.host).credentials('signup', 'ann@example.com', 'another password');
    expect(again.json<{ url: string }>().url).toContain('code=email_taken');
    const short = await new Visitor(appA.host).credentials('signup', 'bo@example.com', 'short');
    expect(short.json<{ url: string }>().url).toContain('code=password_too_short');
    const wrong = new Visitor(appA.host);
    const res = await wrong.credentials('signin', 'ann@example.com', 'not her password');
    expect(res.json<{ url: string }>().url).toContain('code=credentials');
    expect(await wrong.session()).toBeNull();
    const right = new Visitor(appA.host);
    await right.credentials('signin', 'ANN@example.com', 'ann password 1');
    expect((await right.session())?.user?.email).toBe('ann@example.com');
  });

  it('gives the app’s functions the visitor through auth(), never a header the visitor sent', async () => {
    const v = new Visitor(appA.host);
    await v.credentials('signup', 'cy@example.com', 'cy password 1');
    const me = (await v.send('GET', '/api/me', { headers: { 'x-visitor-id': 'forged' } })).json<{
      user: { id: string; email: string } | null;
    }>();
    expect(me.user?.email).toBe('cy@example.com');
    const anonymous = new Visitor(appA.host);
    const none = await anonymous.send('GET', '/api/me', { headers: { 'x-visitor-id': me.user!.id } });
    expect(none.json<{ user: unknown }>().user).toBeNull();
    anonymous.cookies.set(sessionCookie, 'made-up-token');
    expect((await anonymous.send('GET', '/api/me')).json<{ user: unknown }>().user).toBeNull();
  });

  it('lets each visitor see only their own rows', async () => {
    const a = new Visitor(appA.host);
    await a.credentials('signup', 'dee@example.com', 'dee password 1');
    const added = await a.send('POST', '/api/notes', { json: { body: 'dee’s secret' } });
    expect(added.status, added.text).toBe(201);
    const b = new Visitor(appA.host);
    await b.credentials('signup', 'eve@example.com', 'eve password 1');
    expect((await b.send('GET', '/api/notes')).json()).toEqual([]);
    expect((await a.send('GET', '/api/notes')).json()).toEqual(['dee’s secret']);
    expect((await new Visitor(appA.host).send('GET', '/api/notes')).status).toBe(401);
  });

  it('never honours one app’s session cookie on another app or on the builder', async () => {
    const v = new Visitor(appA.host);
    await v.credentials('signup', 'fay@example.com', 'fay password 1');
    const token = v.cookies.get(sessionCookie)!;
    const onB = new Visitor(appB.host);
    onB.cookies.set(sessionCookie, token);
    expect(await onB.session()).toBeNull();
    expect((await onB.send('GET', '/api/me')).json<{ user: unknown }>().user).toBeNull();
    const builder = t.client();
    builder.cookie = `${sessionCookie}=${token}`;
    expect((await builder.gql('{ me { id } }')).data?.me ?? null).toBeNull();
  });

  it('signs out: the session row is gone and the old cookie opens nothing', async () => {
    const v = new Visitor(appA.host);
    await v.credentials('signup', 'gus@example.com', 'gus password 1');
    const token = v.cookies.get(sessionCookie)!;
    const csrfToken = await v.csrf();
    const out = await v.post(
      '/api/auth/signout',
      { csrfToken, callbackUrl: '/' },
      { 'x-auth-return-redirect': '1' },
    );
    expect(out.status).toBe(200);
    expect(v.cookies.has(sessionCookie)).toBe(false);
    const stale = new Visitor(appA.host);
    stale.cookies.set(sessionCookie, token);
    expect(await stale.session()).toBeNull();
    const rows = await t.kiln.backend.databases.query(
      { projectId: appA.projectId, branch: 'main' },
      `SELECT count(*)::int AS n FROM auth_sessions WHERE "sessionToken" = $1`,
      [token],
    );
    expect(rows.rows[0]!.n).toBe(0);
  });

  it('mails a verification link and a password reset that works', async () => {
    const v = new Visitor(appA.host);
    await v.credentials('signup', 'hal@example.com', 'hal password 1');
    const mails = async () =>
      (await owner.gql('{ mailbox { to subject text } }')).data.mailbox as {
        to: string;
        subject: string;
        text: string;
      }[];
    const verify = (await mails()).find(
      (m) => m.to === 'hal@example.com' && /Confirm your email/.test(m.subject),
    );
    expect(verify).toBeDefined();
    const link = new URL(/https?:\/\/\S+/.exec(verify!.text)![0]);
    expect(link.hostname).toBe(appA.host);
    const opened = await v.send('GET', link.pathname + link.search);
    expect(opened.status).toBe(302);
    expect(opened.headers.location).toBe('/?verified=1');
    const forgot = await v.send('POST', '/api/auth/forgot-password', { json: { email: 'hal@example.com' } });
    expect(forgot.status).toBe(200);
    const reset = (await mails()).find(
      (m) => m.to === 'hal@example.com' && /Reset your password/.test(m.subject),
    );
    const resetLink = new URL(/https?:\/\/\S+/.exec(reset!.text)![0]);
    const page = await v.send('GET', resetLink.pathname + resetLink.search);
    expect(page.text).toContain('Choose a new password');
    const params = Object.fromEntries(resetLink.searchParams);
    const done = await v.send('POST', '/api/auth/reset-password', {
      json: { email: params.email, token: params.token, password: 'hal new password' },
    });
    expect(done.status).toBe(303);
    expect(await v.session()).toBeNull();
    const again = new Visitor(appA.host);
    await again.credentials('signin', 'hal@example.com', 'hal new password');
    expect((await again.session())?.user?.email).toBe('hal@example.com');
  });

  it('rate-limits failed sign-ins per account and address as the builder does (429 after 10)', async () => {
    const v = new Visitor(appB.host);
    await v.credentials('signup', 'ida@example.com', 'ida password 1');
    for (let i = 0; i < 10; i++) {
      const res = await new Visitor(appB.host).credentials('signin', 'ida@example.com', `wrong ${i}`);
      expect(res.status).toBe(200);
    }
    const refused = await new Visitor(appB.host).credentials('signin', 'ida@example.com', 'ida password 1');
    expect(refused.status).toBe(429);
    expect(refused.json<{ error: { message: string } }>().error.message).toMatch(
      /^Too many sign-in attempts/,
    );
    // The same address on another app is its own count.
    const elsewhere = new Visitor(appA.host);
    await elsewhere.credentials('signup', 'ida@example.com', 'ida password 1');
    expect((await elsewhere.session())?.user?.email).toBe('ida@example.com');
  });
});

/** A cookie jar and redirect-following fetch for the identity provider's pages (another origin than the app). */
async function throughProvider(start: string, appHost: string): Promise<URL> {
  const jar = new Map<string, string>();
  let url = new URL(start);
  let init: RequestInit = {};
  for (let hop = 0; hop < 20; hop++) {
    const res = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: {
        ...(init.headers as Record<string, string>),
        cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
      },
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const eq = pair!.indexOf('=');
      jar.set(pair!.slice(0, eq), pair!.slice(eq + 1));
    }
    init = {};
    const location = res.headers.get('location');
    if (location) {
      url = new URL(location, url);
      if (url.hostname === appHost) return url;
      continue;
    }
    // A page of the provider: sign in as "olga" (any password), then consent.
    const html = await res.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    if (!action) throw new Error(`The provider answered ${res.status} without a form: ${html.slice(0, 200)}`);
    const prompt = /name="prompt" value="(\w+)"/.exec(html)?.[1] ?? 'consent';
    const fields = new URLSearchParams(
      prompt === 'login' ? { prompt, login: 'olga', password: 'any' } : { prompt },
    );
    url = new URL(action, url);
    init = {
      method: 'POST',
      body: fields.toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    };
  }
  throw new Error('Too many redirects at the identity provider');
}

describe('OAuth sign-in against a local OpenID Connect provider', () => {
  it('is configured in Project settings (secret sealed, never returned) and signs a visitor in end to end', async () => {
    const set = await owner.gql(
      `mutation($p: ID!) { setVisitorAuthProvider(projectId: $p, provider: "google", clientId: "kiln-app", clientSecret: "s3cret-value") { provider clientId hasClientSecret callbackUrl } }`,
      { p: appA.projectId },
    );
    expect(set.errors).toBeUndefined();
    const google = set.data.setVisitorAuthProvider.find((p: { provider: string }) => p.provider === 'google');
    expect(google).toMatchObject({ clientId: 'kiln-app', hasClientSecret: true });
    expect(JSON.stringify(set.data)).not.toContain('s3cret-value');
    const [stored] = await t.kiln.database.db.select().from(projectAuthProviders);
    expect(stored?.clientSecretEncrypted).toMatch(/^v1:/);
    const provider = new Provider(issuer, {
      clients: [
        {
          client_id: 'kiln-app',
          client_secret: 's3cret-value',
          redirect_uris: [google.callbackUrl],
          grant_types: ['authorization_code'],
          response_types: ['code'],
        },
      ],
      claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
      findAccount: async (_ctx, sub) => ({
        accountId: sub,
        claims: async () => ({ sub, email: `${sub}@idp.example`, email_verified: true, name: 'Olga' }),
      }),
    });
    oidc.on('request', provider.callback());

    const v = new Visitor(appA.host);
    const providers = (await v.send('GET', '/api/auth/providers')).json<Record<string, unknown>>();
    expect(Object.keys(providers)).toEqual(
      expect.arrayContaining(['google', 'credentials-signin', 'credentials-signup']),
    );
    const csrfToken = await v.csrf();
    const start = await v.post(
      '/api/auth/signin/google',
      { csrfToken, callbackUrl: '/' },
      { 'x-auth-return-redirect': '1' },
    );
    const authorize = start.json<{ url: string }>().url;
    expect(authorize.startsWith(`${issuer}/auth?`)).toBe(true);
    const back = await throughProvider(authorize, appA.host);
    expect(back.pathname).toBe('/api/auth/callback/google');
    const done = await v.send('GET', back.pathname + back.search);
    expect(done.status).toBe(302);
    expect(done.headers.location, t.logs.join('\n')).toBe(`http://${appA.host}:${t.kiln.port}/`);
    const session = await v.session();
    expect(session?.user).toMatchObject({ email: 'olga@idp.example', name: 'Olga' });
    const accounts = await t.kiln.backend.databases.query(
      { projectId: appA.projectId, branch: 'main' },
      `SELECT a.provider, a."providerAccountId", a.type FROM auth_accounts a JOIN auth_users u ON u.id = a."userId" WHERE u.email = $1`,
      ['olga@idp.example'],
    );
    expect(accounts.rows).toEqual([{ provider: 'google', providerAccountId: 'olga', type: 'oidc' }]);
    // Another app of the same owner has no Google sign-in until its own settings say so.
    const onB = (await new Visitor(appB.host).send('GET', '/api/auth/providers')).json<
      Record<string, unknown>
    >();
    expect(onB.google).toBeUndefined();
  });
});
