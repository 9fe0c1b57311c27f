/**
 * @module Project-group revisions: a snapshot of which revision each project of a group is at (projectId →
 * latest revisionId), with a status derived from those revisions' statuses and the action that made it.
 * The services call `recordProjectGroupRevision` after every change that moves a project of a group: a new
 * revision, a finished/failed/canceled run, a project added, removed or moved, a design system or settings
 * change. Restoring a group revision restores each project whose revision differs.
 */
import {
  isRevisionInProgress,
  KilnError,
  PROJECT_GROUP_REVISION_STATUS_LIFECYCLE,
  type ProjectGroupAction,
  type ProjectGroupRevisionStatus,
} from '@kiln/core';
import { desc, eq, inArray } from 'drizzle-orm';
import type { User } from './accounts';
import type { Db } from './db/index';
import { projectGroupRevisions, projectGroups, projects, revisions } from './db/schema';
import { newId } from './ids';
import { requireRole } from './permissions';

export type ProjectGroupRevision = typeof projectGroupRevisions.$inferSelect;

const INVALID = new Set(['INVALID', 'INVALID_CODE', 'GENERATION_FAILED', 'FAILED']);

/**
 * The group's status from its projects' latest revision statuses: BUILDING while any is queued or building,
 * INVALID if any failed or has invalid code, INVALID_PROMPT if any prompt was not understood, VALID when all
 * are valid, CREATED otherwise (including an empty group).
 */
export function projectGroupRevisionStatus(statuses: readonly string[]): ProjectGroupRevisionStatus {
  if (statuses.some((s) => isRevisionInProgress(s))) return 'BUILDING';
  if (statuses.some((s) => INVALID.has(s))) return 'INVALID';
  if (statuses.includes('INVALID_PROMPT')) return 'INVALID_PROMPT';
  if (statuses.length > 0 && statuses.every((s) => s === 'VALID')) return 'VALID';
  return 'CREATED';
}

function sameSnapshot(a: Record<string, string>, b: Record<string, string>): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((k) => a[k] === b[k]);
}

/**
 * Bring the group's revision history up to date. With an `action`, a new group revision is written (the
 * user did something to the group). Without one (a run ended, a generation was canceled), the latest group
 * revision's status is updated in place when its snapshot still holds, else a new CHAT revision is written.
 * Serialised per group by a row lock; safe inside a caller's transaction.
 */
export async function recordProjectGroupRevision(
  db: Db,
  target: { projectGroupId: string } | { projectId: string },
  opts: { action?: ProjectGroupAction; authorId?: string | null } = {},
): Promise<ProjectGroupRevision | null> {
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    let groupId: string;
    if ('projectGroupId' in target) groupId = target.projectGroupId;
    else {
      const [p] = await t
        .select({ groupId: projects.projectGroupId })
        .from(projects)
        .where(eq(projects.id, target.projectId));
      if (!p) return null;
      groupId = p.groupId;
    }
    // NO KEY UPDATE: serialises writers of the group without clashing with the KEY SHARE lock an insert of
    // one of its projects takes through the foreign key.
    const [group] = await t
      .select()
      .from(projectGroups)
      .where(eq(projectGroups.id, groupId))
      .for('no key update');
    if (!group) return null;
    const rows = await t
      .select({ projectId: projects.id, revisionId: revisions.id, status: revisions.status })
      .from(projects)
      .innerJoin(revisions, eq(revisions.id, projects.latestRevisionId))
      .where(eq(projects.projectGroupId, groupId));
    const snapshot = Object.fromEntries(rows.map((r) => [r.projectId, r.revisionId]));
    const status = projectGroupRevisionStatus(rows.map((r) => r.status));
    const [latest] = await t
      .select()
      .from(projectGroupRevisions)
      .where(eq(projectGroupRevisions.projectGroupId, groupId))
      .orderBy(desc(projectGroupRevisions.number))
      .limit(1);
    if (!opts.action && latest && sameSnapshot(latest.projectRevisions, snapshot)) {
      if (latest.status === status) return latest;
      if (PROJECT_GROUP_REVISION_STATUS_LIFECYCLE.canTransition(latest.status as never, status)) {
        const [updated] = await t
          .update(projectGroupRevisions)
          .set({ status, updatedAt: new Date() })
          .where(eq(projectGroupRevisions.id, latest.id))
          .returning();
        return updated ?? null;
      }
    }
    if (!latest && rows.length === 0) return null; // an empty group has no history yet
    const id = newId();
    const [created] = await t
      .insert(projectGroupRevisions)
      .values({
        id,
        projectGroupId: groupId,
        number: (latest?.number ?? 0) + 1,
        status,
        action: opts.action ?? 'CHAT',
        projectRevisions: snapshot,
        authorId: opts.authorId ?? null,
      })
      .returning();
    await t.update(projects).set({ projectGroupRevisionId: id }).where(eq(projects.projectGroupId, groupId));
    return created ?? null;
  });
}

