// @ts-check
/**
 * Creates an embedded database's data directory (initdb) and exits: run as a child process, because the
 * process that runs initdb keeps ~500 MiB more than one that only opens the directory (measured on PGlite
 * 0.5), and that memory is never given back. Plain JavaScript: it runs without the TypeScript loader.
 * Usage: node pglite-init.mjs DATA_DIR
 * @module
 */
import { PGlite } from '@electric-sql/pglite';

const dir = process.argv[2];
if (!dir) throw new Error('usage: pglite-init.mjs DATA_DIR');
const db = await PGlite.create(dir, { onStdout: () => true, onStderr: () => true });
await db.close();
