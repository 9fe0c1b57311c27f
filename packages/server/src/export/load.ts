/**
 * @module What a project exports: the modules of its newest VALID revision (a later revision that failed its
 * check, e.g. a broken hand edit, is not what anyone wants to take away; a project that never validated
 * exports its newest finished revision), the migrations its database ran, and its design system's theme.
 */
import { KilnError } from '@kiln/core';
import { and, asc, desc, eq } from 'drizzle-orm';
import type { Db } from '../db/index';
import { appMigrations, projects, revisions } from '../db/schema';
import { designSystemCss } from '../design-system';
import { SERVER_MESSAGES as M } from '../messages';
import { revisionLock } from '../packages/locks';
import { latestFinishedRevision } from '../projects';
import type { ExportInput } from './project-export';

/** How many recent revisions are searched for the newest VALID one. */
const RECENT_REVISIONS = 50;

/** The export of a project the caller may already see (permission checked by the caller). */
export async function loadExport(db: Db, project: typeof projects.$inferSelect): Promise<ExportInput> {
  const recent = await db
    .select()
    .from(revisions)
    .where(eq(revisions.projectId, project.id))
    .orderBy(desc(revisions.number))
    .limit(RECENT_REVISIONS);
  const revision =
    recent.find((r) => r.status === 'VALID' && r.modules.length > 0) ??
    (await latestFinishedRevision(db, project.id));
  if (!revision) throw new KilnError('validation', M.nothingToExport);
  const migrations = await db
    .select({ name: appMigrations.name, sql: appMigrations.sql })
    .from(appMigrations)
    .where(and(eq(appMigrations.projectId, project.id), eq(appMigrations.status, 'COMPLETED')))
    .orderBy(asc(appMigrations.seq));
  // npm packages outside the catalogue, at the versions the revision pinned when it first loaded them (a
  // built-in's stand-in has no tarball, so no integrity: nothing to install).
  const packages = (await revisionLock(db, revision.id))
    .filter((row) => row.integrity !== '')
    .map((row) => ({ name: row.name, version: row.version }));
  return {
    name: project.name,
    packages,
    modules: revision.modules.map((m) => ({
      filePath: m.filePath,
      moduleType: m.moduleType,
      content: m.content,
    })),
    migrations,
    themeCss: designSystemCss(project.designSystem),
  };
}

/**
 * The export of a project by id, with no permission check: for the `kiln export` command, which reads the
 * database directly as its operator. Null when there is no such project.
 */
export async function loadExportById(db: Db, projectId: string): Promise<ExportInput | null> {
  const [project] = await db.select().from(projects).where(eq(projects.id, projectId));
  return project ? loadExport(db, project) : null;
}
