/**
 * The messages between the host (Node) and the Deno harness, one JSON object per line: host → Deno on the
 * child's stdin, Deno → host on its stdout. Bodies travel as base64. Errors cross as data, never as classes.
 * @module
 */

/** Host → Deno: run one request. `code` is the route's bundle, sent the first time this process needs it. */
export interface RequestMessage {
  t: 'req';
  id: number;
  route: string;
  code?: string;
  method: string;
  url: string;
  headers: Record<string, string>;
  body: string | null;
  params: Record<string, string>;
  /** The signed-in visitor the server verified (what `auth()` answers), or null. */
  user: { id: string; email: string; name: string | null; image: string | null } | null;
  /**
   * The app's `process.env` (its project's secrets for this branch, and NODE_ENV), sent when it changed since
   * the last request on this process. Every request on one process belongs to one project and branch.
   */
  env?: Record<string, string>;
}

/** Host → Deno: the answer to a `SqlMessage`. */
export type SqlReplyMessage =
  | { t: 'sql-ok'; id: number; rows: Record<string, unknown>[] }
  | { t: 'sql-error'; id: number; error: string };

/** Host → Deno: the answer to a `FetchMessage` (the body whole, base64), or why it was refused or failed. */
export type FetchReplyMessage =
  | {
      t: 'fetch-ok';
      id: number;
      url: string;
      status: number;
      statusText: string;
      headers: [string, string][];
      body: string;
    }
  | { t: 'fetch-error'; id: number; error: string };

/** Host → Deno: a piece of a streamed `CallMessage` answer, then its result or why it failed. */
export type CallReplyMessage =
  | { t: 'call-chunk'; id: number; chunk: string }
  | { t: 'call-ok'; id: number; value: unknown }
  | { t: 'call-error'; id: number; error: string };

export type HostMessage = RequestMessage | SqlReplyMessage | FetchReplyMessage | CallReplyMessage;

/** Deno → host: the response to request `id`. */
export interface ResponseMessage {
  t: 'res';
  id: number;
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Deno → host: a query from request `req` (0 when it runs outside any request). */
export interface SqlMessage {
  t: 'sql';
  id: number;
  req: number;
  text: string;
  values: unknown[];
}

/**
 * Deno → host: the function's `fetch` (the harness replaces `globalThis.fetch`; Deno itself has no network).
 * The host sends it through Kiln's egress guard and answers with a `FetchReplyMessage`.
 */
export interface FetchMessage {
  t: 'fetch';
  id: number;
  req: number;
  url: string;
  method: string;
  headers: [string, string][];
  body: string | null;
}

/** Deno → host: one `console` call of request `req` (0 outside any request), already formatted. */
export interface LogMessage {
  t: 'log';
  req: number;
  level: 'INFO' | 'WARN' | 'ERROR';
  message: string;
}

/**
 * Deno → host: an integration's call (`@/integrations/ai`, `@/integrations/email`): the host runs `service`'s
 * `method` with `args` for the app and answers with `CallReplyMessage`s.
 */
export interface CallMessage {
  t: 'call';
  id: number;
  req: number;
  service: string;
  method: string;
  args: unknown;
}

export type SandboxMessage = ResponseMessage | SqlMessage | FetchMessage | LogMessage | CallMessage;

/** The module specifier generated functions import the database from. */
export const SQL_MODULE = '@/app/api/utils/sql';
/** The same module as a file path among an app's sources (any extension). */
export const SQL_MODULE_PATH = 'apps/web/src/app/api/utils/sql';
/** Where `@/…` imports point. */
export const SOURCE_ROOT = 'apps/web/src/';
/** The global the harness puts its host call on, for Kiln's integration modules (./integrations/). */
export const HOST_GLOBAL = '__kilnHost';
/** The global the harness puts `sql` on for the bundled sql module to pick up. */
export const SQL_GLOBAL = '__kilnFunctionsSql';
/** The module specifier functions import `auth()` from (as Create's generated functions do). */
export const AUTH_MODULE = '@/auth';
/** The global the harness puts `auth` on for the bundled auth module to pick up. */
export const AUTH_GLOBAL = '__kilnFunctionsAuth';
