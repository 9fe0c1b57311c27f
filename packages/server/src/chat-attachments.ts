/**
 * @module Images attached to a chat message (a screenshot of what to build). The builder uploads each image
 * to `POST /api/projects/{id}/attachments` (the raw bytes; EDITOR and up; cut at 5 MiB while it streams; the
 * type sniffed from the bytes: PNG, JPEG, WebP or GIF) and names the answers' ids in `sendMessage(attachments:)`.
 * The images live in the upload file storage (`uploads/storage.ts`: a local folder, or S3 shared by every
 * process) marked `scope: 'chat'`, so the files origin never serves them; members of the project (VIEWER and
 * up) read them at `GET /api/projects/{id}/attachments/{id}`. A message's attachments are kept in its
 * revision's context (a plan-mode question's in its message), where the generation or the discussion reads
 * them and sends them to the model as image parts.
 *
 * Each upload is also a row of `chat_attachments`; the first message that names it marks it sent. An image
 * uploaded and never sent (removed from the composer, the tab closed) is deleted, file and row, a day later by
 * `sweepUnsentAttachments`, which every process runs (at start and hourly) and which hands each row to exactly
 * one of them.
 */
import { randomUUID } from 'node:crypto';
import type { GenImage } from '@kiln/codegen';
import {
  CHAT_ATTACHMENT_MESSAGES as A,
  CHAT_ATTACHMENT_MAX_BYTES,
  CHAT_ATTACHMENT_MAX_COUNT,
  isChatAttachmentType,
  KilnError,
} from '@kiln/core';
import { eq } from 'drizzle-orm';
import type { Context, Hono } from 'hono';
import { getCookie } from 'hono/cookie';
import { userForSession } from './accounts';
import type { Db } from './db/index';
import { chatAttachments } from './db/schema';
import { isSameOriginRequest, sessionCookieName } from './http/security';
import { SERVER_MESSAGES as M } from './messages';
import type { Origins } from './origins';
import { getProject } from './projects';
import { type RateLimits, rateLimited, tryAgainIn } from './rate-limits';
import { readLimited } from './uploads/receive';
import { sniffMimeType } from './uploads/sniff';
import { FILE_KEY, type FileStorage, type StoredFile } from './uploads/storage';

/** One image attached to a message, as its revision's context keeps it. */
export interface ChatAttachment {
  /** The file's key in the storage (a uuid). */
  id: string;
  /** The sniffed type: image/png, image/jpeg, image/webp or image/gif. */
  mimeType: string;
  /** Bytes. */
  size: number;
}

/** Where the upload route answers (Hono pattern); an image is read at `{this}/{attachment id}`. */
export const ATTACHMENTS_ROUTE = '/api/projects/:id/attachments';

/** Where an image is uploaded before its project exists (the dashboard's first prompt). */
export const PENDING_ATTACHMENTS_ROUTE = '/api/attachments';
/** The project a waiting image's file names: none yet (its `chat_attachments` row gets one later). */
export const PENDING_PROJECT = '';

/** The builder-origin URL of one attachment (what the chat shows). */
export const attachmentUrl = (projectId: string, id: string) =>
  `/api/projects/${encodeURIComponent(projectId)}/attachments/${id}`;

export interface AttachmentRouteDeps {
  db: Db;
  storage: FileStorage;
  rateLimits: RateLimits;
  readonly origins: Origins;
}

/**
 * Mounts the upload and read routes on the builder app. Register them before the builder's body limit: an
 * image is cut at `CHAT_ATTACHMENT_MAX_BYTES` here, as it streams.
 */
