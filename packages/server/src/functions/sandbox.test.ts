/**
 * The functions sandbox against a real Deno process: what a caller of `/api/…` sees, the database round trip,
 * and that the code inside can reach nothing of the machine.
 */

import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type FunctionSource, FunctionsSandbox, type SqlHandler } from './index';

const API = 'apps/web/src/app/api';
// Long enough for a function to fill 64 MB on a loaded machine (1.5 s answered 504 instead of the 500 under test).
const TIMEOUT_MS = 3000;
const sandbox = new FunctionsSandbox({ timeoutMs: TIMEOUT_MS, memoryMb: 64 });
afterAll(() => sandbox.close());

const noSql: SqlHandler = async () => {
  throw new Error('no database in this test');
};

async function call(
  appKey: string,
  sources: readonly FunctionSource[],
  method: string,
  path: string,
  options: { body?: unknown; sql?: SqlHandler; on?: FunctionsSandbox } = {},
) {
  const body = options.body === undefined ? null : new TextEncoder().encode(JSON.stringify(options.body));
  const response = await (options.on ?? sandbox).invoke(
    appKey,
    sources,
    { method, path, headers: body ? { 'content-type': 'application/json' } : {}, body },
    { sql: options.sql ?? noSql },
  );
  const text = new TextDecoder().decode(response.body);
  return { status: response.status, headers: response.headers, text, json: () => JSON.parse(text) };
}

function route(path: string, code: string): FunctionSource {
  return { filePath: `${API}/${path}/route.ts`, code };
}

/** A route that reports what each attempt to reach outside the sandbox did. */
function probe(code: string): FunctionSource[] {
  return [
    route(
      'probe',
      `export async function GET() {
        try { return { ok: await (async () => { ${code} })() }; }
        catch (e) { return { denied: e.name + ': ' + e.message }; }
      }`,
    ),
  ];
}

const pidRoute = route('pid', 'export const GET = () => ({ pid: Deno.pid });');

