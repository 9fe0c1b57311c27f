/**
 * @module
 * Footprint of the embedded default (issue 15): resident memory of Kiln's whole process tree (the server, its
 * esbuild service, Deno sandboxes, Chromium) as `npm start` runs it, against the goals:
 *   - idle after the first start (creates the database): goal ≤ 400 MiB;
 *   - idle after a restart on the same data: goal ≤ 300 MiB;
 *   - one project open (generated, its function called, its database warm) once the validation browser has
 *     closed on its own (VALIDATION_IDLE_MS): goal ≤ 400 MiB; and the same right after generating, browser up;
 *   - app databases: 100 published apps' branches, each queried now and then, through one AppDatabases with
 *     the server's settings (at most 8 warm workers, least recently used stopped): the peak, plus the measured
 *     idle server and the functions sandbox at its cap, must fit in 2 GiB.
 *
 *   node --import tsx bench/footprint.ts          (everything)
 *   node --import tsx bench/footprint.ts apps     (only the 100 apps' databases; the sandbox figure then unknown)
 *   node --import tsx bench/footprint.ts tsx      (the server run through tsx from its sources, for comparison)
 */
import { execFileSync, execSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type KilnProcess, startKilnProcess } from '../e2e/harness.ts';
import { AppDatabases } from '../packages/server/src/app-db/index.ts';
import { VALIDATION_IDLE_MS } from '../packages/server/src/jobs/validate.ts';

const MiB = 1024 * 1024;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Resident MiB of a process and every descendant, and the largest few by command. */
function treeRss(pid: number): { total: number; parts: string; deno: number[] } {
  const rows = execSync('ps -eo pid=,ppid=,rss=,comm=')
    .toString()
    .trim()
    .split('\n')
    .map((l) => l.trim().split(/\s+/));
  const kids = new Map<number, number[]>();
  const info = new Map<number, { rss: number; comm: string }>();
  for (const [p, pp, rss, comm] of rows) {
    kids.set(Number(pp), [...(kids.get(Number(pp)) ?? []), Number(p)]);
    info.set(Number(p), { rss: Number(rss) / 1024, comm: comm ?? '?' });
  }
  const byComm = new Map<string, number>();
  const deno: number[] = [];
  let total = 0;
  const stack = [pid];
  while (stack.length) {
    const p = stack.pop()!;
    const i = info.get(p);
    if (i) {
      total += i.rss;
      byComm.set(i.comm, (byComm.get(i.comm) ?? 0) + i.rss);
      if (i.comm === 'deno') deno.push(i.rss);
    }
    stack.push(...(kids.get(p) ?? []));
  }
  const parts = [...byComm.entries()]
    .sort((a, b) => b[1] - a[1])
    .map(([c, r]) => `${c} ${Math.round(r)}`)
    .join(', ');
  return { total, parts, deno };
}

/** The largest Deno sandbox seen (one app's functions), for the 100-apps estimate. */
let denoMiB = 0;

function report(label: string, pid: number, goal?: number): number {
  const { total, parts, deno } = treeRss(pid);
  denoMiB = Math.max(denoMiB, ...deno);
  const verdict = goal === undefined ? '' : `  goal ≤ ${goal}: ${total <= goal ? 'met' : 'NOT met'}`;
  console.log(`${label.padEnd(44)} ${String(Math.round(total)).padStart(5)} MiB  (${parts})${verdict}`);
  return total;
}

