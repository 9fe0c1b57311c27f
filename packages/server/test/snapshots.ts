/**
 * @module Prepared data directories for tests (like PGlite's own snapshots): the platform database already
 * created and migrated, and the app databases' empty template already made, copied into a fresh data directory
 * in a fraction of a second instead of two initdb runs (each seconds, tens of seconds on a loaded machine) per
 * test. Made once per machine and kept in `{tmpdir}/kiln-test-snapshots`, one per PGlite version and per content
 * of the migrations (platform) or of the branch worker (app template), so a change to either makes a new one.
 * Both are made by the server's own code (`openDatabase`, `initDataDir`), so a copy is what a first start
 * would have written (the template is linked, not copied: see `prepareDataDir`). Used by `startTestKiln` and the
 * e2e harness; `@kiln/server/testing` for other packages.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { mkdir, rename, rm, stat, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { initDataDir, pgliteVersion } from '../src/app-db/branch-worker';
import { copyDataDir } from '../src/app-db/copy-dir';
import { openDatabase } from '../src/db/index';

const ROOT = join(tmpdir(), 'kiln-test-snapshots');
const SERVER = resolve(import.meta.dirname, '..');
/** A lock older than this belongs to a process that died while making the snapshot. */
const STALE_LOCK_MS = 5 * 60_000;

/** sha256 over files (names relative to the server package, and contents), in order: checkouts share it. */
function digest(files: string[]): string {
  const h = createHash('sha256');
  for (const f of files) h.update(relative(SERVER, f)).update('\0').update(readFileSync(f)).update('\0');
  return h.digest('hex').slice(0, 16);
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((f) => join(dir, f))
    .filter((f) => statSync(f).isFile())
    .sort();
}

/**
 * The directory `name` under ROOT, made by `make(aside)` if it is not there yet. One process makes it (a lock
 * directory); others wait for it. Made aside and renamed into place, so a directory under its name is whole.
 */
async function snapshot(name: string, make: (dir: string) => Promise<void>): Promise<string> {
  const dir = join(ROOT, name);
  const lock = `${dir}.lock`;
  await mkdir(ROOT, { recursive: true });
  for (;;) {
    if (existsSync(dir)) return dir;
    try {
      await mkdir(lock);
    } catch {
      const age = Date.now() - (await stat(lock).catch(() => ({ mtimeMs: Date.now() }))).mtimeMs;
      if (age > STALE_LOCK_MS) await rm(lock, { recursive: true, force: true });
      else await new Promise((r) => setTimeout(r, 100));
      continue;
    }
    const aside = `${dir}.new-${process.pid}`;
    try {
      if (existsSync(dir)) return dir;
      await rm(aside, { recursive: true, force: true });
      await mkdir(aside, { recursive: true });
      await make(aside);
      await rename(aside, dir);
      return dir;
    } finally {
      await rm(aside, { recursive: true, force: true });
      await rm(lock, { recursive: true, force: true });
    }
  }
}

let platform: Promise<string> | undefined;
let appTemplate: Promise<{ dir: string; name: string }> | undefined;

/** The platform PGlite, created and migrated (what `{dataDir}/platform` holds after a first start). */
function platformSnapshot(): Promise<string> {
  platform ??= (async () => {
    const key = `${await pgliteVersion()}-${digest(filesUnder(join(SERVER, 'drizzle')))}`;
    return snapshot(`platform-${key}`, async (aside) => {
      const db = await openDatabase({ dataDir: aside });
      await db.close();
    });
  })();
  return platform;
}

/** The app databases' empty template (what AppDatabases makes as `.template-pglite-{version}` on first use). */
function appTemplateSnapshot(): Promise<{ dir: string; name: string }> {
  appTemplate ??= (async () => {
    const version = await pgliteVersion();
    const worker = join(SERVER, 'src/app-db');
    const key = `${version}-${digest([join(worker, 'pglite-worker.mjs'), join(worker, 'branch-worker.ts')])}`;
    const dir = await snapshot(`app-template-${key}`, (aside) => initDataDir(aside));
    return { dir, name: `.template-pglite-${version}` };
  })();
  return appTemplate;
}

/**
 * Fills a new, empty Kiln data directory from the prepared snapshots: `platform/` (unless the platform
 * database is PostgreSQL) and the app databases' template under `apps/`. A directory already in use is left
 * as it is (a restart keeps its data).
 *
 * The platform database is copied (the server writes it); the template is a symbolic link to the snapshot, since
 * the server only ever copies a new branch from it (app-db/index.ts `#prepare`) and never opens it. Copying its
 * ~1,000 files and deleting them after the test cost ~0.1 s of CPU per test server, and most never open a branch.
 */
export async function prepareDataDir(dataDir: string, opts: { platform: boolean }): Promise<void> {
  if (existsSync(join(dataDir, 'platform')) || existsSync(join(dataDir, 'apps'))) return;
  const [platformDir, template] = await Promise.all([
    opts.platform ? platformSnapshot() : undefined,
    appTemplateSnapshot(),
  ]);
  await mkdir(join(dataDir, 'apps'), { recursive: true });
  await Promise.all([
    // Copied as the server copies a branch's data directory (several files in flight: app-db/copy-dir.ts).
    platformDir ? copyDataDir(join(platformDir, 'platform'), join(dataDir, 'platform')) : undefined,
    symlink(template.dir, join(dataDir, 'apps', template.name), 'dir'),
  ]);
}

/**
 * Deletes a test's data directory in a detached `rm -rf` the test does not wait for. A data directory holds
 * thousands of files (each PGlite database ~1,000), and deleting them in the test took 5–20 s per test on this
 * machine's disk (its unlinks wait on the device), blocking the test file's event loop meanwhile.
 */
export function removeInBackground(dir: string): void {
  spawn('rm', ['-rf', '--', dir], { detached: true, stdio: 'ignore' }).unref();
}

/**
 * The settings both test harnesses (harness.ts, e2e/harness.ts) start Kiln with, unlike `npm start`: what costs
 * time per generation and only its own tests are about. The verification walk, the data snapshot per revision,
 * the prerender after each publish and the git commit after each revision are off, and the builtin generator
 * streams without its pause between chunks. A test about one sets it back in its `env`.
 */
export const TEST_SERVER_ENV = {
  KILN_VERIFY: 'off',
  KILN_DATA_SNAPSHOTS: '0',
  KILN_PRERENDER: 'off',
  KILN_GIT_BACKGROUND: 'off',
  KILN_BUILTIN_DELAY_MS: '0',
} as const;
