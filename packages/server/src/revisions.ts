/**
 * @module Revision history: a diff between any two revisions of a project, and restore — a new RESTORE
 * revision whose modules equal the chosen one's (nothing is ever rewritten in place).
 */
import { KilnError } from '@kiln/core';
import { createTwoFilesPatch } from 'diff';
import { eq } from 'drizzle-orm';
import type { User } from './accounts';
import type { Db } from './db/index';
import { messages, projects, revisions } from './db/schema';
import { newId } from './ids';
import { SERVER_MESSAGES as M } from './messages';
import { recordProjectGroupRevision } from './project-group-revisions';
import { getProject, latestRevisionForUpdate, type Revision } from './projects';

export interface ModuleDiff {
  filePath: string;
  change: 'added' | 'removed' | 'changed';
  /** A unified diff of the file (from → to). */
  patch: string;
}

async function revisionOfProject(db: Db, projectId: string, revisionId: string): Promise<Revision> {
  const [rev] = await db.select().from(revisions).where(eq(revisions.id, revisionId));
  if (!rev || rev.projectId !== projectId) throw new KilnError('not_found', M.revisionNotFound);
  return rev;
}

/** What changed from one revision to another, file by file, in path order. */
export async function diffRevisions(
  db: Db,
  user: User,
  input: { projectId: string; fromRevisionId: string; toRevisionId: string },
): Promise<ModuleDiff[]> {
  await getProject(db, user, input.projectId);
  const from = await revisionOfProject(db, input.projectId, input.fromRevisionId);
  const to = await revisionOfProject(db, input.projectId, input.toRevisionId);
  return diffModules(from.modules, to.modules);
}

export function diffModules(
  from: readonly { filePath: string; content: string }[],
  to: readonly { filePath: string; content: string }[],
): ModuleDiff[] {
  const a = new Map(from.map((m) => [m.filePath, m.content]));
  const b = new Map(to.map((m) => [m.filePath, m.content]));
  const paths = [...new Set([...a.keys(), ...b.keys()])].sort();
  const out: ModuleDiff[] = [];
  for (const filePath of paths) {
    const before = a.get(filePath);
    const after = b.get(filePath);
    if (before === after) continue;
    const change = before === undefined ? 'added' : after === undefined ? 'removed' : 'changed';
    out.push({ filePath, change, patch: createTwoFilesPatch(filePath, filePath, before ?? '', after ?? '') });
  }
  return out;
}

/**
 * Restore: a new RESTORE revision equal to the chosen one, on top of the latest (`withData`: the caller has
 * already put the chosen revision's data snapshot back; only the texts say so). `recordGroup: false` when the
 * caller writes the project-group revision itself (a group restore touches several projects).
 */
export async function restoreRevision(
  db: Db,
  user: User,
  input: { projectId: string; revisionId: string; baseRevisionId?: string | null; withData?: boolean },
  opts: { recordGroup?: boolean } = {},
): Promise<Revision> {
  await getProject(db, user, input.projectId, 'EDITOR');
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const chosen = await revisionOfProject(t, input.projectId, input.revisionId);
    const parent = await latestRevisionForUpdate(t, input.projectId, input.baseRevisionId);
    const id = newId();
    const [rev] = await t
      .insert(revisions)
      .values({
        id,
        projectId: input.projectId,
        parentId: parent?.id ?? null,
        number: (parent?.number ?? 0) + 1,
        status: chosen.status === 'INVALID_CODE' ? 'INVALID_CODE' : 'VALID',
        action: 'RESTORE',
        prompt: `Restore revision #${chosen.number}${input.withData ? ' with its data' : ''}`,
        modules: chosen.modules,
        authorId: user.id,
      })
      .returning();
    await t.insert(messages).values({
      id: newId(),
      projectId: input.projectId,
      revisionId: id,
      role: 'assistant',
      text: input.withData
        ? `Restored revision #${chosen.number} with its data.`
        : `Restored revision #${chosen.number}.`,
    });
    await t
      .update(projects)
      .set({ latestRevisionId: id, updatedAt: new Date() })
      .where(eq(projects.id, input.projectId));
    if (opts.recordGroup !== false)
      await recordProjectGroupRevision(
        t,
        { projectId: input.projectId },
        { action: 'RESTORE', authorId: user.id },
      );
    return rev!;
  });
}
