/**
 * Export anywhere (issue 17): every builtin app type, exported, installs and builds outside Kiln with
 * `npm run build` and renders its home page in Chromium; the todo app's exported server (`npm start`) serves
 * its functions on the migrated database (PGlite, and PostgreSQL when there is one) and its page shows that
 * data; the mobile version exports as an Expo project whose screens parse.
 *
 * Cost: every export has the same pinned dependencies, so ONE `npm install` (cached in the temp folder under
 * the hash of that set, reused by later runs) serves all of them through a symlinked node_modules.
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, extname, join } from 'node:path';
import { promisify } from 'node:util';
import { createBuiltinProvider, type GenModule, generate } from '@kiln/codegen';
import { type ExportFiles, exportDependencies, exportProject } from '@kiln/server';
import { strFromU8, unzipSync } from 'fflate';
import pg from 'pg';
import type { Browser } from 'playwright-core';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, launchChromium, newProjectFromDashboard, startKilnProcess } from './harness';

const run = promisify(execFile);

/** One prompt per builtin app type (acceptance check 5), plus sign-in. */
const APP_PROMPTS: Record<string, string> = {
  LEAD_GEN_TOOL: 'a lead capture landing page for my consulting business',
  PERSONAL_WEBSITE: 'my personal website',
  ECOMMERCE_STORE: 'an ecommerce store selling candles',
  BLOG_PLATFORM: 'a blog platform',
  PORTFOLIO_WEBSITE: 'a photography portfolio',
  SOCIAL_NETWORK: 'a small social network for runners',
  GAME: 'a memory card game',
  AI_TOOL: 'an AI tool that summarises text',
  FINANCE_APP: 'a personal budget tracker',
  DATING_APP: 'a dating app',
  TODO_LIST_APP: 'a todo list with due dates',
  NOTES_APP: 'a notes app',
  GALLERY_APP: 'an image gallery',
  CONTACT_MANAGEMENT: 'a contact manager',
  SURVEY_TOOL: 'a survey tool',
  QUIZ_TOOL: 'a quiz about world capitals',
  ONLINE_STORE: 'an online store for sneakers',
  CHAT_APP: 'a chat app',
  FEEDBACK_TOOL: 'a feedback collection tool',
  WEATHER_APP: 'a weather app',
  TRANSLATION_TOOL: 'a translation tool',
  FITNESS_TRACKER_APP: 'a fitness tracker',
  CRYPTOCURRENCY_APP: 'a cryptocurrency portfolio tracker',
  LINK_IN_BIO: 'a link in bio page',
  WITH_SIGN_IN: 'a todo list app with login',
};
/** Builds at once (2 cores, shared). */
const BUILD_CONCURRENCY = 2;
const NPM_TIMEOUT_MS = 300_000;

interface Exported {
  key: string;
  name: string;
  dir: string;
  files: ExportFiles;
}

const provider = createBuiltinProvider();

async function generated(prompt: string, follow?: string) {
  let modules: GenModule[] = [];
  let migrations: { name: string; sql: string }[] = [];
  const steps: [string, 'INITIAL' | 'CHAT'][] = [
    [prompt, 'INITIAL'],
    ...(follow ? [[follow, 'CHAT'] as [string, 'CHAT']] : []),
  ];
  for (const [text, action] of steps) {
    for await (const ev of generate({ prompt: text, modules, action }, provider)) {
      if (ev.type !== 'done') continue;
      modules = ev.modules;
      migrations = [...migrations, ...(ev.migrations ?? [])];
    }
  }
  return { modules, migrations };
}

/** The shared node_modules: installed once per dependency set, in the temp folder. */
async function dependencies(): Promise<string> {
  const pkg = { name: 'kiln-export-deps', private: true, type: 'module', dependencies: exportDependencies() };
  const hash = createHash('sha256').update(JSON.stringify(pkg)).digest('hex').slice(0, 16);
  const dir = join(tmpdir(), 'kiln-export-deps', hash);
  if (existsSync(join(dir, 'node_modules', '.package-lock.json'))) return join(dir, 'node_modules');
  const staging = `${dir}.${process.pid}`;
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { recursive: true });
  mkdirSync(dirname(dir), { recursive: true });
  writeFileSync(join(staging, 'package.json'), JSON.stringify(pkg, null, 2));
  await run('npm', ['install', '--no-audit', '--no-fund'], { cwd: staging, timeout: NPM_TIMEOUT_MS });
  // Installed in a folder of this run and renamed into place, so the shared folder is complete or absent; a
  // run that finished first wins and this one's copy goes.
  try {
    renameSync(staging, dir);
  } catch (err) {
    if (!existsSync(join(dir, 'node_modules', '.package-lock.json'))) throw err;
    rmSync(staging, { recursive: true, force: true });
  }
  return join(dir, 'node_modules');
}

