/**
 * @module The HTTP front door. One listener serves four origins, told apart by the Host header: the builder
 * (UI, /graphql, /healthz, /v0), a project's preview runtime, a published app, and (later) uploaded files.
 * Exactly one place, `onError`, turns errors into responses.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ERROR_STATUS, isKilnError, KilnError, MESSAGES } from '@kiln/core';
import {
  AI_IMAGE_PATH,
  aiImageResponse,
  autoCloseHtml,
  autoSignInHtml,
  isAuthProvider,
  PAGE_CHUNKS_FOLDER,
  PREVIEW_DIST_DIR,
  previewShellHtml,
} from '@kiln/preview';
import { type Context, Hono } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { userForSession } from '../accounts';
import type { AiImages } from '../ai-images/index';
import { analyticsRoutes } from '../analytics/ingest';
import { type AnalyticsOptions, DEFAULT_ANALYTICS } from '../analytics/store';
import {
  type AppBackend,
  functionRequest,
  MAX_FUNCTION_BODY_BYTES,
  mayWriteAppData,
  SANDBOX_TOKEN_HEADER,
} from '../app-backend';
import { READ_ONLY_MESSAGE } from '../app-db/index';
import { mountChatAttachments } from '../chat-attachments';
import type { ContentClassifier } from '../content-safety';
import type { Db } from '../db/index';
import { verifyEmail } from '../email-tokens';
import { mountExport } from '../export/routes';
import type { ProjectGit } from '../git/index';
import { QUERY_TIME_BUDGET_MS } from '../graphql/budget';
import type { GraphQLContext } from '../graphql/index';
import { CompressedAssets, chunkResponse, fastPage, type LiveApps, writePage } from '../hosting/index';
import { type Mailer, mailbox } from '../mailer';
import { SERVER_MESSAGES as M } from '../messages';
import type { OrganizationModels } from '../model-settings';
import type { OriginMatch, Origins } from '../origins';
import { npmRoutes, previewRevision } from '../packages/http';
import type { PackageResolver } from '../packages/resolver';
import type { PrivateLimits } from '../plan-limits';
import type { RateLimits } from '../rate-limits';
import { filesApp, publicSheetSubmission, uploadRoutes } from '../uploads/http';
import type { Uploads } from '../uploads/index';
import { verificationScreenshotRoute } from '../verification-screenshots';
import type { VisitorAuth } from '../visitor-auth/index';
import type { ProjectAuthProviders } from '../visitor-auth/providers';
import { mountVisitorAuth, previewVisitor, publishedVisitor } from '../visitor-auth/routes';
import type { OrganizationWebSearch } from '../web-search';
import { clientAddress, type NodeBindings } from './client-address';
import { leanPublishedApi } from './published-api';
import { mayOpenApp, publishedAppPage } from './published-app';
import {
  builderSecurityHeaders,
  graphqlRequestGuard,
  limitBody,
  MAX_GRAPHQL_BODY_BYTES,
  MAX_OTHER_BODY_BYTES,
  sessionCookieName,
} from './security';

const BUILDER_DIST = resolve(dirname(fileURLToPath(import.meta.url)), '../../../builder/dist');

export interface HttpDeps {
  db: Db;
  mailer: Mailer;
  origins: Origins;
  dev: boolean;
  onQueued(): void;
  onCancel(revisionId: string): void;
  onProjectChanged(projectId: string): void;
  classifier: ContentClassifier;
  /** Plan limits on private projects and their pages (config.privateLimits). */
  privateLimits: PrivateLimits;
  /** Per-organisation model settings. */
  models: OrganizationModels;
  /** Generated apps' functions and databases. */
  backend: AppBackend;
  /** Sign-in, sign-up and mail limits (kiln.ts: in memory, or in PostgreSQL with DATABASE_URL). */
  rateLimits: RateLimits;
  /** Take the client's address from X-Forwarded-For (config.trustProxy). */
  trustProxy: boolean;
  /** npm packages outside the preview's catalogue (src/packages); absent: `/_kiln/npm/*` answers 404. */
  packages?: PackageResolver;
  /** Visitors' uploads (src/uploads): routes on app and preview origins, files on `files.{base}`. */
  uploads: Uploads;
  /** Published apps by host, in memory (hosting/live-apps.ts). */
  hosting: LiveApps;
  /** Published apps' analytics (config.analytics; default on, 365 days). */
  analytics?: AnalyticsOptions;
  /** Generated images for `/api/ai-img` (absent: the placeholder only). */
  aiImages?: AiImages;
  /** Organisations' search providers for the generation's web_search tool (absent: never offered). */
  webSearch?: OrganizationWebSearch;
  log(msg: string, err?: unknown): void;
  /** Visitor accounts of published apps (`/api/auth/*`, the visitor their functions see). */
  visitorAuth: VisitorAuth;
  /** Projects' OAuth providers for visitor sign-in (Project settings). */
  authProviders: ProjectAuthProviders;
  /** Projects' git history and pushes (absent: the git API answers that it is off). */
  git?: ProjectGit;
  /** `KILN_VERIFY` (config.verify; absent: on): whether generations are verified in the browser. */
  verify?: boolean;
  /** `KILN_PRERENDER` (config.prerender; absent: on): published pages that need no data are prerendered. */
  prerender?: boolean;
  /** `KILN_STRICT_CSP` (config.strictCsp; absent: strict): the builder's CSP allows no inline script. */
  strictCsp?: boolean;
}

