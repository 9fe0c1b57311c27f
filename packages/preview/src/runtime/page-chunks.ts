/**
 * @module
 * A split published app's page chunks in the visitor's browser (issue 15): which page a route needs and whether
 * its modules are loaded yet, and the chunk's fetch, made once per page (a failed fetch may be tried again).
 * The chunks are built at publish (../split.ts, ../shell.ts `appBuild`) and never change (content-hashed).
 */
import { matchRoute } from '../routes.ts';
import type { AppModule, PageChunkRef } from './boot.ts';

export class PageChunks {
  private readonly loading = new Map<string, Promise<AppModule[]>>();

  constructor(
    private readonly refs: readonly PageChunkRef[],
    private readonly fetchChunk: (url: string) => Promise<{ modules: AppModule[] }> = async (url) => {
      const res = await fetch(url);
      if (!res.ok) throw new Error(`${url}: ${res.status}`);
      return (await res.json()) as { modules: AppModule[] };
    },
  ) {}

  /** How many pages the app has (loaded or not). */
  get size(): number {
    return this.refs.length;
  }

  /**
   * The chunk to load before `route` can show, or null: its page is already loaded (`loaded`), or no page
   * serves it (the 404 page shows at once).
   */
  pending(route: string, loaded: (filePath: string) => boolean): PageChunkRef | null {
    // matchRoute reads the path alone (no query, no hash).
    const match = matchRoute(this.refs, route);
    return match && !loaded(match.page.filePath) ? match.page : null;
  }

  /** The chunk's modules (one fetch per chunk while it succeeds). */
  load(ref: PageChunkRef): Promise<AppModule[]> {
    let modules = this.loading.get(ref.url);
    if (!modules) {
      modules = this.fetchChunk(ref.url).then((c) => c.modules);
      this.loading.set(ref.url, modules);
      modules.catch(() => this.loading.delete(ref.url));
    }
    return modules;
  }
}
