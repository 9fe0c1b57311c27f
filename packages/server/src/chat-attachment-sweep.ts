/**
 * @module What becomes of images uploaded for a chat (chat-attachments.ts): each upload is a row of
 * `chat_attachments`; the first message that names it marks it sent. An image uploaded and never sent (removed
 * from the composer, the tab closed, a first prompt abandoned) is deleted, file and row, a day after its upload
 * by `sweepUnsentAttachments`, which every process runs at start and hourly; `DELETE … RETURNING` hands each
 * row to exactly one process, so two processes on one PostgreSQL never both delete it. A top-down request's
 * images are shared out to every project it changes (`shareGroupAttachments`), and a deleted project's images
 * leave the storage with it (`projectAttachmentIds`, `deleteAttachmentFiles`).
 */
import { randomUUID } from 'node:crypto';
import { CHAT_ATTACHMENT_MESSAGES, KilnError } from '@kiln/core';
import { and, eq, inArray, isNull, lt } from 'drizzle-orm';
import type { Db } from './db/index';
import { chatAttachments } from './db/schema';
import type { FileStorage } from './uploads/storage';

/** Marks the attachments a message named as sent (the sweep leaves them); call it in the send's transaction. */
export async function markAttachmentsSent(db: Db, attachments: readonly { id: string }[] | undefined) {
  const ids = (attachments ?? []).map((a) => a.id);
  if (ids.length === 0) return;
  await db
    .update(chatAttachments)
    .set({ sentAt: new Date() })
    .where(and(inArray(chatAttachments.id, ids), isNull(chatAttachments.sentAt)));
}

/**
 * Hands images uploaded before a project existed (`POST /api/attachments`) to the project its first prompt
 * made, marked sent; throws when one is no longer waiting for this user (used or swept meanwhile).
 */
export async function claimPendingAttachments(
  db: Db,
  userId: string,
  projectId: string,
  attachments: readonly { id: string }[] | undefined,
): Promise<void> {
  const ids = (attachments ?? []).map((a) => a.id);
  if (ids.length === 0) return;
  const claimed = await db
    .update(chatAttachments)
    .set({ projectId, sentAt: new Date() })
    .where(
      and(
        inArray(chatAttachments.id, ids),
        isNull(chatAttachments.projectId),
        eq(chatAttachments.uploadedBy, userId),
      ),
    )
    .returning({ id: chatAttachments.id });
  if (claimed.length !== ids.length) throw new KilnError('not_found', CHAT_ATTACHMENT_MESSAGES.notFound);
}

/** How long an uploaded image may wait unsent before the sweep deletes it. */
export const UNSENT_ATTACHMENT_TTL_MS = 24 * 60 * 60 * 1000;
/** How often each process sweeps. */
export const ATTACHMENT_SWEEP_INTERVAL_MS = 60 * 60 * 1000;

/**
 * Deletes the images uploaded more than `olderThanMs` ago that no message named: their rows first (`DELETE …
 * RETURNING`, so of two processes sweeping at once each row goes to one), then their files. Returns the ids
 * deleted. A file that cannot be deleted now is logged and left (its row is gone; it is never served: nothing
 * names it).
 */
export async function sweepUnsentAttachments(
  db: Db,
  storage: FileStorage,
  opts: { olderThanMs?: number; log?: (message: string, err?: unknown) => void } = {},
): Promise<string[]> {
  const before = new Date(Date.now() - (opts.olderThanMs ?? UNSENT_ATTACHMENT_TTL_MS));
  const gone = await db
    .delete(chatAttachments)
    .where(and(isNull(chatAttachments.sentAt), lt(chatAttachments.createdAt, before)))
    .returning({ id: chatAttachments.id });
  for (const { id } of gone) {
    try {
      await storage.delete(id);
    } catch (err) {
      opts.log?.(`could not delete the unsent chat image ${id}`, err);
    }
  }
  return gone.map((g) => g.id);
}

