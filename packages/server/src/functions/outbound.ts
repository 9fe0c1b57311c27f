/**
 * @module Generated functions' `fetch`, on the host side: the harness sends each call here over the protocol
 * (the Deno process has no network permission), and it goes out through Kiln's egress guard (../net/egress.ts)
 * with per-app limits — requests per minute (shared through PostgreSQL like every rate limit), time per call and
 * bytes each way. Every call, answered or refused, is one FETCH log entry of the request that made it. A refusal
 * reaches the function as a `TypeError` whose message says why, as `fetch` itself fails.
 */

import type { FunctionLogEntry } from '../function-logs';
import { type EgressPolicy, EgressRefused, guardedFetch } from '../net/egress';
import { RATE_LIMITS, type RateLimits } from '../rate-limits';
import type { OutboundRequest, OutboundResponse } from './types';

export interface OutboundLimits {
  /** Time for one call, redirects and body included; default 10 000 ms. */
  timeoutMs: number;
  /** Largest response body one call reads; default 5 MiB. */
  maxResponseBytes: number;
  /** Largest request body one call sends; default 5 MiB. */
  maxRequestBytes: number;
}

export const DEFAULT_OUTBOUND_LIMITS: OutboundLimits = Object.freeze({
  timeoutMs: 10_000,
  maxResponseBytes: 5 * 1024 * 1024,
  maxRequestBytes: 5 * 1024 * 1024,
});

/** Request headers the host sets itself (or that make no sense across the bridge). */
const DROPPED_REQUEST_HEADERS = new Set([
  'host',
  'connection',
  'content-length',
  'transfer-encoding',
  'keep-alive',
]);
/** Response headers that described the body on the wire, which arrives decoded. */
const DROPPED_RESPONSE_HEADERS = new Set([
  'content-encoding',
  'content-length',
  'transfer-encoding',
  'connection',
]);

export class OutboundFetch {
  readonly #policy: EgressPolicy;
  readonly #rateLimits: RateLimits | null;
  readonly #limits: OutboundLimits;

  constructor(policy: EgressPolicy, rateLimits: RateLimits | null, limits: Partial<OutboundLimits> = {}) {
    this.#policy = policy;
    this.#rateLimits = rateLimits;
    this.#limits = { ...DEFAULT_OUTBOUND_LIMITS, ...limits };
  }

  /** Runs one call of the app `appKey` (project and branch), logging it with `log`. */
  async fetch(
    appKey: string,
    request: OutboundRequest,
    log: (entry: FunctionLogEntry) => void,
  ): Promise<OutboundResponse> {
    const started = Date.now();
    const method = request.method.toUpperCase();
    const what = `fetch ${method} ${request.url}`;
    try {
      const response = await this.#send(appKey, request, method);
      const ms = Date.now() - started;
      log({
        level: response.status >= 500 ? 'WARN' : 'INFO',
        source: 'FETCH',
        message: `${what} → ${response.status} (${ms} ms, ${response.body.byteLength} bytes)`,
        method,
        path: request.url,
        status: response.status,
        durationMs: ms,
      });
      return response;
    } catch (e) {
      const message = reasonOf(e, request.url);
      log({
        level: 'ERROR',
        source: 'FETCH',
        message: `${what} failed: ${message}`,
        method,
        path: request.url,
        durationMs: Date.now() - started,
      });
      throw new Error(message);
    }
  }

  async #send(appKey: string, request: OutboundRequest, method: string): Promise<OutboundResponse> {
    let url: URL;
    try {
      url = new URL(request.url);
    } catch {
      throw new EgressRefused(`${request.url} is not a URL.`);
    }
    const wait = await this.#rateLimits?.take('functionFetchesPerApp', appKey);
    if (wait) {
      const { points } = RATE_LIMITS.functionFetchesPerApp;
      throw new EgressRefused(
        `Outbound request refused: this app made more than ${points} requests in a minute. Try again in ${wait} s.`,
      );
    }
    if (request.body && request.body.byteLength > this.#limits.maxRequestBytes) {
      throw new EgressRefused(`Outbound request body is larger than ${this.#limits.maxRequestBytes} bytes.`);
    }
    const headers = request.headers.filter(([name]) => !DROPPED_REQUEST_HEADERS.has(name.toLowerCase()));
    const hasBody = request.body !== null && method !== 'GET' && method !== 'HEAD';
    const response = await guardedFetch(
      url,
      { method, headers, ...(hasBody ? { body: request.body } : {}) },
      this.#policy,
      { timeoutMs: this.#limits.timeoutMs, maxResponseBytes: this.#limits.maxResponseBytes },
    );
    const body = new Uint8Array(await response.arrayBuffer());
    const out: [string, string][] = [];
    response.headers.forEach((value, name) => {
      if (!DROPPED_RESPONSE_HEADERS.has(name)) out.push([name, value]);
    });
    return {
      url: response.url || url.href,
      status: response.status,
      statusText: response.statusText,
      headers: out,
      body,
    };
  }
}

/** Why a call failed, in words for the app's owner: the guard's own sentence, or the network's reason. */
function reasonOf(e: unknown, url: string): string {
  if (e instanceof EgressRefused) return e.message;
  for (let c: unknown = e; c instanceof Error; c = c.cause) {
    if (c instanceof EgressRefused) return c.message;
    const code = (c as NodeJS.ErrnoException).code;
    if (code) return `Outbound request to ${originOf(url)} failed: ${code} ${c.message}`.trim();
  }
  return `Outbound request to ${originOf(url)} failed: ${e instanceof Error ? e.message : String(e)}`;
}

function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return url;
  }
}