describe('requests and responses', () => {
  const todos = [
    route(
      'todos',
      `export async function GET(request: Request) {
         const url = new URL(request.url);
         return Response.json({ todos: [], q: url.searchParams.get('q') }, { headers: { 'x-kind': 'list' } });
       }
       export async function POST(request: Request) {
         const todo = await request.json();
         return new Response(JSON.stringify({ created: todo }), { status: 201, headers: { 'content-type': 'application/json' } });
       }`,
    ),
    route(
      'todos/[id]',
      `export function GET(_request: Request, { params }: { params: { id: string } }) { return { id: params.id }; }`,
    ),
    route('todos/new', 'export const GET = () => ({ page: "new" });'),
    route('any', 'export async function handler(request: Request) { return { method: request.method }; }'),
    route('fail', 'export function GET() { throw new Error("Todo list is broken"); }'),
    route('empty', 'export function DELETE() {}'),
    pidRoute,
  ];

  it('runs GET with the query and the handler’s own status and headers', async () => {
    const res = await call('req', todos, 'GET', '/api/todos?q=milk');
    expect(res.status).toBe(200);
    expect(res.headers['x-kind']).toBe('list');
    expect(res.json()).toEqual({ todos: [], q: 'milk' });
  });

  it('runs POST with a JSON body', async () => {
    const res = await call('req', todos, 'POST', '/api/todos', { body: { title: 'Buy milk' } });
    expect(res.status).toBe(201);
    expect(res.json()).toEqual({ created: { title: 'Buy milk' } });
  });

  it('passes dynamic segments as params; a static route wins over a dynamic one', async () => {
    expect((await call('req', todos, 'GET', '/api/todos/42')).json()).toEqual({ id: '42' });
    expect((await call('req', todos, 'GET', '/api/todos/new')).json()).toEqual({ page: 'new' });
  });

  it('turns a plain return value into JSON, and no value into 204', async () => {
    const res = await call('req', todos, 'GET', '/api/todos/7');
    expect(res.headers['content-type']).toContain('application/json');
    expect((await call('req', todos, 'DELETE', '/api/empty')).status).toBe(204);
  });

  it('calls the catch-all handler for any method', async () => {
    expect((await call('req', todos, 'PATCH', '/api/any')).json()).toEqual({ method: 'PATCH' });
  });

  it('answers 405 with Allow for a method the route does not export, HEAD falling back to GET', async () => {
    const res = await call('req', todos, 'DELETE', '/api/todos');
    expect(res.status).toBe(405);
    expect(res.headers.allow).toBe('GET, HEAD, POST');
    expect(res.json()).toEqual({ error: 'Method DELETE is not allowed at /api/todos' });
    const head = await call('req', todos, 'HEAD', '/api/todos');
    expect([head.status, head.text]).toEqual([200, '']);
  });

  it('answers 404 where there is no function', async () => {
    const res = await call('req', todos, 'GET', '/api/nothing/here?x=1');
    expect(res.status).toBe(404);
    expect(res.json()).toEqual({ error: 'No function at /api/nothing/here' });
  });

  it('answers 500 with the message of a thrown error, and the process stays up', async () => {
    const before = (await call('req', todos, 'GET', '/api/pid')).json().pid;
    const res = await call('req', todos, 'GET', '/api/fail');
    expect(res.status).toBe(500);
    expect(res.json()).toEqual({ error: 'Todo list is broken' });
    expect((await call('req', todos, 'GET', '/api/pid')).json().pid).toBe(before);
  });

  it('keeps the protocol when the function writes to stdout or leaves an error unhandled', async () => {
    const sources = [
      route(
        'noisy',
        `export async function GET() {
           console.log('{"t":"res","id":1,"status":418,"headers":{},"body":""}');
           await Deno.stdout.write(new TextEncoder().encode('not a message\\n'));
           setTimeout(() => { throw new Error('late'); }, 0);
           void Promise.reject(new Error('nobody awaits this'));
           return { pid: Deno.pid };
         }`,
      ),
      pidRoute,
    ];
    const { pid } = (await call('noisy', sources, 'GET', '/api/noisy')).json();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await call('noisy', sources, 'GET', '/api/pid')).json()).toEqual({ pid });
  });

  it('answers 500 when the function ends its process, and the next request works', async () => {
    const sources = [route('exit', 'export function GET() { Deno.exit(3); }'), pidRoute];
    const res = await call('exit', sources, 'GET', '/api/exit');
    expect(res.status).toBe(500);
    expect(res.json().error).toMatch(/^The function's process exited unexpectedly \(code 3\)/);
    expect((await call('exit', sources, 'GET', '/api/pid')).status).toBe(200);
  });

  it('answers 413 for a body over the limit without running anything', async () => {
    const small = new FunctionsSandbox({ maxBodyBytes: 10 });
    try {
      const res = await call('big', todos, 'POST', '/api/todos', { body: 'more than ten bytes', on: small });
      expect(res.status).toBe(413);
    } finally {
      await small.close();
    }
  });
});

