/**
 * `writePage` (a published page written straight to Node's response) answers exactly as `fastPage` (the same
 * page as a Fetch Response through @hono/node-server) does — status, headers and bytes — and leaves every
 * request it must not answer to the routes. Two real HTTP servers, one per path, asked the same requests.
 */
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDocument } from './build';
import type { LiveApp } from './live-apps';
import { fastPage, writePage } from './serve';

/** What the routes would answer: the status a request gets when neither fast path takes it. */
const ROUTES = 599;

const apps = new Map<string, LiveApp | null>();
const live = { peek: (slug: string) => apps.get(slug), get: async (slug: string) => apps.get(slug) ?? null };

let direct: Server;
let viaFetch: Server;
beforeAll(async () => {
  const document = await buildDocument(`<!doctype html><title>Home</title>${'<p>todo</p>'.repeat(400)}`);
  const about = await buildDocument('<!doctype html><title>About</title><p>prerendered</p>');
  const base = {
    projectId: 'p',
    revisionId: 'r',
    deploymentId: 'd',
    accessTokenHash: null,
    chunks: new Map(),
  };
  apps.set('shop', {
    ...base,
    slug: 'shop',
    visibility: 'PUBLIC',
    document,
    pages: new Map([['/about', about]]),
  });
  apps.set('secret', { ...base, slug: 'secret', visibility: 'PRIVATE', document, pages: new Map() });
  apps.set('gone', null);
  const slugOf = (host: string | undefined) => (host ?? '').split('.')[0] ?? '';
  direct = createServer((req, res) => {
    if (writePage(live, slugOf(req.headers.host), req, res)) return;
    res.writeHead(ROUTES).end();
  });
  const listener = getRequestListener(async (req, env) => {
    const page = await fastPage(live, slugOf(req.headers.get('host') ?? undefined), req, env?.incoming);
    return page ?? new Response(null, { status: ROUTES });
  });
  viaFetch = createServer((req, res) => void listener(req, res));
  await Promise.all([direct, viaFetch].map((s) => new Promise<void>((r) => s.listen(0, '127.0.0.1', r))));
});
afterAll(() => Promise.all([direct, viaFetch].map((s) => new Promise((r) => s.close(r)))));

interface Sent {
  status: number;
  headers: Record<string, unknown>;
  body: Buffer;
}

/** One raw request (`path` is sent as the request target as it is, absolute forms included). */
function send(server: Server, method: string, path: string, headers: Record<string, string>): Promise<Sent> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: (server.address() as AddressInfo).port,
        method,
        path,
        headers,
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const { date: _date, connection: _c, 'keep-alive': _k, ...rest } = res.headers;
          resolve({ status: res.statusCode ?? 0, headers: rest, body: Buffer.concat(chunks) });
        });
      },
    );
    req.on('error', reject);
    req.end();
  });
}

const host = 'shop.apps.localhost';

describe('writePage', () => {
  it.each([
    ['plain', 'GET', '/', {}],
    ['brotli', 'GET', '/', { 'accept-encoding': 'gzip, deflate, br' }],
    ['gzip only', 'GET', '/todos/1', { 'accept-encoding': 'gzip' }],
    ['brotli refused', 'GET', '/', { 'accept-encoding': 'br;q=0, gzip' }],
    ['a prerendered page', 'GET', '/about', { 'accept-encoding': 'br' }],
    ['its trailing slash', 'GET', '/about/', {}],
    ['a query: the plain document', 'GET', '/about?tab=2', {}],
    ['HEAD', 'HEAD', '/', { 'accept-encoding': 'br' }],
  ] as const)('answers %s as fastPage does', async (_name, method, path, extra) => {
    const a = await send(direct, method, path, { host, ...extra });
    const b = await send(viaFetch, method, path, { host, ...extra });
    expect(a.status).toBe(200);
    expect(a).toEqual(b);
  });

  it('answers 304 to a request holding the ETag, as fastPage does', async () => {
    const { headers } = await send(direct, 'GET', '/', { host });
    const etag = headers.etag as string;
    expect(etag).toMatch(/^"[\w-]{43}"$/);
    for (const ifNoneMatch of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      const a = await send(direct, 'GET', '/', { host, 'if-none-match': ifNoneMatch });
      expect(a.status).toBe(304);
      expect(a.body.length).toBe(0);
      expect(a).toEqual(await send(viaFetch, 'GET', '/', { host, 'if-none-match': ifNoneMatch }));
    }
    expect((await send(direct, 'GET', '/', { host, 'if-none-match': '"other"' })).status).toBe(200);
  });

  it.each([
    ['a POST', 'POST', '/', host],
    ['a function', 'GET', '/api/todos', host],
    ['a runtime asset', 'GET', '/_kiln/runtime.js', host],
    ['a preview helper page', 'GET', '/~~error', host],
    ['an absolute-form target', 'GET', `http://${host}/`, host],
    ['a private app', 'GET', '/', 'secret.apps.localhost'],
    ['an unknown app', 'GET', '/', 'gone.apps.localhost'],
    ['an app not in memory yet', 'GET', '/', 'new.apps.localhost'],
  ] as const)('leaves %s to the routes', async (_name, method, path, to) => {
    expect((await send(direct, method, path, { host: to })).status).toBe(ROUTES);
  });
});
