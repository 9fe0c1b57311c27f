/**
 * @module E2E harness: Kiln started as a child process on a fixed free port, from the compiled server that
 * `npm run build` makes (packages/server/dist, the code `npm start` runs; built again here when a source is
 * newer), and Debian Chromium through playwright-core.
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';
import { launchChromium as launchKilnChromium } from '@kiln/preview/node';
import { prepareDataDir, removeInBackground, TEST_SERVER_ENV } from '@kiln/server/testing';
import type { Browser, Download, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';

export { CHROMIUM_ARGS } from '@kiln/preview/node';

const ROOT = join(import.meta.dirname, '..');
const SERVER = join(ROOT, 'packages/server');
const RENDER_CACHE_PRELOAD = join(SERVER, 'test/render-cache-preload.mjs');
/** scripts/build-server.ts writes it: the files the bundle was made from, and when the build started. */
const BUILD_INPUTS = join(SERVER, 'dist/build-inputs.json');
/** One builder at a time for this checkout, across vitest's worker processes. */
const BUILD_LOCK = join(
  tmpdir(),
  `kiln-server-build-${createHash('sha256').update(SERVER).digest('hex').slice(0, 12)}.lock`,
);

/** Why the compiled server is out of date (not built, or a file it was made from changed since), or null. */
function staleBundle(): string | null {
  let built: { startedAt: number; inputs: string[] };
  try {
    built = JSON.parse(readFileSync(BUILD_INPUTS, 'utf8'));
  } catch {
    return 'not built yet';
  }
  for (const f of built.inputs) {
    try {
      if (statSync(f).mtimeMs > built.startedAt) return `${relative(ROOT, f)} changed since it was built`;
    } catch {
      return `${relative(ROOT, f)} is gone`;
    }
  }
  return null;
}

/** Holds the build lock while `fn` runs; a lock whose holder died is taken over. */
async function withBuildLock<T>(fn: () => Promise<T>): Promise<T> {
  const deadline = Date.now() + 180_000;
  for (;;) {
    try {
      mkdirSync(BUILD_LOCK);
      writeFileSync(join(BUILD_LOCK, 'pid'), String(process.pid));
      break;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    }
    let holder = Number.NaN;
    try {
      holder = Number(readFileSync(join(BUILD_LOCK, 'pid'), 'utf8'));
    } catch {}
    let alive = Number.isNaN(holder); // no pid yet: the holder is between mkdir and writing it
    if (!alive) {
      try {
        process.kill(holder, 0);
        alive = true;
      } catch {}
    }
    if (!alive) rmSync(BUILD_LOCK, { recursive: true, force: true });
    else if (Date.now() > deadline) throw new Error(`The server build lock ${BUILD_LOCK} is still held.`);
    else await sleep(100);
  }
  try {
    return await fn();
  } finally {
    rmSync(BUILD_LOCK, { recursive: true, force: true });
  }
}

let bundleChecked: Promise<void> | undefined;

/**
 * Makes sure `packages/server/dist` was built from the sources as they are: a test file run on its own after an
 * edit must not test yesterday's server. When stale, one vitest worker builds it (~1–3 s) while the other waits
 * on the lock and then finds it current, so a run builds it at most once. Checked once per test file (~260
 * `stat`s). Rebuilding replaces dist/ whole, so edit no source while another e2e file of the run has a Kiln up.
 */
