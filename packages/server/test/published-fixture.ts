/**
 * @module Prepared state for tests of a published app's origin: a project published from rows (queued, never
 * generated: run these servers with KILN_WORKERS=0) with a deployment, as publishing leaves them. Milliseconds
 * instead of a generation per test. The account comes from the harness's `signUp`.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { deployments, projects } from '../src/db/schema';
import { type Client, createProject, type TestKiln } from './harness';

/** A published app from prepared rows: its project id and its host (`{slug}.apps.localhost`). */
export async function publishedApp(t: TestKiln, client: Client, org: string) {
  const { id } = await createProject(client, 'A notes app', { organizationId: org });
  const slug = `notes-${id.slice(0, 8)}`;
  const db = t.kiln.database.db;
  const deploymentId = randomUUID();
  await db
    .insert(deployments)
    .values({ id: deploymentId, projectId: id, revisionId: randomUUID(), slug, html: '<p>Notes</p>' });
  await db
    .update(projects)
    .set({ slug, deploymentId, publishStatus: 'PUBLISHED' })
    .where(eq(projects.id, id));
  return { id, host: new URL(t.kiln.origins.appUrl(slug)).hostname };
}
