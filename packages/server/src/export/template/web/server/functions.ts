/**
 * @module The app's functions: each `src/app/api/**\/route.ts` module and the route it serves. Kiln writes this
 * file when it exports the project (routes as Kiln serves them: `api/todos/[id]/route.ts` → `/api/todos/[id]`);
 * add a line when you add a function.
 */

/** A route module: handlers named by HTTP method (`GET`, `POST`…), as in Next.js route handlers. */
export type RouteModule = Record<string, unknown>;

/** One function: its route and how to load its module (on its first request). */
export interface FunctionRoute {
  route: string;
  load: () => Promise<RouteModule>;
}

export const functions: FunctionRoute[] = [];
