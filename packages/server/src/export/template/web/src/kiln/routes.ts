/**
 * @module The app's pages and the routes they serve. Kiln writes this file when it exports the project, one
 * entry per page module (routes as Kiln serves them: core's `filePathToRoute`); edit it when you add a page.
 */
import type { ComponentType } from 'react';

/** One page: its route (`/todos/[id]`) and how to load its module. */
export interface PageRoute {
  route: string;
  // biome-ignore lint/suspicious/noExplicitAny: a page takes the props its author chose.
  load: () => Promise<{ default?: ComponentType<any> }>;
}

export const routes: PageRoute[] = [];
