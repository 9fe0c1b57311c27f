/**
 * Issue 13, "functions isolated from each other": one app's function cannot read what another app's stored, cannot
 * fill the disk through the storage APIs, cannot learn the host's layout, and a server killed with `kill -9` leaves
 * no sandbox folder behind for long. Every test runs real Deno processes.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { type FunctionRequest, type FunctionSource, FunctionsSandbox, type SqlHandler } from './index';

const API = 'apps/web/src/app/api';
const root = mkdtempSync(join(tmpdir(), 'kiln-fn-isolation-'));
const sandbox = new FunctionsSandbox({ tempRoot: root, timeoutMs: 5000, memoryMb: 64 });
afterAll(async () => {
  await sandbox.close();
  rmSync(root, { recursive: true, force: true });
});

const noSql: SqlHandler = async () => [];

function route(path: string, code: string): FunctionSource {
  return { filePath: `${API}/${path}/route.ts`, code };
}

/** GET `path`, or POST it `body` as JSON. */
async function get(
  appKey: string,
  sources: readonly FunctionSource[],
  path: string,
  on = sandbox,
  body?: unknown,
) {
  const request: FunctionRequest =
    body === undefined
      ? { method: 'GET', path, headers: {}, body: null }
      : {
          method: 'POST',
          path,
          headers: { 'content-type': 'application/json' },
          body: new TextEncoder().encode(JSON.stringify(body)),
        };
  const response = await on.invoke(appKey, sources, request, { sql: noSql });
  const text = new TextDecoder().decode(response.body);
  return { status: response.status, text, json: () => JSON.parse(text) };
}

/** A route that runs each named snippet and reports its value, or the error it threw. */
function probes(snippets: Record<string, string>): FunctionSource[] {
  const body = Object.entries(snippets)
    .map(
      ([name, code]) =>
        `try { out[${JSON.stringify(name)}] = { ok: await (async () => { ${code} })() }; }
         catch (e) { out[${JSON.stringify(name)}] = { denied: e.name + ': ' + e.message }; }`,
    )
    .join('\n');
  return [
    route(
      'probe',
      `export async function GET() { const out: Record<string, unknown> = {}; ${body}; return out; }`,
    ),
  ];
}

/** Every file below `dir`, with its size. */
function filesBelow(dir: string): { path: string; bytes: number }[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => {
      const path = join(entry.parentPath, entry.name);
      return { path, bytes: statSync(path).size };
    });
}

const storageMessage = (name: string) =>
  `Error: ${name} is not available in Kiln functions: use the database (sql) instead`;

