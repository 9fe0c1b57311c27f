/**
 * @module
 * Hosting (issue 15), side by side in one run, with ratios against the anchors the issue names:
 * 1. A published page: Kiln (started as `npm start` starts it: the compiled server, embedded database) against a bare Hono server
 *    sending the same bytes — `wrk -t2 -c50 -d8s`, alternated twice; requests/s and p99. Goal ≥ 0.8×, p99 < 50 ms.
 * 2. A function call (`POST /api/todos` with no body: the function answers 400 without touching the database)
 *    and a database read through a function (`GET /api/todos`: SELECT + map) on the published app, against a
 *    bare Hono handler doing the same work — for the read, the same SELECT on an in-memory PGlite holding the
 *    same table and rows (Kiln's app database is a PGlite folder one process owns, so "the same database" is
 *    the same engine, schema and data, not the same files). Goal within 1.5×.
 * 3. Publishing (a production build: CSS and modules compiled and minified, brotli + gzip) against
 *    `vite build` of the same app (vite and @vitejs/plugin-react from node_modules). Goal ≤ 1/5. The first
 *    publish also creates the app's published database; each later one follows a hand edit of the home page
 *    (a new validated revision), so it compiles that module and reuses the others' compiled code. The prerender
 *    pass that follows each publish (hosting/prerender.ts, off the publish's path) is reported beside it, from
 *    the server's log; `KILN_PRERENDER=off node --import tsx bench/hosting.ts` measures without it.
 *
 *   node --import tsx bench/hosting.ts        (needs `wrk`: apt-get install -y wrk)
 *   node --import tsx bench/hosting.ts functions [--cpu-prof DIR]
 *       only part 2 (one publish, no page or vite runs); with --cpu-prof, Kiln writes a V8 CPU profile to DIR
 *       when it stops (open it in Chrome DevTools).
 * Part 2 also reports the CPU time (user + system, from /proc) each server's process tree spent per request:
 * on a loaded machine requests/s swing with the neighbours, CPU per call much less.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../e2e/harness.ts';
import { summary, todoApp, viteProject } from './preview-harness.ts';

const repoRoot = resolve(fileURLToPath(import.meta.url), '../..');
const onlyFunctions = process.argv.includes('functions');
const profileDir = process.argv.includes('--cpu-prof')
  ? process.argv[process.argv.indexOf('--cpu-prof') + 1]
  : undefined;
const PUBLISH_RUNS = onlyFunctions ? 1 : 5;
const VITE_RUNS = 3;

function wrk(url: string, host: string | null, seconds: number, extra: string[] = []) {
  const out = execFileSync(
    'wrk',
    ['-t2', '-c50', `-d${seconds}s`, '--latency', ...(host ? ['-H', `Host: ${host}`] : []), ...extra, url],
    { encoding: 'utf8' },
  );
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? 0);
  const p99 = /\s99%\s+([\d.]+)(us|ms|s)/.exec(out);
  const p99ms = p99 ? Number(p99[1]) * (p99[2] === 'us' ? 0.001 : p99[2] === 's' ? 1000 : 1) : Number.NaN;
  const errors = /Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1];
  return { rps, p99ms, non2xx: Number(errors ?? 0) };
}

/** A wrk Lua script that sends one method and body (wrk's -s). */
function wrkScript(method: string, body: string | null): string {
  const file = join(mkdtempSync(join(tmpdir(), 'kiln-bench-wrk-')), 'req.lua');
  writeFileSync(
    file,
    `wrk.method = "${method}"\n${body === null ? '' : `wrk.body = ${JSON.stringify(body)}\nwrk.headers["content-type"] = "application/json"\n`}`,
  );
  return file;
}

