/**
 * @module A revision's migrations applied to the project's development branch before the revision counts as
 * finished (its functions, run by the verification walk and the preview, may read the new tables): a model's
 * `<kiln:migration>` blocks (run.ts) or a migration written by hand (hand-run.ts). A failure is a sentence for
 * the chat, never a thrown error.
 *
 * Opening a branch the first time is the slow part of a first generation (its data directory copied from the
 * template, a PGlite thread started: ~0.4 s idle, seconds on a loaded machine), so a run opens it as soon as
 * the model starts writing a migration (`openDevelopmentBranch`), and the revision's code is checked while the
 * migrations run (`applyMigrationsAndCheck`): the check compiles, bundles and renders in Chromium, and never
 * reads the app's database.
 */
import type { Db } from '../db/index';
import { checkRevision } from './revision-check';
import type { ValidatedModule, ValidationResult } from './validate';
import type { RunDeps } from './worker-options';

/** Applies a generation's migrations to the development branch; a sentence for each one that failed. */
export async function applyMigrations(
  deps: Pick<RunDeps, 'backend' | 'log'>,
  revision: { id: string; projectId: string },
  written: readonly { name: string; sql: string }[],
): Promise<string[]> {
  const backend = deps.backend;
  if (!backend || written.length === 0) return [];
  try {
    const results = await backend.applyRevisionMigrations(revision.projectId, revision.id, written);
    return results
      .filter((r) => r.status === 'FAILED')
      .map((r) => `The database change "${r.name}" failed: ${r.error ?? 'unknown error'}`);
  } catch (err) {
    deps.log('applying migrations failed', err);
    return [`The database changes could not be applied: ${err instanceof Error ? err.message : String(err)}`];
  }
}

/**
 * Opens the project's development branch in the background (a migration with none to apply only reads which
 * are applied), so that the migrations a generation is still writing find it open. A failure is left to the
 * migrations themselves, which report it.
 */
export function openDevelopmentBranch(deps: Pick<RunDeps, 'backend'>, projectId: string): void {
  void deps.backend?.databases.migrate({ projectId, branch: 'development' }, []).catch(() => {});
}

/**
 * The revision's migrations applied and its modules checked (revision-check.ts) at the same time; resolves when
 * both are done (a check that throws does so after the migrations ended, as when they ran one after the other).
 */
export async function applyMigrationsAndCheck(
  db: Db,
  deps: Pick<RunDeps, 'backend' | 'log' | 'packages'>,
  revision: { id: string; projectId: string; action: string },
  written: readonly { name: string; sql: string }[],
  modules: readonly ValidatedModule[],
): Promise<{ migrationNotes: string[]; check: ValidationResult }> {
  const migrating = applyMigrations(deps, revision, written);
  try {
    const check = await checkRevision(db, deps, revision, modules);
    return { migrationNotes: await migrating, check };
  } finally {
    await migrating;
  }
}