// biome-ignore lint/suspicious/noExplicitAny: mounted on the builder app whatever its bindings.
export function mountChatAttachments(app: Hono<any>, deps: AttachmentRouteDeps): void {
  const userOf = (c: Context) => userForSession(deps.db, getCookie(c, sessionCookieName(deps.origins)));
  app.post(ATTACHMENTS_ROUTE, async (c) => {
    // A page on another site could post with the person's cookie: only the builder's own pages may.
    if (!isSameOriginRequest(c.req.raw.headers, deps.origins))
      throw new KilnError('forbidden', 'Attach images from the Kiln builder.');
    const user = await userOf(c);
    if (!user) throw new KilnError('unauthenticated', M.signInRequired);
    const projectId = c.req.param('id');
    await getProject(deps.db, user, projectId, 'EDITOR');
    const wait = await deps.rateLimits.take('chatImagesPerUser', user.id);
    if (wait !== null) throw rateLimited(`Too many images attached. ${tryAgainIn(wait)}`, wait);
    const stored = await receiveAttachment(deps.storage, projectId, c.req.raw);
    await deps.db.insert(chatAttachments).values({ id: stored.id, projectId, uploadedBy: user.id });
    return c.json(stored);
  });
  // Before a project exists (the dashboard's first prompt): the image waits for its uploader, who names it
  // in createProject(attachments:), which hands it to the new project.
  app.post(PENDING_ATTACHMENTS_ROUTE, async (c) => {
    if (!isSameOriginRequest(c.req.raw.headers, deps.origins))
      throw new KilnError('forbidden', 'Attach images from the Kiln builder.');
    const user = await userOf(c);
    if (!user) throw new KilnError('unauthenticated', M.signInRequired);
    const wait = await deps.rateLimits.take('chatImagesPerUser', user.id);
    if (wait !== null) throw rateLimited(`Too many images attached. ${tryAgainIn(wait)}`, wait);
    const stored = await receiveAttachment(deps.storage, PENDING_PROJECT, c.req.raw);
    await deps.db.insert(chatAttachments).values({ id: stored.id, projectId: null, uploadedBy: user.id });
    return c.json({ ...stored, url: `${PENDING_ATTACHMENTS_ROUTE}/${stored.id}` });
  });
  app.get(`${PENDING_ATTACHMENTS_ROUTE}/:key`, async (c) => {
    const user = await userOf(c);
    if (!user) throw new KilnError('unauthenticated', M.signInRequired);
    const key = c.req.param('key');
    const [row] = FILE_KEY.test(key)
      ? await deps.db.select().from(chatAttachments).where(eq(chatAttachments.id, key))
      : [];
    const file =
      row && row.projectId === null && row.uploadedBy === user.id ? await deps.storage.get(key) : null;
    if (file?.scope !== 'chat') {
      await file?.body.cancel();
      throw new KilnError('not_found', A.notFound);
    }
    return imageResponse(file, key);
  });
  app.get(`${ATTACHMENTS_ROUTE}/:key`, async (c) => {
    const user = await userOf(c);
    if (!user) throw new KilnError('unauthenticated', M.signInRequired);
    const projectId = c.req.param('id');
    await getProject(deps.db, user, projectId, 'VIEWER');
    const key = c.req.param('key');
    if (c.req.header('if-none-match') === `"${key}"`)
      return new Response(null, { status: 304, headers: { etag: `"${key}"` } });
    const file = FILE_KEY.test(key) ? await deps.storage.get(key) : null;
    if (file?.scope !== 'chat' || !(await belongsTo(deps.db, file, key, projectId))) {
      await file?.body.cancel();
      throw new KilnError('not_found', A.notFound);
    }
    return imageResponse(file, key);
  });
}

/** One stored chat image as the builder reads it: private, cached for ever, never run. */
function imageResponse(file: StoredFile, key: string): Response {
  return new Response(file.body, {
    headers: {
      'content-type': file.contentType,
      'content-length': String(file.size),
      'content-disposition': 'inline',
      // Never changes; only the project's members may keep a copy.
      'cache-control': 'private, max-age=31536000, immutable',
      etag: `"${key}"`,
      'content-security-policy': "default-src 'none'; sandbox",
    },
  });
}

/**
 * Whether a stored chat image is the project's: uploaded to it, or uploaded before the project existed (the
 * file says `PENDING_PROJECT`) and handed to it by createProject (its row says so).
 */
async function belongsTo(db: Db, file: StoredFile, key: string, projectId: string): Promise<boolean> {
  if (file.projectId === projectId) return true;
  if (file.projectId !== PENDING_PROJECT) return false;
  const [row] = await db
    .select({ projectId: chatAttachments.projectId })
    .from(chatAttachments)
    .where(eq(chatAttachments.id, key));
  return row?.projectId === projectId;
}

/**
 * The images a new project's first prompt names (uploaded to `POST /api/attachments` by this user, waiting
 * for a project), checked: at most `CHAT_ATTACHMENT_MAX_COUNT`, each the user's own and not yet used.
 */
