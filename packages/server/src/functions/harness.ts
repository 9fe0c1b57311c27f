/**
 * The program each functions process runs, inside Deno with no permissions (never in Node). It reads
 * `HostMessage`s from stdin, imports each route's bundle once from a `data:` URL, calls the route's handler with
 * a `Request`, and writes `SandboxMessage`s to stdout. The database is the host's: `sql` sends each query out
 * and waits for the rows; `fetch` likewise goes out to the host, which sends it through Kiln's egress guard (the
 * process itself has no network); `console` output goes to the host as log entries of the request; `process.env`
 * holds the project's secrets the host sends. Bundled by esbuild (./bundle.ts) and started as a `data:` URL main module (so
 * neither `Deno.mainModule` nor a stack trace names a folder of the host). Before any app code loads, ./lockdown.ts
 * takes away storage, workers and what would tell the host's layout.
 * @module
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { lockDown } from './lockdown';
import type {
  CallReplyMessage,
  FetchReplyMessage,
  HostMessage,
  LogMessage,
  RequestMessage,
  SandboxMessage,
} from './protocol';
import { AUTH_GLOBAL, HOST_GLOBAL, SQL_GLOBAL } from './protocol';

/** The little of Deno's API the harness uses (Deno's own types are not in this repository's compiler). */
declare const Deno: {
  args: string[];
  stdin: { readable: ReadableStream<Uint8Array> };
  stdout: { writable: WritableStream<Uint8Array> };
  inspect(value: unknown, options?: { depth?: number; colors?: boolean }): string;
};
/** Deno has the base64 methods of Uint8Array (TC39 stage 4); Node 20's types do not, so reach them here. */
const fromBase64 = (text: string): Uint8Array<ArrayBuffer> =>
  (Uint8Array as unknown as { fromBase64(text: string): Uint8Array<ArrayBuffer> }).fromBase64(text);
const toBase64 = (bytes: Uint8Array): string => (bytes as unknown as { toBase64(): string }).toBase64();

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;
const HANDLER = Deno.args[0] ?? 'handler';
const MAX_BODY_BYTES = Number(Deno.args[1] ?? 5 * 1024 * 1024);

// The app's code shares this realm: keep our own references to what the protocol needs.
const stringify = JSON.stringify;
const parse = JSON.parse;
const encoder = new TextEncoder();
const decoder = new TextDecoder();
const inspect = Deno.inspect;
const NativeRequest = Request;
const NativeResponse = Response;
const writer = Deno.stdout.writable.getWriter();
/** The app's `process.env`: changed in place when the host sends new values, so a saved reference stays live. */
const env: Record<string, string> = Object.create(null);
lockDown(env);

// stdout is the protocol: the app's console becomes log messages of the request it runs in.
const LEVELS: Record<string, LogMessage['level']> = {
  log: 'INFO',
  info: 'INFO',
  debug: 'INFO',
  dir: 'INFO',
  dirxml: 'INFO',
  table: 'INFO',
  warn: 'WARN',
  error: 'ERROR',
  trace: 'ERROR',
};
for (const [name, level] of Object.entries(LEVELS)) {
  (console as unknown as Record<string, unknown>)[name] = (...args: unknown[]) => log(level, args);
}
console.assert = (condition?: boolean, ...args: unknown[]) => {
  if (!condition) log('ERROR', ['Assertion failed', ...args]);
};

function log(level: LogMessage['level'], args: unknown[]): void {
  const message = args
    .map((a) => (typeof a === 'string' ? a : inspect(a, { depth: 4, colors: false })))
    .join(' ');
  send({ t: 'log', req: currentRequest.getStore() ?? 0, level, message });
}

// An error the app leaves unhandled (a timer that throws, a promise nobody awaits) is logged, not fatal: the
// process serves other requests, as a server would.
globalThis.addEventListener('error', (event) => {
  event.preventDefault();
  console.error('Uncaught error in a function:', event.error);
});
globalThis.addEventListener('unhandledrejection', (event) => {
  event.preventDefault();
  console.error('Unhandled rejection in a function:', event.reason);
});

/** Lines waiting for stdout: what queues while one write is in flight goes out as one write (fewer syscalls). */
let pending: string[] = [];
let flushing = false;
function send(message: SandboxMessage): void {
  pending.push(`${stringify(message, jsonValue)}\n`);
  if (!flushing) void flush();
}

async function flush(): Promise<void> {
  flushing = true;
  try {
    while (pending.length > 0) {
      const text = pending.length === 1 ? (pending[0] as string) : pending.join('');
      pending = [];
      await writer.write(encoder.encode(text));
    }
  } catch {
    pending = []; // stdout is gone: the host has ended this process
  } finally {
    flushing = false;
  }
}

