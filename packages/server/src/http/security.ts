/**
 * @module The HTTP layer's defences (SECURITY.md): who may call the builder's API from a browser, the headers
 * that keep the builder out of other sites' frames, and the byte limit on every request body, enforced while
 * the body streams in (a chunked body is cut at the limit, never read whole).
 */
import { IncomingMessage } from 'node:http';
import { KilnError } from '@kiln/core';
import type { MiddlewareHandler } from 'hono';
import { SESSION_COOKIE } from '../accounts';
import type { Origins } from '../origins';

/**
 * The builder's session cookie: `__Host-` prefixed under HTTPS (then the browser only takes it Secure, host-only,
 * path /, so no sibling subdomain — an app on *.apps.{base} — can set or shadow it); plain over HTTP.
 */
export function sessionCookieName(origins: Origins): string {
  return origins.builderOrigin.startsWith('https:') ? `__Host-${SESSION_COOKIE}` : SESSION_COOKIE;
}

/** Largest GraphQL request body (a prompt is at most 20,000 characters; a design system 20,000). */
export const MAX_GRAPHQL_BODY_BYTES = 2 * 1024 * 1024;
/** Largest body of any other request to the builder (none of its other routes takes one). */
export const MAX_OTHER_BODY_BYTES = 64 * 1024;

export const MESSAGES = {
  crossSite:
    'Cross-site requests to the Kiln API are refused: call it from the Kiln builder, or without a browser.',
  jsonOnly: 'Send GraphQL requests as POST with content-type application/json.',
  tooLarge: (limit: number) => `The request body is larger than ${formatBytes(limit)}.`,
  badUtf8: 'The request body is not valid UTF-8.',
} as const;

function formatBytes(n: number): string {
  return n >= 1024 * 1024 ? `${n / (1024 * 1024)} MiB` : `${n / 1024} KiB`;
}

/**
 * May a browser request with these headers use the builder's session? Browsers always send `Origin` on
 * cross-origin POSTs and `Sec-Fetch-Site` on every request, and neither can be forged by a page; a client
 * without a browser sends neither and carries no victim's cookie. Builder, preview and app origins share one
 * site in production (kiln.example.com, *.apps.kiln.example.com), so `same-site` is refused like `cross-site`.
 */
export function isSameOriginRequest(headers: Headers, origins: Origins): boolean {
  const site = headers.get('sec-fetch-site');
  if (site && site !== 'same-origin' && site !== 'none') return false;
  const origin = headers.get('origin');
  if (origin === null) return true;
  return allowedOrigin(origin, headers.get('host'), origins);
}

/**
 * The builder's own origin, or (on a server whose public URL is not configured) the origin the request was
 * addressed to when its host is this deployment's builder host name: never another site's.
 */
export function allowedOrigin(origin: string, host: string | null, origins: Origins): boolean {
  if (origin === origins.builderOrigin) return true;
  if (!host) return false;
  const scheme = new URL(origins.builderOrigin).protocol;
  if (origin !== `${scheme}//${host.toLowerCase()}`) return false;
  return origins.match(host).kind === 'builder' && origins.isBuilderHostName(host);
}