function errorResponse(err: unknown, deps: HttpDeps): Response {
  if (isKilnError(err)) {
    const retryAfter = err.details?.retryAfterSeconds;
    return Response.json(
      { error: { code: err.kind, message: err.message } },
      {
        status: ERROR_STATUS[err.kind],
        ...(typeof retryAfter === 'number' ? { headers: { 'retry-after': String(retryAfter) } } : {}),
      },
    );
  }
  deps.log('request failed', err);
  const body: { error: { code: string; message: string; stack?: string } } = {
    error: { code: 'internal', message: MESSAGES.somethingWentWrong },
  };
  if (deps.dev && err instanceof Error && err.stack) body.error.stack = err.stack;
  return Response.json(body, { status: 500 });
}

function builderApp(deps: HttpDeps) {
  const app = new Hono<{ Bindings: NodeBindings }>();
  // GraphQL Yoga (~27 MiB) is loaded with the first request that needs it, not at start (issue 15: footprint).
  let yoga: Promise<ReturnType<typeof import('../graphql/index').createGraphQL>> | undefined;
  const origins = () => deps.origins;
  app.use(builderSecurityHeaders(origins, deps.strictCsp ?? true));
  // Chat images are cut at their own limit as they stream, so they come before the body limit.
  mountChatAttachments(app, {
    db: deps.db,
    storage: deps.uploads.storage,
    rateLimits: deps.rateLimits,
    get origins() {
      return deps.origins;
    },
  });
  app.use(
    limitBody((path) => ({
      max: path === '/graphql' ? MAX_GRAPHQL_BODY_BYTES : MAX_OTHER_BODY_BYTES,
      utf8: true,
    })),
  );
  app.get('/healthz', (c) => c.json({ ok: true }));
  app.use('/graphql', graphqlRequestGuard(origins, deps.dev));
  app.on(['GET', 'POST'], '/graphql', async (c) => {
    const cookieName = sessionCookieName(deps.origins);
    const token = getCookie(c, cookieName);
    const cookieOps: ((res: typeof c) => void)[] = [];
    const ctx: GraphQLContext = {
      db: deps.db,
      mailer: deps.mailer,
      origins: deps.origins,
      user: await userForSession(deps.db, token),
      sessionToken: token,
      clientAddress: clientAddress(c.req.raw, c.env, deps.trustProxy),
      deadline: Date.now() + QUERY_TIME_BUDGET_MS,
      setSession: (value, expires) =>
        cookieOps.push((cc) =>
          setCookie(cc, cookieName, value, {
            httpOnly: true,
            sameSite: 'Lax',
            path: '/',
            secure: deps.origins.builderOrigin.startsWith('https:'),
            expires,
          }),
        ),
      clearSession: () =>
        cookieOps.push((cc) =>
          deleteCookie(cc, cookieName, {
            path: '/',
            secure: cookieName.startsWith('__Host-'),
          }),
        ),
      onQueued: deps.onQueued,
      onCancel: deps.onCancel,
      onProjectChanged: deps.onProjectChanged,
      classifier: deps.classifier,
      privateLimits: deps.privateLimits,
      models: deps.models,
      backend: deps.backend,
      rateLimits: deps.rateLimits,
      analytics: deps.analytics,
      aiImages: deps.aiImages,
      ...(deps.webSearch ? { webSearch: deps.webSearch } : {}),
      authProviders: deps.authProviders,
      git: deps.git,
      verify: deps.verify !== false,
      prerender: deps.prerender !== false,
      files: deps.uploads.storage,
      log: deps.log,
    };
    yoga ??= import('../graphql/index').then((m) => m.createGraphQL({ dev: deps.dev, log: deps.log }));
    const res = await (await yoga).fetch(c.req.raw, ctx);
    // yoga answers with its own Response class; copy into a native one so Hono and node-server can extend it.
    c.res = new Response(await res.text(), { status: res.status, headers: new Headers([...res.headers]) });
    for (const op of cookieOps) op(c);
    return c.res;
  });
  // The link in the verification mail works without the UI: verify, then land on the dashboard.
  app.get('/verify-email', async (c) => {
    try {
      await verifyEmail(deps.db, c.req.query('token') ?? '');
      return c.redirect('/?verified=1');
    } catch (err) {
      if (isKilnError(err)) return c.redirect(`/?verified=0&message=${encodeURIComponent(err.message)}`);
      throw err;
    }
  });
  // Development mailbox (only without SMTP): mail to the signed-in user, or all mail for a platform ADMIN.
  app.get('/dev/mailbox', async (c) => {
    if (deps.mailer.smtp)
      throw new KilnError('not_found', 'The development mailbox is off: mail goes through SMTP.');
    const user = await userForSession(deps.db, getCookie(c, sessionCookieName(deps.origins)));
    if (!user) return c.redirect('/login');
    const mails = await mailbox(deps.db, user);
    const esc = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
    const link = (s: string) => esc(s).replace(/(https?:\/\/[^\s<]+)/g, '<a href="$1">$1</a>');
    const items = mails
      .map(
        (m) =>
          `<article><h2>${esc(m.subject)}</h2><p class="meta">to ${esc(m.to)} · ${m.createdAt.toISOString()}</p><pre>${link(m.text)}</pre></article>`,
      )
      .join('');
    return c.html(
      `<!doctype html><meta charset="utf-8"><title>Mailbox · Kiln</title><style>body{font:15px system-ui;max-width:720px;margin:40px auto;padding:0 16px;color:#1c1917}h1{font-size:22px}article{border:1px solid #e7e5e4;border-radius:12px;padding:16px;margin:12px 0}h2{font-size:16px;margin:0}.meta{color:#78716c;font-size:13px}pre{white-space:pre-wrap;font:14px ui-monospace,monospace}</style><h1>Development mailbox</h1><p class="meta">Kiln has no SMTP server configured (SMTP_URL), so e-mail lands here and in the server log.</p>${items || '<p>No mail yet.</p>'}`,
    );
  });
  mountExport(app, deps);
  verificationScreenshotRoute(app, deps.db, (c) =>
    userForSession(deps.db, getCookie(c, sessionCookieName(deps.origins))),
  );
  // API namespaces answer JSON, never the UI page.
  app.all('/v0/*', (c) => c.json({ error: { code: 'not_found', message: M.notFoundApi(c.req.path) } }, 404));
  app.all('/_create/api/*', (c) =>
    c.json({ error: { code: 'not_found', message: M.notFoundApi(c.req.path) } }, 404),
  );
  app.all('/api/*', (c) => c.json({ error: { code: 'not_found', message: M.notFoundApi(c.req.path) } }, 404));
  app.get('*', async (c) => {
    const request = {
      acceptEncoding: c.req.header('accept-encoding'),
      ifNoneMatch: c.req.header('if-none-match'),
    };
    // Vite's content-hashed chunks may be cached for ever; every other path is the UI's page (client routes).
    const asset = await builderAssets.response(c.req.path, c.req.path.startsWith('/assets/'), request);
    if (asset) return asset;
    const index = await builderAssets.response('/index.html', false, request);
    if (index) return index;
    return c.text('The builder UI is not built: run `npm run build`.', 500);
  });
  app.all('*', (c) => c.json({ error: { code: 'not_found', message: M.notFoundApi(c.req.path) } }, 404));
  return app;
}

