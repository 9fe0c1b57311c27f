/**
 * @module The security scan of what Publish would ship (GraphQL `securityScan`): gathers the newest finished
 * revision's modules, its package lock, the project's secret names and the tables open for public reading,
 * then runs the pure scan (scan.ts).
 */
import type { User } from '../accounts';
import type { AppBackend } from '../app-backend';
import type { Db } from '../db/index';
import { revisionLock } from '../packages/locks';
import { listProjectSecrets } from '../project-secrets';
import { getProject, getRevision, latestFinishedRevision } from '../projects';
import { type SecurityFinding, scanForSecurityProblems } from './scan';

export type { SecurityFinding } from './scan';
export { scanForSecurityProblems } from './scan';

/**
 * Scan a revision of a project (default: the newest finished one, which Publish ships). Any member may read
 * it (a VIEWER sees the code anyway). An empty list when there is nothing to publish yet.
 */
export async function securityScan(
  db: Db,
  user: User,
  input: { projectId: string; revisionId?: string | null },
  backend: AppBackend | null,
): Promise<SecurityFinding[]> {
  await getProject(db, user, input.projectId, 'VIEWER');
  const revision = input.revisionId
    ? await getRevision(db, input.revisionId)
    : await latestFinishedRevision(db, input.projectId);
  if (!revision || revision.projectId !== input.projectId) return [];
  const [open, secrets, lock] = await Promise.all([
    backend ? backend.publicTables(input.projectId) : Promise.resolve(new Set<string>()),
    listProjectSecrets(db, input.projectId),
    revisionLock(db, revision.id),
  ]);
  // Columns tell a harmless public table from one that leaks e-mail addresses; the scan works without them.
  const tables =
    open.size > 0 && backend
      ? await backend.databases.tables({ projectId: input.projectId, branch: 'development' }).catch(() => [])
      : [];
  return scanForSecurityProblems({
    modules: revision.modules,
    publicTables: [...open].map((name) => ({
      name,
      columns: tables.find((t) => t.name === name)?.columns.map((c) => c.name) ?? [],
    })),
    secretNames: [...new Set(secrets.map((s) => s.name))],
    packages: lock.map((p) => ({ name: p.name, version: p.version })),
  });
}
