/**
 * @module A published app's page as visitors get it (issue 15): from memory, precompressed, with an ETag.
 * `writePage` writes a public page whose app is in memory straight to Node's response, before
 * @hono/node-server makes a Request, a Response and a promise for the request; `fastPage` gives the same
 * answer as a Fetch Response, before routing and middleware, when the app must first be looked up. The host's
 * app is a map lookup away and the answer a ready Buffer with a plain header object, so a published page costs
 * about what a bare Hono handler sending the same bytes costs.
 * Everything else on the app's origin (functions, `/api/db`, private apps, runtime assets) goes through the
 * published app's Hono routes as before.
 */
import type { IncomingHttpHeaders } from 'node:http';
import type { BuiltDocument } from './build';
import type { LiveApp, LiveApps } from './live-apps';

/** Documents may be stored by caches but must be revalidated (ETag → 304) before each use. */
const DOCUMENT_CACHE_CONTROL = 'no-cache';

/**
 * Paths on an app's origin that are not pages: its functions and database (`/api/*`), Kiln's runtime and npm
 * bundles (`/_kiln/*`) and the preview's helper pages (`/~~*`). A route added to the published app outside
 * these must be added here too, or the page answers it.
 */
export const NOT_PAGE_PREFIXES = ['/api/', '/_kiln/', '/~~'] as const;

type Encoding = 'br' | 'gzip' | null;

/** The best encoding the client accepts: brotli, then gzip, else none (an explicit `;q=0` refuses one). */
export function preferredEncoding(acceptEncoding: string | null | undefined): Encoding {
  if (!acceptEncoding) return null;
  let br = false;
  let gz = false;
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const refused = params.some((p) => /^\s*q\s*=\s*0(\.0*)?\s*$/.test(p));
    if (refused) continue;
    if (name === 'br') br = true;
    else if (name === 'gzip' || name === 'x-gzip') gz = true;
    else if (name === '*') {
      br = true;
      gz = true;
    }
  }
  return br ? 'br' : gz ? 'gzip' : null;
}