async function gql(kiln: KilnProcess, cookie: string, query: string, variables = {}) {
  const res = await fetch(`${kiln.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({ query, variables }),
  });
  // biome-ignore lint/suspicious/noExplicitAny: the bench reads GraphQL answers loosely, as JSON.
  return { cookie: res.headers.getSetCookie()[0]?.split(';')[0] ?? cookie, json: (await res.json()) as any };
}

const env = { KILN_BUILTIN_DELAY_MS: '0', NODE_ENV: 'production' };
// The server as `npm start` runs it: compiled ahead of time (packages/server/scripts/build-server.ts).
const compiled = !process.argv.includes('tsx');
const onlyApps = process.argv.includes('apps');
let idleRestart = 0;
if (!onlyApps) {
  if (compiled) {
    execFileSync(process.execPath, ['--import', 'tsx', 'packages/server/scripts/build-server.ts'], {
      cwd: join(import.meta.dirname, '..'),
      stdio: 'inherit',
    });
  }
  // Compiled: `main.mjs` itself, as `npm start` runs it (no tests' render cache); else the sources through tsx.
  const server = compiled ? { renderCache: false } : { source: true };
  let kiln = await startKilnProcess({ env, ...server });
  const dataDir = kiln.dataDir;
  try {
    await sleep(8000);
    report('idle, first start', kiln.pid, 400);
    await kiln.stop();
    kiln = await startKilnProcess({ env, dataDir, ...server });
    await sleep(10_000);
    idleRestart = report('idle, after a restart', kiln.pid, 300);

    let { cookie } = await gql(
      kiln,
      '',
      `mutation { signUp(email: "fp@example.com", password: "long enough") { id } }`,
    );
    const created = await gql(
      kiln,
      cookie,
      `mutation { createProject(prompt: "a todo list with due dates") { id } }`,
    );
    cookie = created.cookie;
    const id = created.json.data.createProject.id as string;
    for (;;) {
      const { json } = await gql(
        kiln,
        cookie,
        `query($id: ID!) { project(id: $id) { latestRevision { status } } }`,
        { id },
      );
      if (json.data.project.latestRevision.status === 'VALID') break;
      await sleep(300);
    }
    const published = await gql(
      kiln,
      cookie,
      `mutation($id: ID!) { publishProject(projectId: $id) { url } }`,
      { id },
    );
    const host = new URL(published.json.data.publishProject.url).host;
    // The published app's function and database, as a visitor would use them.
    const { request } = await import('node:http');
    const call = (method: string, body?: string) =>
      new Promise<number>((resolve, reject) => {
        const req = request(
          {
            host: '127.0.0.1',
            port: kiln.port,
            path: '/api/todos',
            method,
            headers: { host, 'content-type': 'application/json' },
          },
          (res) => {
            res.resume();
            res.on('end', () => resolve(res.statusCode ?? 0));
          },
        );
        req.on('error', reject);
        if (body) req.write(body);
        req.end();
      });
    await call('POST', JSON.stringify({ title: 'footprint' }));
    await call('GET');
    await sleep(3000);
    report('one project open, validation browser up', kiln.pid);
    await sleep(VALIDATION_IDLE_MS + 5000);
    report('one project open, browser closed when idle', kiln.pid, 400);
  } finally {
    await kiln.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

// 100 apps' branches with occasional traffic: each queried in turn, two rounds.
{
  const dir = mkdtempSync(join(tmpdir(), 'kiln-footprint-apps-'));
  const dbs = new AppDatabases({ dataDir: dir, maxWorkers: 8 });
  const before = process.memoryUsage().rss;
  let peak = before;
  const started = Date.now();
  try {
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < 100; i++) {
        const key = { projectId: `app${i}`, branch: 'main' as const };
        if (round === 0) {
          await dbs.migrate(key, [
            { name: 'm', sql: 'create table todos (id serial primary key, title text)' },
          ]);
        }
        await dbs.query(key, 'insert into todos (title) values ($1)', [`round ${round}`]);
        peak = Math.max(peak, process.memoryUsage().rss);
      }
    }
    const workers = (peak - before) / MiB;
    console.log(
      `100 apps' databases, 200 visits in ${Math.round((Date.now() - started) / 1000)} s: workers peak +${Math.round(workers)} MiB (${dbs.liveWorkers()} warm now, at most 8)`,
    );
    console.log(`per warm branch worker: ${Math.round(workers / 8)} MiB`);
    if (onlyApps) {
      console.log(
        'estimate for 100 published apps: run the whole bench (it needs the idle server and a sandbox)',
      );
    } else {
      // The functions sandbox at its cap (8 processes), each as large as the one measured with a project open.
      const total = idleRestart + workers + 8 * denoMiB;
      console.log(`functions sandbox: ${Math.round(denoMiB)} MiB per app process, at most 8`);
      console.log(
        `estimate for 100 published apps: ${Math.round(total)} MiB  goal ≤ 2048: ${total <= 2048 ? 'met' : 'NOT met'}`,
      );
    }
  } finally {
    await dbs.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
