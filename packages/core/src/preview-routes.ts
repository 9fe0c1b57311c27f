/**
 * Routing rules of the live preview (spec §2, §7): sandbox API rewrites, the mobile-builder route marker,
 * the sign-in popup, and image sources without a real source.
 * @module
 */
import { AI_IMAGE_ROUTE, GENERATED_APP_API_PREFIXES } from './internal-routes';

/** Reserved route marker appended to navigation targets in the mobile preview. */
export const MOBILE_BUILDER_ROUTE_MARKER = '~~mobile-builder';

/** Sign-in popup: path prefix, auto-close callback, size. */
export const SIGN_IN_POPUP = Object.freeze({
  pathPrefix: '/~~autosignin/',
  autoClosePath: '/~~autoclose',
  width: 800,
  height: 600,
} as const);

/** Query parameter generated auth helpers read the callback URL from. */
export const CALLBACK_URL_PARAM = 'callbackUrl';
/** Query parameter naming where to go after login. */
export const REDIRECT_AFTER_LOGIN_PARAM = 'redirect';

/** The sign-in popup URL for a provider: `/~~autosignin/{provider}?callbackUrl=/~~autoclose`. */
export function signInPopupUrl(provider: string): string {
  return `${SIGN_IN_POPUP.pathPrefix}${encodeURIComponent(provider)}?${CALLBACK_URL_PARAM}=${SIGN_IN_POPUP.autoClosePath}`;
}

/** Whether an href is absolute (`https:`, `mailto:`, `//host`): such targets pass through unchanged. */
export function isAbsoluteUrl(href: string): boolean {
  return /^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith('//');
}

/**
 * Where a link goes in the mobile preview: null for a bare `#` (does nothing), absolute URLs and `#anchor`
 * links unchanged, any other path with the mobile-builder marker appended (`/todos?x=1` →
 * `/todos/~~mobile-builder?x=1`). Already-marked paths are unchanged.
 */
export function mobilePreviewTarget(href: string): string | null {
  if (href === '#') return null;
  if (isAbsoluteUrl(href) || href.startsWith('#')) return href;
  const cut = href.search(/[?#]/);
  const path = cut === -1 ? href : href.slice(0, cut);
  const rest = cut === -1 ? '' : href.slice(cut);
  const trimmed = path.replace(/\/+$/, '');
  if (trimmed.endsWith(`/${MOBILE_BUILDER_ROUTE_MARKER}`)) return href;
  return `${trimmed}/${MOBILE_BUILDER_ROUTE_MARKER}${rest}`;
}

/** Removes the mobile-builder marker from a path (`/todos/~~mobile-builder` → `/todos`). */
export function stripMobileBuilderMarker(path: string): string {
  const stripped = path.replace(new RegExp(`/${MOBILE_BUILDER_ROUTE_MARKER}(?=$|[?#])`), '');
  return stripped === '' || /^[?#]/.test(stripped) ? `/${stripped}` : stripped;
}

/**
 * In the sandbox preview, `/api/...` calls go to `/sandbox/api/{revisionId}/...`. Legacy `/api/db/` calls are
 * left alone unless `rewriteLegacyDb` is set (default false). Other paths are unchanged.
 */
export function rewriteSandboxApiPath(
  path: string,
  revisionId: string,
  options: { rewriteLegacyDb?: boolean } = {},
): string {
  if (!/^\/api(?=$|[/?#])/.test(path)) return path;
  const isLegacyDb =
    path === GENERATED_APP_API_PREFIXES.db || path.startsWith(`${GENERATED_APP_API_PREFIXES.db}/`);
  if (isLegacyDb && options.rewriteLegacyDb !== true) return path;
  return `/sandbox/api/${encodeURIComponent(revisionId)}${path.slice('/api'.length)}`;
}

/** The `/api/ai-img?prompt=...` URL for an image described by `prompt`. */
export function aiImageUrl(prompt: string): string {
  return `${AI_IMAGE_ROUTE}?prompt=${encodeURIComponent(prompt)}`;
}

/** An image source to request: absolute sources (and `data:`/`blob:`) as they are, anything else from /api/ai-img. */
export function resolveImageSrc(src: string | null | undefined, prompt: string): string {
  if (typeof src === 'string' && isAbsoluteUrl(src)) return src;
  return aiImageUrl(prompt);
}
