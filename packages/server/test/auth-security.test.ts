/**
 * Issue 13, accounts part: sign-in, mail and sign-up rate limits (in memory on PGlite; shared through
 * PostgreSQL by two Kiln servers on one database), sign-up that does not tell which e-mails have accounts,
 * work that lands in the caller's own personal workspace, and control characters refused in input and
 * escaped in log lines.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { hasControlCharacters } from '../src/graphql/input-hygiene';
import { logLine, startKiln } from '../src/kiln';
import { RATE_LIMIT_TABLE } from '../src/rate-limits';
import { Client, createProject, postgresAvailable, signUp, startTestKiln, TEST_PASSWORD } from './harness';

const withPostgres = await postgresAvailable();
const SIGN_IN = `mutation($e: String!, $p: String!) { signIn(email: $e, password: $p) { id } }`;
const SIGN_UP = `mutation($e: String!, $p: String!, $n: String) {
  signUp(email: $e, password: $p, displayName: $n) { id email displayName username role status } }`;

interface GqlAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  // biome-ignore lint/suspicious/noExplicitAny: tests read GraphQL answers loosely, as JSON.
  data: any;
  errors?: { message: string; extensions?: { code?: string } }[];
}

/** A GraphQL call from a given client address (the server trusts X-Forwarded-For in these tests). */
async function gqlFrom(c: Client, address: string, query: string, variables: Record<string, unknown> = {}) {
  const res = await c.send('POST', '/graphql', {
    body: { query, variables },
    headers: { 'x-forwarded-for': address },
  });
  const json = res.json<{ data?: unknown; errors?: GqlAnswer['errors'] }>();
  return { status: res.status, headers: res.headers, data: json.data, errors: json.errors } as GqlAnswer;
}

const signInFrom = (c: Client, address: string, email: string, password: string) =>
  gqlFrom(c, address, SIGN_IN, { e: email, p: password });

async function failTimes(c: Client, address: string, email: string, times: number) {
  for (let i = 0; i < times; i++) {
    const res = await signInFrom(c, address, email, `wrong password ${i}`);
    expect(res.status).toBe(401);
    expect(res.errors?.[0]?.message).toBe('Email or password is incorrect.');
  }
}

