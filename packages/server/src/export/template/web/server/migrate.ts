/**
 * @module The app's migrations: every `migrations/*.sql` file, in name order, each once per database (recorded in
 * `kiln_migrations`), each in its own transaction. The files are the migrations Kiln ran on the project's
 * database, numbered in their order; add yours after them (`0007_add_tags.sql`).
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Database } from './types.ts';

/** The folder of the SQL files, relative to where the server starts (the project's root). */
export const MIGRATIONS_DIR = 'migrations';

/** Runs the migrations this database has not run yet; returns their names. A failing one stops the rest. */
export async function migrate(db: Database, dir = join(process.cwd(), MIGRATIONS_DIR)): Promise<string[]> {
  const files = (await readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith('.sql')).sort();
  if (files.length === 0) return [];
  return db.locked(async () => {
    await db.query(
      'CREATE TABLE IF NOT EXISTS kiln_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
    );
    const done = new Set((await db.query('SELECT name FROM kiln_migrations')).map((r) => String(r.name)));
    const ran: string[] = [];
    for (const file of files) {
      if (done.has(file)) continue;
      const sql = await readFile(join(dir, file), 'utf8');
      try {
        await db.script(
          `${sql}\n;INSERT INTO kiln_migrations (name) VALUES ('${file.replace(/'/g, "''")}');`,
        );
      } catch (err) {
        throw new Error(`Migration ${file} failed: ${err instanceof Error ? err.message : String(err)}`);
      }
      ran.push(file);
    }
    return ran;
  });
}