// Only the content-hashed chunks (and the fonts, whose files never change in substance) may be cached for ever;
// runtime.js, icons and libs keep their names across upgrades.
// Both read once and sent brotli/gzip-encoded with an ETag (hosting/assets.ts).
const runtimeAssets = new CompressedAssets(PREVIEW_DIST_DIR);
const builderAssets = new CompressedAssets(BUILDER_DIST);
const runtimeAsset = (c: Context) =>
  runtimeAssets.response(
    c.req.path.slice('/_kiln'.length),
    c.req.path.startsWith('/_kiln/chunks/') || c.req.path.startsWith('/_kiln/fonts/'),
    { acceptEncoding: c.req.header('accept-encoding'), ifNoneMatch: c.req.header('if-none-match') },
  );

/**
 * Images without a real source (spec §7), on preview and app origins: generated with the project's organisation
 * image model when it has one (src/ai-images), else a placeholder drawn from the prompt.
 */
const aiImage = (deps: HttpDeps, c: Context, projectId: string) =>
  deps.aiImages
    ? deps.aiImages.respond(new URL(c.req.url), projectId, clientAddress(c.req.raw, c.env, deps.trustProxy))
    : aiImageResponse(new URL(c.req.url));

/** Body limits on an app or preview origin: functions and `/api/db` take up to 5 MiB, other routes none. */
const appBodyLimitOf = (isApi: (path: string) => boolean) => (path: string) => ({
  max: isApi(path) ? MAX_FUNCTION_BODY_BYTES : MAX_OTHER_BODY_BYTES,
  utf8: path.startsWith('/api/db/'),
});
const appBodyLimit = (isApi: (path: string) => boolean) => limitBody(appBodyLimitOf(isApi));

