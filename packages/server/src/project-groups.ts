/**
 * @module Project groups, and the project operations that move or copy projects between them: rename,
 * move, duplicate (same organisation), fork (into any organisation the user edits), delete.
 */
import { KilnError, type RevisionAction } from '@kiln/core';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { User } from './accounts';
import { deleteAttachmentFiles, projectAttachmentIds } from './chat-attachment-sweep';
import type { Db } from './db/index';
import { projectGroups, projects, revisions } from './db/schema';
import { hostingChanged } from './hosting/index';
import { newId } from './ids';
import { SERVER_MESSAGES as M } from './messages';
import { checkName } from './organizations';
import { requireRole } from './permissions';
import { recordProjectGroupRevision } from './project-group-revisions';
import { getProject, latestFinishedRevision, type Project } from './projects';
import type { FileStorage } from './uploads/storage';

export type ProjectGroup = typeof projectGroups.$inferSelect;

async function getGroup(db: Db, user: User, id: string, min: 'VIEWER' | 'EDITOR'): Promise<ProjectGroup> {
  const [group] = await db.select().from(projectGroups).where(eq(projectGroups.id, id));
  if (!group) throw new KilnError('not_found', 'Project group not found.');
  await requireRole(db, group.organizationId, user.id, min, 'Project group not found.');
  return group;
}

export async function listProjectGroups(db: Db, user: User, organizationId: string) {
  await requireRole(db, organizationId, user.id, 'VIEWER');
  return db
    .select()
    .from(projectGroups)
    .where(eq(projectGroups.organizationId, organizationId))
    .orderBy(asc(projectGroups.createdAt));
}

export async function createProjectGroup(
  db: Db,
  user: User,
  input: { organizationId: string; name: string },
) {
  const name = checkName(input.name);
  await requireRole(db, input.organizationId, user.id, 'EDITOR');
  const [group] = await db
    .insert(projectGroups)
    .values({ id: newId(), organizationId: input.organizationId, name })
    .returning();
  return group!;
}

export async function renameProjectGroup(db: Db, user: User, input: { id: string; name: string }) {
  const name = checkName(input.name);
  await getGroup(db, user, input.id, 'EDITOR');
  const [group] = await db
    .update(projectGroups)
    .set({ name })
    .where(eq(projectGroups.id, input.id))
    .returning();
  return group!;
}

/** Delete an empty project group (move or delete its projects first). */
export async function deleteProjectGroup(db: Db, user: User, id: string): Promise<boolean> {
  const group = await getGroup(db, user, id, 'EDITOR');
  const [{ n } = { n: 0 }] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(projects)
    .where(eq(projects.projectGroupId, id));
  if (n > 0) throw new KilnError('conflict', 'Move or delete the projects in this group first.');
  const [{ groups } = { groups: 0 }] = await db
    .select({ groups: sql<number>`count(*)::int` })
    .from(projectGroups)
    .where(eq(projectGroups.organizationId, group.organizationId));
  if (groups <= 1) throw new KilnError('conflict', 'An organisation keeps at least one project group.');
  await db.delete(projectGroups).where(eq(projectGroups.id, id));
  return true;
}

export async function renameProject(db: Db, user: User, input: { projectId: string; name: string }) {
  const name = checkName(input.name);
  await getProject(db, user, input.projectId, 'EDITOR');
  const [p] = await db
    .update(projects)
    .set({ name, updatedAt: new Date() })
    .where(eq(projects.id, input.projectId))
    .returning();
  return p!;
}

/** Move a project to another group of the same organisation. */
export async function moveProject(db: Db, user: User, input: { projectId: string; projectGroupId: string }) {
  const project = await getProject(db, user, input.projectId, 'EDITOR');
  const group = await getGroup(db, user, input.projectGroupId, 'EDITOR');
  if (group.organizationId !== project.organizationId) {
    throw new KilnError(
      'validation',
      'A project moves between groups of its own organisation; fork it to copy it elsewhere.',
    );
  }
  if (group.id === project.projectGroupId) return project;
  const [p] = await db
    .update(projects)
    .set({ projectGroupId: group.id, updatedAt: new Date() })
    .where(eq(projects.id, input.projectId))
    .returning();
  // Both groups' histories record the move (the one it left, then the one it joined).
  for (const projectGroupId of [project.projectGroupId, group.id]) {
    await recordProjectGroupRevision(
      db,
      { projectGroupId },
      { action: 'UPDATE_SETTINGS', authorId: user.id },
    );
  }
  const [moved] = await db.select().from(projects).where(eq(projects.id, input.projectId));
  return moved ?? p!;
}

/**
 * Delete a project; its chat images leave the file storage too (their rows go with the project, so their ids
 * are read first).
 */
export async function deleteProject(
  db: Db,
  user: User,
  projectId: string,
  files?: FileStorage,
): Promise<boolean> {
  const project = await getProject(db, user, projectId, 'EDITOR');
  const images = await projectAttachmentIds(db, [projectId]);
  await db.delete(projects).where(eq(projects.id, projectId));
  if (files) await deleteAttachmentFiles(files, images, (m, err) => console.warn(m, err));
  await hostingChanged(db, project.slug);
  await recordProjectGroupRevision(
    db,
    { projectGroupId: project.projectGroupId },
    { action: 'UPDATE_SETTINGS', authorId: user.id },
  );
  return true;
}

/**
 * Copy a project's newest finished revision into a new project: DUPLICATE in the same group, FORK into a
 * group of any organisation where the user is at least EDITOR. Unpublished; history starts at the copy.
 */
export async function copyProject(
  db: Db,
  user: User,
  input: {
    projectId: string;
    action: Extract<RevisionAction, 'DUPLICATE' | 'FORK'>;
    projectGroupId?: string | null;
  },
): Promise<Project> {
  const source = await getProject(db, user, input.projectId, input.action === 'FORK' ? 'VIEWER' : 'EDITOR');
  const group = input.projectGroupId
    ? await getGroup(db, user, input.projectGroupId, 'EDITOR')
    : await getGroup(db, user, source.projectGroupId, 'EDITOR');
  if (input.action === 'DUPLICATE' && group.organizationId !== source.organizationId) {
    throw new KilnError('validation', 'Duplicate stays in the organisation; fork to copy into another.');
  }
  const from = await latestFinishedRevision(db, source.id);
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const id = newId();
    const suffix = input.action === 'FORK' ? ' (fork)' : ' (copy)';
    await t.insert(projects).values({
      id,
      organizationId: group.organizationId,
      projectGroupId: group.id,
      name: (source.name + suffix).slice(0, 100),
      environment: source.environment,
      designSystem: source.designSystem,
      publishStatus: 'UNPUBLISHED',
      createdBy: user.id,
    });
    if (from) {
      const revisionId = newId();
      await t.insert(revisions).values({
        id: revisionId,
        projectId: id,
        parentId: null,
        number: 1,
        status: 'VALID',
        action: input.action,
        prompt: `${input.action === 'FORK' ? 'Forked' : 'Duplicated'} from ${source.name} #${from.number}`,
        modules: from.modules,
        authorId: user.id,
      });
      await t.update(projects).set({ latestRevisionId: revisionId }).where(eq(projects.id, id));
      await recordProjectGroupRevision(
        t,
        { projectGroupId: group.id },
        { action: input.action, authorId: user.id },
      );
    }
    const [p] = await t
      .select()
      .from(projects)
      .where(and(eq(projects.id, id)));
    if (!p) throw new KilnError('internal', M.projectNotFound);
    return p;
  });
}
