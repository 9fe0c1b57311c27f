/**
 * @module Prerendered pages of a deployment (issue 15): after the publish has switched the app's pointer, each
 * page without route parameters is rendered once in headless Chromium (`@kiln/preview/prerender`: the deployment's
 * own document, the generated code never in this process), and every page that needed no data gets its own
 * document — the same page with that markup in its root element, so the first response paints the page and
 * crawlers read it. The runtime then renders over it: React's first commit replaces the markup in one step, so
 * nothing flashes. Best effort: a page that needs data, fails, or is not reached keeps the plain document, and a
 * failure of the whole pass changes nothing. One pass at a time per process (each starts its own Chromium).
 */
import { filePathToRoute } from '@kiln/core';
import { ROOT_ELEMENT_ID } from '@kiln/preview';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/index';
import { deploymentPages, projects } from '../db/schema';
import { buildDocument } from './build';
import { hostingChanged } from './live-apps';
import { pagePath } from './serve';

/** The page modules of a mode and the routes a prerender renders: those without parameters (`[id]`, `[...x]`). */
export function prerenderRoutes(
  modules: readonly { filePath: string; moduleType: string }[],
  pages: 'web' | 'mobile',
): string[] {
  const type = pages === 'web' ? 'PAGE' : 'EXPO_PAGE';
  const routes = new Set<string>();
  for (const m of modules) {
    if (m.moduleType !== type) continue;
    const route = filePathToRoute(m.filePath);
    if (route !== null && !route.includes('[')) routes.add(route);
  }
  return [...routes].sort((a, b) => a.length - b.length || a.localeCompare(b));
}

/** The element the runtime renders into, as `appShellHtml` writes it (empty). */
const EMPTY_ROOT = `<div id="${ROOT_ELEMENT_ID}"></div>`;

/** The document with `markup` in its root element (the last one: it follows the head's CSS and boot data). */
export function withPrerenderedRoot(html: string, markup: string): string | null {
  const at = html.lastIndexOf(EMPTY_ROOT);
  if (at < 0) return null;
  return `${html.slice(0, at)}<div id="${ROOT_ELEMENT_ID}">${markup}</div>${html.slice(at + EMPTY_ROOT.length)}`;
}

export interface PrerenderJob {
  deploymentId: string;
  slug: string;
  /** The deployment's document (`deployments.html`). */
  html: string;
  /** A build split per page: each page's own document by route, and the page chunks by name. */
  documents?: ReadonlyMap<string, string>;
  chunks?: ReadonlyMap<string, string>;
  routes: string[];
}

/** What a pass did, for logs and tests. */
export interface PrerenderOutcome {
  prerendered: string[];
  skipped: { route: string; reason: string }[];
  ms: number;
}

let queue: Promise<unknown> = Promise.resolve();

/**
 * Prerender a deployment's pages and store their documents; resolves when stored (after any pass already
 * running in this process). Never rejects: a failure is logged and the pages keep the plain document.
 */
export function prerenderDeployment(
  db: Db,
  job: PrerenderJob,
  log: (msg: string, err?: unknown) => void = () => {},
): Promise<PrerenderOutcome | null> {
  const run = queue
    .then(() => prerenderNow(db, job))
    .then((outcome) => {
      if (outcome.ms > 0) {
        log(
          `prerendered ${outcome.prerendered.length} of ${job.routes.length} pages of ${job.slug} in ${outcome.ms} ms` +
            outcome.skipped.map((s) => `; ${s.route}: ${s.reason}`).join(''),
        );
      }
      return outcome;
    })
    .catch((err) => {
      log(`prerendering ${job.slug} failed; its pages are served without markup`, err);
      return null;
    });
  queue = run;
  return run;
}

async function prerenderNow(db: Db, job: PrerenderJob): Promise<PrerenderOutcome> {
  const started = performance.now();
  if (job.routes.length === 0) return { prerendered: [], skipped: [], ms: 0 };
  // A pass queued behind others whose deployment a newer publish (or a rollback) replaced is not worth a browser.
  const [live] = await db
    .select({ deploymentId: projects.deploymentId })
    .from(projects)
    .where(eq(projects.slug, job.slug));
  if (live?.deploymentId !== job.deploymentId) {
    return { prerendered: [], skipped: job.routes.map((route) => ({ route, reason: 'superseded' })), ms: 0 };
  }
  const { prerenderPages } = await import('@kiln/preview/prerender');
  const pages = await prerenderPages({
    html: job.html,
    routes: job.routes,
    ...(job.documents ? { documents: job.documents } : {}),
    ...(job.chunks ? { chunks: job.chunks } : {}),
  });
  const outcome: PrerenderOutcome = { prerendered: [], skipped: [], ms: 0 };
  const rows = [];
  for (const page of pages) {
    const own = job.documents?.get(page.route) ?? job.html;
    const html = page.html === null ? null : withPrerenderedRoot(own, page.html);
    if (html === null) {
      outcome.skipped.push({ route: page.route, reason: page.reason ?? 'no root element' });
      continue;
    }
    const document = await buildDocument(html);
    rows.push({
      deploymentId: job.deploymentId,
      path: pagePath(page.route),
      html,
      etag: document.etag,
      br: document.br,
      gzip: document.gzip,
    });
    outcome.prerendered.push(page.route);
  }
  if (rows.length > 0) {
    // A split build wrote each page's own document at publish: the prerendered one replaces it.
    await db
      .insert(deploymentPages)
      .values(rows)
      .onConflictDoUpdate({
        target: [deploymentPages.deploymentId, deploymentPages.path],
        set: {
          html: sql`excluded.html`,
          etag: sql`excluded.etag`,
          br: sql`excluded.br`,
          gzip: sql`excluded.gzip`,
        },
      });
    await hostingChanged(db, job.slug);
  }
  outcome.ms = Math.round(performance.now() - started);
  return outcome;
}