function previewApp(deps: HttpDeps) {
  const app = new Hono();
  // Uploads first: their limit is the plan's, enforced as they stream (not the origin's body cap below).
  uploadRoutes(app, deps, async (c) => previewProjectId(deps, c));
  app.use(appBodyLimit((path) => path.startsWith('/sandbox/api/') || path.startsWith('/api/db/')));
  npmRoutes(app, deps.db, deps.packages, (c) => {
    const where = deps.origins.match(c.req.header('host'));
    return previewRevision(
      deps.db,
      where.kind === 'preview' ? where.projectId : '',
      c.req.query('revision') ?? '',
    );
  });
  app.get('/_kiln/*', async (c) => (await runtimeAsset(c)) ?? c.notFound());
  app.get(AI_IMAGE_PATH, (c) => {
    const where = deps.origins.match(c.req.header('host'));
    return aiImage(deps, c, where.kind === 'preview' ? where.projectId : '');
  });
  // The sign-in popup (spec §2): signs the builder's user in for the preview, then closes.
  app.get('/~~autosignin/:provider', (c) => {
    const provider = c.req.param('provider');
    if (!isAuthProvider(provider)) throw new KilnError('not_found', M.notFoundApi(c.req.path));
    c.header('x-content-type-options', 'nosniff');
    return c.html(autoSignInHtml(provider));
  });
  app.get('/~~autoclose', (c) => {
    c.header('x-content-type-options', 'nosniff');
    return c.html(autoCloseHtml());
  });
  // The app's functions and database in the builder's preview (spec §7): the development branch, for the
  // builder's user only (the sandbox token the builder hands the runtime; published pages know revision ids).
  // A VIEWER's token reads only: `/api/db` runs SELECTs and functions get a read-only `sql` (role read per call).
  const previewProject = async (c: Context) => {
    const where = deps.origins.match(c.req.header('host'));
    if (where.kind !== 'preview') throw new KilnError('not_found', M.notFoundApi(c.req.path));
    const access = await deps.backend.sandboxAccess(where.projectId, c.req.header(SANDBOX_TOKEN_HEADER));
    if (!access) throw new KilnError('unauthenticated', M.sandboxTokenMissing);
    return { projectId: where.projectId, readOnly: !mayWriteAppData(access.role), userId: access.userId };
  };
  app.post('/sandbox/api/:revisionId/public-sheet', async (c) => {
    const { projectId, readOnly } = await previewProject(c);
    if (readOnly) throw new KilnError('forbidden', READ_ONLY_MESSAGE);
    return publicSheetSubmission(c, deps, projectId, 'development');
  });
  app.all('/sandbox/api/:revisionId/*', async (c) => {
    const { projectId, readOnly, userId } = await previewProject(c);
    const revisionId = c.req.param('revisionId');
    const rest = c.req.path.slice(`/sandbox/api/${revisionId}/`.length);
    const request = {
      ...(await functionRequest(c.req.raw, rest)),
      visitor: await previewVisitor(deps.db, userId),
    };
    return deps.backend.invoke(projectId, revisionId, 'development', request, { readOnly });
  });
  app.post('/api/db/:databaseId', async (c) => {
    const { projectId, readOnly } = await previewProject(c);
    const refused = notJson(c);
    if (refused) return refused;
    const body = await jsonBody(c);
    const access = readOnly ? 'read' : 'full';
    return c.json(
      await deps.backend.dbQuery(projectId, c.req.param('databaseId'), 'development', body, access),
    );
  });
  app.get('*', (c) => {
    const where = deps.origins.match(c.req.header('host'));
    const projectId = where.kind === 'preview' ? where.projectId : '';
    c.header('content-security-policy', `frame-ancestors ${deps.origins.builderOrigin}`);
    c.header('x-content-type-options', 'nosniff');
    return c.html(previewShellHtml({ builderOrigin: deps.origins.builderOrigin, projectId }));
  });
  return app;
}

