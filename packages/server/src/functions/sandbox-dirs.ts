/**
 * The folders the functions sandbox keeps on disk, all under one parent owned by Kiln (by default
 * `{os.tmpdir()}/kiln-functions`): one per sandbox, named `{pid}-{random}` after the server process that made it,
 * and in it one per Deno process (its working directory and its own `DENO_DIR`, so no two processes, and so no two
 * apps, share anything Deno keeps). A server killed with `kill -9` cannot remove its folder, so each sandbox, when
 * it starts, removes the folders of server processes that are no longer alive — never a live one's: several Kiln
 * processes may share a machine and the parent.
 * @module
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { lstat, mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { KilnError } from '@kiln/core';

/** The parent of every sandbox's folder unless the sandbox is given another. */
export function defaultSandboxRoot(): string {
  return join(tmpdir(), 'kiln-functions');
}

/** Whether a process with this id exists (one of another user, which we may not signal, counts as alive). */
function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Removes the folders under `root` left by server processes that are no longer alive; returns their names.
 * A pid reused by an unrelated process keeps its folder until that process ends: the safe way to be wrong.
 */
export async function removeLeftovers(root: string): Promise<string[]> {
  const removed: string[] = [];
  for (const entry of await readdir(root, { withFileTypes: true })) {
    const pid = /^(\d+)-/.exec(entry.name)?.[1];
    if (!entry.isDirectory() || pid === undefined) continue;
    if (Number(pid) === process.pid || isAlive(Number(pid))) continue;
    await rm(join(root, entry.name), { recursive: true, force: true });
    removed.push(entry.name);
  }
  return removed;
}

/**
 * Makes the parent (private to this user), removes leftovers of dead servers, and makes this sandbox's own folder.
 * Refuses a parent that is a symbolic link or belongs to another user: its folders would not be Kiln's to keep.
 */
export async function makeSandboxDir(root: string): Promise<string> {
  await mkdir(root, { recursive: true, mode: 0o700 });
  const stat = await lstat(root);
  const uid = process.getuid?.();
  if (!stat.isDirectory() || (uid !== undefined && stat.uid !== uid)) {
    throw new KilnError(
      'internal',
      `The functions folder ${root} is not a directory of this user; remove it or choose another.`,
    );
  }
  await removeLeftovers(root);
  return mkdtemp(join(root, `${process.pid}-`));
}

/**
 * Deno's SQLite caches in `DENO_DIR`, which grow with every module a process imports — modules a function makes
 * at run time too (100 `data:` modules of 200 kB wrote 143 MB). A directory where the database file would be
 * makes Deno keep them in memory, which the resident-size watchdog caps.
 */
const DENO_CACHE_DATABASES = ['dep_analysis_cache_v2', 'node_analysis_cache_v2', 'v8_code_cache_v2'];

/**
 * Makes the folder of one Deno process (`{sandboxDir}/{n}`) and its `DENO_DIR`, where Deno can write nothing
 * that grows: `location_data` (where it keeps `localStorage` and the Cache API, should code ever reach them past
 * the harness) is a file, so it cannot be made a directory, and its caches are directories, so they cannot be
 * opened as databases.
 */
export function makeProcessDir(sandboxDir: string, n: number): { dir: string; denoDir: string } {
  const dir = join(sandboxDir, String(n));
  const denoDir = join(dir, 'deno');
  mkdirSync(denoDir, { recursive: true, mode: 0o700 });
  writeFileSync(join(denoDir, 'location_data'), '', { mode: 0o400 });
  for (const name of DENO_CACHE_DATABASES) mkdirSync(join(denoDir, name), { mode: 0o500 });
  return { dir, denoDir };
}
