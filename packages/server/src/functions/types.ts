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
}

export interface FunctionResponse {
  status: number;
  headers: Record<string, string>;
  /** Empty for HEAD, 204 and 304. */
  body: Uint8Array<ArrayBuffer>;
}

export type SqlHandler = (text: string, values: unknown[]) => Promise<Record<string, unknown>[]>;