/** Whether an If-None-Match header names this ETag (or `*`). Weak validators compare by their opaque part. */
export function etagMatches(ifNoneMatch: string | null | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((t) => t.trim().replace(/^W\//, '') === etag);
}

/** What is served: a page document, or a split build's page chunk of a public or a private app. */
type Served = 'document' | 'public-chunk' | 'private-chunk';

/** Per kind: content type and caching (a chunk's name is its content's hash: cached for ever). */
const SERVED: Record<Served, { type: string; cacheControl: string; extra: Record<string, string> }> = {
  document: {
    type: 'text/html; charset=utf-8',
    cacheControl: DOCUMENT_CACHE_CONTROL,
    extra: { 'referrer-policy': 'strict-origin-when-cross-origin' },
  },
  'public-chunk': {
    type: 'application/json',
    cacheControl: 'public, max-age=31536000, immutable',
    extra: {},
  },
  'private-chunk': {
    type: 'application/json',
    cacheControl: 'private, max-age=31536000, immutable',
    extra: {},
  },
};

/** The headers each answer of a document carries, made once per document. */
interface DocumentHeaders {
  identity: Record<string, string>;
  br: Record<string, string>;
  gzip: Record<string, string>;
  notModified: Record<string, string>;
}

const headerCache = new WeakMap<BuiltDocument, Partial<Record<Served, DocumentHeaders>>>();

function headersFor(doc: BuiltDocument, served: Served): DocumentHeaders {
  const cached = headerCache.get(doc) ?? {};
  let h = cached[served];
  if (!h) {
    const { type, cacheControl, extra } = SERVED[served];
    const common = {
      'content-type': type,
      'cache-control': cacheControl,
      etag: doc.etag,
      vary: 'accept-encoding',
      'x-content-type-options': 'nosniff',
      ...extra,
    };
    h = {
      identity: { ...common, 'content-length': String(doc.body.length) },
      br: { ...common, 'content-encoding': 'br', 'content-length': String(doc.br.length) },
      gzip: { ...common, 'content-encoding': 'gzip', 'content-length': String(doc.gzip.length) },
      notModified: { 'cache-control': cacheControl, etag: doc.etag, vary: 'accept-encoding' },
    };
    cached[served] = h;
    headerCache.set(doc, cached);
  }
  return h;
}

/** What a request for a stored document gets: status, headers and body (null: none, for a 304 or a HEAD). */
interface Answer {
  status: 200 | 304;
  headers: Record<string, string>;
  body: Buffer | null;
}

/** A stored document for this request: 304 when the client has it, else the best encoding it accepts. */
function answerFor(
  doc: BuiltDocument,
  served: Served,
  ifNoneMatch: string | null | undefined,
  acceptEncoding: string | null | undefined,
  head: boolean | undefined,
): Answer {
  const h = headersFor(doc, served);
  if (etagMatches(ifNoneMatch, doc.etag)) return { status: 304, headers: h.notModified, body: null };
  const encoding = preferredEncoding(acceptEncoding);
  const [body, headers] =
    encoding === 'br' ? [doc.br, h.br] : encoding === 'gzip' ? [doc.gzip, h.gzip] : [doc.body, h.identity];
  return { status: 200, headers, body: head ? null : body };
}

function encodedResponse(
  doc: BuiltDocument,
  served: Served,
  request: {
    acceptEncoding: string | null | undefined;
    ifNoneMatch: string | null | undefined;
    head?: boolean;
  },
): Response {
  const a = answerFor(doc, served, request.ifNoneMatch, request.acceptEncoding, request.head);
  // A Buffer is a Uint8Array, which node-server writes as it is; TypeScript's BodyInit lacks Buffer's generic.
  return new Response(a.body as Uint8Array<ArrayBuffer> | null, { status: a.status, headers: a.headers });
}

/** The document of a public app for this request: 304 when the client has it, else the best encoding. */
export function documentResponse(
  doc: BuiltDocument,
  request: {
    acceptEncoding: string | null | undefined;
    ifNoneMatch: string | null | undefined;
    head: boolean;
  },
): Response {
  return encodedResponse(doc, 'document', request);
}

/** A split build's page chunk (JSON, content-hashed): 304 when the client has it, else the best encoding. */
export function chunkResponse(
  chunk: BuiltDocument,
  request: { acceptEncoding: string | null | undefined; ifNoneMatch: string | null | undefined },
  visibility: 'public' | 'private',
): Response {
  return encodedResponse(chunk, visibility === 'public' ? 'public-chunk' : 'private-chunk', request);
}

/** What the fast path reads of a request; node-server's raw request when there is one (no Headers object). */
interface RawRequest {
  method: string;
  url: string;
  headers: { get(name: string): string | null };
}
interface NodeIncoming {
  headers?: Record<string, string | string[] | undefined>;
}

/** The path of an absolute URL, without building a URL object. */
function pathOf(url: string): string {
  const start = url.indexOf('/', url.indexOf('//') + 2);
  if (start < 0) return '/';
  const q = url.indexOf('?', start);
  return q < 0 ? url.slice(start) : url.slice(start, q);
}

/**
 * The document for a page path: its prerendered document when it has one and the request has no query (the
 * markup was made without one), else the app's plain document.
 */
export function pageDocument(app: LiveApp, path: string, hasQuery: boolean): BuiltDocument {
  if (hasQuery || app.pages.size === 0) return app.document;
  return app.pages.get(pagePath(path)) ?? app.document;
}

/** The path a prerendered page is stored and looked up under: no trailing slash except the root's. */
export function pagePath(path: string): string {
  return path.length > 1 && path.endsWith('/') ? path.replace(/\/+$/, '') || '/' : path;
}

function isPagePath(path: string): boolean {
  for (const prefix of NOT_PAGE_PREFIXES) if (path.startsWith(prefix)) return false;
  return path !== '/api';
}

/**
 * A public published page for a GET or HEAD, answered from memory without routing: a Response (synchronous
 * when the app is in memory), or null when the request is not for a public page (another route, a private app,
 * an unknown host) and the published app's routes must answer it.
 */
export function fastPage(
  apps: Pick<LiveApps, 'peek' | 'get'>,
  slug: string,
  req: RawRequest,
  incoming: NodeIncoming | undefined,
): Response | Promise<Response | null> | null {
  const method = req.method;
  if (method !== 'GET' && method !== 'HEAD') return null;
  const path = pathOf(req.url);
  if (!isPagePath(path)) return null;
  const header = (name: string): string | null => {
    if (incoming?.headers) {
      const v = incoming.headers[name];
      return Array.isArray(v) ? v.join(', ') : (v ?? null);
    }
    return req.headers.get(name);
  };
  const answer = (app: LiveApp | null) =>
    app && app.visibility !== 'PRIVATE'
      ? documentResponse(pageDocument(app, path, req.url.includes('?')), {
          acceptEncoding: header('accept-encoding'),
          ifNoneMatch: header('if-none-match'),
          head: method === 'HEAD',
        })
      : null;
  const known = apps.peek(slug);
  return known === undefined ? apps.get(slug).then(answer) : answer(known);
}

/** The slice of Node's response `writePage` writes to. */
interface NodeResponse {
  writeHead(status: number, headers: Record<string, string>): unknown;
  end(body?: Buffer): unknown;
}

/**
 * A public published page for a GET or HEAD, written straight to Node's response when its app is in memory:
 * true when answered. It runs before @hono/node-server builds a Request, a Response and a promise for the
 * request, and allocates nothing of its own (the answer's headers and body are made once per document). False
 * sends the request on to `fastPage` and the routes: another route, a private app, an app not in memory yet.
 */
export function writePage(
  apps: Pick<LiveApps, 'peek'>,
  slug: string,
  req: { method?: string; url?: string; headers: IncomingHttpHeaders },
  res: NodeResponse,
): boolean {
  const method = req.method;
  if (method !== 'GET' && method !== 'HEAD') return false;
  const url = req.url ?? '';
  // Node's url is the request target: a path, unless a client sent the absolute form (the routes take that).
  if (url.charCodeAt(0) !== 47 /* / */) return false;
  const q = url.indexOf('?');
  const path = q < 0 ? url : url.slice(0, q);
  if (!isPagePath(path)) return false;
  const app = apps.peek(slug);
  if (!app || app.visibility === 'PRIVATE') return false;
  // Node joins repeated headers but set-cookie into one string, as fastPage's `header` does.
  const a = answerFor(
    pageDocument(app, path, q >= 0),
    'document',
    req.headers['if-none-match'],
    req.headers['accept-encoding'],
    method === 'HEAD',
  );
  res.writeHead(a.status, a.headers);
  if (a.body) res.end(a.body);
  else res.end();
  return true;
}