function expectRateLimited(res: GqlAnswer, minutes: number) {
  expect(res.status).toBe(429);
  expect(res.errors?.[0]?.extensions?.code).toBe('rate_limited');
  expect(res.errors?.[0]?.message).toBe(`Too many sign-in attempts. Try again in ${minutes} minutes.`);
  const retryAfter = Number(res.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan((minutes - 1) * 60);
  expect(retryAfter).toBeLessThanOrEqual(minutes * 60);
  expect(res.headers['set-cookie']).toBeUndefined();
}

const mailsTo = async (c: Client) =>
  (await c.gql('{ mailbox { to subject text } }')).data.mailbox as {
    to: string;
    subject: string;
    text: string;
  }[];

describe('sign-in rate limits', () => {
  it('refuses the 11th sign-in for one account from one address, even with the right password, with 429 and Retry-After', async () => {
    await using t = await startTestKiln('pglite', { KILN_TRUST_PROXY: '1' });
    await signUp(t, 'ada@example.com');
    const attacker = t.client();
    await failTimes(attacker, '203.0.113.7', 'ada@example.com', 10);

    const refused = await signInFrom(attacker, '203.0.113.7', 'ADA@example.com', TEST_PASSWORD);
    expectRateLimited(refused, 15);
    expect(attacker.cookie).toBe('');

    // The owner, from their own address, still signs in.
    const owner = t.client();
    const ok = await signInFrom(owner, '198.51.100.20', 'ada@example.com', TEST_PASSWORD);
    expect(ok.errors).toBeUndefined();
    expect(ok.data.signIn.id).toBeTruthy();
  });

  it('starts the account+address count again after a successful sign-in', async () => {
    await using t = await startTestKiln('pglite', { KILN_TRUST_PROXY: '1' });
    await signUp(t, 'bo@example.com');
    const c = t.client();
    for (let round = 0; round < 2; round++) {
      await failTimes(c, '203.0.113.8', 'bo@example.com', 9);
      const ok = await signInFrom(c, '203.0.113.8', 'bo@example.com', TEST_PASSWORD);
      expect(ok.errors).toBeUndefined();
    }
  });

  it('refuses an account after 50 failures an hour spread over many addresses', async () => {
    await using t = await startTestKiln('pglite', { KILN_TRUST_PROXY: '1' });
    await signUp(t, 'cy@example.com');
    const attacker = t.client();
    for (let a = 1; a <= 5; a++) await failTimes(attacker, `203.0.113.${a}`, 'cy@example.com', 10);

    const owner = t.client();
    expectRateLimited(await signInFrom(owner, '198.51.100.21', 'cy@example.com', TEST_PASSWORD), 60);
  });

  it('refuses an address after 100 failures an hour over many accounts, and only that address', async () => {
    await using t = await startTestKiln('pglite', { KILN_TRUST_PROXY: '1' });
    await signUp(t, 'di@example.com');
    const attacker = t.client();
    for (let n = 0; n < 10; n++) await failTimes(attacker, '203.0.113.9', `guess${n}@example.com`, 10);

    expectRateLimited(await signInFrom(attacker, '203.0.113.9', 'di@example.com', TEST_PASSWORD), 60);
    const owner = t.client();
    const ok = await signInFrom(owner, '198.51.100.22', 'di@example.com', TEST_PASSWORD);
    expect(ok.errors).toBeUndefined();
  });

  it.runIf(withPostgres)(
    'shares the counts between two Kiln servers on one PostgreSQL database',
    async () => {
      await using t = await startTestKiln('postgres', { KILN_TRUST_PROXY: '1' });
      const dataDir = mkdtempSync(join(tmpdir(), 'kiln-test-second-'));
      const second = await startKiln(
        loadConfig({
          PORT: '0',
          HOST: '127.0.0.1',
          KILN_DATA_DIR: dataDir,
          DATABASE_URL: t.databaseUrl!,
          KILN_WORKERS: '0',
          KILN_TRUST_PROXY: '1',
          NODE_ENV: 'test',
        }),
        { log: () => {} },
      );
      try {
        await signUp(t, 'eve@example.com');
        const onFirst = t.client();
        const onSecond = new Client(() => second.port);
        await failTimes(onFirst, '203.0.113.10', 'eve@example.com', 5);
        await failTimes(onSecond, '203.0.113.10', 'eve@example.com', 5);

        expectRateLimited(await signInFrom(onSecond, '203.0.113.10', 'eve@example.com', TEST_PASSWORD), 15);
        expectRateLimited(await signInFrom(onFirst, '203.0.113.10', 'eve@example.com', TEST_PASSWORD), 15);

        // The counters are rows in PostgreSQL, keyed by hashes: no e-mail or address is stored.
        const db = new pg.Client({ connectionString: t.databaseUrl });
        await db.connect();
        const { rows } = await db.query(`SELECT key, points FROM ${RATE_LIMIT_TABLE}`);
        await db.end();
        expect(rows.length).toBeGreaterThanOrEqual(3);
        expect(rows.map((r) => r.points)).toContain(10);
        expect(JSON.stringify(rows)).not.toMatch(/eve|203\.0\.113/);
      } finally {
        await second.close();
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
  );
});

describe('mail and sign-up limits', () => {
  it('sends at most 3 reset mails an hour to one address, answers the same after that, and logs it', async () => {
    await using t = await startTestKiln('pglite');
    const { client: owner, id } = await signUp(t, 'fay@example.com');
    const anon = t.client();
    for (let i = 0; i < 5; i++) {
      const res = await anon.gql(`mutation { requestPasswordReset(email: "fay@example.com") }`);
      expect(res.errors).toBeUndefined();
      expect(res.data.requestPasswordReset).toBe(true);
    }
    const resets = (await mailsTo(owner)).filter((m) => m.subject === 'Reset your Kiln password');
    expect(resets).toHaveLength(3);
    const notSent = t.logs.filter((l) => l.startsWith('account mail not sent'));
    expect(notSent).toHaveLength(2);
    expect(notSent[0]).toContain(id);
    expect(notSent.join('\n')).not.toContain('fay@example.com');
  });

  it('sends at most 3 verification mails an hour, counting the one sent at sign-up', async () => {
    await using t = await startTestKiln('pglite');
    const { client } = await signUp(t, 'gus@example.com');
    for (let i = 0; i < 4; i++) {
      const res = await client.gql(`mutation { resendVerification }`);
      expect(res.data.resendVerification).toBe(true);
    }
    const mails = (await mailsTo(client)).filter((m) => m.subject === 'Confirm your e-mail for Kiln');
    expect(mails).toHaveLength(3);
  });

  it('refuses the 11th sign-up an hour from one address with 429, and not other addresses', async () => {
    await using t = await startTestKiln('pglite', { KILN_TRUST_PROXY: '1', KILN_SIGNUP_LIMIT: '10' });
    for (let i = 0; i < 10; i++) {
      const res = await gqlFrom(t.client(), '203.0.113.11', SIGN_UP, {
        e: `u${i}@example.com`,
        p: 'long enough',
      });
      expect(res.errors).toBeUndefined();
    }
    const refused = await gqlFrom(t.client(), '203.0.113.11', SIGN_UP, {
      e: 'u10@example.com',
      p: 'long enough',
    });
    expect(refused.status).toBe(429);
    expect(refused.errors?.[0]?.message).toBe(
      'Too many accounts were created from your network. Try again in 60 minutes.',
    );
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3500);
    const elsewhere = await gqlFrom(t.client(), '198.51.100.23', SIGN_UP, {
      e: 'u10@example.com',
      p: 'long enough',
    });
    expect(elsewhere.errors).toBeUndefined();
  });
});

describe('sign-up without account enumeration', () => {
  it('answers a sign-up for an existing e-mail like a new one, without a session, and mails the owner', async () => {
    await using t = await startTestKiln('pglite');
    const { client: owner, id: ownerId } = await signUp(t, 'hal@example.com', { password: 'owner password' });

    const fresh = t.client();
    const created = await fresh.send('POST', '/graphql', {
      body: { query: SIGN_UP, variables: { e: 'hal@other.example', p: 'some password', n: 'Hal' } },
    });
    const attacker = t.client();
    const taken = await attacker.send('POST', '/graphql', {
      body: { query: SIGN_UP, variables: { e: 'HAL@example.com', p: 'some password', n: 'Hal' } },
    });
    // The same status and the same shape; only the new account gets a session.
    expect(taken.status).toBe(created.status);
    const a = taken.json<{ data: { signUp: Record<string, unknown> }; errors?: unknown }>();
    const b = created.json<{ data: { signUp: Record<string, unknown> } }>();
    expect(a.errors).toBeUndefined();
    expect(Object.keys(a.data.signUp)).toEqual(Object.keys(b.data.signUp));
    expect(a.data.signUp).toMatchObject({
      email: 'HAL@example.com',
      displayName: 'Hal',
      role: 'CREATOR',
      status: 'UNVERIFIED',
      username: 'hal-3', // what a new account would get: hal and hal-2 are taken
    });
    expect(b.data.signUp.username).toBe('hal-2');
    expect(a.data.signUp.id).not.toBe(ownerId);
    expect(taken.headers['set-cookie']).toBeUndefined();
    expect(created.headers['set-cookie']).toBeDefined();
    expect((await attacker.gql('{ me { id } }')).data.me).toBeNull();

    const mails = await mailsTo(owner);
    expect(mails[0]).toMatchObject({
      to: 'hal@example.com',
      subject: 'Someone tried to create a Kiln account with your address',
    });
    expect(mails[0]!.text).toContain(
      `Someone tried to create a Kiln account with this address. If it was you, sign in or reset your password: http://localhost:${t.kiln.port}/login or http://localhost:${t.kiln.port}/forgot-password`,
    );

    // Nothing about the account changed: the attacker's password does not open it, the owner's does.
    expect((await t.client().gql(SIGN_IN, { e: 'hal@example.com', p: 'some password' })).status).toBe(401);
    expect(
      (await t.client().gql(SIGN_IN, { e: 'hal@example.com', p: 'owner password' })).errors,
    ).toBeUndefined();
  });
});

describe('default organisation', () => {
  it("puts a project created without organizationId in the caller's own workspace, not one they joined", async () => {
    await using t = await startTestKiln('pglite', { KILN_WORKERS: '0' });
    const a = await signUp(t, 'ann@example.com');
    const b = await signUp(t, 'ben@example.com');
    const orgs = async (c: Client) =>
      (await c.gql('{ organizations { id personal role credits { balance } } }')).data.organizations as {
        id: string;
        personal: boolean;
        role: string;
        credits: { balance: number };
      }[];
    const aPersonal = (await orgs(a.client)).find((o) => o.personal)!;
    const bPersonal = (await orgs(b.client)).find((o) => o.personal)!;

    // Ann invites Ben into her personal workspace as EDITOR.
    const invite = await a.client.gql(
      `mutation($o: ID!) { inviteMember(organizationId: $o, email: "ben@example.com", role: "EDITOR") { acceptUrl } }`,
      { o: aPersonal.id },
    );
    const token = invite.data.inviteMember.acceptUrl.split('/').pop();
    const accepted = await b.client.gql(`mutation($t: String!) { acceptInvitation(token: $t) { id } }`, {
      t: token,
    });
    expect(accepted.data.acceptInvitation.id).toBe(aPersonal.id);
    // Ben's own workspace is listed first (the builder selects the first).
    expect((await orgs(b.client))[0]!.id).toBe(bPersonal.id);

    const created = await b.client.gql(
      `mutation { createProject(prompt: "A todo list app") { id organizationId } }`,
    );
    expect(created.errors).toBeUndefined();
    expect(created.data.createProject.organizationId).toBe(bPersonal.id);
    const projectId = created.data.createProject.id;
    const after = await orgs(b.client);
    expect(after.find((o) => o.id === bPersonal.id)!.credits.balance).toBeLessThan(bPersonal.credits.balance);
    expect(after.find((o) => o.id === aPersonal.id)!.credits.balance).toBe(aPersonal.credits.balance);
    const listed = await b.client.gql('{ projects { id } }');
    expect(listed.data.projects.map((p: { id: string }) => p.id)).toEqual([projectId]);

    // A personal workspace keeps its owner, so it stays Ann's default.
    const transfer = await a.client.gql(
      `mutation($o: ID!, $u: ID!) { transferOwnership(organizationId: $o, userId: $u) }`,
      { o: aPersonal.id, u: b.id },
    );
    expect(transfer.status).toBe(400);
    expect(transfer.errors?.[0]?.message).toBe(
      'A personal workspace stays with the person it belongs to: its owner cannot change.',
    );
  });
});

describe('input hygiene', () => {
  it('refuses control characters in any string argument with a validation error naming the field', async () => {
    await using t = await startTestKiln('pglite', { KILN_WORKERS: '0' });
    const { client } = await signUp(t, 'ivy@example.com');
    const refused = async (query: string, variables: Record<string, unknown>, field: string) => {
      const res = await client.gql(query, variables);
      expect(res.status).toBe(400);
      expect(res.errors?.[0]?.extensions?.code).toBe('validation');
      expect(res.errors?.[0]?.message).toBe(`${field} must not contain control characters.`);
    };
    const createOrg = `mutation($n: String!) { createOrganization(name: $n) { id } }`;
    await refused(createOrg, { n: 'Acme\u0000' }, 'name');
    await refused(createOrg, { n: 'Acme \u001b[31mred' }, 'name');
    await refused(createOrg, { n: 'Acme\u007f' }, 'name');
    await refused(createOrg, { n: 'Acme\u0085' }, 'name');
    await refused(`mutation { createOrganization(name: "Ac\\u0000me") { id } }`, {}, 'name');
    await refused(
      `mutation($p: String!) { createProject(prompt: $p) { id } }`,
      { p: 'A todo\u0000 app' },
      'prompt',
    );
    const orgs = (await client.gql('{ organizations { id } }')).data.organizations;
    expect(orgs).toHaveLength(1); // nothing was created

    // Tabs and line breaks are fine in a prompt.
    const { id: projectId } = await createProject(client, 'A todo list app\n\twith due dates\r\n');
    await refused(
      `mutation($id: ID!, $t: String!) { sendMessage(projectId: $id, text: $t) { id } }`,
      { id: projectId, t: 'Make it blue\u0007' },
      'text',
    );
    await refused(
      `mutation($id: ID!, $c: [DesignSystemColorInput!]) { updateDesignSystem(projectId: $id, tailwindConfig: "", colors: $c) { id } }`,
      { id: projectId, c: [{ name: 'brand\u0000', value: '#ff0000' }] },
      'name',
    );
    await refused(`query($id: ID!) { project(id: $id) { id } }`, { id: `${projectId}\u0000` }, 'id');
    expect(t.logs.filter((l) => l.startsWith('graphql resolver failed'))).toEqual([]);
  });

  it('writes control characters in log lines escaped, message and extra alike', () => {
    const line = logLine(
      'preview error for \u0000user\u001b[2J',
      { message: 'boom\u0000\u001b[31m\u0085', filePath: 'app/page.tsx' },
      false,
    );
    expect(hasControlCharacters(line)).toBe(false);
    expect(line).toContain('[kiln] preview error for \\u0000user\\u001b[2J');
    expect(line).toContain('boom\\u0000\\u001b[31m\\u0085');
    expect(logLine('failed', new Error('bad \u0000 name'), false)).toBe(
      '[kiln] failed Error: bad \\u0000 name',
    );
    expect(logLine('failed', new Error('bad \u0000 name'), true)).toContain('Error: bad \\u0000 name');
    // A line break in user data cannot start a line that looks like the server's own.
    expect(logLine('mail text\n[kiln] admin signed in', undefined, false)).toBe(
      '[kiln] mail text\n  [kiln] admin signed in',
    );
  });
});
