/**
 * @module A published app's functions (`/api/*` on its origin) without Hono's routing and middleware (issue 15):
 * a function call answered through the Hono app costs a Context, the middleware chain and a second Request (the
 * body limit's buffered copy), about a fifth of the main thread's time per call. `leanPublishedApi` takes a call
 * only when Hono would run exactly the body limit and the functions route for it, and runs the same checks
 * through the same code (`readLimitedBody`, `functionRequest`, `AppBackend.invoke`, `errorResponse`); anything
 * else — another route, a private app, an app not in memory, a signed-in visitor, HEAD — goes through Hono.
 */
import type { Hono } from 'hono';
import { functionRequest } from '../app-backend';
import type { LiveApp } from '../hosting/index';
import type { NodeBindings } from './client-address';
import { readLimitedBody } from './security';

/** The cookie that says a visitor may be signed in (`publishedVisitor` then looks the session up, via Hono). */
const VISITOR_SESSION_COOKIE = 'authjs.session-token';

export interface LeanApiOptions {
  // biome-ignore lint/suspicious/noExplicitAny: any Hono app's router and path reader
  app: Hono<any>;
  /** The handlers that may run (the body limit and the functions route): when any other matches, Hono answers. */
  handlers: ReadonlySet<unknown>;
  /** The app at a slug if this process has it in memory (`LiveApps.peek`). */
  peek(slug: string): LiveApp | null | undefined;
  /** The body limit of a path, as the Hono app's body limit middleware has it. */
  bodyLimit(path: string): { max: number; utf8: boolean };
  /** Runs the call on the app's functions (`/api/{rest}`) for an anonymous visitor. */
  invoke(live: LiveApp, request: Awaited<ReturnType<typeof functionRequest>>): Promise<Response>;
  /** Turns an error into its response, as the Hono app's `onError` does. */
  errorResponse(err: unknown): Response;
}

/**
 * The published app's `/api/*` dispatch: the response of a function call for `slug`, or null when the Hono app
 * must answer the request.
 */
export function leanPublishedApi(
  o: LeanApiOptions,
): (req: Request, env: NodeBindings | undefined, slug: string) => Promise<Response> | null {
  return (req, env, slug) => {
    const method = req.method;
    if (method === 'HEAD') return null;
    const path = o.app.getPath(req, { env });
    if (!path.startsWith('/api/')) return null;
    const live = o.peek(slug);
    if (!live || live.visibility === 'PRIVATE') return null;
    if (req.headers.get('cookie')?.includes(VISITOR_SESSION_COOKIE)) return null;
    const [matched] = o.app.router.match(method, path);
    if (matched.length === 0) return null;
    for (const [[handler]] of matched) if (!o.handlers.has(handler)) return null;
    return call(o, req, env, path, live);
  };
}

async function call(
  o: LeanApiOptions,
  req: Request,
  env: NodeBindings | undefined,
  path: string,
  live: LiveApp,
): Promise<Response> {
  try {
    // Hono's route had the body limit's buffered copy; a request without a body reads as an empty one there.
    const body = await readLimitedBody(req, env, o.bodyLimit(path));
    const request = await functionRequest(req, path.slice('/api/'.length), body ?? new Uint8Array(0));
    return await o.invoke(live, request);
  } catch (err) {
    return o.errorResponse(err);
  }
}