describe('storage is not shared between apps', () => {
  it('app B (another project) cannot read what app A wrote to localStorage or the Cache API', async () => {
    const secret = 'org-a-session-token-5f2c';
    const write = probes({
      localStorage: `localStorage.setItem('token', '${secret}'); return localStorage.getItem('token');`,
      sessionStorage: `sessionStorage.setItem('token', '${secret}'); return sessionStorage.getItem('token');`,
      caches: `const cache = await caches.open('c'); await cache.put('http://localhost/token', new Response('${secret}'));
               return await (await cache.match('http://localhost/token')).text();`,
    });
    const read = probes({
      localStorage: `return localStorage.getItem('token');`,
      sessionStorage: `return sessionStorage.getItem('token');`,
      caches: `const cache = await caches.open('c'); return (await (await cache.match('http://localhost/token'))?.text()) ?? null;`,
    });
    const a = await get('project-a:rev-1', write, '/api/probe');
    const b = await get('project-b:rev-1', read, '/api/probe');
    expect(b.text).not.toContain(secret);
    for (const name of ['localStorage', 'sessionStorage', 'caches']) {
      expect(a.json()[name]).toEqual({ denied: storageMessage(name) });
      expect(b.json()[name]).toEqual({ denied: storageMessage(name) });
    }
  });

  it('indexedDB answers with the same clear error', async () => {
    const res = await get('idb', probes({ indexedDB: 'return indexedDB.open("x");' }), '/api/probe');
    expect(res.json().indexedDB).toEqual({ denied: storageMessage('indexedDB') });
  });

  it('refuses a large Cache API write, and nothing of it reaches the disk', async () => {
    const res = await get(
      'cache-bomb',
      probes({
        put: `const cache = await caches.open('bomb');
              await cache.put('http://localhost/big', new Response(new Uint8Array(32 << 20).fill(7)));
              return 'stored';`,
      }),
      '/api/probe',
    );
    expect(res.json().put).toEqual({ denied: storageMessage('caches') });
    const written = filesBelow(root).reduce((sum, file) => sum + file.bytes, 0);
    expect(written).toBeLessThan(8 << 20);
  });

  it('importing many modules made at run time leaves nothing on disk', async () => {
    const res = await get(
      'module-bomb',
      probes({
        imported: `const big = 'x'.repeat(100_000);
                   for (let i = 0; i < 40; i++) {
                     await import('data:text/javascript,' + encodeURIComponent('export const s' + i + ' = "' + big + '";'));
                   }
                   return 40;`,
      }),
      '/api/probe',
    );
    expect(res.json().imported).toEqual({ ok: 40 });
    const written = filesBelow(root).reduce((sum, file) => sum + file.bytes, 0);
    expect(written).toBeLessThan(1 << 20);
  });

  it('a Worker, whose realm would have its own storage APIs, cannot be started', async () => {
    const res = await get(
      'worker',
      probes({
        worker: `const w = new Worker('data:text/javascript,postMessage(typeof caches)', { type: 'module' });
                 return await new Promise((resolve) => { w.onmessage = (e) => resolve(e.data); });`,
      }),
      '/api/probe',
    );
    expect(res.json().worker).toEqual({ denied: 'NotCapable: Worker is not available in Kiln functions' });
  });

  it('gives each app’s process its own Deno directory, where the runtime cannot keep storage either', async () => {
    const pid = route('pid', 'export const GET = () => ({ pid: Deno.pid });');
    const pids = [
      (await get('dir-a', [pid], '/api/pid')).json().pid,
      (await get('dir-b', [pid], '/api/pid')).json().pid,
    ];
    const denoDirs = pids.map((p: number) => {
      const environ = readFileSync(`/proc/${p}/environ`, 'utf8');
      return environ
        .split('\0')
        .find((entry) => entry.startsWith('DENO_DIR='))
        ?.slice('DENO_DIR='.length);
    });
    expect(denoDirs[0]).toBeTruthy();
    expect(denoDirs[1]).toBeTruthy();
    expect(denoDirs[0]).not.toBe(denoDirs[1]);
    for (const dir of denoDirs) {
      expect(dir?.startsWith(`${root}/`)).toBe(true);
      // Deno keeps localStorage and the Cache API under location_data: a file there leaves it nowhere to write.
      expect(statSync(join(dir as string, 'location_data')).isDirectory()).toBe(false);
    }
    // New sources for app A: a new process, a new folder; the old one goes with the old process.
    const changed = [pid, route('other', 'export const GET = () => 1;')];
    expect((await get('dir-a', changed, '/api/pid')).json().pid).not.toBe(pids[0]);
    await vi.waitFor(() => expect(existsSync(denoDirs[0] as string)).toBe(false));
  });
});

