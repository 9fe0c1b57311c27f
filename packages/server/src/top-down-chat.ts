/**
 * @module Top-down chat (spec revision and project-group action TOP_DOWN_CHAT): one request that changes
 * several projects of a group at once — a web app and its mobile app sharing a backend. Every project gets a
 * TOP_DOWN_CHAT revision, all queued in one transaction with ONE project-group revision recording them; each
 * generation is told the request and the other projects' shapes (functions, pages, tables, published URL), so
 * the mobile app calls the web project's functions instead of inventing its own. The group revision stays
 * BUILDING until every project's generation has finished (project-group-revisions.ts derives its status).
 */
import type { GenGroup, GenModule } from '@kiln/codegen';
import { filePathToRoute, KilnError } from '@kiln/core';
import { eq } from 'drizzle-orm';
import type { User } from './accounts';
import type { AppBackend } from './app-backend';
import { shareGroupAttachments } from './chat-attachment-sweep';
import type { ChatAttachment } from './chat-attachments';
import type { Db } from './db/index';
import { projectGroups, projects } from './db/schema';
import { SERVER_MESSAGES as M } from './messages';
import type { Origins } from './origins';
import { requireRole } from './permissions';
import { type ProjectGroupRevision, recordProjectGroupRevision } from './project-group-revisions';
import { latestFinishedRevision, latestRevisionForUpdate, queueRevision, type Revision } from './projects';
import type { FileStorage } from './uploads/storage';

type Project = typeof projects.$inferSelect;
type GroupProject = GenGroup['projects'][number];

/** At most this many projects change in one top-down request (each is a generation the organisation pays for). */
export const MAX_TOP_DOWN_PROJECTS = 10;

/** HTTP methods a function module may export (the backend contract). */
const METHOD_EXPORT = /export\s+(?:async\s+)?(?:function\s+|const\s+)(GET|POST|PUT|PATCH|DELETE)\b/g;

/** What a sibling project offers, read from its newest finished revision and its development database. */
async function shapeOf(
  db: Db,
  project: Project,
  deps: { origins: Origins; backend: AppBackend | null },
): Promise<Omit<GroupProject, 'changing'>> {
  const revision = await latestFinishedRevision(db, project.id);
  const modules = (revision?.modules ?? []) as GenModule[];
  const functions: string[] = [];
  const pages: string[] = [];
  let web = false;
  let mobile = false;
  for (const m of modules) {
    const route = filePathToRoute(m.filePath);
    if (m.moduleType === 'FUNCTION' && route) {
      const methods = [...new Set([...m.content.matchAll(METHOD_EXPORT)].map((x) => x[1]))];
      functions.push(`${methods.length > 0 ? methods.join(' ') : 'GET POST'} ${route}`);
    } else if (m.moduleType === 'PAGE' && route) {
      web = true;
      pages.push(route);
    } else if (m.moduleType === 'EXPO_PAGE' && route) {
      mobile = true;
      pages.push(`${route} (mobile)`);
    }
  }
  const database = await deps.backend?.generationContext(project.id).catch(() => undefined);
  const tables = (database?.tables ?? []).map(
    (t) => `${t.name}(${t.columns.map((c) => `${c.name} ${c.type}`).join(', ')})`,
  );
  const kind: GroupProject['kind'] =
    web && mobile
      ? 'web and mobile app'
      : web
        ? 'web app'
        : mobile
          ? 'mobile app'
          : functions.length > 0
            ? 'backend'
            : 'empty project';
  return {
    name: project.name,
    kind,
    ...(project.slug && project.publishStatus === 'PUBLISHED'
      ? { url: deps.origins.appUrl(project.slug) }
      : {}),
    functions,
    pages,
    tables,
  };
}

/**
 * Send one request to several projects of a group (all of them by default; `projectIds` picks some). EDITOR
 * on the group's organisation (which every project of the group belongs to). Refused as a whole, nothing
 * queued, when any chosen project is still building or the balance cannot cover every generation.
 */
