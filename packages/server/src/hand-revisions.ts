/**
 * @module Revisions made by hand: a save in the code editor (CODE_CHANGE) or a visual edit in the preview
 * (TEXT_CHANGE, IMAGE_CHANGE, LINK_CHANGE, DELETION). No model and no credits: the revision is queued with its
 * final modules and the worker only validates it (jobs/hand-run.ts), so a hand edit is checked like any
 * generation — compiled, rendered in headless Chromium — and a broken one ends INVALID_CODE with Fix it offered.
 */
import { KilnError, moduleTypeFromPath, type RevisionAction, validateModulePath } from '@kiln/core';
import { eq, sql } from 'drizzle-orm';
import type { User } from './accounts';
import type { Db } from './db/index';
import { jobs, messages, projects, revisions, type StoredModule } from './db/schema';
import { newId } from './ids';
import { recordProjectGroupRevision } from './project-group-revisions';
import { getProject, getRevision, latestRevisionForUpdate, type Revision } from './projects';

/** The revision actions made by hand: validated, never generated, never charged. */
export const HAND_ACTIONS = [
  'CODE_CHANGE',
  'TEXT_CHANGE',
  'IMAGE_CHANGE',
  'LINK_CHANGE',
  'DELETION',
] as const;
export type HandAction = (typeof HAND_ACTIONS)[number];

/** Whether a revision's action is a hand edit (validated only). */
export function isHandAction(action: string | null | undefined): action is HandAction {
  return (HAND_ACTIONS as readonly string[]).includes(action ?? '');
}

/** Longest description of a hand edit kept as the revision's prompt and chat line. */
const MAX_PROMPT = 500;

/**
 * Queue a hand-made revision with `modules` as its complete module list, on top of the latest revision. With
 * `baseRevisionId` (the revision the edit was made on), an outdated base is refused with the conflict message
 * (`latestRevisionForUpdate`), never silently overwritten. The worker validates it next; `onQueued` wakes it.
 */
export async function queueHandRevision(
  db: Db,
  user: User,
  input: {
    projectId: string;
    action: HandAction;
    /** What was done, in people's words: "Edited apps/web/src/app/page.tsx by hand." */
    prompt: string;
    modules: StoredModule[];
    baseRevisionId?: string | null;
  },
): Promise<Revision> {
  if (!isHandAction(input.action)) throw new KilnError('validation', `${input.action} is not a hand edit.`);
  await getProject(db, user, input.projectId, 'EDITOR');
  const prompt = input.prompt.slice(0, MAX_PROMPT);
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const parent = await latestRevisionForUpdate(t, input.projectId, input.baseRevisionId);
    const [{ next } = { next: 1 }] = await t
      .select({ next: sql<number>`coalesce(max(${revisions.number}), 0)::int + 1` })
      .from(revisions)
      .where(eq(revisions.projectId, input.projectId));
    const revisionId = newId();
    const [revision] = await t
      .insert(revisions)
      .values({
        id: revisionId,
        projectId: input.projectId,
        parentId: parent?.id ?? null,
        number: next,
        status: 'QUEUED',
        action: input.action satisfies RevisionAction,
        prompt,
        modules: input.modules,
        authorId: user.id,
      })
      .returning();
    await t
      .insert(messages)
      .values({ id: newId(), projectId: input.projectId, revisionId, role: 'user', text: prompt });
    await t.insert(jobs).values({ id: newId(), kind: 'generate', revisionId, status: 'PENDING' });
    await t
      .update(projects)
      .set({ latestRevisionId: revisionId, updatedAt: new Date() })
      .where(eq(projects.id, input.projectId));
    await recordProjectGroupRevision(
      t,
      { projectId: input.projectId },
      { action: 'CHAT', authorId: user.id },
    );
    return revision!;
  });
}

/** Longest module a hand edit may save (the same order as a model's largest files, with room to spare). */
export const MAX_HAND_MODULE_BYTES = 512 * 1024;

/**
 * The code editor's save (GraphQL `saveModule`): `filePath` gets `content` (created when new) in a CODE_CHANGE
 * revision on `baseRevisionId`. The path must be a valid module path (core's rule); its type follows from it.
 */
export async function saveModule(
  db: Db,
  user: User,
  input: { projectId: string; filePath: string; content: string; baseRevisionId?: string | null },
): Promise<Revision> {
  validateModulePath(input.filePath);
  if (Buffer.byteLength(input.content) > MAX_HAND_MODULE_BYTES)
    throw new KilnError('validation', `A module may have at most ${MAX_HAND_MODULE_BYTES / 1024} KB.`);
  const project = await getProject(db, user, input.projectId, 'EDITOR');
  const latest = project.latestRevisionId ? await getRevision(db, project.latestRevisionId) : undefined;
  const modules = [...(latest?.modules ?? [])];
  const at = modules.findIndex((m) => m.filePath === input.filePath);
  const existed = at >= 0;
  if (existed) modules[at] = { ...modules[at]!, content: input.content };
  else
    modules.push({
      filePath: input.filePath,
      moduleType: moduleTypeFromPath(input.filePath),
      content: input.content,
    });
  return queueHandRevision(db, user, {
    projectId: input.projectId,
    action: 'CODE_CHANGE',
    prompt: `${existed ? 'Edited' : 'Created'} ${input.filePath} by hand.`,
    modules,
    // Without a base the edit is on what was latest when it arrived; the transaction re-checks it is still so.
    baseRevisionId: input.baseRevisionId ?? latest?.id ?? null,
  });
}
