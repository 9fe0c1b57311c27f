/**
 * @module Prepared state for tests of a published app's origin: an account with its organisation, and a project
 * published from rows (queued, never generated: run these servers with KILN_WORKERS=0) with a deployment, as
 * publishing leaves them. Milliseconds instead of a generation per test.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { deployments, projects } from '../src/db/schema';
import type { Client, TestKiln } from './harness';

/** A new account, signed in, and its organisation's id. */
export async function signUp(t: TestKiln, email: string): Promise<{ client: Client; org: string }> {
  const client = t.client();
  const { errors } = await client.gql(
    `mutation($e: String!) { signUp(email: $e, password: "long enough") { id } }`,
    { e: email },
  );
  expect(errors).toBeUndefined();
  const org = (await client.gql('{ organizations { id } }')).data.organizations[0].id as string;
  return { client, org };
}

/** A published app from prepared rows: its project id and its host (`{slug}.apps.localhost`). */
export async function publishedApp(t: TestKiln, client: Client, org: string) {
  const created = await client.gql(
    `mutation($o: ID) { createProject(prompt: "A notes app", organizationId: $o) { id } }`,
    { o: org },
  );
  const id = created.data.createProject.id as string;
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
