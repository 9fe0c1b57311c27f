/**
 * Issue 19, "functions that reach the world", over the real HTTP server: project secrets (EDITOR+ to set, never
 * returned, separate values for the preview and the published app) read by functions as `process.env`; their
 * `fetch` through Kiln's egress guard (an upstream server the test starts, allowed by KILN_EGRESS_ALLOW_HOSTS;
 * loopback refused with the guard's sentence); and the function log (`project.logs`) with the request, console
 * output and calls per branch, secret values masked. One generation by a scripted model (and a duplicate of it) serves every case.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type ScriptedModelServer, startScriptedModelServer } from '@kiln/codegen/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Client,
  generatedProject,
  joinAsMember,
  publish,
  scriptedModelEnv,
  settledRevision,
  signUp,
  startTestKiln,
  type TestKiln,
  waitFor,
} from './harness';

const SECRET = 'sk_live_do-not-leak-4242';
const PUBLISHED_SECRET = 'sk_live_published-only-9191';

const reply = (upstream: string) => `A weather probe.
<kiln:file path="apps/web/src/app/page.tsx" type="PAGE">
export default function HomePage() {
  return <main className="p-6"><h1>Weather</h1></main>;
}
</kiln:file>
<kiln:file path="apps/web/src/app/api/weather/route.ts" type="FUNCTION">
export async function GET() {
  console.log('asking the weather service with', process.env.WEATHER_KEY);
  console.warn('a warning', { n: 1 });
  const res = await fetch('${upstream}/forecast?city=Oslo', {
    headers: { authorization: 'Bearer ' + process.env.WEATHER_KEY },
  });
  return Response.json({ upstream: await res.json(), status: res.status, env: Object.keys(process.env).sort() });
}
</kiln:file>
<kiln:file path="apps/web/src/app/api/loopback/route.ts" type="FUNCTION">
export async function GET() {
  try {
    await fetch('http://127.0.0.1:9/');
    return Response.json({ fetched: 'reached' });
  } catch (e) {
    console.error('the loopback call failed:', String(e));
    return Response.json({ fetched: String(e) });
  }
}
</kiln:file>
`;

let t: TestKiln;
let model: ScriptedModelServer;
let upstream: Server;
const upstreamSaw: IncomingHttpHeaders[] = [];
let owner: Client;
let viewer: Client;
let visitor: Client;
let projectId: string;
let otherProjectId: string;
let revisionId: string;
let otherAppHost: string;
let appHost: string;
let token: string;

const setSecret = (c: Client, name: string, value: string, environment?: string, project = projectId) =>
  c.gql(
    `mutation($p: ID!, $n: String!, $v: String!, $e: String) {
       setProjectSecret(projectId: $p, name: $n, value: $v, environment: $e) { name environment updatedAt setBy { displayName } }
     }`,
    { p: project, n: name, v: value, e: environment ?? 'ALL' },
  );

const logs = async (c: Client, branch?: string, project = projectId) => {
  const res = await c.gql(
    `query($p: ID!, $b: String) { project(id: $p) { logs(branch: $b, limit: 100) { branch level source message method path status durationMs } } }`,
    { p: project, b: branch ?? null },
  );
  expect(res.errors).toBeUndefined();
  return res.data.project.logs as {
    branch: string;
    level: string;
    source: string;
    message: string;
    status: number | null;
  }[];
};

const published = (path: string, host = appHost) => visitor.send('GET', path, { host });
const preview = (path: string) =>
  owner.send('GET', `/sandbox/api/${revisionId}${path.slice('/api'.length)}`, {
    host: `${projectId}.preview.localhost`,
    headers: { 'x-kiln-sandbox-token': token },
  });

beforeAll(async () => {
  upstream = createServer((req, res) => {
    upstreamSaw.push(req.headers);
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ city: new URL(req.url ?? '/', 'http://x').searchParams.get('city'), temp: 21 }));
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  const upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
  model = await startScriptedModelServer([
    { reply: reply(upstreamUrl) },
    { reply: 'The map needs a key.\n<kiln:secret name="MAPS_KEY">For the map tiles.</kiln:secret>' },
    { reply: 'The map is ready.' },
  ]);
  t = await startTestKiln('pglite', {
    ...scriptedModelEnv(model),
    KILN_EGRESS_ALLOW_HOSTS: new URL(upstreamUrl).host,
  });
  ({ client: owner } = await signUp(t, 'owner@example.com'));
  const org = (await owner.gql(`mutation { createOrganization(name: "Weather Co") { id } }`)).data
    .createOrganization.id as string;
  ({ client: viewer } = await joinAsMember(t, owner, org, 'viewer@example.com', { role: 'VIEWER' }));
  visitor = t.client();
  const a = await generatedProject(owner, 'A weather app', { organizationId: org, timeoutMs: 60_000 });
  expect(a.revision.status).toBe('VALID');
  projectId = a.id;
  revisionId = a.revision.id;
  appHost = new URL((await publish(owner, a.id)).url).hostname;
  token = a.sandboxToken;
  // The other app: a duplicate (same functions, no generation), which inherits none of the secrets.
  const copy = await owner.gql(`mutation($id: ID!) { duplicateProject(projectId: $id) { id } }`, {
    id: a.id,
  });
  otherProjectId = copy.data.duplicateProject.id as string;
  otherAppHost = new URL((await publish(owner, otherProjectId)).url).hostname;
}, 120_000);

afterAll(async () => {
  await t?.[Symbol.asyncDispose]();
  await model?.[Symbol.asyncDispose]();
  await new Promise<void>((resolve) => (upstream ? upstream.close(() => resolve()) : resolve()));
});

describe('project secrets', () => {
  it('are set by an EDITOR+, listed by name with who set them, and never returned', async () => {
    const set = await setSecret(owner, 'WEATHER_KEY', SECRET);
    expect(set.errors).toBeUndefined();
    expect(set.data.setProjectSecret).toMatchObject({
      name: 'WEATHER_KEY',
      environment: 'ALL',
      setBy: { displayName: expect.any(String) },
    });
    const refused = await setSecret(viewer, 'WEATHER_KEY', 'viewer-value');
    expect(refused.errors?.[0]?.extensions?.code).toBe('forbidden');
    const bad = await setSecret(owner, 'not a name', 'x');
    expect(bad.errors?.[0]?.message).toContain('letters, digits and underscores');
    const reserved = await setSecret(owner, 'NODE_ENV', 'x');
    expect(reserved.errors?.[0]?.message).toBe(
      'NODE_ENV is set by Kiln for every function and cannot be a secret.',
    );
    const listed = await viewer.gql(
      `query($p: ID!) { project(id: $p) { secrets { name environment updatedAt setBy { id displayName } } } }`,
      { p: projectId },
    );
    expect(listed.data.project.secrets.map((s: { name: string }) => s.name)).toEqual(['WEATHER_KEY']);
    expect(JSON.stringify(listed)).not.toContain(SECRET);
  });

  it('reach the function as process.env, with the published value only on the published app', async () => {
    expect((await setSecret(owner, 'WEATHER_KEY', PUBLISHED_SECRET, 'PUBLISHED')).errors).toBeUndefined();
    upstreamSaw.length = 0;
    const dev = await preview('/api/weather');
    expect(dev.status).toBe(200);
    expect(dev.json()).toEqual({
      upstream: { city: 'Oslo', temp: 21 },
      status: 200,
      env: ['NODE_ENV', 'WEATHER_KEY'],
    });
    const live = await published('/api/weather');
    expect(live.status).toBe(200);
    expect(live.json()).toMatchObject({ upstream: { city: 'Oslo', temp: 21 } });
    expect(upstreamSaw.map((h) => h.authorization)).toEqual([
      `Bearer ${SECRET}`,
      `Bearer ${PUBLISHED_SECRET}`,
    ]);
  });

  it("of one app are invisible to another app's functions", async () => {
    const other = await published('/api/weather', otherAppHost);
    expect(other.json<{ env: string[] }>().env).toEqual(['NODE_ENV']);
    expect(other.text).not.toContain(SECRET);
  });

  it('are deleted per environment, and then the ALL value applies again', async () => {
    const gone = await owner.gql(
      `mutation($p: ID!) { deleteProjectSecret(projectId: $p, name: "WEATHER_KEY", environment: "PUBLISHED") }`,
      { p: projectId },
    );
    expect(gone.data.deleteProjectSecret).toBe(true);
    upstreamSaw.length = 0;
    await published('/api/weather');
    expect(upstreamSaw[0]?.authorization).toBe(`Bearer ${SECRET}`);
  });
});

describe("functions' fetch", () => {
  it("is refused for loopback with the egress guard's sentence, never Deno's permission error", async () => {
    const res = await published('/api/loopback');
    expect(res.json<{ fetched: string }>().fetched).toBe(
      "TypeError: Outbound request refused by Kiln's egress guard: 127.0.0.1 is a loopback address.",
    );
  });
});

describe('function logs', () => {
  it('hold each request, its console output and its calls, per branch, newest first, secrets masked', async () => {
    const main = await logs(owner, 'main');
    expect(main.every((l) => l.branch === 'main')).toBe(true);
    const loopback = main.find(
      (l) => l.source === 'REQUEST' && l.message.startsWith('GET /api/loopback 200'),
    );
    expect(loopback).toMatchObject({ level: 'INFO', status: 200 });
    expect(main).toContainEqual(
      expect.objectContaining({
        level: 'ERROR',
        source: 'FETCH',
        message:
          "fetch GET http://127.0.0.1:9/ failed: Outbound request refused by Kiln's egress guard: 127.0.0.1 is a loopback address.",
      }),
    );
    expect(main).toContainEqual(
      expect.objectContaining({
        level: 'ERROR',
        source: 'CONSOLE',
        message: expect.stringContaining('the loopback call failed'),
      }),
    );
    expect(main).toContainEqual(expect.objectContaining({ level: 'WARN', message: 'a warning { n: 1 }' }));
    expect(main).toContainEqual(
      expect.objectContaining({
        level: 'INFO',
        source: 'FETCH',
        message: expect.stringMatching(/forecast\?city=Oslo → 200/),
      }),
    );
    const dev = await logs(owner, 'development');
    expect(dev.length).toBeGreaterThan(0);
    expect(dev.every((l) => l.branch === 'development')).toBe(true);
    expect(dev).toContainEqual(
      expect.objectContaining({ message: 'asking the weather service with [secret WEATHER_KEY]' }),
    );
    // Both branches without `branch`; a VIEWER reads them too; nothing of the secrets anywhere.
    const all = await logs(viewer);
    expect(all.length).toBe(main.length + dev.length);
    const text = JSON.stringify(all);
    expect(text).not.toContain(SECRET);
    expect(text).not.toContain(PUBLISHED_SECRET);
    // The other app's log holds only its own request.
    const other = await logs(owner, undefined, otherProjectId);
    expect(other.some((l) => l.message.includes('/api/loopback'))).toBe(false);
  });

  it('never reach the server log or the model with a secret value', async () => {
    const server = t.logs.join('\n');
    expect(server).not.toContain(SECRET);
    expect(JSON.stringify(model.requests)).not.toContain(SECRET);
  });
  it('are deleted once older than the retention (KILN_LOG_RETENTION_DAYS, default 7 days)', async () => {
    expect((await logs(owner)).length).toBeGreaterThan(0);
    await t.kiln.backend.logs.prune(new Date(Date.now() + 6 * 24 * 60 * 60 * 1000));
    expect((await logs(owner)).length).toBeGreaterThan(0);
    await t.kiln.backend.logs.prune(new Date(Date.now() + 8 * 24 * 60 * 60 * 1000));
    expect(await logs(owner)).toEqual([]);
  });
});

describe('save secret and continue', () => {
  it('shows the secret the answer asked for, saves it, and continues with its name only', async () => {
    const sent = await owner.gql(
      `mutation($p: ID!) { sendMessage(projectId: $p, text: "Add a map") { id } }`,
      {
        p: projectId,
      },
    );
    expect(sent.errors).toBeUndefined();
    await settledRevision(owner, projectId, { timeoutMs: 30_000 });
    const { data } = await owner.gql(
      `query($id: ID!) { project(id: $id) { messages { role text blocks { kind name reason } } } }`,
      { id: projectId },
    );
    const answer = data.project.messages.at(-1);
    expect(answer.role).toBe('assistant');
    expect(answer.blocks).toContainEqual({ kind: 'secret', name: 'MAPS_KEY', reason: 'For the map tiles.' });
    expect(answer.text).not.toContain('kiln:secret');

    const viewerTry = await viewer.gql(
      `mutation($p: ID!) { saveSecretAndContinue(projectId: $p, name: "MAPS_KEY", value: "viewer") { id } }`,
      { p: projectId },
    );
    expect(viewerTry.errors?.[0]?.extensions?.code).toBe('forbidden');
    const saved = await owner.gql(
      `mutation($p: ID!, $v: String!) { saveSecretAndContinue(projectId: $p, name: "MAPS_KEY", value: $v) { id } }`,
      { p: projectId, v: 'maps-value-31337' },
    );
    expect(saved.errors).toBeUndefined();
    await waitFor(async () => model.requests.length >= 3, 30_000);
    await settledRevision(owner, projectId, { timeoutMs: 30_000 });
    const continued = model.requests[2];
    expect(JSON.stringify(continued?.messages)).toContain('I saved the secret MAPS_KEY');
    expect(JSON.stringify(model.requests)).not.toContain('maps-value-31337');
    const after = await owner.gql(
      `query($id: ID!) { project(id: $id) { secrets { name } messages { text } } }`,
      { id: projectId },
    );
    expect(after.data.project.secrets.map((x: { name: string }) => x.name)).toContain('MAPS_KEY');
    expect(JSON.stringify(after.data)).not.toContain('maps-value-31337');
    expect(t.logs.join('\n')).not.toContain('maps-value-31337');
  });
});
