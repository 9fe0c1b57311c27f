/**
 * @module A project's deployments (issue 15): the list (when, which revision, by whom, how big), rollback to
 * any earlier one, unpublish and republish. Each is a pointer switch on the project row — the deployments
 * themselves never change — followed by `hostingChanged`, so every process serves the new state at once.
 * Unpublishing keeps the deployments, the app's address and its data; the origin answers 404 until the app
 * is republished or rolled back.
 */
import { KilnError } from '@kiln/core';
import { desc, eq } from 'drizzle-orm';
import type { User } from './accounts';
import type { Db } from './db/index';
import { deploymentDocuments, deployments, projects, revisions, users } from './db/schema';
import { hostingChanged } from './hosting/index';
import { SERVER_MESSAGES as M } from './messages';
import type { Origins } from './origins';
import { getProject, type Project } from './projects';
import type { Deployment } from './publish';

/** A deployment as the builder lists it. */
export interface DeploymentSummary extends Deployment {
  url: string;
  revisionNumber: number | null;
  createdByName: string | null;
  /** Bytes of the page as sent uncompressed, and brotli-compressed (null for deployments made before). */
  size: number;
  compressedSize: number | null;
  /** The deployment the app's address serves now (false for every one while unpublished). */
  live: boolean;
}

/** The project's deployments, newest first (VIEWER and up). */
export async function listDeployments(
  db: Db,
  origins: Origins,
  user: User,
  project: Project,
): Promise<DeploymentSummary[]> {
  await getProject(db, user, project.id, 'VIEWER');
  const rows = await db
    .select({
      deployment: deployments,
      revisionNumber: revisions.number,
      createdByName: users.displayName,
      createdByEmail: users.email,
      size: deploymentDocuments.size,
      br: deploymentDocuments.br,
    })
    .from(deployments)
    .leftJoin(revisions, eq(revisions.id, deployments.revisionId))
    .leftJoin(users, eq(users.id, deployments.createdBy))
    .leftJoin(deploymentDocuments, eq(deploymentDocuments.deploymentId, deployments.id))
    .where(eq(deployments.projectId, project.id))
    .orderBy(desc(deployments.createdAt), desc(deployments.id));
  return rows.map((r) => ({
    ...r.deployment,
    url: origins.appUrl(r.deployment.slug),
    revisionNumber: r.revisionNumber,
    createdByName: r.createdByName || r.createdByEmail || null,
    size: r.size ?? Buffer.byteLength(r.deployment.html),
    compressedSize: r.br ? r.br.byteLength : null,
    live: project.publishStatus === 'PUBLISHED' && project.deploymentId === r.deployment.id,
  }));
}

/** Serve an earlier (or later) deployment of the project again, at once (EDITOR and up). */
export async function rollbackDeployment(db: Db, origins: Origins, user: User, deploymentId: string) {
  const [deployment] = await db.select().from(deployments).where(eq(deployments.id, deploymentId));
  if (!deployment) throw new KilnError('not_found', M.deploymentNotFound);
  // Someone who cannot see the project learns nothing more than "not found".
  const project = await getProject(db, user, deployment.projectId, 'EDITOR').catch(() => {
    throw new KilnError('not_found', M.deploymentNotFound);
  });
  await db
    .update(projects)
    .set({ deploymentId: deployment.id, publishStatus: 'PUBLISHED', updatedAt: new Date() })
    .where(eq(projects.id, project.id));
  await hostingChanged(db, project.slug);
  return { ...deployment, url: origins.appUrl(project.slug ?? deployment.slug) };
}

/** Take the app off its address (EDITOR and up): 404 for visitors; deployments, address and data are kept. */
export async function unpublishProject(db: Db, user: User, projectId: string): Promise<Project> {
  const project = await getProject(db, user, projectId, 'EDITOR');
  if (!project.deploymentId || project.publishStatus !== 'PUBLISHED') {
    throw new KilnError('validation', M.notPublished);
  }
  const [updated] = await db
    .update(projects)
    .set({ publishStatus: 'UNPUBLISHED', updatedAt: new Date() })
    .where(eq(projects.id, projectId))
    .returning();
  await hostingChanged(db, project.slug);
  return updated!;
}

/** Put an unpublished app back online with the deployment it served last (EDITOR and up). */
export async function republishProject(db: Db, origins: Origins, user: User, projectId: string) {
  const project = await getProject(db, user, projectId, 'EDITOR');
  if (!project.deploymentId) throw new KilnError('validation', M.neverPublished);
  return rollbackDeployment(db, origins, user, project.deploymentId);
}