describe('the host’s layout is not told', () => {
  it('Deno.execPath, Deno.ppid, Deno.cwd, Deno.mainModule and Deno’s internals are withheld', async () => {
    const res = await get(
      'layout',
      probes({
        execPath: 'return Deno.execPath();',
        ppid: 'return Deno.ppid;',
        cwd: 'return Deno.cwd();',
        mainModule: 'return Deno.mainModule;',
        internals: 'return typeof Deno[Deno.internal];',
        stack: 'return new Error("where am I").stack;',
      }),
      '/api/probe',
    );
    const out = res.json();
    expect(out.execPath).toEqual({ denied: 'NotCapable: Deno.execPath is not available in Kiln functions' });
    expect(out.ppid).toEqual({ denied: 'NotCapable: Deno.ppid is not available in Kiln functions' });
    expect(out.cwd).toEqual({ denied: 'NotCapable: Deno.cwd is not available in Kiln functions' });
    expect(out.mainModule).toEqual({
      denied: 'NotCapable: Deno.mainModule is not available in Kiln functions',
    });
    expect(out.internals).toEqual({ ok: 'undefined' });
    // Nothing in the answer names the server's process, the Deno binary or the sandbox's folders.
    expect(res.text).not.toContain('node_modules');
    expect(res.text).not.toContain(root);
    expect(res.text).not.toContain(tmpdir());
    expect(res.text).not.toMatch(new RegExp(`\\b${process.pid}\\b`));
  });

  it('the machine’s name, release, interfaces, load, memory, user and environment are denied', async () => {
    const res = await get(
      'sys',
      probes({
        hostname: 'return Deno.hostname();',
        osRelease: 'return Deno.osRelease();',
        networkInterfaces: 'return Deno.networkInterfaces();',
        loadavg: 'return Deno.loadavg();',
        systemMemoryInfo: 'return Deno.systemMemoryInfo();',
        osUptime: 'return Deno.osUptime();',
        uid: 'return Deno.uid();',
        env: 'return Deno.env.toObject();',
      }),
      '/api/probe',
    );
    const out = res.json();
    for (const name of [
      'hostname',
      'osRelease',
      'networkInterfaces',
      'loadavg',
      'systemMemoryInfo',
      'osUptime',
      'uid',
    ]) {
      expect(out[name]).toEqual({
        denied: `NotCapable: Requires sys access to "${name}", run again with the --allow-sys flag`,
      });
    }
    expect(out.env.denied).toMatch(/^NotCapable: Requires env access/);
  });

  it('Deno.pid is only the process’s own number, the same one the host sees', async () => {
    // Kept on purpose: it names the function's own process and nothing of the host's layout.
    const res = await get('pid-only', probes({ pid: 'return Deno.pid;' }), '/api/probe');
    expect(res.json().pid).toEqual({ ok: expect.any(Number) });
    expect(res.json().pid.ok).not.toBe(process.pid);
  });
});