/** The published app's Hono app, and its lean dispatch of function calls (./published-api.ts). */
function publishedApp(deps: HttpDeps) {
  const app = new Hono();
  uploadRoutes(app, deps, async (c) => (await liveAppAt(deps, c)).projectId);
  const isApi = (path: string) => path.startsWith('/api/');
  const limitOf = appBodyLimitOf(isApi);
  const bodyLimit = limitBody(limitOf);
  app.use(bodyLimit);
  npmRoutes(
    app,
    deps.db,
    deps.packages,
    async (c) => {
      const where = deps.origins.match(c.req.header('host'));
      const live = where.kind === 'app' ? await deps.hosting.get(where.slug) : null;
      if (!live) return null;
      if (!mayOpenApp(c, live)) throw new KilnError('forbidden', M.appIsPrivate);
      return live.revisionId;
    },
    { importedOnly: true },
  );
  const liveApp = (c: Context) => liveAppAt(deps, c);
  // A build split per page: each page's chunk, loaded when a visitor moves to that page (a private app's only
  // with its access cookie, like its pages).
  app.get(`/_kiln/${PAGE_CHUNKS_FOLDER}/:name`, async (c) => {
    const live = await liveApp(c);
    const chunk = live.chunks.get(c.req.param('name'));
    if (!chunk) return c.notFound();
    return chunkResponse(
      chunk,
      { acceptEncoding: c.req.header('accept-encoding'), ifNoneMatch: c.req.header('if-none-match') },
      live.visibility === 'PRIVATE' ? 'private' : 'public',
    );
  });
  app.get('/_kiln/*', async (c) => (await runtimeAsset(c)) ?? c.notFound());
  // A published app's own backend: its functions and database on the `main` branch. A private app's
  // backend answers only visitors holding its access cookie, like its pages.
  analyticsRoutes(app, { ...deps, options: deps.analytics ?? DEFAULT_ANALYTICS, project: liveApp });
  // Placeholders for anyone; generated images only for an app this visitor may open (its organisation pays).
  app.get(AI_IMAGE_PATH, async (c) => {
    const where = deps.origins.match(c.req.header('host'));
    const live = where.kind === 'app' ? await deps.hosting.get(where.slug) : null;
    return aiImage(deps, c, live && mayOpenApp(c, live) ? live.projectId : '');
  });
  const authRoutes = {
    auth: deps.visitorAuth,
    db: deps.db,
    origins: () => deps.origins,
    trustProxy: deps.trustProxy,
    live: liveApp,
  };
  mountVisitorAuth(app, authRoutes);
  // Visitors are anonymous: a SELECT over tables the project opened for public reading, nothing else.
  app.post('/api/db/:databaseId', async (c) => {
    const live = await liveApp(c);
    const refused = notJson(c);
    if (refused) return refused;
    const body = await jsonBody(c);
    return c.json(
      await deps.backend.dbQuery(live.projectId, c.req.param('databaseId'), 'main', body, 'visitor'),
    );
  });
  app.post('/api/public-sheet', async (c) =>
    publicSheetSubmission(c, deps, (await liveApp(c)).projectId, 'main'),
  );
  const functions = async (c: Context) => {
    const live = await liveApp(c);
    const rest = c.req.path.slice('/api/'.length);
    const request = {
      ...(await functionRequest(c.req.raw, rest)),
      visitor: await publishedVisitor(c, authRoutes),
    };
    return deps.backend.invoke(live.projectId, live.revisionId, 'main', request);
  };
  app.all('/api/*', functions);
  app.get('*', async (c) => {
    const where = deps.origins.match(c.req.header('host'));
    if (where.kind !== 'app') throw new KilnError('not_found', M.appNotFound);
    const live = await deps.hosting.get(where.slug);
    return publishedAppPage(c, live, deps.origins.appUrl(where.slug).startsWith('https:'));
  });
  const api = leanPublishedApi({
    app,
    handlers: new Set<unknown>([bodyLimit, functions]),
    peek: (slug) => deps.hosting.peek(slug),
    bodyLimit: limitOf,
    invoke: (live, request) =>
      deps.backend.invoke(live.projectId, live.revisionId, 'main', { ...request, visitor: null }),
    errorResponse: (err) => errorResponse(err, deps),
  });
  return { app, api };
}