/** JSON for values that plain JSON refuses: bigint as a string, undefined as null. */
function jsonValue(_key: string, value: unknown): unknown {
  if (typeof value === 'bigint') return value.toString();
  return value === undefined ? null : value;
}

// --- the database: `sql` forwards each query to the host ------------------------------------------------------

const currentRequest = new AsyncLocalStorage<number>();
const queries = new Map<number, { resolve: (rows: unknown[]) => void; reject: (e: Error) => void }>();
let nextQuery = 1;

function query(text: string, values: unknown[]): Promise<Record<string, unknown>[]> {
  const id = nextQuery++;
  return new Promise((resolve, reject) => {
    queries.set(id, { resolve: resolve as (rows: unknown[]) => void, reject });
    send({ t: 'sql', id, req: currentRequest.getStore() ?? 0, text, values });
  });
}

/** `sql\`… ${v}\`` (values become $1, $2, …) or `sql(text, values)`; both resolve to the rows. */
function sql(
  strings: TemplateStringsArray | string,
  ...values: unknown[]
): Promise<Record<string, unknown>[]> {
  if (typeof strings === 'string') {
    const given = values[0];
    return query(strings, Array.isArray(given) ? given : []);
  }
  if (!Array.isArray(strings) || !Array.isArray((strings as TemplateStringsArray).raw)) {
    return Promise.reject(new TypeError('sql must be used as a tagged template or as sql(text, values)'));
  }
  let text = strings[0] ?? '';
  for (let i = 1; i < strings.length; i++) text += `$${i}${strings[i]}`;
  return query(text, values);
}
(globalThis as Record<string, unknown>)[SQL_GLOBAL] = sql;

// --- fetch: sent to the host, which runs it through Kiln's egress guard ---------------------------------------

const fetches = new Map<number, (reply: FetchReplyMessage) => void>();
let nextFetch = 1;
/** Statuses a `Response` may not be built with a body for. */
const NULL_BODY = new Set([101, 204, 205, 304]);

async function bridgedFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const request = new NativeRequest(input, init);
  const signal = request.signal;
  signal.throwIfAborted();
  const body = request.body ? new Uint8Array(await request.arrayBuffer()) : null;
  const headers: [string, string][] = [];
  request.headers.forEach((value, name) => {
    headers.push([name, value]);
  });
  const id = nextFetch++;
  const reply = await new Promise<FetchReplyMessage>((resolve, reject) => {
    fetches.set(id, resolve);
    signal.addEventListener('abort', () => {
      fetches.delete(id);
      reject(signal.reason);
    });
    send({
      t: 'fetch',
      id,
      req: currentRequest.getStore() ?? 0,
      url: request.url,
      method: request.method,
      headers,
      body: body ? toBase64(body) : null,
    });
  });
  if (reply.t === 'fetch-error') throw new TypeError(reply.error);
  const response = new NativeResponse(NULL_BODY.has(reply.status) ? null : fromBase64(reply.body), {
    status: reply.status,
    statusText: reply.statusText,
    headers: reply.headers,
  });
  Object.defineProperty(response, 'url', { value: reply.url });
  return response;
}
globalThis.fetch = bridgedFetch as typeof fetch;

// --- integrations: Kiln's modules (./integrations/) call services on the host ----------------------------------

const calls = new Map<
  number,
  { chunk?: (text: string) => void; settle: (reply: CallReplyMessage) => void }
>();
let nextCall = 1;

/** Runs `service.method(args)` on the host; `onChunk` receives a streamed answer's pieces as they come. */
function hostCall(
  service: string,
  method: string,
  args: unknown,
  onChunk?: (text: string) => void,
): Promise<unknown> {
  const id = nextCall++;
  return new Promise((resolve, reject) => {
    calls.set(id, {
      ...(onChunk ? { chunk: onChunk } : {}),
      settle: (reply) => {
        if (reply.t === 'call-ok') resolve(reply.value);
        else if (reply.t === 'call-error') reject(new Error(reply.error));
      },
    });
    send({ t: 'call', id, req: currentRequest.getStore() ?? 0, service, method, args });
  });
}
Object.defineProperty(globalThis, HOST_GLOBAL, { value: Object.freeze(hostCall), enumerable: false });

// --- the visitor: `auth()` answers the user the host verified for the current request -----------------------

const visitors = new Map<number, RequestMessage['user']>();
/** How long the session `auth()` describes lasts from now (the host checked it is valid). */
const SESSION_HOURS = 24;