/** One project's part of a group revision, with what the history shows of it. */
export interface ProjectGroupRevisionEntry {
  projectId: string;
  revisionId: string;
  /** Null when the project or revision has since been deleted. */
  projectName: string | null;
  revisionNumber: number | null;
}

/** A group's revisions, newest first, each with its projects' names and revision numbers (two queries). */
export async function listProjectGroupRevisions(db: Db, projectGroupId: string, limit = 100) {
  const list = await db
    .select()
    .from(projectGroupRevisions)
    .where(eq(projectGroupRevisions.projectGroupId, projectGroupId))
    .orderBy(desc(projectGroupRevisions.number))
    .limit(Math.max(1, Math.min(limit, 500)));
  const revisionIds = [...new Set(list.flatMap((r) => Object.values(r.projectRevisions)))];
  const projectIds = [...new Set(list.flatMap((r) => Object.keys(r.projectRevisions)))];
  const numbers = new Map(
    revisionIds.length
      ? (
          await db
            .select({ id: revisions.id, number: revisions.number })
            .from(revisions)
            .where(inArray(revisions.id, revisionIds))
        ).map((r) => [r.id, r.number])
      : [],
  );
  const names = new Map(
    projectIds.length
      ? (
          await db
            .select({ id: projects.id, name: projects.name })
            .from(projects)
            .where(inArray(projects.id, projectIds))
        ).map((p) => [p.id, p.name])
      : [],
  );
  return list.map((r) => ({
    ...r,
    projects: Object.entries(r.projectRevisions).map(
      ([projectId, revisionId]): ProjectGroupRevisionEntry => ({
        projectId,
        revisionId,
        projectName: names.get(projectId) ?? null,
        revisionNumber: numbers.get(revisionId) ?? null,
      }),
    ),
  }));
}

/**
 * Restore a group revision: a RESTORE revision (through `restore`, the project-level restore) for each
 * project still in the group whose latest revision differs, all in one transaction, then one RESTORE group
 * revision. Returns the ids of the projects that changed.
 */
export async function restoreProjectGroupRevision(
  db: Db,
  user: User,
  input: { projectGroupId: string; revisionId: string },
  restore: (db: Db, projectId: string, revisionId: string) => Promise<unknown>,
): Promise<{ revision: ProjectGroupRevision; changed: string[] }> {
  const [group] = await db.select().from(projectGroups).where(eq(projectGroups.id, input.projectGroupId));
  if (!group) throw new KilnError('not_found', 'Project group not found.');
  await requireRole(db, group.organizationId, user.id, 'EDITOR', 'Project group not found.');
  const [chosen] = await db
    .select()
    .from(projectGroupRevisions)
    .where(eq(projectGroupRevisions.id, input.revisionId));
  if (!chosen || chosen.projectGroupId !== group.id) throw new KilnError('not_found', 'Revision not found.');
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const current = await t
      .select({ id: projects.id, latestRevisionId: projects.latestRevisionId })
      .from(projects)
      .where(eq(projects.projectGroupId, group.id));
    const changed: string[] = [];
    for (const p of current) {
      const want = chosen.projectRevisions[p.id];
      if (!want || want === p.latestRevisionId) continue;
      await restore(t, p.id, want);
      changed.push(p.id);
    }
    const revision = await recordProjectGroupRevision(
      t,
      { projectGroupId: group.id },
      { action: 'RESTORE', authorId: user.id },
    );
    if (!revision) throw new KilnError('conflict', 'This project group has no projects to restore.');
    return { revision, changed };
  });
}

/** After a run ends (finished, failed, canceled): bring the project's group status up to date; never throws. */
export async function refreshProjectGroupStatus(
  db: Db,
  projectId: string,
  log: (msg: string, err?: unknown) => void = () => {},
): Promise<void> {
  await recordProjectGroupRevision(db, { projectId }).catch((err) =>
    log('project-group revision failed', err),
  );
}