/** The published app at this origin, if the visitor may use it (a private app: only with its access cookie). */
async function liveAppAt(deps: HttpDeps, c: Context) {
  const where = deps.origins.match(c.req.header('host'));
  if (where.kind !== 'app') throw new KilnError('not_found', M.appNotFound);
  const app = await deps.hosting.get(where.slug);
  if (!app) throw new KilnError('not_found', M.appNotFound);
  if (!mayOpenApp(c, app)) throw new KilnError('forbidden', M.appIsPrivate);
  return app;
}

/** The project whose preview origin this is. */
function previewProjectId(deps: HttpDeps, c: Context): string {
  const where = deps.origins.match(c.req.header('host'));
  if (where.kind !== 'preview') throw new KilnError('not_found', M.notFoundApi(c.req.path));
  return where.projectId;
}

/** `/api/db` takes only JSON: a simple (no-preflight) cross-origin request cannot reach it. */
export const SEND_JSON_MESSAGE =
  'Send JSON (Content-Type: application/json) with a query string and a values array.';

/**
 * 415 unless the request says it is JSON. Answered here, not through `onError`: no error kind maps to 415, and
 * this is the only route that needs it.
 */
function notJson(c: Context): Response | null {
  const type = (c.req.header('content-type') ?? '').split(';')[0]?.trim().toLowerCase();
  if (type === 'application/json') return null;
  return c.json({ error: { code: 'validation', message: SEND_JSON_MESSAGE } }, 415);
}

