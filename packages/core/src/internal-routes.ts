/**
 * Internal platform routes (spec §2): `/_create/api/...` ↔ `/v0/...`, the upload routes, and the API
 * prefixes generated apps call.
 * @module
 */
import { KilnError } from './errors';
import { MESSAGES } from './messages';

/** The internal route prefix. */
export const INTERNAL_ROUTE_PREFIX = '_create';
/** Where internal routes live on an app's own origin. */
export const INTERNAL_API_PREFIX = '/_create/api/';
/** The platform API's versioned prefix. */
export const V0_PREFIX = '/v0/';

/** Upload routes, on the platform (`/v0/`) and on the app's origin (`/_create/api/`). */
export const UPLOAD_ROUTES = Object.freeze({
  upload: '/v0/upload/',
  presign: '/v0/upload/presign/',
  internalUpload: '/_create/api/upload/',
  internalPresign: '/_create/api/upload/presign/',
} as const);

/** Generated-app API prefixes. */
export const GENERATED_APP_API_PREFIXES = Object.freeze({
  db: '/api/db',
  publicSheet: '/api/public-sheet',
} as const);
/** Route images without a real source are requested from, with a `prompt` query. */
export const AI_IMAGE_ROUTE = '/api/ai-img';

/**
 * The `/v0/` path for a route: `/_create/api/x` → `/v0/x`; a `/v0/` path is returned as it is. Anything
 * else throws `KilnError('validation', 'Path ... is not a valid internal route. It should start with /v0/.')`.
 */
export function toV0Route(path: string): string {
  const mapped = path.startsWith(INTERNAL_API_PREFIX)
    ? `${V0_PREFIX}${path.slice(INTERNAL_API_PREFIX.length)}`
    : path;
  if (!mapped.startsWith(V0_PREFIX)) {
    throw new KilnError('validation', MESSAGES.invalidInternalRoute(path), { path });
  }
  return mapped;
}

/**
 * The internal route for a `/v0/` path: `/v0/x` → `/_create/api/x`; an `/_create/api/` path is returned as
 * it is. Anything else throws with the catalogue message.
 */
export function toInternalRoute(path: string): string {
  const v0 = toV0Route(path);
  return `${INTERNAL_API_PREFIX}${v0.slice(V0_PREFIX.length)}`;
}

/** Whether a path is an internal route (`/_create/api/...`). */
export function isInternalRoute(path: string): boolean {
  return path.startsWith(INTERNAL_API_PREFIX);
}

/** Whether a path (either spelling, query ignored) is the upload route. */
export function isUploadRoute(path: string): boolean {
  const p = safeV0(path);
  return p === UPLOAD_ROUTES.upload;
}

/** Whether a path (either spelling, query ignored) is the presign route. */
export function isPresignRoute(path: string): boolean {
  const p = safeV0(path);
  return p === UPLOAD_ROUTES.presign;
}

function safeV0(path: string): string | null {
  const bare = path.split(/[?#]/, 1)[0] ?? '';
  try {
    return toV0Route(bare.endsWith('/') ? bare : `${bare}/`);
  } catch {
    return null;
  }
}

/** The message shown for a failed upload: 413 → "Upload failed: File too large.", anything else "Upload failed". */
export function uploadErrorMessage(status: number): string {
  return status === 413 ? MESSAGES.uploadTooLarge : MESSAGES.uploadFailed;
}