/** Refuses GraphQL calls a page on another origin could make with the user's cookie (CSRF, SameSite aside). */
export function graphqlRequestGuard(origins: () => Origins, graphiql: boolean): MiddlewareHandler {
  return async (c, next) => {
    const req = c.req.raw;
    if (!isSameOriginRequest(req.headers, origins())) throw new KilnError('forbidden', MESSAGES.crossSite);
    if (req.method === 'GET') {
      // GraphiQL's page in development; every operation is a JSON POST.
      if (graphiql && (req.headers.get('accept') ?? '').includes('text/html')) return next();
      throw new KilnError('validation', MESSAGES.jsonOnly);
    }
    const type = (req.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
    if (req.method !== 'POST' || type !== 'application/json')
      throw new KilnError('validation', MESSAGES.jsonOnly);
    return next();
  };
}

/**
 * Content Security Policy of the builder's pages: its own scripts only (`strict`; a local development server
 * also allows inline scripts for developer tools, see `KilnConfig.strictCsp`), framed by nobody.
 */
export function builderCsp(origins: Origins, strict = true): string {
  return [
    "default-src 'self'",
    strict ? "script-src 'self'" : "script-src 'self' 'unsafe-inline'",
    // React sets style properties through the CSSOM (allowed anyway); the mailbox page has one <style>.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    "connect-src 'self'",
    `frame-src ${origins.previewFrameSource}`,
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** Headers on every builder response. */
export function builderSecurityHeaders(origins: () => Origins, strictCsp: boolean): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const h = c.res.headers;
    h.set('content-security-policy', builderCsp(origins(), strictCsp));
    h.set('x-frame-options', 'DENY');
    h.set('x-content-type-options', 'nosniff');
    h.set('referrer-policy', 'strict-origin-when-cross-origin');
    h.set('cross-origin-resource-policy', 'same-origin');
    if (origins().builderOrigin.startsWith('https:'))
      h.set('strict-transport-security', 'max-age=31536000; includeSubDomains');
  };
}

const TEXT_TYPES = /^(application\/(json|graphql|x-www-form-urlencoded)|text\/)/i;

/**
 * Reads a request body up to `limit(path).max` bytes as it streams in and hands the handlers a buffered copy;
 * over the limit the request is refused with 413 at once (the rest is never read). Where `utf8` is set, text
 * bodies must be valid UTF-8 (400), since decoders would otherwise replace bad bytes silently; functions get
 * their bodies as bytes and decide for themselves.
 */
export function limitBody(limit: (path: string) => { max: number; utf8: boolean }): MiddlewareHandler {
  return async (c, next) => {
    const req = c.req.raw;
    // GET and HEAD bodies are never read (a Request cannot carry one); asking @hono/node-server's request for
    // `body` would build a full Request for nothing.
    if (req.method === 'GET' || req.method === 'HEAD') return next();
    const body = await readLimitedBody(req, c.env, limit(c.req.path));
    if (body === null) return next();
    const read = new Request(req.url, {
      method: req.method,
      headers: req.headers,
      body: body.byteLength > 0 ? body : null,
    });
    bufferedBodies.set(read, body);
    c.req.raw = read;
    return next();
  };
}

/**
 * The checks of `limitBody` without Hono: a request's body read up to `max` bytes as it streams in (413 past
 * it, the rest never read; 400 for text that is not UTF-8 where `utf8` is set), or null when it has none (GET,
 * HEAD, no body). `env` is @hono/node-server's bindings: the body is read from Node's request when it can be.
 */
export async function readLimitedBody(
  req: Request,
  env: unknown,
  { max, utf8 }: { max: number; utf8: boolean },
): Promise<Buffer<ArrayBuffer> | null> {
  if (req.method === 'GET' || req.method === 'HEAD') return null;
  const declared = req.headers.get('content-length');
  if (declared !== null && Number(declared) > max) throw new KilnError('too_large', MESSAGES.tooLarge(max));
  const incoming = (env as { incoming?: unknown } | undefined)?.incoming;
  let body: Buffer<ArrayBuffer>;
  if (incoming instanceof IncomingMessage && !incoming.readableDidRead && !req.bodyUsed) {
    // Straight from Node's request: no web stream and no Request to read it through.
    body = await readIncoming(incoming, max);
  } else {
    if (!req.body) return null;
    body = await readStream(req.body, max);
  }
  if (utf8 && TEXT_TYPES.test(req.headers.get('content-type') ?? '') && !isUtf8(body))
    throw new KilnError('validation', MESSAGES.badUtf8);
  return body;
}

/** The bodies `limitBody` read, by the Request it made of each: `bodyOf` answers them without a stream. */
const bufferedBodies = new WeakMap<Request, Uint8Array>();

/** A request's body: the bytes `limitBody` already read, else read now. */
export async function bodyOf(req: Request): Promise<Uint8Array> {
  return bufferedBodies.get(req) ?? new Uint8Array(await req.arrayBuffer());
}

function readIncoming(incoming: IncomingMessage, max: number): Promise<Buffer<ArrayBuffer>> {
  return new Promise((resolve, reject) => {
    const chunks: Uint8Array[] = [];
    let size = 0;
    const done = (error: Error | null) => {
      incoming.off('data', onData);
      incoming.off('end', onEnd);
      incoming.off('error', onError);
      if (error) reject(error);
      else resolve(Buffer.concat(chunks, size));
    };
    const onData = (chunk: Buffer) => {
      size += chunk.byteLength;
      if (size > max) {
        incoming.destroy(); // as cancelling the web stream did: the rest is never read
        done(new KilnError('too_large', MESSAGES.tooLarge(max)));
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => done(null);
    const onError = (e: Error) => done(e);
    incoming.on('data', onData);
    incoming.on('end', onEnd);
    incoming.on('error', onError);
  });
}

async function readStream(stream: ReadableStream<Uint8Array>, max: number): Promise<Buffer<ArrayBuffer>> {
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      void reader.cancel().catch(() => {});
      throw new KilnError('too_large', MESSAGES.tooLarge(max));
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks, size);
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

function isUtf8(bytes: Uint8Array): boolean {
  try {
    strictUtf8.decode(bytes);
    return true;
  } catch {
    return false;
  }
}
