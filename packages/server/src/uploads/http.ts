/**
 * @module The HTTP side of uploads and public sheets. On an app's (and a preview's) origin: the upload and
 * presign routes in both spellings (`/v0/upload/`, `/_create/api/upload/`, spec §2), and the public-sheet
 * route; on the files origin `files.{base}`: the stored files and the presigned upload endpoint. Uploads answer
 * `{url, mimeType}`, failures `{error}` with the status (413 for a file over the plan's limit), never a throw.
 */
import {
  type DatabaseBranch,
  ERROR_STATUS,
  isKilnError,
  KilnError,
  MESSAGES,
  UPLOAD_ROUTES,
} from '@kiln/core';
import { type Context, Hono } from 'hono';
import type { AppBackend } from '../app-backend';
import { clientAddress, type NodeBindings } from '../http/client-address';
import { type RateLimits, rateLimited, tryAgainIn } from '../rate-limits';
import type { Uploads } from './index';
import { addSheetRow, SHEET_MESSAGES } from './public-sheet';
import { FILE_KEY } from './storage';

export interface UploadRouteDeps {
  uploads: Uploads;
  rateLimits: RateLimits;
  trustProxy: boolean;
  log(msg: string, err?: unknown): void;
}

/** Every spelling of the two routes, with and without the trailing slash. */
const spellings = (path: string) => [path, path.replace(/\/$/, '')];
const UPLOAD_PATHS = [...spellings(UPLOAD_ROUTES.upload), ...spellings(UPLOAD_ROUTES.internalUpload)];
const PRESIGN_PATHS = [...spellings(UPLOAD_ROUTES.presign), ...spellings(UPLOAD_ROUTES.internalPresign)];

/** Whether a path is one of the upload routes (their bodies are limited by the plan, not the origin's cap). */
export const isUploadPath = (path: string) => UPLOAD_PATHS.includes(path) || PRESIGN_PATHS.includes(path);

const address = (c: Context, deps: UploadRouteDeps) =>
  clientAddress(c.req.raw, c.env as NodeBindings | undefined, deps.trustProxy);

/** Counts one upload for this app and address; 429 past the limit. */
async function countUpload(c: Context, deps: UploadRouteDeps, projectId: string): Promise<void> {
  const wait = await deps.rateLimits.take('uploadsPerAppAndAddress', projectId, address(c, deps));
  if (wait !== null) throw rateLimited(`Too many uploads from your network. ${tryAgainIn(wait)}`, wait);
}

/** `{error}` with the error's status; a failure that is not the visitor's is logged and says only that. */
function uploadError(c: Context, deps: UploadRouteDeps, err: unknown): Response {
  if (isKilnError(err)) {
    const headers: Record<string, string> = {};
    const retry = err.details?.retryAfterSeconds;
    if (typeof retry === 'number') headers['retry-after'] = String(retry);
    return c.json({ error: err.message }, ERROR_STATUS[err.kind] as 400, headers);
  }
  deps.log('upload failed', err);
  return c.json({ error: MESSAGES.uploadFailed }, 500);
}

/**
 * Registers the upload and presign routes on an app or preview origin. `project` names the origin's project
 * (throwing when there is none, or the visitor may not use it). Register them before any body-limit middleware:
 * an upload's limit is its plan's, enforced as it streams.
 */
export function uploadRoutes(
  // biome-ignore lint/suspicious/noExplicitAny: mounted on apps with different bindings
  app: Hono<any>,
  deps: UploadRouteDeps,
  project: (c: Context) => Promise<string>,
): void {
  for (const path of UPLOAD_PATHS) {
    app.post(path, async (c) => {
      try {
        const projectId = await project(c);
        await countUpload(c, deps, projectId);
        return c.json(await deps.uploads.upload(projectId, c.req.raw));
      } catch (err) {
        return uploadError(c, deps, err);
      }
    });
  }
  for (const path of PRESIGN_PATHS) {
    app.post(path, async (c) => {
      try {
        const projectId = await project(c);
        await deps.uploads.limitFor(projectId); // the project exists
        await countUpload(c, deps, projectId);
        return c.json(deps.uploads.presign(projectId));
      } catch (err) {
        return uploadError(c, deps, err);
      }
    });
  }
}

