/**
 * @module Publishing: an immutable deployment of a finished revision (page shell, modules and compiled CSS),
 * served at `{slug}.apps.{baseDomain}`. The project's pointer switches in one transaction; older deployments
 * stay for rollback.
 */
import { KilnError, moduleName, toRouteSegment } from '@kiln/core';
import { appShellHtml } from '@kiln/preview';
import { and, eq, ne } from 'drizzle-orm';
import type { User } from './accounts';
import { compileCss } from './css';
import type { Db } from './db/index';
import { deployments, projects } from './db/schema';
import { newId } from './ids';
import { SERVER_MESSAGES as M } from './messages';
import type { Origins } from './origins';
import { getProject, latestFinishedRevision, type Project } from './projects';

export type Deployment = typeof deployments.$inferSelect;

export async function publishProject(db: Db, origins: Origins, user: User, projectId: string) {
  const project = await getProject(db, user, projectId, 'EDITOR');
  const revision = await latestFinishedRevision(db, projectId);
  if (!revision?.modules.some((m) => m.moduleType === 'PAGE')) {
    throw new KilnError('validation', M.noPageToPublish);
  }
  const css = await compileCss(
    revision.modules.map((m) => m.content),
    project.designSystem.tailwindConfig,
  );
  const html = appShellHtml({
    title: project.name,
    revisionId: revision.id,
    css,
    modules: revision.modules.map((m) => ({
      filePath: m.filePath,
      moduleType: m.moduleType as never,
      name: moduleName(m.filePath),
      content: m.content,
    })),
  });
  return db.transaction(async (tx) => {
    const slug = project.slug ?? (await allocateSlug(tx as unknown as Db, project));
    const [deployment] = await tx
      .insert(deployments)
      .values({ id: newId(), projectId, revisionId: revision.id, slug, html, createdBy: user.id })
      .returning();
    await tx
      .update(projects)
      .set({ slug, deploymentId: deployment!.id, publishStatus: 'PUBLISHED', updatedAt: new Date() })
      .where(eq(projects.id, projectId));
    return { ...deployment!, url: origins.appUrl(slug) };
  });
}

/** A host label from the project name, made unique with a number: `todo-list-app`, `todo-list-app-2`… */
async function allocateSlug(db: Db, project: Project): Promise<string> {
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