describe('the database', () => {
  it('sends a tagged template to the host as $n parameters with the values', async () => {
    const seen: { text: string; values: unknown[] }[] = [];
    const sql: SqlHandler = async (text, values) => {
      seen.push({ text, values });
      return [{ id: values[0], title: 'Buy milk' }];
    };
    const sources = [
      route(
        'todos/[id]',
        `import sql from '@/app/api/utils/sql';
         export async function GET(_req: Request, { params }: { params: { id: string } }) {
           const rows = await sql\`SELECT * FROM todos WHERE id = \${Number(params.id)} AND owner = \${'ann'}\`;
           const direct = await sql('SELECT count(*) FROM todos WHERE done = $1', [true]);
           return { rows, direct };
         }`,
      ),
    ];
    const res = await call('db', sources, 'GET', '/api/todos/42', { sql });
    expect(res.json()).toEqual({
      rows: [{ id: 42, title: 'Buy milk' }],
      direct: [{ id: true, title: 'Buy milk' }],
    });
    expect(seen).toEqual([
      { text: 'SELECT * FROM todos WHERE id = $1 AND owner = $2', values: [42, 'ann'] },
      { text: 'SELECT count(*) FROM todos WHERE done = $1', values: [true] },
    ]);
  });

  it('rejects the query inside the function with the host’s error message', async () => {
    const sql: SqlHandler = async () => {
      throw new Error('relation "todos" does not exist');
    };
    const sources = [
      route(
        'todos',
        `import sql from '../utils/sql';
         export async function GET() {
           try { await sql\`SELECT 1 FROM todos\`; return { ok: true }; }
           catch (e) { return { caught: (e as Error).message }; }
         }`,
      ),
    ];
    expect((await call('db-error', sources, 'GET', '/api/todos', { sql })).json()).toEqual({
      caught: 'relation "todos" does not exist',
    });
  });
});

describe('imports', () => {
  it('resolves relative and @/ imports among the app’s sources', async () => {
    const sources = [
      route(
        'totals',
        `import { sum } from '../lib/math';
         import { label } from '@/app/api/lib/label';
         export const GET = () => ({ total: label(sum([1, 2, 3])) });`,
      ),
      {
        filePath: `${API}/lib/math.ts`,
        code: 'export const sum = (xs: number[]): number => xs.reduce((a, b) => a + b, 0);',
      },
      { filePath: `${API}/lib/label.ts`, code: "export const label = (n: number) => 'total: ' + n;" },
    ];
    expect((await call('imports', sources, 'GET', '/api/totals')).json()).toEqual({ total: 'total: 6' });
  });

  it('fails a route whose import is not among the sources with a 500 naming the module; others still work', async () => {
    const sources = [
      route('lodash', `import _ from 'lodash'; export const GET = () => _.sum([1]);`),
      route(
        'fs',
        `import { readFileSync } from 'node:fs'; export const GET = () => readFileSync('/etc/passwd', 'utf8');`,
      ),
      route('missing', `import { x } from './nowhere'; export const GET = () => x;`),
      route('fine', 'export const GET = () => ({ fine: true });'),
    ];
    const lodash = await call('forbidden', sources, 'GET', '/api/lodash');
    expect(lodash.status).toBe(500);
    expect(lodash.json()).toEqual({ error: 'Module "lodash" is not available in functions' });
    expect((await call('forbidden', sources, 'GET', '/api/fs')).json()).toEqual({
      error: 'Module "node:fs" is not available in functions',
    });
    expect((await call('forbidden', sources, 'GET', '/api/missing')).json()).toEqual({
      error: 'Module "./nowhere" is not available in functions',
    });
    expect((await call('forbidden', sources, 'GET', '/api/fine')).json()).toEqual({ fine: true });
  });

  it('gives route handlers written for Next.js their next/server: NextResponse.json, redirect, nextUrl', async () => {
    const sources = [
      route(
        'next',
        `import { NextResponse, type NextRequest } from 'next/server';
         export async function GET(request: NextRequest) {
           const q = request.nextUrl.searchParams.get('q');
           return NextResponse.json({ q }, { status: 202 });
         }
         export async function POST() { return NextResponse.redirect('https://example.com/done'); }`,
      ),
    ];
    const got = await call('next', sources, 'GET', '/api/next?q=kiln');
    expect(got.status).toBe(202);
    expect(got.json()).toEqual({ q: 'kiln' });
    const redirected = await call('next', sources, 'POST', '/api/next');
    expect(redirected.status).toBe(307);
    expect(redirected.headers.location).toBe('https://example.com/done');
  });
});