/** A JSON request body (already cut at its limit by `appBodyLimit`), or a validation error that says so. */
async function jsonBody(c: Context): Promise<unknown> {
  try {
    return await c.req.json();
  } catch {
    throw new KilnError('validation', 'Send JSON with a query string and a values array.');
  }
}

/**
 * Answers a request for a public published page whose app is in memory, straight on Node's request and
 * response (hosting/serve.ts `writePage`): true when it did. Runs before `createHttpHandler`'s handler.
 */
export function createPageWriter(
  deps: Pick<HttpDeps, 'origins' | 'hosting'>,
): (req: IncomingMessage, res: ServerResponse) => boolean {
  return (req, res) => {
    const where = deps.origins.match(req.headers.host);
    return where.kind === 'app' && writePage(deps.hosting, where.slug, req, res);
  };
}

/** The request handler for every origin. */
export function createHttpHandler(
  deps: HttpDeps,
): (req: Request, env?: NodeBindings) => Response | Promise<Response> {
  // biome-ignore lint/suspicious/noExplicitAny: the three apps differ only in their bindings
  const wrap = <A extends Hono<any>>(app: A) => {
    app.onError((err) => errorResponse(err, deps));
    app.notFound((c) => c.json({ error: { code: 'not_found', message: M.notFoundApi(c.req.path) } }, 404));
    return app;
  };
  const builder = wrap(builderApp(deps));
  const preview = wrap(previewApp(deps));
  const { app: publishedHono, api: publishedApi } = publishedApp(deps);
  const published = wrap(publishedHono);
  const files = wrap(filesApp(deps));
  const dispatch = async (req: Request, env: NodeBindings | undefined, where: OriginMatch) => {
    try {
      switch (where.kind) {
        case 'builder':
          return await builder.fetch(req, env);
        case 'preview':
          return await preview.fetch(req, env);
        case 'app':
          return await published.fetch(req, env);
        case 'files':
          return await files.fetch(req, env);
      }
    } catch (err) {
      return errorResponse(err, deps);
    }
  };
  return (req, env?: NodeBindings) => {
    const host =
      (env?.incoming?.headers?.host as string | undefined) ??
      req.headers.get('host') ??
      new URL(req.url).host;
    const where = deps.origins.match(host);
    // A published page leaves here, before routing and middleware (hosting/serve.ts).
    const page = where.kind === 'app' ? fastPage(deps.hosting, where.slug, req, env?.incoming) : null;
    if (!page) {
      // So does a function call when nothing but its route would run for it (./published-api.ts).
      const call = where.kind === 'app' ? publishedApi(req, env, where.slug) : null;
      return call ?? dispatch(req, env, where);
    }
    if (page instanceof Response) return page;
    return page.then((res) => res ?? dispatch(req, env, where)).catch((err) => errorResponse(err, deps));
  };
}