export function ensureServerBuilt(): Promise<void> {
  bundleChecked ??= (async () => {
    if (staleBundle() === null) return;
    await withBuildLock(async () => {
      const why = staleBundle();
      if (why === null) return;
      try {
        await promisify(execFile)(process.execPath, ['--import', 'tsx', 'scripts/build-server.ts'], {
          cwd: SERVER,
        });
      } catch (e) {
        const { stdout, stderr } = e as { stdout?: string; stderr?: string };
        throw new Error(`The server (${why}) did not build:\n${stdout ?? ''}${stderr ?? ''}`);
      }
    });
  })();
  return bundleChecked;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

export interface KilnProcess {
  url: string;
  pid: number;
  port: number;
  dataDir: string;
  output(): string;
  /** Ctrl-C, as a person stops it; resolves when the process has exited. */
  stop(): Promise<number | null>;
  /** kill -9: no chance to clean up. */
  kill(): Promise<number | null>;
  /** Resolves with the exit code when the process has exited, for whatever reason. */
  exited: Promise<number | null>;
}

/** How startKilnProcess starts Kiln. */
export interface KilnOptions {
  port?: number;
  dataDir?: string;
  env?: Record<string, string>;
  /**
   * Render checks answered from the tests' disk cache when seen before, and browsers from the run's shared Chromium
   * (default true; render-cache.ts, test/chromium-server.ts). False: the server exactly as `npm start` runs it.
   */
  renderCache?: boolean;
  /**
   * Run `packages/server/src/main.ts` through tsx instead of the bundle (default false): to debug the server's
   * TypeScript as written. Its render-check cache is then a `--import` preload (render-cache-preload.mjs).
   */
  source?: boolean;
  /**
   * Shared by the e2e files of this Vitest worker (`useSharedKiln`): its data directory outlives the file, and
   * the process stops (and deletes that directory) once the worker has exited (packages/server/test/e2e-server.ts).
   */
  sharedByWorker?: boolean;
}

/** The data directories startKilnProcess made during the current test file (e2e/file-setup.ts deletes them). */
const madeDataDirs = new Set<string>();

/**
 * Deletes the data directories this file's Kilns were started on (a restart on the same directory included),
 * in the background: after the file, when every Kiln it started has stopped. Each is ~1,000 files per database.
 */
export function removeDataDirsMade(): void {
  for (const dir of madeDataDirs) removeInBackground(dir);
  madeDataDirs.clear();
}

/**
 * Start Kiln and wait for its "builder at" line: the compiled server (`packages/server/dist`, built again first
 * when stale; ensureServerBuilt), as `npm start` runs it, through its test entry `test-e2e-server.mjs` (the
 * tests' render-check cache, then `main.mjs`) unless `renderCache: false`, which runs `main.mjs` itself.
 * Starting it costs a fraction of what tsx transpiling the whole server's source did on every start.
 *
 * Like the server tests' harness, it starts with the verification walk, the data snapshot per revision, the
 * prerender after each publish and the git commit after each revision off (`KILN_VERIFY=off`,
 * `KILN_DATA_SNAPSHOTS=0`, `KILN_PRERENDER=off`, `KILN_GIT_BACKGROUND=off`: time that only their own tests are
 * about), and the builtin generator without its pause between chunks (`KILN_BUILTIN_DELAY_MS=0`: ~1.5–2 s of
 * waiting per generation at the default 3 ms); a test about one, a test that needs to see a generation stream
 * (presence, cancel, two processes) and the walking skeleton (a server as `npm start` runs it) set them back in `env`. Its
 * render checks use the tests' cache of results unless `renderCache: false` (the walking skeleton), and its
 * browsers are the run's shared Chromium (`KILN_CHROMIUM_ENDPOINT`) unless `renderCache: false` too.
 */
export async function startKilnProcess(opts: KilnOptions = {}): Promise<KilnProcess> {
  const port = opts.port ?? (await freePort());
  const dataDir = opts.dataDir ?? mkdtempSync(join(tmpdir(), 'kiln-e2e-'));
  if (!opts.dataDir) {
    if (!opts.sharedByWorker) madeDataDirs.add(dataDir);
    // A new data directory starts from the prepared snapshots (platform database, app database template).
    await prepareDataDir(dataDir, { platform: opts.env?.DATABASE_URL === undefined });
  }
  // The render check results earlier tests saw on the same runtime and browser (a page seen before does not
  // start the server's Chromium); off for a test of the server exactly as `npm start` runs it.
  const cached = opts.renderCache !== false;
  let args: string[];
  if (opts.source) {
    args = [
      '--import',
      'tsx',
      ...(cached ? ['--import', RENDER_CACHE_PRELOAD] : []),
      'packages/server/src/main.ts',
    ];
  } else {
    await ensureServerBuilt();
    args = [cached ? 'packages/server/dist/test-e2e-server.mjs' : 'packages/server/dist/main.mjs'];
  }
  // The run's shared Chromium (test/chromium-server.ts), except for a server exactly as `npm start` runs it.
  const { KILN_CHROMIUM_ENDPOINT: shared, ...inherited } = process.env;
  const child: ChildProcess = spawn(process.execPath, args, {
    cwd: ROOT,
    env: {
      ...inherited,
      ...(cached && shared ? { KILN_CHROMIUM_ENDPOINT: shared } : {}),
      PORT: String(port),
      KILN_DATA_DIR: dataDir,
      NODE_ENV: 'test',
      ...TEST_SERVER_ENV,
      ...(opts.sharedByWorker ? { KILN_TEST_SHARED_BY: String(process.pid) } : {}),
      ...opts.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d: Buffer) => {
    out += d.toString();
  });
  child.stderr!.on('data', (d: Buffer) => {
    out += d.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Kiln did not start:\n${out}`)), 60_000);
    const check = () => {
      if (out.includes('builder at')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on('data', check);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`Kiln exited with ${code}:\n${out}`));
    });
  });
  return {
    url: `http://localhost:${port}`,
    pid: child.pid!,
    port,
    dataDir,
    output: () => out,
    exited,
    stop: () => {
      child.kill('SIGINT');
      return exited;
    },
    kill: () => {
      child.kill('SIGKILL');
      return exited;
    },
  };
}

/**
 * One Kiln for the test file (or the `describe` it is called in): started in a `beforeAll` registered here,
 * stopped in an `afterAll`. `opts` may be a (async) function, called in that `beforeAll`, for options that need what
 * an earlier `beforeAll` made (a scripted model server's URL) or a port chosen first. The getter throws if Kiln has not started.
 */
export function useKiln(
  opts: KilnOptions | (() => KilnOptions | Promise<KilnOptions>) = {},
): () => KilnProcess {
  let kiln: KilnProcess | undefined;
  beforeAll(async () => {
    kiln = await startKilnProcess(typeof opts === 'function' ? await opts() : opts);
  });
  afterAll(async () => {
    await kiln?.stop();
  });
  return () => {
    if (!kiln) throw new Error('Kiln did not start');
    return kiln;
  };
}

/** The Kiln this worker's files share (`useSharedKiln`), once the first of them has started it. */
let sharedKiln: Promise<KilnProcess> | undefined;

/**
 * The Kiln of this Vitest worker process, shared by every e2e file that needs one on the harness's settings and
 * nothing of its own (most files: they sign up people of their own and act on their own projects): started by the
 * first such file, kept for the next, stopped when the worker exits. A new Kiln costs ~1.5 core-seconds to start
 * and its first project ~3 more against ~1.3 for a later one (README, "What the suite's work is made of"). Its
 * sign-ups are not limited (`KILN_SIGNUP_LIMIT=0`): the files together sign up more people from 127.0.0.1 than the
 * hourly limit allows one address. A file that tests the limits, stops or restarts its Kiln, or needs other
 * settings uses `useKiln` or `useKilnProcesses`. If the shared one has exited, the next file starts another.
 */
export function useSharedKiln(): () => KilnProcess {
  let kiln: KilnProcess | undefined;
  beforeAll(async () => {
    sharedKiln ??= startKilnProcess({ sharedByWorker: true, env: { KILN_SIGNUP_LIMIT: '0' } }).then(
      (started) => {
        void started.exited.then(() => {
          sharedKiln = undefined;
        });
        return started;
      },
    );
    kiln = await sharedKiln.catch((e) => {
      sharedKiln = undefined;
      throw e;
    });
  });
  return () => {
    if (!kiln) throw new Error('Kiln did not start');
    return kiln;
  };
}

/**
 * Kilns that the file's tests start themselves, with options only the test has (a scripted model server it
 * made): `const startKiln = useKilnProcesses();` then `const kiln = await startKiln({ env })` in the test. Every
 * one is stopped after the file (stopping one already stopped is a no-op).
 */
export function useKilnProcesses(): (opts?: KilnOptions) => Promise<KilnProcess> {
  const started: KilnProcess[] = [];
  afterAll(async () => {
    for (const kiln of started) await kiln.stop();
  });
  return async (opts = {}) => {
    const kiln = await startKilnProcess(opts);
    started.push(kiln);
    return kiln;
  };
}

/**
 * Chromium for a test (the run's shared one: test/chromium-server.ts) whose pages prefer reduced motion unless a
 * test asks otherwise: the builder then ends its transitions and animations at once (styles.css), as for a person
 * with that system setting. With motion, the toasts, menus, fades and hover transitions of every step kept the
 * compositor drawing: on three e2e files (code editor, visual edits, message blocks), Chromium used 60–65 s of
 * CPU (its GPU process ~10 s) against 46–48 s (~4 s) with reduced motion, and the three files 122–135 against
 * 107–112 s of CPU in all.
 */
export async function launchChromium(): Promise<Browser> {
  const browser = await launchKilnChromium();
  const newContext = browser.newContext.bind(browser);
  // `browser.newPage` makes its page's context through `newContext` too.
  browser.newContext = (opts) => newContext({ reducedMotion: 'reduce', ...opts });
  return browser;
}

/**
 * One Chromium for the test file: launched before its tests (in a `beforeAll` registered here, so before the
 * file's own), closed after them (after the file's own `afterAll`, which stops its Kiln first). Call at the top
 * level of the file; the getter throws if the browser has not started.
 */
export function useBrowser(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => {
    if (!browser) throw new Error('Chromium did not start');
    return browser;
  };
}

/**
 * A download's bytes, read through the browser connection: the run's Chromium is shared (test/chromium-server.ts),
 * and `download.path()` works only for a browser this process started.
 */
export async function downloaded(download: Download): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** A GraphQL answer as the server sent it, with the HTTP status. */
export interface GqlAnswer<T> {
  status: number;
  data: T;
  errors?: { message: string }[];
}

/** A GraphQL call made from inside `page`: same origin as the builder, with the page's session cookie. */
// biome-ignore lint/suspicious/noExplicitAny: the tests read GraphQL answers loosely, as JSON.
export async function pageGql<T = any>(
  page: Page,
  query: string,
  variables: Record<string, unknown> = {},
): Promise<GqlAnswer<T>> {
  return page.evaluate(
    async ([q, v]) => {
      const res = await fetch('/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: q, variables: v }),
      });
      return { status: res.status, ...(await res.json()) };
    },
    [query, variables] as const,
  );
}

/**
 * The environment of a Kiln whose model is the scripted model server `model` (an OpenAI-compatible endpoint on
 * 127.0.0.1); `extra` adds or overrides variables.
 */
export function scriptedModelEnv(
  model: { url: string },
  extra: Record<string, string> = {},
): Record<string, string> {
  return {
    KILN_MODEL: 'openai:gpt-4o-mini',
    OPENAI_API_KEY: 'sk-test',
    KILN_MODEL_BASE_URL: model.url,
    ...extra,
  };
}

/** Create an account from the sign-in page (password "correct horse battery"). */
export async function signUp(page: Page, email: string): Promise<void> {
  await page.getByRole('link', { name: 'Create an account' }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('correct horse battery');
  await page.getByRole('button', { name: 'Create account' }).click();
}

/**
 * Describes `prompt` on the dashboard and presses Enter; resolves with the new project's id once its workspace
 * is open (the first revision may still be generating).
 */
export async function describeApp(page: Page, prompt: string): Promise<string> {
  await page.getByLabel('Describe your app').fill(prompt);
  await page.getByLabel('Describe your app').press('Enter');
  await page.waitForURL(/\/projects\/[0-9a-f-]{36}$/);
  return new URL(page.url()).pathname.split('/').pop()!;
}

/** Resolves once the workspace on `page` shows its revision VALID (default timeout 60 s). */
export async function waitUntilValid(page: Page, timeout = 60_000): Promise<void> {
  await page
    .getByTestId('revision-status')
    .filter({ hasText: /^VALID$/ })
    .waitFor({ state: 'attached', timeout });
}

/**
 * A new account (signUp) describes `prompt` on the dashboard; resolves with the project's id once its first
 * revision is VALID (`timeout`, default 60 s).
 */
export async function newProjectFromDashboard(
  page: Page,
  kilnUrl: string,
  email: string,
  prompt: string,
  opts: { timeout?: number } = {},
): Promise<string> {
  await page.goto(`${kilnUrl}/`);
  await page.waitForURL(/\/login$/);
  await signUp(page, email);
  const projectId = await describeApp(page, prompt);
  await waitUntilValid(page, opts.timeout);
  return projectId;
}

const AXE_PATH = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

/**
 * Serious and critical axe-core violations on the page as it is now, as `rule×count (selectors)`. axe is
 * injected as an inline script: the builder's CSP on a local server allows that (KILN_STRICT_CSP); pages with a
 * strict policy need a context with `bypassCSP`. `include`: only the part of the page a selector names.
 */
export async function axeViolations(page: Page, opts: { include?: string } = {}): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE_PATH });
  return page.evaluate(async (include) => {
    const w = window as unknown as {
      axe: {
        run: (
          context?: unknown,
        ) => Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }>;
      };
    };
    const { violations } = await (include ? w.axe.run({ include: [[include]] }) : w.axe.run());
    return violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}×${v.nodes.length} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
  }, opts.include);
}