export async function sendGroupMessage(
  db: Db,
  user: User,
  input: {
    projectGroupId: string;
    text: string;
    projectIds?: readonly string[] | null;
    /** Images uploaded to POST /api/attachments, already checked (chat-attachments.ts `checkPendingAttachments`). */
    attachments?: readonly ChatAttachment[];
  },
  deps: { origins: Origins; backend: AppBackend | null; files?: FileStorage },
): Promise<{ groupRevision: ProjectGroupRevision; revisions: Revision[] }> {
  const prompt = input.text.trim();
  if (!prompt) throw new KilnError('validation', M.emptyPrompt);
  const [group] = await db.select().from(projectGroups).where(eq(projectGroups.id, input.projectGroupId));
  if (!group) throw new KilnError('not_found', 'Project group not found.');
  await requireRole(db, group.organizationId, user.id, 'EDITOR', 'Project group not found.');
  const members = await db.select().from(projects).where(eq(projects.projectGroupId, group.id));
  const wanted = input.projectIds?.length ? [...new Set(input.projectIds)] : members.map((p) => p.id);
  const unknown = wanted.filter((id) => !members.some((p) => p.id === id));
  if (unknown.length > 0) {
    throw new KilnError('validation', 'Every chosen project must belong to this project group.', { unknown });
  }
  if (wanted.length === 0) throw new KilnError('validation', 'This project group has no projects to change.');
  if (wanted.length > MAX_TOP_DOWN_PROJECTS) {
    throw new KilnError('validation', `One request changes at most ${MAX_TOP_DOWN_PROJECTS} projects.`);
  }
  const chosen = new Set(wanted);
  // Shapes are read before the transaction: the development databases answer from their own workers.
  const shapes = new Map<string, Omit<GroupProject, 'changing'>>();
  for (const p of members) shapes.set(p.id, await shapeOf(db, p, deps));
  // Locked in one order, so two top-down requests on the same group queue one after the other.
  const ordered = members.filter((p) => chosen.has(p.id)).sort((a, b) => a.id.localeCompare(b.id));
  // Every project's generation sees the images: the first project claims each upload, the others get copies.
  const attachments = input.attachments ?? [];
  if (attachments.length > 0 && !deps.files) throw new KilnError('internal', 'No file storage for images.');
  const shared =
    attachments.length > 0 && deps.files
      ? await shareGroupAttachments(
          deps.files,
          user.id,
          ordered.map((p) => p.id),
          attachments,
        )
      : null;
  try {
    return await queueGroup(db, user, prompt, group.id, members, ordered, chosen, shapes, shared);
  } catch (err) {
    await shared?.discard();
    throw err;
  }
}

/** Queues every chosen project's TOP_DOWN_CHAT revision and the group revision, in one transaction. */
function queueGroup(
  db: Db,
  user: User,
  prompt: string,
  groupId: string,
  members: Project[],
  ordered: Project[],
  chosen: Set<string>,
  shapes: Map<string, Omit<GroupProject, 'changing'>>,
  shared: Awaited<ReturnType<typeof shareGroupAttachments>> | null,
): Promise<{ groupRevision: ProjectGroupRevision; revisions: Revision[] }> {
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    await shared?.claim(t);
    const queued: Revision[] = [];
    for (const project of ordered) {
      const parent = await latestRevisionForUpdate(t, project.id);
      const others = members
        .filter((p) => p.id !== project.id)
        .map((p): GroupProject => ({ ...shapes.get(p.id)!, changing: chosen.has(p.id) }));
      queued.push(
        await queueRevision(t, {
          projectId: project.id,
          organizationId: project.organizationId,
          user,
          prompt,
          action: 'TOP_DOWN_CHAT',
          parent,
          context: {
            group: { projectName: project.name, projects: others },
            ...(shared?.perProject.get(project.id)?.length
              ? { attachments: shared.perProject.get(project.id) }
              : {}),
          },
        }),
      );
    }
    const groupRevision = await recordProjectGroupRevision(
      t,
      { projectGroupId: groupId },
      { action: 'TOP_DOWN_CHAT', authorId: user.id },
    );
    if (!groupRevision) throw new KilnError('internal', 'The project-group revision was not recorded.');
    return { groupRevision, revisions: queued };
  });
}

/**
 * The action a generation runs as: a top-down chat changes each project like a chat (or builds it, when the
 * project has no modules yet); others keep theirs.
 */
export function generationAction(
  action: string,
  modules: readonly unknown[],
): 'INITIAL' | 'CHAT' | 'FIX_CHANGE' {
  if (action === 'TOP_DOWN_CHAT') return modules.length === 0 ? 'INITIAL' : 'CHAT';
  return action as 'INITIAL' | 'CHAT' | 'FIX_CHANGE';
}