describe('what the permission flags do not deny is withheld too', () => {
  it('Node’s process holds only env (issue 19), and built-in modules imported by a name computed at run time are refused', async () => {
    const res = await get(
      'node',
      probes({
        processKeys: 'return Object.keys(process);',
        processExecPath: "return process.execPath ?? 'none';",
        processPpid: "return globalThis.process.ppid ?? 'none';",
        processEnv: 'return { ...process.env };',
        processReplaced: "globalThis.process = { env: { HOME: '/' } }; return process.env.HOME ?? 'none';",
        nodeProcess: `const name = 'node:' + 'process'; return (await import(name)).default.execPath;`,
        workerThreads: `const name = ['node', 'worker_threads'].join(':'); return typeof (await import(name)).Worker;`,
        nodeModule: `const name = 'node:' + 'module'; return typeof (await import(name)).createRequire;`,
      }),
      '/api/probe',
    );
    const out = res.json();
    expect(out.processKeys).toEqual({ ok: ['env'] });
    expect(out.processExecPath).toEqual({ ok: 'none' });
    expect(out.processPpid).toEqual({ ok: 'none' });
    // Nothing of the server's environment: only what the host sends (here nothing).
    expect(out.processEnv).toEqual({ ok: {} });
    expect(out.processReplaced.ok ?? 'none').toBe('none');
    expect(out.nodeProcess).toEqual({ denied: 'Error: Module "node:process" is not available in functions' });
    expect(out.workerThreads).toEqual({
      denied: 'Error: Module "node:worker_threads" is not available in functions',
    });
    expect(out.nodeModule).toEqual({ denied: 'Error: Module "node:module" is not available in functions' });
    expect(res.text).not.toContain('node_modules');
  });

  it('every Node built-in the installed Deno offers is refused at run time, but the harness’s async_hooks', async () => {
    // Asked of Deno itself, so a Deno upgrade that adds a built-in fails here until the import map has it.
    const deno = join(
      dirname(createRequire(import.meta.url).resolve('@deno/linux-x64-glibc/package.json')),
      'deno',
    );
    const listed = spawnSync(
      deno,
      ['eval', 'import m from "node:module"; console.log(JSON.stringify(m.builtinModules))'],
      {
        encoding: 'utf8',
        env: { NO_COLOR: '1', DENO_DIR: join(root, 'list-builtins'), DENO_NO_UPDATE_CHECK: '1' },
      },
    );
    const names = (JSON.parse(listed.stdout) as string[]).map((name) =>
      name.startsWith('node:') ? name : `node:${name}`,
    );
    expect(names.length).toBeGreaterThan(60);
    const res = await get(
      'builtins',
      [
        route(
          'builtins',
          `export async function POST(request: Request) {
             const out: Record<string, string> = {};
             for (const name of await request.json()) {
               try { await import(name); out[name] = 'loaded'; } catch (e) { out[name] = (e as Error).message; }
             }
             return out;
           }`,
        ),
      ],
      '/api/builtins',
      sandbox,
      names,
    );
    const expected = Object.fromEntries(
      names.map((name) => [
        name,
        name === 'node:async_hooks' ? 'loaded' : `Module "${name}" is not available in functions`,
      ]),
    );
    expect(res.json()).toEqual(expected);
  });

  it('a module made at run time cannot import a file of the machine (file reads stay denied)', async () => {
    const res = await get(
      'runtime-import',
      probes({
        json: `const code = 'import x from "file://${process.cwd()}/package.json" with { type: "json" }; export default x;';
               return (await import('data:text/javascript,' + encodeURIComponent(code))).default;`,
        text: `const code = 'import x from "file:///etc/passwd" with { type: "text" }; export default x;';
               return (await import('data:text/javascript,' + encodeURIComponent(code))).default;`,
        computed: `const path = 'file:///etc/' + 'passwd'; return await import(path);`,
      }),
      '/api/probe',
    );
    const out = res.json();
    expect(out.json.denied).toMatch(/^TypeError: Requires read access to ".*\/package\.json"/);
    expect(out.text.denied).toMatch(/^TypeError: Requires read access to "\/etc\/passwd"/);
    expect(out.computed.denied).toMatch(/^TypeError: Requires read access to "\/etc\/passwd"/);
    expect(res.text).not.toContain('root:');
  });
});

describe('one app’s code cannot see another’s', () => {
  it('the same route in two apps runs each app’s own code, and a global set by one is absent in the other', async () => {
    const a = [
      route(
        'who',
        `(globalThis as any).leak = 'from A'; export const GET = () => ({ app: 'A', leak: (globalThis as any).leak });`,
      ),
    ];
    const b = [
      route('who', `export const GET = () => ({ app: 'B', leak: (globalThis as any).leak ?? null });`),
    ];
    expect((await get('cross-a', a, '/api/who')).json()).toEqual({ app: 'A', leak: 'from A' });
    expect((await get('cross-b', b, '/api/who')).json()).toEqual({ app: 'B', leak: null });
    expect((await get('cross-a', a, '/api/who')).json()).toEqual({ app: 'A', leak: 'from A' });
  });
});

describe('the default memory limit', () => {
  it('stops a memory bomb at 128 MB, and the app’s next request works', async () => {
    const own = new FunctionsSandbox({ tempRoot: root });
    try {
      const sources = [
        route(
          'hog',
          'const kept: number[][] = []; export function GET() { for (;;) kept.push(new Array(1e6).fill(1.5)); }',
        ),
        route('ok', 'export const GET = () => ({ ok: true });'),
      ];
      const res = await get('hog-128', sources, '/api/hog', own);
      expect(res.status).toBe(500);
      expect(res.json()).toEqual({ error: 'Function ran out of memory (limit 128 MB)' });
      expect((await get('hog-128', sources, '/api/ok', own)).json()).toEqual({ ok: true });
    } finally {
      await own.close();
    }
  });
});