export async function checkPendingAttachments(
  db: Db,
  storage: FileStorage,
  userId: string,
  ids: readonly string[] | null | undefined,
): Promise<ChatAttachment[]> {
  return checkedImages(ids, async (id) => {
    const [row] = await db.select().from(chatAttachments).where(eq(chatAttachments.id, id));
    return row && row.projectId === null && row.uploadedBy === userId ? storage.get(id) : null;
  });
}

/**
 * Names checked the same way by every send: at most `CHAT_ATTACHMENT_MAX_COUNT` (repeats count once), each a
 * uuid whose file `fileOf` gives (null: not this sender's to name) and is a chat image.
 */
async function checkedImages(
  ids: readonly string[] | null | undefined,
  fileOf: (id: string) => Promise<StoredFile | null>,
): Promise<ChatAttachment[]> {
  const unique = [...new Set(ids ?? [])];
  if (unique.length > CHAT_ATTACHMENT_MAX_COUNT) throw new KilnError('validation', A.tooMany);
  const found: ChatAttachment[] = [];
  for (const id of unique) {
    const file = FILE_KEY.test(id) ? await fileOf(id) : null;
    await file?.body.cancel();
    if (file?.scope !== 'chat' || !isChatAttachmentType(file.contentType))
      throw new KilnError('not_found', A.notFound);
    found.push({ id, mimeType: file.contentType, size: file.size });
  }
  return found;
}

/** Reads one image from the request body (cut at the limit while it streams), checks its type, stores it. */
export async function receiveAttachment(
  storage: FileStorage,
  projectId: string,
  req: Request,
): Promise<ChatAttachment & { url: string }> {
  let bytes: Uint8Array;
  try {
    bytes = await readLimited(req, CHAT_ATTACHMENT_MAX_BYTES, CHAT_ATTACHMENT_MAX_BYTES);
  } catch (err) {
    // The uploads' own sentence names an app's limit; this one says what to do in the chat.
    if (err instanceof KilnError && err.kind === 'too_large') throw new KilnError('too_large', A.tooLarge);
    throw err;
  }
  if (bytes.byteLength === 0) throw new KilnError('validation', A.empty);
  const mimeType = await sniffMimeType(bytes);
  if (!isChatAttachmentType(mimeType)) throw new KilnError('validation', A.wrongType);
  const id = randomUUID();
  try {
    await storage.put(id, bytes, { contentType: mimeType, projectId, scope: 'chat' });
  } catch (err) {
    throw new KilnError('external', `The image could not be stored: ${(err as Error).message}`);
  }
  return { id, mimeType, size: bytes.byteLength, url: attachmentUrl(projectId, id) };
}

/**
 * The attachments a message names, checked: at most `CHAT_ATTACHMENT_MAX_COUNT`, each an image uploaded to
 * this project's chat. Repeated ids count once.
 */
export async function checkAttachments(
  db: Db,
  storage: FileStorage,
  projectId: string,
  ids: readonly string[] | null | undefined,
): Promise<ChatAttachment[]> {
  return checkedImages(ids, async (id) => {
    const file = await storage.get(id);
    if (!file || (await belongsTo(db, file, id, projectId))) return file;
    await file.body.cancel();
    return null;
  });
}

/**
 * The images of a message for the model, read from the storage (any process on the same PostgreSQL and S3
 * finds them). One that has gone missing is left out rather than failing the generation.
 */
export async function attachmentImages(
  storage: FileStorage,
  attachments: readonly ChatAttachment[] | undefined,
): Promise<GenImage[]> {
  const images: GenImage[] = [];
  for (const a of attachments ?? []) {
    const file = await storage.get(a.id);
    if (!file) continue;
    const data = new Uint8Array(await new Response(file.body).arrayBuffer());
    images.push({ mediaType: file.contentType, data });
  }
  return images;
}

/** The attachments as the chat shows them (GraphQL `Message.attachments`). */
export function shownAttachments(
  projectId: string,
  attachments: readonly ChatAttachment[] | undefined,
): (ChatAttachment & { url: string })[] {
  return (attachments ?? []).map((a) => ({ ...a, url: attachmentUrl(projectId, a.id) }));
}