/** Sweeps now and then every `ATTACHMENT_SWEEP_INTERVAL_MS`; the answer stops it. */
export function startAttachmentSweep(
  db: Db,
  storage: FileStorage,
  log: (message: string, err?: unknown) => void,
): () => void {
  const sweep = () =>
    void sweepUnsentAttachments(db, storage, { log }).then(
      (ids) => {
        if (ids.length) log(`deleted ${ids.length} chat image(s) uploaded a day ago and never sent`);
      },
      (err) => log('chat image sweep failed', err),
    );
  sweep();
  const timer = setInterval(sweep, ATTACHMENT_SWEEP_INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
}

/**
 * Images uploaded before a top-down request (`POST /api/attachments`) handed to every project it changes:
 * the first project claims each upload (as `claimPendingAttachments`: once only, so nobody else can name it),
 * every other project gets its own copy (a new file and row, marked sent), so each project's chat and
 * generation read their image and deleting one project leaves the others' copies. The copies are written
 * before the transaction; call `claim` in it, and `discard` when the transaction fails.
 */
export async function shareGroupAttachments(
  storage: FileStorage,
  userId: string,
  projectIds: readonly string[],
  attachments: readonly { id: string; mimeType: string; size: number }[],
): Promise<{
  perProject: Map<string, { id: string; mimeType: string; size: number }[]>;
  claim: (db: Db) => Promise<void>;
  discard: () => Promise<void>;
}> {
  const [first, ...rest] = projectIds;
  const perProject = new Map(
    projectIds.map((id) => [id, [] as { id: string; mimeType: string; size: number }[]]),
  );
  const copies: { id: string; projectId: string }[] = [];
  const discard = async () => {
    for (const c of copies) await storage.delete(c.id).catch(() => {});
  };
  try {
    for (const a of attachments) {
      if (first) perProject.get(first)!.push(a);
      if (rest.length === 0) continue;
      const file = await storage.get(a.id);
      if (!file) throw new KilnError('not_found', CHAT_ATTACHMENT_MESSAGES.notFound);
      const bytes = new Uint8Array(await new Response(file.body).arrayBuffer());
      for (const projectId of rest) {
        const id = randomUUID();
        await storage.put(id, bytes, { contentType: file.contentType, projectId, scope: 'chat' });
        copies.push({ id, projectId });
        perProject.get(projectId)!.push({ id, mimeType: a.mimeType, size: a.size });
      }
    }
  } catch (err) {
    await discard();
    if (err instanceof KilnError) throw err;
    throw new KilnError('external', `The image could not be stored: ${(err as Error).message}`);
  }
  return {
    perProject,
    discard,
    claim: async (db) => {
      if (!first) return;
      await claimPendingAttachments(db, userId, first, attachments);
      if (copies.length === 0) return;
      const sentAt = new Date();
      await db
        .insert(chatAttachments)
        .values(copies.map((c) => ({ id: c.id, projectId: c.projectId, uploadedBy: userId, sentAt })));
    },
  };
}

/** The ids of a project's chat images (read them before deleting the project: its rows go with it). */
export async function projectAttachmentIds(db: Db, projectIds: readonly string[]): Promise<string[]> {
  if (projectIds.length === 0) return [];
  const rows = await db
    .select({ id: chatAttachments.id })
    .from(chatAttachments)
    .where(inArray(chatAttachments.projectId, [...projectIds]));
  return rows.map((r) => r.id);
}

/**
 * Deletes the files of a deleted project's chat images (their rows went with the project). A file that cannot
 * be deleted now is logged and left: nothing names it any more, so it is never served.
 */
export async function deleteAttachmentFiles(
  storage: FileStorage,
  ids: readonly string[],
  log: (message: string, err?: unknown) => void = () => {},
): Promise<void> {
  for (const id of ids) {
    try {
      await storage.delete(id);
    } catch (err) {
      log(`could not delete the chat image ${id} of a deleted project`, err);
    }
  }
}
