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
}

/** Host → Deno: the answer to a `SqlMessage`. */
export type SqlReplyMessage =
  | { t: 'sql-ok'; id: number; rows: Record<string, unknown>[] }
  | { t: 'sql-error'; id: number; error: string };

export type HostMessage = RequestMessage | SqlReplyMessage;

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

export type SandboxMessage = ResponseMessage | SqlMessage;

/** The module specifier generated functions import the database from. */
export const SQL_MODULE = '@/app/api/utils/sql';
/** The same module as a file path among an app's sources (any extension). */
export const SQL_MODULE_PATH = 'apps/web/src/app/api/utils/sql';
/** Where `@/…` imports point. */
export const SOURCE_ROOT = 'apps/web/src/';
/** The global the harness puts `sql` on for the bundled sql module to pick up. */
export const SQL_GLOBAL = '__kilnFunctionsSql';
/** The module specifier functions import `auth()` from (as Create's generated functions do). */
export const AUTH_MODULE = '@/auth';
/** The global the harness puts `auth` on for the bundled auth module to pick up. */
export const AUTH_GLOBAL = '__kilnFunctionsAuth';