function writeExport(files: ExportFiles, dir: string, nodeModules: string): void {
  for (const [path, content] of files) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), content);
  }
  symlinkSync(nodeModules, join(dir, 'node_modules'), 'dir');
}

async function inBatches<T>(
  items: readonly T[],
  size: number,
  work: (item: T) => Promise<void>,
): Promise<void> {
  const queue = [...items];
  await Promise.all(
    Array.from({ length: size }, async () => {
      for (let item = queue.shift(); item !== undefined; item = queue.shift()) await work(item);
    }),
  );
}

const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' };

/** `dist/` as a static host serves it: files, else index.html; no functions (`/api` answers 404). */
function serveDist(dist: string): Promise<Server> {
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    if (path.startsWith('/api/')) {
      res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"no server"}');
      return;
    }
    const file = join(dist, path);
    const found =
      file.startsWith(dist) && existsSync(file) && extname(file) ? file : join(dist, 'index.html');
    res.writeHead(200, { 'content-type': TYPES[extname(found)] ?? 'application/octet-stream' });
    res.end(readFileSync(found));
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

/** Opens the home page and returns its visible text once the page has rendered, and any page errors. */
async function renderHome(browser: Browser, url: string, settle?: string) {
  const page = await browser.newPage();
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(err.message));
  try {
    await page.goto(url);
    await page.waitForFunction(
      () => (document.getElementById('root')?.innerText.trim().length ?? 0) > 0,
      null,
      {
        timeout: 30_000,
      },
    );
    if (settle) await page.getByText(settle).first().waitFor({ timeout: 30_000 });
    return { text: await page.locator('#root').innerText(), title: await page.title(), errors };
  } finally {
    await page.close();
  }
}

/** `npm start` in an export: resolves once it listens. */
async function startExport(
  dir: string,
  env: Record<string, string>,
): Promise<{ url: string; child: ChildProcess; output: () => string }> {
  const port = await freePort();
  const child = spawn('npm', ['start'], {
    cwd: dir,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let out = '';
  child.stdout!.on('data', (d: Buffer) => {
    out += d.toString();
  });
  child.stderr!.on('data', (d: Buffer) => {
    out += d.toString();
  });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`The exported server did not start:\n${out}`)), 60_000);
    const check = setInterval(() => {
      if (out.includes('App running at')) {
        clearTimeout(timer);
        clearInterval(check);
        resolve();
      } else if (child.exitCode !== null) {
        clearTimeout(timer);
        clearInterval(check);
        reject(new Error(`The exported server exited:\n${out}`));
      }
    }, 100);
  });
  return { url: `http://127.0.0.1:${port}`, child, output: () => out };
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || !child.pid) return Promise.resolve();
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  // npm → sh → node: the whole process group started for this export.
  process.kill(-child.pid, 'SIGTERM');
  return exited;
}

