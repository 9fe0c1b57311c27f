/**
 * @module A revision's migrations applied to the project's development branch before its code is checked (its
 * functions may read the new tables): a model's `<kiln:migration>` blocks (run.ts) or a migration written by hand
 * (hand-run.ts). A failure is a sentence for the chat, never a thrown error.
 */
import type { RunDeps } from './worker-options';

/** Applies a generation's migrations to the development branch; a sentence for each one that failed. */
export async function applyMigrations(
  deps: RunDeps,
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