/** CPU time (user + system, ms) used so far by a process and every process under it (Linux /proc). */
function treeCpuMs(pid: number | undefined): number {
  if (pid === undefined) return Number.NaN;
  let ticks = 0;
  const visit = (p: string) => {
    try {
      const stat = readFileSync(`/proc/${p}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      // utime and stime, and cutime and cstime: the CPU of children it reaped (a Deno process that ended).
      ticks += Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
      for (const task of readdirSync(`/proc/${p}/task`)) {
        for (const child of readFileSync(`/proc/${p}/task/${task}/children`, 'utf8').split(' ')) {
          if (child.trim()) visit(child.trim());
        }
      }
    } catch {
      // the process ended meanwhile
    }
  };
  visit(String(pid));
  return ticks * 10; // USER_HZ is 100
}

/** A wrk run with the CPU time the server's process tree spent per request (ms). */
function wrkCpu(pid: number | undefined, ...args: Parameters<typeof wrk>) {
  const before = treeCpuMs(pid);
  const result = wrk(...args);
  const requests = result.rps * (args[2] as number);
  return { ...result, cpuMsPerCall: (treeCpuMs(pid) - before) / requests };
}

async function waitForLine(child: ChildProcess, line: string, what: string): Promise<void> {
  let out = '';
  await new Promise<void>((ok, fail) => {
    const timer = setTimeout(() => fail(new Error(`${what} did not start: ${out.slice(-400)}`)), 120_000);
    const on = (d: Buffer) => {
      out += d.toString();
      if (out.includes(line)) {
        clearTimeout(timer);
        ok();
      }
    };
    child.stdout?.on('data', on);
    child.stderr?.on('data', on);
    child.once('exit', () => fail(new Error(`${what} exited: ${out.slice(-400)}`)));
  });
}

async function startKiln() {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'kiln-bench-hosting-'));
  const profile = profileDir ? ['--cpu-prof', `--cpu-prof-dir=${resolve(profileDir)}`] : [];
  // The server as `npm start` runs it: compiled ahead of time (packages/server/scripts/build-server.ts).
  execFileSync(process.execPath, ['--import', 'tsx', 'packages/server/scripts/build-server.ts'], {
    cwd: repoRoot,
    stdio: 'inherit',
  });
  const child = spawn(process.execPath, [...profile, 'packages/server/dist/main.mjs'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      KILN_DATA_DIR: dataDir,
      KILN_BUILTIN_DELAY_MS: '0',
      NODE_ENV: 'production',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  await waitForLine(child, 'builder at', 'Kiln');
  // The server's prerender passes (hosting/prerender.ts logs each): pages prerendered, pages, milliseconds.
  const prerenders: { prerendered: number; pages: number; ms: number }[] = [];
  let logTail = '';
  child.stdout?.on('data', (d: Buffer) => {
    logTail += d.toString();
    for (const m of logTail.matchAll(/prerendered (\d+) of (\d+) pages of \S+ in (\d+) ms/g)) {
      prerenders.push({ prerendered: Number(m[1]), pages: Number(m[2]), ms: Number(m[3]) });
    }
    logTail = logTail.slice(logTail.lastIndexOf('\n') + 1);
  });
  let cookie = '';
  const gql = async (query: string, variables: Record<string, unknown> = {}) => {
    const res = await fetch(`http://127.0.0.1:${port}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
      body: JSON.stringify({ query, variables }),
    });
    const set = res.headers.getSetCookie()[0];
    if (set) cookie = set.split(';')[0]!;
    // biome-ignore lint/suspicious/noExplicitAny: the bench reads GraphQL answers loosely, as JSON.
    const json = (await res.json()) as { data?: Record<string, any>; errors?: { message: string }[] };
    if (json.errors) throw new Error(json.errors[0]!.message);
    return json.data!;
  };
  return {
    port,
    pid: child.pid,
    gql,
    prerenders,
    async stop() {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGINT');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A GET through the Host header (fetch cannot set Host), resolving the body. */
function get(port: number, host: string, path: string): Promise<{ status: number; body: string }> {
  return new Promise((ok, fail) => {
    const req = request({ host: '127.0.0.1', port, path, headers: { host } }, (res) => {
      let body = '';
      res.on('data', (d) => (body += d));
      res.on('end', () => ok({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', fail);
    req.end();
  });
}

/** The bare anchor: Hono on @hono/node-server with the page, the 400 and the SELECT on an in-memory PGlite. */
async function startBareHono(page: string, migration: string) {
  const dir = mkdtempSync(join(tmpdir(), 'kiln-bench-bare-'));
  const port = await freePort();
  writeFileSync(join(dir, 'page.html'), page);
  writeFileSync(join(dir, 'migration.sql'), migration);
  const nm = join(repoRoot, 'node_modules');
  writeFileSync(
    join(dir, 'bare.mjs'),
    `import { serve } from '${nm}/@hono/node-server/dist/index.mjs';
import { Hono } from '${nm}/hono/dist/index.js';
import { PGlite } from '${nm}/@electric-sql/pglite/dist/index.js';
import { readFileSync } from 'node:fs';
const html = readFileSync('${join(dir, 'page.html')}', 'utf8');
const db = await PGlite.create();
await db.exec(readFileSync('${join(dir, 'migration.sql')}', 'utf8'));
const toTodo = (row) => ({ id: String(row.id), title: String(row.title), dueDate: row.due_date ? String(row.due_date) : '',
  done: row.done === true, createdAt: Number(row.created_at) });
const app = new Hono();
app.get('/', (c) => c.html(html));
app.get('/api/todos', async (c) => {
  const { rows } = await db.query('SELECT * FROM todos ORDER BY created_at DESC');
  return c.json({ todos: rows.map(toTodo) });
});
app.post('/api/todos', async (c) => {
  let body = null;
  try { body = await c.req.json(); } catch {}
  if (!body) return c.json({ error: 'Send the task as JSON, e.g. { "title": "Buy milk" }.' }, 400);
  return c.json({ error: 'not measured' }, 500);
});
serve({ fetch: app.fetch, port: ${port}, hostname: '127.0.0.1' }, () => console.log('bare ready'));`,
  );
  const child = spawn(process.execPath, [join(dir, 'bare.mjs')], { stdio: ['ignore', 'pipe', 'pipe'] });
  await waitForLine(child, 'bare ready', 'bare Hono');
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid,
    async stop() {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill();
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function viteBuild(): Promise<number[]> {
  const { build } = await import('vite');
  const { default: react } = await import('@vitejs/plugin-react');
  const { compileCss } = await import('../packages/server/src/css.ts');
  const modules = await todoApp();
  const css = await compileCss(modules.map((m) => m.content));
  const samples: number[] = [];
  for (let i = 0; i < VITE_RUNS; i++) {
    const dir = viteProject(modules, css);
    const started = performance.now();
    try {
      await build({
        root: dir,
        configFile: false,
        logLevel: 'silent',
        cacheDir: join(dir, '.vite'),
        plugins: [react()],
        resolve: { alias: { '@': join(dir, 'src') } },
        build: { outDir: join(dir, 'dist'), emptyOutDir: true },
      });
      samples.push(performance.now() - started);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  return samples;
}

const kiln = await startKiln();
let bare: Awaited<ReturnType<typeof startBareHono>> | undefined;
try {
  await kiln.gql(`mutation { signUp(email: "bench@example.com", password: "long enough") { id } }`);
  const { createProject } = await kiln.gql(
    `mutation { createProject(prompt: "A todo list app with due dates") { id } }`,
  );
  const projectId = createProject.id as string;
  const settled = async () => {
    for (;;) {
      const { project } = await kiln.gql(`query($p: ID!) { project(id: $p) { latestRevision { status } } }`, {
        p: projectId,
      });
      const status = project.latestRevision?.status;
      if (status === 'VALID') return;
      if (/INVALID|FAILED|CANCEL/.test(status ?? '')) throw new Error(`the todo app ended ${status}`);
      await new Promise((r) => setTimeout(r, 300));
    }
  };
  await settled();
  // Before each publish after the first, a hand edit of the home page (a new revision, validated), as a person
  // edits and publishes again: the publish compiles the changed module and reuses the others' compiled code.
  const { project: first } = await kiln.gql(
    `query($p: ID!) { project(id: $p) { latestRevision { modules { filePath content } } } }`,
    { p: projectId },
  );
  const home = (first.latestRevision.modules as { filePath: string; content: string }[]).find((m) =>
    m.filePath.endsWith('app/page.tsx'),
  )!;
  const edit = async (n: number) => {
    await kiln.gql(
      `mutation($p: ID!, $f: String!, $c: String!) { saveModule(projectId: $p, filePath: $f, content: $c) { id } }`,
      {
        p: projectId,
        f: home.filePath,
        c: `${home.content}\n// edit ${n}\n`,
      },
    );
    await settled();
  };

  // 3. Publishing (each run a full production build) vs vite build. Each publish's prerender pass (a Chromium,
  // off the publish's path) ends before the next publish starts, as when a person publishes now and then: back to
  // back, the pass of one publish took the 2 cores from the next and measured it, not publishing.
  const publishMs: number[] = [];
  let url = '';
  const prerenderOn = process.env.KILN_PRERENDER !== 'off';
  for (let i = 0; i < PUBLISH_RUNS; i++) {
    if (i > 0) await edit(i);
    const started = performance.now();
    url = (await kiln.gql(`mutation($p: ID!) { publishProject(projectId: $p) { url } }`, { p: projectId }))
      .publishProject.url;
    publishMs.push(performance.now() - started);
    for (let waited = 0; prerenderOn && kiln.prerenders.length <= i && waited < 60_000; waited += 100) {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  const vite = summary(onlyFunctions ? [Number.NaN] : await viteBuild());
  const publish = summary(publishMs);

  const host = new URL(url).host;
  const page = await get(kiln.port, host, '/');
  const migration = readFileSync(
    join(repoRoot, 'packages/codegen/templates/todo-list/migrations/create_todos.sql'),
    'utf8',
  );
  bare = await startBareHono(page.body, migration);
  const kilnUrl = `http://127.0.0.1:${kiln.port}`;
  // The first call starts the app's function sandbox and database worker (cold, slower on a busy machine).
  let read = await get(kiln.port, host, '/api/todos');
  for (let i = 0; i < 5 && read.status !== 200; i++) read = await get(kiln.port, host, '/api/todos');
  if (read.status !== 200)
    throw new Error(`GET /api/todos on the published app answered ${read.status}: ${read.body}`);

  // 1. The page, alternated: warm both, then Kiln, bare, Kiln, bare.
  const skipped = { rps: Number.NaN, p99ms: Number.NaN, non2xx: 0 };
  const pageRun = (url: string, h: string | null, seconds: number) =>
    onlyFunctions ? skipped : wrk(url, h, seconds);
  pageRun(`${kilnUrl}/`, host, 2);
  pageRun(`${bare.url}/`, null, 2);
  const k1 = pageRun(`${kilnUrl}/`, host, 8);
  const b1 = pageRun(`${bare.url}/`, null, 8);
  const k2 = pageRun(`${kilnUrl}/`, host, 8);
  const b2 = pageRun(`${bare.url}/`, null, 8);
  const pageRatio = (k1.rps + k2.rps) / (b1.rps + b2.rps);
  const kP99 = Math.max(k1.p99ms, k2.p99ms);

  // 2. A function call and a database read through a function.
  const post = wrkScript('POST', '');
  const kFn = wrkCpu(kiln.pid, `${kilnUrl}/api/todos`, host, 5, ['-s', post]);
  const bFn = wrkCpu(bare.pid, `${bare.url}/api/todos`, null, 5, ['-s', post]);
  const kDb = wrkCpu(kiln.pid, `${kilnUrl}/api/todos`, host, 5);
  const bDb = wrkCpu(bare.pid, `${bare.url}/api/todos`, null, 5);

  const r = (n: number) => Math.round(n).toLocaleString('en');
  const f = (n: number) => n.toFixed(1);
  console.log(`hosting bench (one published todo app, ${Buffer.byteLength(page.body)} B page)`);
  console.log(
    `  page        : Kiln ${r(k1.rps)} / ${r(k2.rps)} req/s (p99 ${f(k1.p99ms)} / ${f(k2.p99ms)} ms), bare Hono ${r(b1.rps)} / ${r(b2.rps)} req/s (p99 ${f(b1.p99ms)} / ${f(b2.p99ms)} ms)`,
  );
  console.log(
    `                ratio ${pageRatio.toFixed(2)}× (goal ≥ 0.8×), Kiln p99 ${f(kP99)} ms (goal < 50 ms)`,
  );
  console.log(
    `  function    : Kiln ${r(kFn.rps)} req/s (p99 ${f(kFn.p99ms)} ms), bare Hono ${r(bFn.rps)} req/s (p99 ${f(bFn.p99ms)} ms): bare/Kiln ${(bFn.rps / kFn.rps).toFixed(2)}× (goal ≤ 1.5×)`,
  );
  console.log(
    `  db read     : Kiln ${r(kDb.rps)} req/s (p99 ${f(kDb.p99ms)} ms), bare Hono ${r(bDb.rps)} req/s (p99 ${f(bDb.p99ms)} ms): bare/Kiln ${(bDb.rps / kDb.rps).toFixed(2)}× (goal ≤ 1.5×)`,
  );
  const ms = (n: number) => n.toFixed(3);
  console.log(
    `  CPU per call: function Kiln ${ms(kFn.cpuMsPerCall)} ms, bare ${ms(bFn.cpuMsPerCall)} ms; db read Kiln ${ms(kDb.cpuMsPerCall)} ms, bare ${ms(bDb.cpuMsPerCall)} ms (process trees: Kiln with its Deno and worker threads)`,
  );
  console.log(
    `  publish     : median ${r(publish.median)} ms (p90 ${r(publish.p90)}, ${publish.n} runs); vite build median ${r(vite.median)} ms (${vite.n} runs)`,
  );
  console.log(
    `                ratio ${(publish.median / vite.median).toFixed(2)} of vite build (goal ≤ 0.20)`,
  );
  const passes = kiln.prerenders;
  console.log(
    prerenderOn
      ? `  prerender   : ${passes.length} passes after the publishes, median ${r(summary(passes.map((p) => p.ms)).median)} ms each (off the publish's path), ${passes.map((p) => `${p.prerendered}/${p.pages}`).join(', ')} pages prerendered`
      : '  prerender   : off (KILN_PRERENDER=off)',
  );
  if (k1.non2xx + k2.non2xx + kDb.non2xx > 0)
    console.log('  warning: Kiln answered non-2xx to some page or read requests');
} finally {
  await bare?.stop();
  await kiln.stop();
}