/**
 * `POST /api/public-sheet` for one app: counted per app and address (429 past the limit), then stored as a row
 * of `public_sheet_rows` on the branch. The body is JSON already cut at the origin's body limit.
 */
export async function publicSheetSubmission(
  c: Context,
  deps: UploadRouteDeps & { backend: AppBackend },
  projectId: string,
  branch: DatabaseBranch,
): Promise<Response> {
  const wait = await deps.rateLimits.take('sheetRowsPerAppAndAddress', projectId, address(c, deps));
  if (wait !== null)
    throw rateLimited(`Too many form submissions from your network. ${tryAgainIn(wait)}`, wait);
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    throw new KilnError('validation', SHEET_MESSAGES.shape);
  }
  return c.json(await addSheetRow(deps.backend, projectId, branch, body));
}

/** Types a browser shows in place; anything else is sent as a download. */
const INLINE = /^(image\/|video\/|audio\/|text\/plain$|application\/pdf$)/;

/** Headers on every stored file: immutable, and unable to script any origin (CSP sandbox, no sniffing). */
export function fileHeaders(contentType: string, size: number, key: string): Headers {
  const h = new Headers();
  h.set('content-type', contentType.startsWith('text/') ? `${contentType}; charset=utf-8` : contentType);
  h.set('content-length', String(size));
  h.set('content-disposition', INLINE.test(contentType) ? 'inline' : 'attachment');
  h.set('content-security-policy', "default-src 'none'; img-src data:; style-src 'unsafe-inline'; sandbox");
  h.set('x-content-type-options', 'nosniff');
  h.set('cache-control', 'public, max-age=31536000, immutable');
  h.set('etag', `"${key}"`);
  h.set('access-control-allow-origin', '*');
  h.set('cross-origin-resource-policy', 'cross-origin');
  h.set('referrer-policy', 'no-referrer');
  return h;
}

const FILE_PATH = /^\/([0-9a-f-]{36})(?:\/[^/]*)?$/;

/** The files origin: `GET /{uuid}/` serves a file; `POST /base/` takes a presigned upload. */
export function filesApp(deps: UploadRouteDeps): Hono {
  const app = new Hono();
  app.use(async (c, next) => {
    await next();
    c.res.headers.set('x-content-type-options', 'nosniff');
  });
  app.post('/base/', async (c) => {
    c.header('access-control-allow-origin', '*');
    try {
      const { uuid, url, mimeType } = await deps.uploads.presignedUpload(c.req.raw);
      return c.json({ file: uuid, url, mimeType });
    } catch (err) {
      return uploadError(c, deps, err);
    }
  });
  app.on(['GET', 'HEAD'], '*', async (c) => {
    const key = FILE_PATH.exec(c.req.path)?.[1];
    if (!key || !FILE_KEY.test(key)) throw new KilnError('not_found', 'No such file.');
    if (c.req.header('if-none-match') === `"${key}"`) {
      return new Response(null, { status: 304, headers: { etag: `"${key}"` } });
    }
    const file = await deps.uploads.storage.get(key);
    if (!file) throw new KilnError('not_found', 'No such file.');
    // A chat message's image is for the project's members (chat-attachments.ts), not for whoever has its link.
    if (file.scope === 'chat') {
      await file.body.cancel();
      throw new KilnError('not_found', 'No such file.');
    }
    const headers = fileHeaders(file.contentType, file.size, key);
    if (c.req.method === 'HEAD') {
      await file.body.cancel();
      return new Response(null, { headers });
    }
    return new Response(file.body, { headers });
  });
  return app;
}