describe('export anywhere', () => {
  const root = mkdtempSync(join(tmpdir(), 'kiln-export-e2e-'));
  const apps: Exported[] = [];
  let nodeModules = '';
  let browser: Browser;

  beforeAll(async () => {
    const [installed] = await Promise.all([
      dependencies(),
      (async () => {
        for (const [key, prompt] of Object.entries(APP_PROMPTS)) {
          const { modules, migrations } = await generated(
            prompt,
            key === 'TODO_LIST_APP' ? 'make a mobile version' : undefined,
          );
          const name = `Export ${key.toLowerCase().replace(/_/g, ' ')}`;
          apps.push({
            key,
            name,
            dir: join(root, key),
            files: await exportProject({ name, modules, migrations }),
          });
        }
      })(),
    ]);
    nodeModules = installed;
    for (const app of apps) {
      expect(app.files.get('index.html')).toContain(`<title>${app.name}</title>`);
      writeExport(app.files, app.dir, nodeModules);
    }
    browser = await launchChromium();
  }, 600_000);

  afterAll(async () => {
    await browser?.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('every builtin app type builds with npm run build and renders its home page in Chromium', {
    timeout: 600_000,
  }, async () => {
    const failures: string[] = [];
    await inBatches(apps, BUILD_CONCURRENCY, async (app) => {
      try {
        await run('npm', ['run', 'build'], { cwd: app.dir, timeout: NPM_TIMEOUT_MS });
      } catch (err) {
        failures.push(`${app.key}: build failed: ${(err as { stderr?: string }).stderr?.slice(-400) ?? err}`);
      }
    });
    expect(failures).toEqual([]);
    for (const app of apps) {
      const server = await serveDist(join(app.dir, 'dist'));
      try {
        const home = await renderHome(browser, `http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
        if (home.errors.length) failures.push(`${app.key}: ${home.errors.join('; ')}`);
        // The shell's title is the project's name; a page may set its own (`document.title`).
        if (!home.title) failures.push(`${app.key}: no title`);
        if (home.text.trim().length < 20) failures.push(`${app.key}: almost nothing rendered: ${home.text}`);
        if (/Page not found/.test(home.text)) failures.push(`${app.key}: no home page`);
      } catch (err) {
        failures.push(`${app.key}: did not render: ${(err as Error).message.split('\n')[0]}`);
      } finally {
        server.close();
      }
    }
    expect(failures).toEqual([]);
  });

  const backends = ['pglite', 'postgres'] as const;
  it.each(backends)(
    'the todo export serves its functions on the migrated database with npm start (%s)',
    { timeout: 180_000 },
    async (backend) => {
      const app = apps.find((a) => a.key === 'TODO_LIST_APP')!;
      let env: Record<string, string> = { PGLITE_DIR: mkdtempSync(join(tmpdir(), 'kiln-export-pglite-')) };
      const dbName = `kiln_export_${Date.now()}`;
      const admin = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/postgres' });
      if (backend === 'postgres') {
        try {
          await admin.connect();
        } catch {
          return; // no PostgreSQL on this machine: the PGlite case stands.
        }
        await admin.query(`CREATE DATABASE ${dbName}`);
        env = { DATABASE_URL: `postgres://postgres@127.0.0.1:5432/${dbName}` };
      }
      if (!existsSync(join(app.dir, 'dist', 'index.html')))
        await run('npm', ['run', 'build'], { cwd: app.dir });
      const server = await startExport(app.dir, env);
      try {
        const list = await fetch(`${server.url}/api/todos`).then((r) => r.json());
        expect(list.todos.map((t: { title: string }) => t.title)).toContain('Renew library books');
        const made = await fetch(`${server.url}/api/todos`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ title: 'Exported and running' }),
        });
        expect(made.status).toBe(201);
        const bad = await fetch(`${server.url}/api/todos`, { method: 'POST', body: 'not json' });
        expect(bad.status).toBe(400);
        // The page, served by the same server, shows the database's rows (not the browser's local copy).
        const home = await renderHome(browser, `${server.url}/`, 'Exported and running');
        expect(home.errors).toEqual([]);
        expect(home.text).toContain('Exported and running');
        expect((await fetch(`${server.url}/some/page`)).status).toBe(200);
      } finally {
        await stop(server.child);
        if (backend === 'postgres') {
          await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
          await admin.end();
        } else if (env.PGLITE_DIR) rmSync(env.PGLITE_DIR, { recursive: true, force: true });
      }
    },
  );

  it('the mobile screens export as an Expo project whose TypeScript parses', () => {
    const app = apps.find((a) => a.key === 'TODO_LIST_APP')!;
    const mobile = [...app.files].filter(([path]) => path.startsWith('mobile/'));
    const pkg = JSON.parse(String(app.files.get('mobile/package.json')));
    expect(pkg.main).toBe('expo-router/entry');
    expect(pkg.dependencies.expo).toMatch(/^\d+\.\d+\.\d+$/);
    expect(pkg.dependencies['expo-router']).toBeDefined();
    expect(JSON.parse(String(app.files.get('mobile/app.json'))).expo.plugins).toContain('expo-router');
    const screens = mobile.filter(([path]) => /^mobile\/src\/app\/.*\.tsx$/.test(path));
    expect(screens.map(([path]) => path).sort()).toEqual([
      'mobile/src/app/index.tsx',
      'mobile/src/app/task/[id]/index.tsx',
    ]);
    for (const [path, source] of screens) {
      const out = ts.transpileModule(String(source), {
        fileName: path,
        reportDiagnostics: true,
        compilerOptions: { jsx: ts.JsxEmit.ReactJSX, target: ts.ScriptTarget.ES2022 },
      });
      expect(out.diagnostics ?? [], path).toEqual([]);
    }
  });

  it("the workspace's Download button saves the project as that zip", { timeout: 240_000 }, async () => {
    const kiln = await startKilnProcess({ env: { KILN_BUILTIN_DELAY_MS: '0' } });
    const context = await browser.newContext({ acceptDownloads: true });
    try {
      const page = await context.newPage();
      await newProjectFromDashboard(page, kiln.url, 'exporter@example.com', 'a todo list with due dates');
      const saved = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Download' }).click();
      const download = await saved;
      expect(download.suggestedFilename()).toMatch(/^[a-z0-9-]+\.zip$/);
      const zip = readFileSync((await download.path())!);
      const files = unzipSync(new Uint8Array(zip));
      const page1 = Object.keys(files).find((p) => p.endsWith('/src/app/page.tsx'));
      expect(page1).toBeDefined();
      expect(strFromU8(files[page1!]!)).toContain('export default function');
      await page.getByText(/Downloaded: unzip it/).waitFor();
    } finally {
      await context.close();
      await kiln.stop();
    }
  });
});
