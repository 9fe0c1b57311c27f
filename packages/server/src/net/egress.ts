/**
 * @module The egress guard: the only way Kiln fetches a URL that someone else chose — a visitor's URL upload, a
 * generated function's `fetch`. It refuses loopback, private, link-local, metadata, multicast and reserved
 * addresses and Kiln's own interface addresses, checked on the address actually connected to (after DNS, inside
 * the socket's own lookup, so a name cannot resolve to one address for the check and another for the connection),
 * on every redirect hop, with caps on time and response bytes. Operators turn it off (`enabled: false`) or allow
 * named hosts that may resolve anywhere (`allowHosts`, e.g. `127.0.0.1:8080` for a test server or an internal API).
 */
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP } from 'node:net';
import { networkInterfaces } from 'node:os';
import { Agent, type RequestInit as UndiciRequestInit, fetch as undiciFetch } from 'undici';

/** What an operator decides about outbound requests (`KILN_EGRESS`, `KILN_EGRESS_ALLOW_HOSTS`). */
export interface EgressPolicy {
  /** False refuses every outbound request. */
  readonly enabled: boolean;
  /** `host` or `host:port` entries reached without the address check (default none). */
  readonly allowHosts: readonly string[];
}

export const DEFAULT_EGRESS_POLICY: EgressPolicy = Object.freeze({
  enabled: true,
  allowHosts: Object.freeze([]),
});

export interface GuardedFetchOptions {
  /** Redirects followed, each one checked again (default 5). */
  maxRedirects?: number;
  /** Time for the whole exchange including the body (default 10 s). */
  timeoutMs?: number;
  /** Largest response body; reading past it fails with an EgressRefused (default 10 MiB). */
  maxResponseBytes?: number;
}

/** A refusal by the guard; `message` says which address and why, in words for the app's owner. */
export class EgressRefused extends Error {
  override readonly name = 'EgressRefused';
}

const DEFAULTS = { maxRedirects: 5, timeoutMs: 10_000, maxResponseBytes: 10 * 1024 * 1024 } as const;

/** Ranges no outbound request may reach, with the words a refusal uses. */
const RANGES: ReadonlyArray<readonly [string, number, 'ipv4' | 'ipv6', string]> = [
  ['0.0.0.0', 8, 'ipv4', 'an unspecified address'],
  ['10.0.0.0', 8, 'ipv4', 'a private address'],
  ['100.64.0.0', 10, 'ipv4', 'a shared (carrier-grade NAT) address'],
  ['127.0.0.0', 8, 'ipv4', 'a loopback address'],
  ['169.254.0.0', 16, 'ipv4', 'a link-local or cloud metadata address'],
  ['172.16.0.0', 12, 'ipv4', 'a private address'],
  ['192.0.0.0', 24, 'ipv4', 'a reserved address'],
  ['192.0.2.0', 24, 'ipv4', 'a documentation address'],
  ['192.168.0.0', 16, 'ipv4', 'a private address'],
  ['198.18.0.0', 15, 'ipv4', 'a benchmarking address'],
  ['198.51.100.0', 24, 'ipv4', 'a documentation address'],
  ['203.0.113.0', 24, 'ipv4', 'a documentation address'],
  ['224.0.0.0', 4, 'ipv4', 'a multicast address'],
  ['240.0.0.0', 4, 'ipv4', 'a reserved address'],
  ['::', 128, 'ipv6', 'an unspecified address'],
  ['::1', 128, 'ipv6', 'a loopback address'],
  ['100::', 64, 'ipv6', 'a discard address'],
  ['2001:db8::', 32, 'ipv6', 'a documentation address'],
  ['fc00::', 7, 'ipv6', 'a private (unique local) address'],
  ['fe80::', 10, 'ipv6', 'a link-local address'],
  ['fec0::', 10, 'ipv6', 'a site-local address'],
  ['ff00::', 8, 'ipv6', 'a multicast address'],
];

const BLOCKS = RANGES.map(([net, prefix, type, words]) => {
  const list = new BlockList();
  list.addSubnet(net, prefix, type);
  return { list, type, words };
});

