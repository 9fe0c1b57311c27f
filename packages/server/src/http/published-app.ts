/**
 * @module The page of a published app at `{slug}.apps.{base}`. A PUBLIC app is served to everyone. A PRIVATE
 * one only to visitors holding its access link: opening `/?kiln_access=TOKEN` sets a host-only, HttpOnly,
 * SameSite=Lax cookie on the app's origin and redirects to the clean URL; without it the visitor gets a 403
 * page and no app code.
 */
import { KilnError } from '@kiln/core';
import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { documentResponse, type LiveApp, pageDocument } from '../hosting/index';
import { SERVER_MESSAGES as M } from '../messages';
import { ACCESS_COOKIE, ACCESS_PARAM, accessTokenMatches, PRIVATE_APP_HTML } from '../project-settings';

/** How long a visitor's access cookie lasts (rotating the link revokes it sooner). */
const ACCESS_COOKIE_MAX_AGE_S = 30 * 24 * 60 * 60;

/** The page of the live app (null: none at this host). Public pages usually leave through `fastPage` first. */
export function publishedAppPage(c: Context, app: LiveApp | null, secure: boolean): Response {
  if (!app) throw new KilnError('not_found', M.appNotFound);
  const url = new URL(c.req.url);
  const document = pageDocument(app, url.pathname, url.search !== '');
  if (app.visibility !== 'PRIVATE') {
    return documentResponse(document, {
      acceptEncoding: c.req.header('accept-encoding'),
      ifNoneMatch: c.req.header('if-none-match'),
      head: c.req.method === 'HEAD',
    });
  }
  c.header('x-content-type-options', 'nosniff');
  c.header('referrer-policy', 'strict-origin-when-cross-origin');
  c.header('cache-control', 'private, no-store');
  const fromLink = c.req.query(ACCESS_PARAM);
  if (fromLink !== undefined) {
    if (!accessTokenMatches(app.accessTokenHash, fromLink)) return c.html(PRIVATE_APP_HTML, 403);
    setCookie(c, ACCESS_COOKIE, fromLink, {
      httpOnly: true,
      sameSite: 'Lax',
      path: '/',
      secure,
      maxAge: ACCESS_COOKIE_MAX_AGE_S,
    });
    const clean = new URL(c.req.url);
    clean.searchParams.delete(ACCESS_PARAM);
    return c.redirect(`${clean.pathname}${clean.search}${clean.hash}`, 303);
  }
  if (!mayOpenApp(c, app)) return c.html(PRIVATE_APP_HTML, 403);
  // One visitor's page: never stored, so sent as it is (no shared ETag or encoding to vary on).
  return c.html(document.body.toString('utf8'));
}

/** Whether this visitor may use the app: it is public, or they hold its access cookie. */
export function mayOpenApp(c: Context, app: { visibility: string; accessTokenHash: string | null }): boolean {
  return app.visibility !== 'PRIVATE' || accessTokenMatches(app.accessTokenHash, getCookie(c, ACCESS_COOKIE));
}
