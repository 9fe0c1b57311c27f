/**
 * @module Publishing: an immutable deployment of a finished revision (page shell, modules and compiled CSS),
 * served at `{slug}.apps.{baseDomain}`. The production build happens here, once: CSS and module code minified,
 * the document encoded with brotli and gzip under a strong ETag (hosting/build.ts). The project's pointer
 * switches in one transaction, then every process forgets the old page (hostingChanged); older deployments
 * stay for rollback (deployments.ts). After the switch, off the publish's path, the pages that need no data
 * are prerendered (hosting/prerender.ts), so publishing takes no longer and a prerender failure fails nothing.
 */

import { createHash } from 'node:crypto';
import { KilnError, moduleName, type OrganizationPlan, toRouteSegment } from '@kiln/core';
import { appBuild } from '@kiln/preview';
import { and, eq, ne } from 'drizzle-orm';
import type { User } from './accounts';
import type { AppBackend } from './app-backend';
import { compileCss } from './css';
import type { Db } from './db/index';
import {
  deploymentChunks,
  deploymentDocuments,
  deploymentPages,
  deployments,
  organizations,
  projects,
} from './db/schema';
import { designSystemCss } from './design-system';
import {
  type BuiltDocument,
  bestBrotli,
  buildDocument,
  compileForDeployment,
  hostingChanged,
  minifyCss,
  pagePath,
  prerenderDeployment,
  prerenderRoutes,
} from './hosting/index';
import { newId } from './ids';
import { SERVER_MESSAGES as M } from './messages';
import type { Origins } from './origins';
import {
  DEFAULT_PRIVATE_PAGE_LIMITS,
  DEFAULT_PRIVATE_PROJECT_LIMITS,
  limitForJson,
  type PrivateLimits,
} from './plan-limits';
import { getProject, latestFinishedRevision, type Project } from './projects';

export type Deployment = typeof deployments.$inferSelect;

export interface PublishOptions {
  /** Prerender the pages that need no data after the switch (default true; `KILN_PRERENDER`). */
  prerender?: boolean;
  log?: (msg: string, err?: unknown) => void;
}

