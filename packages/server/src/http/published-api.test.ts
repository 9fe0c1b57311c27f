import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { isKilnError } from '@kiln/core';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FunctionRequest } from '../functions/index';
import type { LiveApp } from '../hosting/index';
import { leanPublishedApi } from './published-api';
import { limitBody } from './security';

const MAX = 1024;
const limit = (path: string) => ({ max: path.startsWith('/api/') ? MAX : 16, utf8: false });
const live = (visibility: string) =>
  ({ projectId: 'p1', revisionId: 'r1', visibility }) as unknown as LiveApp;

/** A published app's shape: the body limit, another `/api/` route, then the functions route. */
function setUp() {
  const calls: FunctionRequest[] = [];
  const app = new Hono();
  const bodyLimit = limitBody(limit);
  app.use(bodyLimit);
  app.post('/api/db/:id', (c) => c.text('db route'));
  const functions = () => new Response('through hono');
  app.all('/api/*', functions);
  const lean = leanPublishedApi({
    app,
    handlers: new Set<unknown>([bodyLimit, functions]),
    peek: (slug) => (slug === 'public' ? live('PUBLIC') : slug === 'private' ? live('PRIVATE') : undefined),
    bodyLimit: limit,
    invoke: async (_live, req) => {
      calls.push(req);
      return Response.json({ bytes: req.body?.byteLength ?? null, path: req.path });
    },
    errorResponse: (err) =>
      Response.json(
        { error: isKilnError(err) ? err.kind : 'internal' },
        { status: isKilnError(err) ? 413 : 500 },
      ),
  });
  const server = serve({
    port: 0,
    hostname: '127.0.0.1',
    fetch: (req, env) => lean(req, env, req.headers.get('x-slug') ?? '') ?? app.fetch(req, env),
  });
  return { calls, server };
}

let t: ReturnType<typeof setUp>;
let port = 0;
beforeAll(async () => {
  t = setUp();
  await new Promise<void>((r) => t.server.once('listening', r));
  port = (t.server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((r) => t.server.close(() => r())));

/** Sends `chunks` as a chunked body (no Content-Length), so the limit is met while the body streams. */
function send(
  method: string,
  path: string,
  headers: Record<string, string>,
  chunks: Buffer[] = [],
): Promise<{ status: number | 'reset'; text: string }> {
  return new Promise((resolve) => {
    // A fresh connection each: a request cut at the limit ends its connection.
    const req = request({ host: '127.0.0.1', port, method, path, headers, agent: false }, (res) => {
      let text = '';
      res.on('data', (d) => (text += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
    });
    req.on('error', () => resolve({ status: 'reset', text: '' }));
    for (const chunk of chunks) req.write(chunk);
    req.end();
  });
}

describe('a published app function call outside Hono', () => {
  it('takes an anonymous call to a public app in memory, with its body and query', async () => {
    const res = await send('POST', '/api/todos?done=1', { 'x-slug': 'public' }, [Buffer.alloc(10, 'a')]);
    expect(res).toEqual({ status: 200, text: JSON.stringify({ bytes: 10, path: '/api/todos?done=1' }) });
    const empty = await send('POST', '/api/todos', { 'x-slug': 'public' });
    expect(JSON.parse(empty.text)).toEqual({ bytes: 0, path: '/api/todos' });
    expect((await send('GET', '/api/todos', { 'x-slug': 'public' })).text).toContain('"bytes":null');
  });

  it('cuts a streamed body over the limit with 413 without reading it whole', async () => {
    const before = t.calls.length;
    const chunks = Array.from({ length: 64 }, () => Buffer.alloc(64 * 1024));
    const res = await send('POST', '/api/todos', { 'x-slug': 'public' }, chunks);
    expect([413, 'reset']).toContain(res.status);
    const declared = await send('POST', '/api/todos', { 'x-slug': 'public', 'content-length': '5000' });
    expect([413, 'reset']).toContain(declared.status);
    expect(t.calls.length).toBe(before);
  });

  it('leaves to Hono another route, a private or unknown app, a signed-in visitor and HEAD', async () => {
    expect((await send('POST', '/api/db/x', { 'x-slug': 'public' })).text).toBe('db route');
    expect((await send('POST', '/api/todos', { 'x-slug': 'private' })).text).toBe('through hono');
    expect((await send('POST', '/api/todos', { 'x-slug': 'unknown' })).text).toBe('through hono');
    const signedIn = { 'x-slug': 'public', cookie: 'authjs.session-token=abc' };
    expect((await send('POST', '/api/todos', signedIn)).text).toBe('through hono');
    expect((await send('HEAD', '/api/todos', { 'x-slug': 'public' })).status).toBe(200);
    expect((await send('GET', '/page', { 'x-slug': 'public' })).status).toBe(404);
  });
});
