/**
 * @module The `/api/auth/*` routes on a published app's origin (mounted by http/app.ts before the app's own
 * `/api/*` functions): Auth.js's routes (`csrf`, `session`, `providers`, `signin/{provider}`,
 * `callback/{provider}`, `signout`, …) and Kiln's three mail routes beside them (`verify-email`,
 * `forgot-password`, `reset-password`). Also who the visitor of any request is, for the app's functions.
 */

import { eq } from 'drizzle-orm';
import type { Context, Hono } from 'hono';
import type { Db } from '../db/index';
import { projects, users } from '../db/schema';
import type { FunctionVisitor } from '../functions/index';
import { clientAddress, type NodeBindings } from '../http/client-address';
import type { Origins } from '../origins';
import { AUTH_BASE_PATH, AUTH_ERROR_CODES, type AuthTarget, type VisitorAuth } from './index';

export interface VisitorAuthRoutesOptions {
  auth: VisitorAuth;
  db: Db;
  origins: () => Origins;
  trustProxy: boolean;
  /** The published app a request is for (refusing a private app's visitors without its access cookie). */
  live(c: Context): Promise<{ projectId: string }>;
}

/** The auth target of a published app's request: its `main` branch at its public origin. */
async function publishedTarget(c: Context, o: VisitorAuthRoutesOptions): Promise<AuthTarget> {
  const { projectId } = await o.live(c);
  const [project] = await o.db
    .select({ name: projects.name, slug: projects.slug })
    .from(projects)
    .where(eq(projects.id, projectId));
  const origin = o
    .origins()
    .appUrl(project?.slug ?? '')
    .replace(/\/$/, '');
  return { projectId, branch: 'main', origin, appName: project?.name ?? 'the app' };
}

const esc = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/** The small page a reset link opens: a new password, posted back to the same path. */
function resetPage(appName: string, email: string, token: string, error?: string): string {
  return `<!doctype html><html lang="en"><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Choose a new password · ${esc(appName)}</title><style>body{font:16px system-ui,sans-serif;color:#1c1917;background:#fafaf9;display:grid;place-items:center;min-height:100vh;margin:0}main{background:#fff;border:1px solid #e7e5e4;border-radius:16px;padding:24px;width:min(360px,90vw)}h1{font-size:20px;margin:0 0 16px}label{display:block;font-size:14px;margin-bottom:12px}input{display:block;width:100%;box-sizing:border-box;margin-top:4px;padding:10px;border:1px solid #d6d3d1;border-radius:10px;font:inherit}button{width:100%;padding:10px;border:0;border-radius:10px;background:#1c1917;color:#fff;font:inherit;font-weight:600}p.error{color:#b91c1c;font-size:14px}</style><main><h1>Choose a new password</h1>${error ? `<p class="error" role="alert">${esc(error)}</p>` : ''}<form method="post"><input type="hidden" name="email" value="${esc(email)}"><input type="hidden" name="token" value="${esc(token)}"><label>New password<input name="password" type="password" autocomplete="new-password" minlength="8" required></label><button type="submit">Save password</button></form></main></html>`;
}

/** Named string fields of a form or JSON body ('' when absent). */
async function fields<K extends string>(c: Context, names: readonly K[]): Promise<Record<K, string>> {
  const json = (c.req.header('content-type') ?? '').includes('application/json');
  const body: Record<string, unknown> = json
    ? ((await c.req.json().catch(() => ({}))) as Record<string, unknown>)
    : await c.req.parseBody();
  return Object.fromEntries(names.map((n) => [n, typeof body[n] === 'string' ? body[n] : ''])) as Record<
    K,
    string
  >;
}

const pageHeaders = (c: Context) => {
  c.header('x-content-type-options', 'nosniff');
  c.header('cache-control', 'no-store');
  c.header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'");
};

/** Registers the visitor-auth routes on a published app's Hono app. */
export function mountVisitorAuth(app: Hono, o: VisitorAuthRoutesOptions): void {
  app.get(`${AUTH_BASE_PATH}/verify-email`, async (c) => {
    const target = await publishedTarget(c, o);
    const ok = await o.auth.verifyEmail(target, c.req.query('email') ?? '', c.req.query('token') ?? '');
    return c.redirect(`/?verified=${ok ? 1 : 0}`);
  });
  app.post(`${AUTH_BASE_PATH}/forgot-password`, async (c) => {
    const target = await publishedTarget(c, o);
    const { email } = await fields(c, ['email']);
    await o.auth.requestPasswordReset(target, email ?? '');
    return c.json({
      ok: true,
      message: 'If an account uses this email, a link to reset its password is on its way.',
    });
  });
  app.get(`${AUTH_BASE_PATH}/reset-password`, async (c) => {
    const target = await publishedTarget(c, o);
    pageHeaders(c);
    return c.html(resetPage(target.appName, c.req.query('email') ?? '', c.req.query('token') ?? ''));
  });
  app.post(`${AUTH_BASE_PATH}/reset-password`, async (c) => {
    const target = await publishedTarget(c, o);
    const { email, token, password } = await fields(c, ['email', 'token', 'password']);
    const refused = await o.auth.resetPassword(target, email, token, password);
    if (!refused) return c.redirect('/account/signin?reset=1', 303);
    pageHeaders(c);
    const message =
      refused === 'invalid_link'
        ? 'This link is no longer valid: ask for a new one.'
        : AUTH_ERROR_CODES[refused];
    return c.html(resetPage(target.appName, email, token, message), 400);
  });
  app.all(`${AUTH_BASE_PATH}/*`, async (c) => {
    const target = await publishedTarget(c, o);
    const address = clientAddress(c.req.raw, c.env as NodeBindings | undefined, o.trustProxy);
    return o.auth.handle(c.req.raw, target, address);
  });
}

/** The visitor of a published app's request, for its functions (null: not signed in). */
export async function publishedVisitor(
  c: Context,
  o: VisitorAuthRoutesOptions,
): Promise<FunctionVisitor | null> {
  if (!c.req.header('cookie')?.includes('authjs.session-token')) return null;
  return o.auth.visitor(c.req.raw, await publishedTarget(c, o));
}

/** In the builder's preview the user is signed in as themself (spec §6): their own account is the visitor. */
export async function previewVisitor(db: Db, userId: string): Promise<FunctionVisitor | null> {
  const [user] = await db
    .select({ id: users.id, email: users.email, name: users.displayName, image: users.photoUrl })
    .from(users)
    .where(eq(users.id, userId));
  return user ? { id: user.id, email: user.email, name: user.name, image: user.image ?? null } : null;
}
