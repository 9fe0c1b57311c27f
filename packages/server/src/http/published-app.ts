/**
 * @module The page of a published app at `{slug}.apps.{base}`. A PUBLIC app is served to everyone. A PRIVATE
 * one only to visitors holding its access link: opening `/?kiln_access=TOKEN` sets a host-only, HttpOnly,
 * SameSite=Lax cookie on the app's origin and redirects to the clean URL; without it the visitor gets a 403
 * page and no app code.
 */
import { KilnError } from '@kiln/core';
import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import type { Db } from '../db/index';
import { SERVER_MESSAGES as M } from '../messages';
import {
  ACCESS_COOKIE,
  ACCESS_PARAM,
  accessTokenMatches,
  appAtSlug,
  PRIVATE_APP_HTML,
} from '../project-settings';

/** How long a visitor's access cookie lasts (rotating the link revokes it sooner). */
const ACCESS_COOKIE_MAX_AGE_S = 30 * 24 * 60 * 60;

export async function publishedAppPage(c: Context, db: Db, slug: string, secure: boolean): Promise<Response> {
  const app = await appAtSlug(db, slug);
  if (!app) throw new KilnError('not_found', M.appNotFound);
  c.header('x-content-type-options', 'nosniff');
  c.header('referrer-policy', 'strict-origin-when-cross-origin');
  if (app.visibility !== 'PRIVATE') return c.html(app.html);
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
  return c.html(app.html);
}

/** Whether this visitor may use the app: it is public, or they hold its access cookie. */
export function mayOpenApp(c: Context, app: { visibility: string; accessTokenHash: string | null }): boolean {
  return app.visibility !== 'PRIVATE' || accessTokenMatches(app.accessTokenHash, getCookie(c, ACCESS_COOKIE));
}
