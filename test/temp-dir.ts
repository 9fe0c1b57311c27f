/**
 * @module Where the test run keeps its temporary files: in memory (`/dev/shm/kiln-tests`, a tmpfs) when the
 * machine has one with room, else the system's temporary folder. Read by vitest.config.ts, which points `TMPDIR`
 * there before any worker, Kiln process or Chromium starts, so `os.tmpdir()` is that folder everywhere in the run.
 *
 * Why: tests make data directories by the thousand files. An empty PGlite database is ~1,000 files (40 MB), and
 * every test server copies two (the platform database and the app databases' template) and one more per app
 * database it opens. On this machine's ext4 disk, ten copies of the template cost 3.1 s of kernel CPU and on
 * tmpfs 0.36 s; the kernel had 29 % of the suite's CPU time. Nothing about the product changes: PGlite,
 * Kiln and Chromium write files as they do anywhere.
 */
import { mkdirSync, statfsSync } from 'node:fs';
import { tmpdir } from 'node:os';

/** The tmpfs folder, when usable. */
const MEMORY = '/dev/shm/kiln-tests';
/** Free space the run needs there: its data directories, caches and an export's dependencies at once. */
const NEEDED_BYTES = 4 * 1024 ** 3;

/** The folder for this run's temporary files: MEMORY when /dev/shm has NEEDED_BYTES free, else `os.tmpdir()`. */
export function testTempDir(): string {
  try {
    const fs = statfsSync('/dev/shm');
    if (fs.bavail * fs.bsize < NEEDED_BYTES) return tmpdir();
    mkdirSync(MEMORY, { recursive: true });
    return MEMORY;
  } catch {
    return tmpdir();
  }
}