describe('sandbox folders', () => {
  const hello = [route('hello', 'export const GET = () => ({ hello: "world" });')];

  /** A pid no process has: a child that has exited and been reaped. */
  async function deadPid(): Promise<number> {
    const child = spawn(process.execPath, ['-e', '']);
    await once(child, 'exit');
    return child.pid as number;
  }

  it('are all under one parent; a leftover of a dead process is removed when a sandbox starts, a live one’s is kept', async () => {
    const parent = mkdtempSync(join(tmpdir(), 'kiln-fn-leftovers-'));
    const alive: ChildProcess = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)']);
    let own: FunctionsSandbox | null = null;
    try {
      const dead = join(parent, `${await deadPid()}-crashed`);
      const live = join(parent, `${alive.pid}-running`);
      const other = join(parent, 'notes');
      for (const dir of [dead, live, other]) {
        mkdirSync(join(dir, 'deno'), { recursive: true });
        writeFileSync(join(dir, 'deno', 'file'), 'x');
      }
      own = new FunctionsSandbox({ tempRoot: parent });
      // At start, before any request.
      const mine = () => readdirSync(parent).filter((name) => name.startsWith(`${process.pid}-`));
      await vi.waitFor(() => expect(mine()).toHaveLength(1));
      expect(existsSync(dead)).toBe(false);
      expect(existsSync(live)).toBe(true);
      expect(existsSync(other)).toBe(true);
      expect((await get('leftovers', hello, '/api/hello', own)).json()).toEqual({ hello: 'world' });
      const folder = join(parent, mine()[0] as string);
      await own.close();
      expect(existsSync(folder)).toBe(false);
    } finally {
      alive.kill('SIGKILL');
      await own?.close();
      rmSync(parent, { recursive: true, force: true });
    }
  });

  it('refuses a parent that is a symbolic link, with a clear error', async () => {
    const parent = mkdtempSync(join(tmpdir(), 'kiln-fn-link-'));
    const link = join(parent, 'kiln-functions');
    symlinkSync(parent, link);
    const own = new FunctionsSandbox({ tempRoot: link });
    try {
      await expect(get('linked', hello, '/api/hello', own)).rejects.toThrow(
        `The functions folder ${link} is not a directory of this user; remove it or choose another.`,
      );
    } finally {
      await own.close();
      rmSync(parent, { recursive: true, force: true });
    }
  });

  it('of a server killed with kill -9 are removed when the next sandbox starts', async () => {
    const parent = mkdtempSync(join(tmpdir(), 'kiln-fn-killed-'));
    const index = join(dirname(fileURLToPath(import.meta.url)), 'index.ts');
    const script = `
      import(${JSON.stringify(index)}).then(async ({ FunctionsSandbox }) => {
        const sandbox = new FunctionsSandbox({ tempRoot: ${JSON.stringify(parent)} });
        const res = await sandbox.invoke('app', [{ filePath: 'apps/web/src/app/api/x/route.ts', code: 'export const GET = () => 1;' }],
          { method: 'GET', path: '/api/x', headers: {}, body: null }, { sql: async () => [] });
        console.log('answered ' + res.status);
        setInterval(() => {}, 1000);
      });`;
    // The server is this very process's code in another Node process (tsx loads the TypeScript), killed at once.
    const server = spawn(process.execPath, ['--import', 'tsx', '-e', script], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let own: FunctionsSandbox | null = null;
    try {
      let output = '';
      server.stdout?.on('data', (chunk: Buffer) => {
        output += chunk.toString();
      });
      await vi.waitFor(() => expect(output).toContain('answered 200'), { timeout: 20_000, interval: 50 });
      const left = readdirSync(parent);
      expect(left).toEqual([expect.stringMatching(new RegExp(`^${server.pid}-`))]);
      expect(filesBelow(parent).length).toBeGreaterThan(0);
      server.kill('SIGKILL');
      await once(server, 'exit');
      expect(readdirSync(parent)).toEqual(left);
      own = new FunctionsSandbox({ tempRoot: parent });
      await vi.waitFor(() =>
        expect(readdirSync(parent)).toEqual([expect.stringMatching(new RegExp(`^${process.pid}-`))]),
      );
      expect((await get('after-crash', hello, '/api/hello', own)).json()).toEqual({ hello: 'world' });
    } finally {
      server.kill('SIGKILL');
      await own?.close();
      rmSync(parent, { recursive: true, force: true });
    }
  });
});
