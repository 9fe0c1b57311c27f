/**
 * The shapes the sandbox's parts share (a function's source, a request, a response, the query callback), in
 * their own module so that bundle.ts, deno-process.ts and routes.ts need not import index.ts, which imports them.
 */

export interface FunctionSource {
  filePath: string;
  code: string;
}

export interface FunctionRequest {
  method: string;
  /** Path and query, starting with `/api` (`/api/todos?x=1`). */
  path: string;
  headers: Record<string, string>;
  body: Uint8Array | null;
  /** The signed-in visitor (verified by the server, never taken from a header), for the function's `auth()`. */
  visitor?: FunctionVisitor | null;
}

/** Who `auth()` in a function says is signed in: the visitor of a published app, the builder's user in a preview. */
export interface FunctionVisitor {
  id: string;
  email: string;
  name: string | null;
  image: string | null;
}

export interface FunctionResponse {
  status: number;
  headers: Record<string, string>;
  /** Empty for HEAD, 204 and 304. */
  body: Uint8Array<ArrayBuffer>;
}

export type SqlHandler = (text: string, values: unknown[]) => Promise<Record<string, unknown>[]>;

/** A function's outbound request, as the harness's `fetch` sends it. */
export interface OutboundRequest {
  url: string;
  method: string;
  headers: [string, string][];
  body: Uint8Array | null;
}

/** The answer to an `OutboundRequest`, body whole. */
export interface OutboundResponse {
  url: string;
  status: number;
  statusText: string;
  headers: [string, string][];
  body: Uint8Array;
}

/** What a request's function may reach on the host: its database, and optionally the world, env and a log. */
export interface FunctionContext {
  sql: SqlHandler;
  /** Runs the function's `fetch` (through the egress guard); without it every fetch fails. */
  fetch?: (request: OutboundRequest) => Promise<OutboundResponse>;
  /** The function's `process.env`; default empty. */
  env?: Record<string, string>;
  /** Receives the request's `console` output. */
  log?: (level: 'INFO' | 'WARN' | 'ERROR', message: string) => void;
  /**
   * Runs an integration's call (`@/integrations/…`); `emit` streams pieces of the answer before it resolves.
   * Without it every integration call fails.
   */
  call?: (service: string, method: string, args: unknown, emit: (chunk: string) => void) => Promise<unknown>;
  /** The code of an npm import, bundled for functions and pinned to the revision (./npm.ts); without it none. */
  packages?: (source: string) => Promise<string>;
}