describe('nothing of the machine is reachable', () => {
  it('cannot read /etc/passwd', async () => {
    const res = await call(
      'deny-read',
      probe(`return await Deno.readTextFile('/etc/passwd');`),
      'GET',
      '/api/probe',
    );
    expect(res.json().denied).toMatch(/^NotCapable: Requires read access to "\/etc\/passwd"/);
    expect(res.text).not.toContain('root:');
  });

  it('cannot write a file, not even in its own working directory', async () => {
    const target = join(tmpdir(), `kiln-functions-write-probe-${process.pid}`);
    const write = (path: string) =>
      call(
        'deny-write',
        probe(`await Deno.writeTextFile(${JSON.stringify(path)}, 'x'); return 'written';`),
        'GET',
        '/api/probe',
      );
    expect((await write(target)).json().denied).toBe(
      `NotCapable: Requires write access to "${target}", run again with the --allow-write flag`,
    );
    expect(existsSync(target)).toBe(false);
    expect((await write('here.txt')).json().denied).toMatch(
      /^NotCapable: Requires write access to "here\.txt"/,
    );
  });

  it('cannot read the environment', async () => {
    const res = await call('deny-env', probe(`return Deno.env.toObject();`), 'GET', '/api/probe');
    expect(res.json().denied).toMatch(/^NotCapable: Requires env access/);
    const one = await call('deny-env', probe(`return Deno.env.get('PATH');`), 'GET', '/api/probe');
    expect(one.json().denied).toMatch(/^NotCapable: Requires env access to "PATH"/);
  });

  describe('a local HTTP server', () => {
    let server: Server;
    let hits = 0;
    beforeAll(async () => {
      server = createServer((_req, res) => {
        hits++;
        res.end('secret');
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    });
    afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

    it('cannot be reached by Deno itself, and fetch goes only to the host (none here) (and sees no request)', async () => {
      const { port } = server.address() as AddressInfo;
      const res = await call(
        'deny-net',
        probe(`return await (await fetch('http://127.0.0.1:${port}/')).text();`),
        'GET',
        '/api/probe',
      );
      // fetch is the harness's bridge to the host (functions/outbound.ts); this sandbox was given no handler.
      expect(res.json().denied).toBe('TypeError: Outbound requests are not available here');
      const socket = await call(
        'deny-net',
        probe(
          `const c = await Deno.connect({ hostname: '127.0.0.1', port: ${port} }); c.close(); return 'open';`,
        ),
        'GET',
        '/api/probe',
      );
      expect(socket.json().denied).toMatch(
        new RegExp(`^NotCapable: Requires net access to "127.0.0.1:${port}"`),
      );
      expect(hits).toBe(0);
    });
  });

  it('cannot start a subprocess', async () => {
    const res = await call(
      'deny-run',
      probe(
        `return new TextDecoder().decode((await new Deno.Command('/bin/sh', { args: ['-c', 'id'] }).output()).stdout);`,
      ),
      'GET',
      '/api/probe',
    );
    expect(res.json().denied).toMatch(/^NotCapable: Requires run access to "\/bin\/sh"/);
  });
});

describe('limits and recycling', () => {
  const sources = [
    route('spin', 'export function GET() { while (true) {} }'),
    route(
      'hog',
      'const kept: number[][] = []; export function GET() { for (;;) kept.push(new Array(1e6).fill(1.5)); }',
    ),
    route(
      'buffers',
      'const kept: Uint8Array[] = []; export function GET() { for (;;) kept.push(new Uint8Array(16 << 20).fill(1)); }',
    ),
    route('ok', 'export const GET = () => ({ ok: true });'),
    pidRoute,
  ];

  it('answers 504 to an endless loop after the timeout, and the next request works in a new process', async () => {
    const before = (await call('spin', sources, 'GET', '/api/pid')).json().pid;
    const started = Date.now();
    const res = await call('spin', sources, 'GET', '/api/spin');
    expect(res.status).toBe(504);
    expect(res.json()).toEqual({ error: `Function timed out after ${TIMEOUT_MS}ms` });
    expect(Date.now() - started).toBeLessThan(TIMEOUT_MS + 1000);
    expect((await call('spin', sources, 'GET', '/api/ok')).json()).toEqual({ ok: true });
    expect((await call('spin', sources, 'GET', '/api/pid')).json().pid).not.toBe(before);
  });

  it('answers 500 when the heap runs out, and the next request works', async () => {
    const res = await call('hog', sources, 'GET', '/api/hog');
    expect(res.status).toBe(500);
    expect(res.json()).toEqual({ error: 'Function ran out of memory (limit 64 MB)' });
    expect((await call('hog', sources, 'GET', '/api/ok')).json()).toEqual({ ok: true });
  });

  it('answers 500 when memory outside the heap (ArrayBuffers) grows past the cap, and the next request works', async () => {
    const res = await call('buffers', sources, 'GET', '/api/buffers');
    expect(res.status).toBe(500);
    expect(res.json()).toEqual({ error: 'Function ran out of memory (limit 64 MB)' });
    expect((await call('buffers', sources, 'GET', '/api/ok')).json()).toEqual({ ok: true });
  });
});

describe('memory grown after the response', () => {
  it('stops a process whose background work passes the resident cap while idle, and the next request works', async () => {
    // 25 × 16 MB outside the heap, 10 ms apart, after the answer: past the cap (2 × 64 + 128 MB) while no request
    // is in flight. Bounded, so that without the watchdog the process idles at 400 MB instead of growing on.
    const sources = [
      route(
        'later',
        `const kept: Uint8Array[] = [];
         export function GET() {
           const timer = setInterval(() => { kept.push(new Uint8Array(16 << 20).fill(1)); if (kept.length >= 25) clearInterval(timer); }, 10);
           return { pid: Deno.pid };
         }`,
      ),
      pidRoute,
    ];
    const { pid } = (await call('later', sources, 'GET', '/api/later')).json();
    await vi.waitFor(() => expect(() => process.kill(pid, 0)).toThrow(), { timeout: 5000, interval: 50 });
    const next = await call('later', sources, 'GET', '/api/pid');
    expect(next.status).toBe(200);
    expect(next.json().pid).not.toBe(pid);
  });
});

describe('work left running after the response', () => {
  it('is stopped once it has used the timeout in CPU time, and the next request works', async () => {
    // 1 s: long enough for the next request's fresh process to start on a loaded machine (300 ms answered 504).
    const quick = new FunctionsSandbox({ timeoutMs: 1000 });
    try {
      const sources = [
        route(
          'spin-later',
          'export function GET() { setTimeout(() => { for (;;) {} }, 0); return { pid: Deno.pid }; }',
        ),
        pidRoute,
      ];
      const { pid } = (await call('spin-later', sources, 'GET', '/api/spin-later', { on: quick })).json();
      // 1 s of CPU; more wall time on a busy machine.
      await vi.waitFor(() => expect(() => process.kill(pid, 0)).toThrow(), { timeout: 20_000, interval: 50 });
      const next = await call('spin-later', sources, 'GET', '/api/pid', { on: quick });
      expect(next.status).toBe(200);
      expect(next.json().pid).not.toBe(pid);
    } finally {
      await quick.close();
    }
  });

  it('a process that merely waits between requests is kept', async () => {
    const sources = [
      route(
        'tick',
        'let ticks = 0; setInterval(() => { ticks++; }, 5); export const GET = () => ({ pid: Deno.pid, ticks });',
      ),
    ];
    const first = (await call('tick', sources, 'GET', '/api/tick')).json();
    await vi.waitFor(
      async () =>
        expect((await call('tick', sources, 'GET', '/api/tick')).json().ticks).toBeGreaterThan(
          first.ticks + 100,
        ),
      { timeout: 10_000, interval: 200 },
    );
    expect((await call('tick', sources, 'GET', '/api/tick')).json().pid).toBe(first.pid);
  });
});

describe('processes', () => {
  it('serves concurrent requests to one app from one process, each with its own answer', async () => {
    const sources = [
      route(
        'wait/[ms]',
        `export async function GET(_r: Request, { params }: { params: { ms: string } }) {
           await new Promise((resolve) => setTimeout(resolve, Number(params.ms)));
           return { ms: Number(params.ms), pid: Deno.pid };
         }`,
      ),
    ];
    await call('concurrent', sources, 'GET', '/api/wait/0');
    const delays = [400, 300, 200, 100, 0];
    const finished: number[] = [];
    const started = Date.now();
    const results = await Promise.all(
      delays.map(async (ms) => {
        const res = (await call('concurrent', sources, 'GET', `/api/wait/${ms}`)).json();
        finished.push(res.ms);
        return res;
      }),
    );
    expect(results.map((r) => r.ms)).toEqual(delays);
    expect(finished).toEqual([0, 100, 200, 300, 400]);
    expect(new Set(results.map((r) => r.pid)).size).toBe(1);
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('runs different apps in different processes, and new sources for an app in a new process', async () => {
    const a = (await call('app-a', [pidRoute], 'GET', '/api/pid')).json().pid;
    const b = (await call('app-b', [pidRoute], 'GET', '/api/pid')).json().pid;
    expect(a).not.toBe(b);
    expect((await call('app-a', [pidRoute], 'GET', '/api/pid')).json().pid).toBe(a);
    const changed = [pidRoute, route('other', 'export const GET = () => 1;')];
    expect((await call('app-a', changed, 'GET', '/api/pid')).json().pid).not.toBe(a);
  });

  it('keeps at most maxProcesses processes, stopping the least recently used', async () => {
    const small = new FunctionsSandbox({ maxProcesses: 2 });
    try {
      const pid = async (app: string) =>
        (await call(app, [pidRoute], 'GET', '/api/pid', { on: small })).json().pid;
      const first = await pid('one');
      await pid('two');
      await pid('three');
      // Killed at once; gone once the operating system has reaped it.
      await vi.waitFor(() => expect(() => process.kill(first, 0)).toThrow());
      expect(await pid('one')).not.toBe(first);
    } finally {
      await small.close();
    }
  });

  it('close() kills every process', async () => {
    const own = new FunctionsSandbox();
    const pids = await Promise.all(
      ['x', 'y'].map(async (app) => (await call(app, [pidRoute], 'GET', '/api/pid', { on: own })).json().pid),
    );
    for (const pid of pids) expect(() => process.kill(pid, 0)).not.toThrow();
    await own.close();
    for (const pid of pids) expect(() => process.kill(pid, 0)).toThrow();
    await expect(call('x', [pidRoute], 'GET', '/api/pid', { on: own })).rejects.toThrow(/closed/);
  });

  it('measures a cold first request and warm requests', async () => {
    const own = new FunctionsSandbox();
    try {
      const sources = [route('hello', 'export const GET = () => ({ hello: "world" });')];
      // The harness build and the private directory are once per sandbox: warm them with another app.
      await call('warm-up', sources, 'GET', '/api/hello', { on: own });
      let started = performance.now();
      expect((await call('cold', sources, 'GET', '/api/hello', { on: own })).status).toBe(200);
      const cold = performance.now() - started;
      const warm: number[] = [];
      for (let i = 0; i < 20; i++) {
        started = performance.now();
        await call('cold', sources, 'GET', '/api/hello', { on: own });
        warm.push(performance.now() - started);
      }
      warm.sort((x, y) => x - y);
      console.log(
        `functions sandbox: cold first request ${cold.toFixed(1)} ms (new Deno process + bundle), warm median ${warm[10]?.toFixed(2)} ms`,
      );
    } finally {
      await own.close();
    }
  });
});