/** Publish the newest finished revision; a PRIVATE project is held to its plan's page limit (`limits`). */
export async function publishProject(
  db: Db,
  origins: Origins,
  user: User,
  projectId: string,
  limits: PrivateLimits = { projects: DEFAULT_PRIVATE_PROJECT_LIMITS, pages: DEFAULT_PRIVATE_PAGE_LIMITS },
  backend?: AppBackend,
  opts: PublishOptions = {},
) {
  const project = await getProject(db, user, projectId, 'EDITOR');
  const revision = await latestFinishedRevision(db, projectId);
  // A project with web pages publishes them; an Expo-only project publishes its mobile pages' web build.
  const pages = revision?.modules.some((m) => m.moduleType === 'PAGE')
    ? 'web'
    : revision?.modules.some((m) => m.moduleType === 'EXPO_PAGE')
      ? 'mobile'
      : null;
  if (!revision || !pages) throw new KilnError('validation', M.noPageToPublish);
  await assertPrivatePagesAllowed(db, limits, project, revision.modules);
  const css = await minifyCss(
    await compileCss(
      revision.modules.map((m) => m.content),
      designSystemCss(project.designSystem),
      project.id,
    ),
  );
  // The database's main branch gets the new tables before the new deployment can use them.
  await backend?.publishMigrations(projectId);
  const build = appBuild(
    {
      title: project.name,
      revisionId: revision.id,
      css,
      compile: compileForDeployment,
      pages,
      // Functions run on the server (sandbox); their source is never sent to visitors.
      modules: revision.modules
        .filter((m) => m.moduleType !== 'FUNCTION')
        .map((m) => ({
          filePath: m.filePath,
          moduleType: m.moduleType as never,
          name: moduleName(m.filePath),
          content: m.content,
        })),
    },
    chunkHash,
  );
  const html = build.html;
  // A page's own document is looked up by the path visitors ask for: a route with parameters (`[id]`) or group
  // folders (`(tabs)`) is never asked as it is written, so its page gets the plain document and loads its chunk.
  const ownPages = build.pages.filter((p) => !/[[(]/.test(p.route));
  const [document, pageDocuments, chunkDocuments] = await Promise.all([
    buildDocument(html),
    Promise.all(
      ownPages.map(async (p) => ({
        ...p,
        path: pagePath(p.route),
        document: await buildDocument(p.html),
      })),
    ),
    Promise.all(build.chunks.map(async (c) => ({ ...c, document: await buildDocument(c.body) }))),
  ]);
  const published = await db.transaction(async (tx) => {
    const slug = project.slug ?? (await allocateSlug(tx as unknown as Db, project));
    const [deployment] = await tx
      .insert(deployments)
      .values({ id: newId(), projectId, revisionId: revision.id, slug, html, createdBy: user.id })
      .returning();
    const deploymentId = deployment!.id;
    await tx
      .insert(deploymentDocuments)
      .values({ deploymentId, size: document.body.length, ...encoded(document) });
    if (pageDocuments.length > 0) {
      await tx
        .insert(deploymentPages)
        .values(
          pageDocuments.map((p) => ({ deploymentId, path: p.path, html: p.html, ...encoded(p.document) })),
        );
    }
    if (chunkDocuments.length > 0) {
      await tx
        .insert(deploymentChunks)
        .values(
          chunkDocuments.map((c) => ({ deploymentId, name: c.name, body: c.body, ...encoded(c.document) })),
        );
    }
    await tx
      .update(projects)
      .set({ slug, deploymentId, publishStatus: 'PUBLISHED', updatedAt: new Date() })
      .where(eq(projects.id, projectId));
    return { ...deployment!, url: origins.appUrl(slug) };
  });
  await hostingChanged(db, published.slug);
  void refineBrotli(db, published.id, published.slug, [
    { path: null, document },
    ...pageDocuments.map((p) => ({ path: p.path, document: p.document })),
  ]);
  if (opts.prerender !== false) {
    void prerenderDeployment(
      db,
      {
        deploymentId: published.id,
        slug: published.slug,
        html,
        documents: new Map(ownPages.map((p) => [p.route, p.html])),
        chunks: new Map(build.chunks.map((c) => [c.name, c.body])),
        routes: prerenderRoutes(revision.modules, pages),
      },
      opts.log,
    );
  }
  return published;
}

/** A built document's stored columns: its ETag and encodings. */
function encoded(document: BuiltDocument) {
  return { etag: document.etag, br: document.br, gzip: document.gzip };
}

/** A page chunk's name: the sha256 of its body, base64url, 16 characters (96 bits). */
function chunkHash(body: string): string {
  return createHash('sha256').update(body).digest('base64url').slice(0, 16);
}

/**
 * After the switch: the documents at brotli's best quality replace the fast encoding, and every process reloads
 * them. A page's document that the prerender replaced meanwhile (another ETag) is left as the prerender wrote
 * it. Best effort — if it fails (the process stops, the deployment was deleted), the fast encoding stays, valid.
 */
async function refineBrotli(
  db: Db,
  deploymentId: string,
  slug: string,
  documents: { path: string | null; document: BuiltDocument }[],
): Promise<void> {
  try {
    for (const { path, document } of documents) {
      const br = await bestBrotli(document.body);
      if (path === null) {
        await db
          .update(deploymentDocuments)
          .set({ br })
          .where(eq(deploymentDocuments.deploymentId, deploymentId));
      } else {
        await db
          .update(deploymentPages)
          .set({ br })
          .where(
            and(
              eq(deploymentPages.deploymentId, deploymentId),
              eq(deploymentPages.path, path),
              eq(deploymentPages.etag, document.etag),
            ),
          );
      }
    }
    await hostingChanged(db, slug);
  } catch {
    // The fast encoding is as correct, only larger.
  }
}

/**
 * Refuse to publish a PRIVATE project with more pages than its plan allows (plan_limit, nothing published).
 * Pages are the modules with a route a visitor opens: PAGE and EXPO_PAGE.
 */
export async function assertPrivatePagesAllowed(
  db: Db,
  limits: PrivateLimits,
  project: Project,
  modules: readonly { moduleType: string }[],
): Promise<void> {
  if (project.visibility !== 'PRIVATE') return;
  const [org] = await db
    .select({ plan: organizations.plan })
    .from(organizations)
    .where(eq(organizations.id, project.organizationId));
  const plan = (org?.plan ?? 'FREE') as OrganizationPlan;
  const limit = limits.pages[plan];
  const pages = modules.filter((m) => m.moduleType === 'PAGE' || m.moduleType === 'EXPO_PAGE').length;
  if (pages > limit) {
    throw new KilnError(
      'plan_limit',
      `A private project on the ${plan} plan may publish ${limit === 0 ? 'no pages' : `at most ${limit} page${limit === 1 ? '' : 's'}`}; this one has ${pages}. Make it public or upgrade the plan.`,
      { plan, pages, limit: limitForJson(limit) },
    );
  }
}

/** A host label from the project name, made unique with a number: `todo-list-app`, `todo-list-app-2`… */
export async function allocateSlug(db: Db, project: Project): Promise<string> {
  const base = toRouteSegment(project.name).slice(0, 40).replace(/-+$/, '') || 'app';
  for (let n = 1; ; n++) {
    const slug = n === 1 ? base : `${base}-${n}`;
    const [taken] = await db
      .select({ id: projects.id })
      .from(projects)
      .where(and(eq(projects.slug, slug), ne(projects.id, project.id)));
    if (!taken) return slug;
  }
}

/** The live deployment of the app at a slug, if it is published. */
export async function deploymentForSlug(db: Db, slug: string): Promise<Deployment | undefined> {
  const [row] = await db
    .select({ deployment: deployments })
    .from(projects)
    .innerJoin(deployments, eq(deployments.id, projects.deploymentId))
    .where(and(eq(projects.slug, slug), eq(projects.publishStatus, 'PUBLISHED')));
  return row?.deployment;
}

/** Publish state as the builder shows it (spec: PublishStatus and PublishFreshness). */
export async function publishInfo(db: Db, origins: Origins, project: Project) {
  if (!project.deploymentId || !project.slug) {
    return { status: project.publishStatus, url: null, freshness: 'NEVER_PUBLISHED_BEFORE' };
  }
  const [deployment] = await db.select().from(deployments).where(eq(deployments.id, project.deploymentId));
  const latest = await latestFinishedRevision(db, project.id);
  const upToDate = !latest || latest.id === deployment?.revisionId;
  return {
    status: project.publishStatus,
    url: origins.appUrl(project.slug),
    freshness: upToDate ? 'UP_TO_DATE' : 'HAS_UPDATES',
  };
}