/** `await auth()`: `{ user: { id, email, name, image }, expires }` for a signed-in visitor, else null. */
function auth(): Promise<{ user: NonNullable<RequestMessage['user']>; expires: string } | null> {
  const user = visitors.get(currentRequest.getStore() ?? 0);
  if (!user) return Promise.resolve(null);
  const expires = new Date(Date.now() + SESSION_HOURS * 3600 * 1000).toISOString();
  return Promise.resolve({ user: { ...user }, expires });
}
(globalThis as Record<string, unknown>)[AUTH_GLOBAL] = auth;

// --- routes ----------------------------------------------------------------------------------------------------

type RouteModule = Record<string, unknown>;
type Handler = (request: Request, context: { params: Record<string, string> }) => unknown;
const routes = new Map<string, Promise<RouteModule>>();

function load(route: string, code: string | undefined): Promise<RouteModule> {
  let module = routes.get(route);
  if (!module) {
    if (code === undefined) return Promise.reject(new Error(`The route ${route} was never sent`));
    module = import(`data:text/javascript;base64,${toBase64(encoder.encode(code))}`) as Promise<RouteModule>;
    routes.set(route, module);
  }
  return module;
}

function json(status: number, value: unknown, headers: Record<string, string> = {}): Response {
  return new Response(stringify(value), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
}

function messageOf(e: unknown): string {
  if (e instanceof Error) return e.message || e.name;
  return typeof e === 'string' ? e : (stringify(e) ?? String(e));
}

async function run(message: RequestMessage): Promise<Response> {
  const module = await load(message.route, message.code);
  const method = message.method.toUpperCase();
  const pick = (name: string) => (typeof module[name] === 'function' ? (module[name] as Handler) : null);
  const handler = pick(method) ?? (method === 'HEAD' ? pick('GET') : null) ?? pick(HANDLER);
  if (!handler) {
    const allowed = METHODS.filter((m) => pick(m) || (m === 'HEAD' && pick('GET')));
    const path = new URL(message.url).pathname;
    return json(405, { error: `Method ${method} is not allowed at ${path}` }, { allow: allowed.join(', ') });
  }
  const hasBody = message.body !== null && method !== 'GET' && method !== 'HEAD';
  const request = new Request(message.url, {
    method,
    headers: message.headers,
    body: hasBody ? fromBase64(message.body as string) : null,
  });
  const result: unknown = await handler(request, { params: { ...message.params } });
  if (result instanceof Response) return result;
  if (result === undefined) return new Response(null, { status: 204 });
  return Response.json(result);
}

async function answer(message: RequestMessage): Promise<void> {
  let response: Response;
  let body: Uint8Array;
  if (message.user) visitors.set(message.id, message.user);
  try {
    response = await currentRequest.run(message.id, () => run(message));
    body = new Uint8Array(await response.arrayBuffer());
    if (body.byteLength > MAX_BODY_BYTES) {
      response = json(500, { error: `The response body is larger than ${MAX_BODY_BYTES} bytes` });
      body = new Uint8Array(await response.arrayBuffer());
    }
  } catch (e) {
    response = json(500, { error: messageOf(e) });
    body = new Uint8Array(await response.arrayBuffer());
  }
  visitors.delete(message.id);
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    headers[name] = headers[name] === undefined ? value : `${headers[name]}, ${value}`;
  });
  const empty = message.method.toUpperCase() === 'HEAD' || response.status === 204 || response.status === 304;
  send({
    t: 'res',
    id: message.id,
    status: response.status,
    headers,
    body: empty ? '' : toBase64(body),
  });
}

function receive(message: HostMessage): void {
  if (message.t === 'req') {
    if (message.env) {
      for (const name of Object.keys(env)) delete env[name];
      Object.assign(env, message.env);
    }
    void answer(message);
    return;
  }
  if (message.t === 'call-chunk') {
    calls.get(message.id)?.chunk?.(message.chunk);
    return;
  }
  if (message.t === 'call-ok' || message.t === 'call-error') {
    calls.get(message.id)?.settle(message);
    calls.delete(message.id);
    return;
  }
  if (message.t === 'fetch-ok' || message.t === 'fetch-error') {
    fetches.get(message.id)?.(message);
    fetches.delete(message.id);
    return;
  }
  const pending = queries.get(message.id);
  if (!pending) return;
  queries.delete(message.id);
  if (message.t === 'sql-ok') pending.resolve(message.rows);
  else pending.reject(new Error(message.error));
}

// Reads lines until the host closes stdin, then ends (the host may also just kill the process).
let buffered = '';
const reader = Deno.stdin.readable.getReader();
for (;;) {
  const { done, value } = await reader.read();
  if (done) break;
  buffered += decoder.decode(value, { stream: true });
  let newline = buffered.indexOf('\n');
  while (newline !== -1) {
    const line = buffered.slice(0, newline);
    buffered = buffered.slice(newline + 1);
    if (line) receive(parse(line) as HostMessage);
    newline = buffered.indexOf('\n');
  }
}