/** The IPv4 address inside an IPv4-mapped (`::ffff:a.b.c.d`) or NAT64 (`64:ff9b::a.b.c.d`) IPv6 address. */
function embeddedIpv4(address: string): string | null {
  const m = /^(?:::ffff:|64:ff9b::)(?:0:)?(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (m?.[1]) return m[1];
  const hex = /^(?:::ffff:|64:ff9b::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(address);
  if (!hex?.[1] || !hex[2]) return null;
  const hi = Number.parseInt(hex[1], 16);
  const lo = Number.parseInt(hex[2], 16);
  return `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
}

/** Why an outbound request may not reach `address` (an IP literal), or null when it may. */
export function refusalFor(address: string): string | null {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const family = isIP(bare);
  if (family === 0) return 'not an IP address';
  const inner = family === 6 ? embeddedIpv4(bare) : null;
  if (inner) return refusalFor(inner);
  const type = family === 4 ? 'ipv4' : 'ipv6';
  for (const block of BLOCKS) {
    if (block.type === type && block.list.check(bare, type)) return block.words;
  }
  if (ownAddresses().has(bare.toLowerCase())) return "one of Kiln's own addresses";
  return null;
}

function ownAddresses(): Set<string> {
  const own = new Set<string>();
  for (const list of Object.values(networkInterfaces())) {
    for (const info of list ?? []) own.add(info.address.replace(/%.*$/, '').toLowerCase());
  }
  return own;
}

/** Whether the operator allowed this URL's host (by name, or by `name:port`). */
export function isAllowedHost(url: URL, policy: EgressPolicy): boolean {
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  const port = url.port || (url.protocol === 'https:' ? '443' : '80');
  return policy.allowHosts.some((entry) => {
    const e = entry.trim().toLowerCase();
    return e === host || e === `${host}:${port}` || e === `[${host}]:${port}`;
  });
}

type LookupCallback = (
  err: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/** A socket lookup that resolves, then refuses the connection when any answer is an address the guard forbids. */
export function guardedLookup(hostname: string, options: { all?: boolean }, callback: LookupCallback): void {
  dnsLookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return callback(err, []);
    for (const a of addresses) {
      const why = refusalFor(a.address);
      if (why) return callback(refused(hostname, a.address, why), []);
    }
    const first = addresses[0];
    if (!first)
      return callback(Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }), []);
    if (options.all) return callback(null, addresses);
    callback(null, first.address, first.family);
  });
}

function refused(host: string, address: string, why: string): EgressRefused {
  const where = host === address ? address : `${host} (${address})`;
  return new EgressRefused(`Outbound request refused by Kiln's egress guard: ${where} is ${why}.`);
}

const guardedAgent = new Agent({ connect: { lookup: guardedLookup } as object });
const allowedAgent = new Agent();

/** The guard's verdict on a URL before any connection: protocol, policy, IP literals. Throws EgressRefused. */
export function checkUrl(url: URL, policy: EgressPolicy): void {
  if (!policy.enabled)
    throw new EgressRefused('Outbound requests are turned off on this Kiln server (KILN_EGRESS=off).');
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new EgressRefused(
      `Outbound request refused by Kiln's egress guard: only http and https URLs, not ${url.protocol}`,
    );
  }
  if (url.username || url.password) {
    throw new EgressRefused(
      "Outbound request refused by Kiln's egress guard: URLs with credentials are not followed.",
    );
  }
  if (isAllowedHost(url, policy)) return;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  // An IP literal never reaches the socket's lookup, so it is checked here.
  if (isIP(host)) {
    const why = refusalFor(host);
    if (why) throw refused(host, host, why);
  } else if (host === 'localhost' || host.endsWith('.localhost')) {
    throw refused(host, host, 'a loopback address');
  }
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
/** Statuses a `Response` may not be built with a body for. */
const NULL_BODY = new Set([101, 204, 205, 304]);

/**
 * `fetch` through the guard: every hop checked, redirects followed by hand (at most `maxRedirects`), the whole
 * exchange bounded in time and the body in bytes. Refusals and limits reject with an EgressRefused.
 */
export async function guardedFetch(
  input: string | URL,
  init: UndiciRequestInit = {},
  policy: EgressPolicy = DEFAULT_EGRESS_POLICY,
  options: GuardedFetchOptions = {},
): Promise<Response> {
  const { maxRedirects, timeoutMs, maxResponseBytes } = { ...DEFAULTS, ...options };
  const timeout = AbortSignal.timeout(timeoutMs);
  const signal = init.signal ? AbortSignal.any([init.signal as AbortSignal, timeout]) : timeout;
  let url = new URL(input);
  let req: UndiciRequestInit = { ...init };
  for (let hop = 0; ; hop++) {
    checkUrl(url, policy);
    const dispatcher = isAllowedHost(url, policy) ? allowedAgent : guardedAgent;
    let res: Awaited<ReturnType<typeof undiciFetch>>;
    try {
      res = await undiciFetch(url, { ...req, redirect: 'manual', signal, dispatcher });
    } catch (err) {
      throw unwrap(err, timeout, timeoutMs);
    }
    const location = res.headers.get('location');
    if (!REDIRECTS.has(res.status) || !location)
      return limitBody(res as unknown as Response, maxResponseBytes);
    await res.body?.cancel();
    if (hop >= maxRedirects)
      throw new EgressRefused(`Outbound request stopped after ${maxRedirects} redirects.`);
    const next = new URL(location, url);
    const method = (req.method ?? 'GET').toUpperCase();
    if (res.status === 303 || ((res.status === 301 || res.status === 302) && method === 'POST')) {
      req = { ...req, method: 'GET', body: undefined };
    }
    if (next.origin !== url.origin) req = { ...req, headers: withoutCredentials(req.headers) };
    url = next;
  }
}

/** Headers without `authorization` and `cookie`, which are not sent on to another origin. */
function withoutCredentials(headers: UndiciRequestInit['headers']): Headers {
  const h = new Headers(headers as HeadersInit | undefined);
  h.delete('authorization');
  h.delete('cookie');
  return h;
}

/** The guard's refusal hidden in undici's `fetch failed` cause chain, or a timeout, or the error as it is. */
function unwrap(err: unknown, timeout: AbortSignal, timeoutMs: number): unknown {
  for (let e: unknown = err; e instanceof Error; e = e.cause) if (e instanceof EgressRefused) return e;
  if (timeout.aborted) return new EgressRefused(`Outbound request took longer than ${timeoutMs / 1000} s.`);
  return err;
}

/** The response with a body that fails once it passes `max` bytes. */
function limitBody(res: Response, max: number): Response {
  const declared = Number(res.headers.get('content-length') ?? Number.NaN);
  if (declared > max) {
    void res.body?.cancel();
    throw new EgressRefused(`Outbound response is larger than ${max} bytes.`);
  }
  if (!res.body || NULL_BODY.has(res.status)) return res;
  let seen = 0;
  const counted = res.body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        seen += chunk.byteLength;
        if (seen > max) controller.error(new EgressRefused(`Outbound response is larger than ${max} bytes.`));
        else controller.enqueue(chunk);
      },
    }),
  );
  return new Response(counted, { status: res.status, statusText: res.statusText, headers: res.headers });
}
