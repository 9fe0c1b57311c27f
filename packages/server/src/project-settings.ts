/**
 * @module A project's settings besides its design system: environment (DEVELOPMENT, PREVIEW, PRODUCTION) and
 * visibility (PUBLIC, PRIVATE — spec DesignSystemVisibility). PRIVATE projects count against the plan's
 * private-project limit; a PRIVATE project's published app opens only for visitors holding its access link
 * (`?kiln_access=TOKEN`, stored as a sha256 hash; rotating it revokes the old link).
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import {
  DESIGN_SYSTEM_VISIBILITIES,
  type DesignSystemVisibility,
  ENVIRONMENTS,
  type Environment,
  KilnError,
  MESSAGES,
  type OrganizationPlan,
} from '@kiln/core';
import { and, eq, sql } from 'drizzle-orm';
import type { User } from './accounts';
import type { Db } from './db/index';
import { organizations, projects } from './db/schema';
import { hostingChanged } from './hosting/index';
import { hashToken } from './ids';
import type { Origins } from './origins';
import { limitForJson, type PrivateLimits } from './plan-limits';
import { recordProjectGroupRevision } from './project-group-revisions';
import { getProject, type Project } from './projects';
import { allocateSlug } from './publish';

/** The query parameter of an access link, and the cookie it becomes on the app's origin. */
export const ACCESS_PARAM = 'kiln_access';
export const ACCESS_COOKIE = 'kiln_access';

export async function setProjectEnvironment(
  db: Db,
  user: User,
  input: { projectId: string; environment: string },
): Promise<Project> {
  if (!(ENVIRONMENTS as readonly string[]).includes(input.environment)) {
    throw new KilnError(
      'validation',
      MESSAGES.invalidEnumValue('Environment', input.environment.slice(0, 40)),
    );
  }
  const project = await getProject(db, user, input.projectId, 'EDITOR');
  if (project.environment === input.environment) return project;
  return updateSettings(db, user, project.id, { environment: input.environment as Environment });
}

/**
 * PUBLIC or PRIVATE. Making one more project PRIVATE past the plan's limit is a plan_limit error and changes
 * nothing; the organisation row is locked so two requests cannot both take the last place.
 */
export async function setProjectVisibility(
  db: Db,
  user: User,
  limits: PrivateLimits,
  input: { projectId: string; visibility: string },
): Promise<Project> {
  if (!(DESIGN_SYSTEM_VISIBILITIES as readonly string[]).includes(input.visibility)) {
    throw new KilnError('validation', MESSAGES.invalidEnumValue('Visibility', input.visibility.slice(0, 40)));
  }
  const visibility = input.visibility as DesignSystemVisibility;
  const project = await getProject(db, user, input.projectId, 'EDITOR');
  if (project.visibility === visibility) return project;
  const updated = await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    if (visibility === 'PRIVATE') {
      const [org] = await t
        .select({ plan: organizations.plan })
        .from(organizations)
        .where(eq(organizations.id, project.organizationId))
        .for('update');
      const plan = (org?.plan ?? 'FREE') as OrganizationPlan;
      const used = await privateProjectCount(t, project.organizationId);
      const limit = limits.projects[plan];
      if (used >= limit) {
        throw new KilnError('plan_limit', MESSAGES.planAllowanceReached(plan), {
          plan,
          used,
          allowance: limitForJson(limit),
        });
      }
    }
    return updateSettings(t, user, project.id, { visibility });
  });
  // The published app opens (or closes) to visitors in every process now.
  await hostingChanged(db, updated.slug);
  return updated;
}

async function updateSettings(
  db: Db,
  user: User,
  projectId: string,
  set: { environment?: Environment; visibility?: DesignSystemVisibility },
): Promise<Project> {
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const [project] = await t
      .update(projects)
      .set({ ...set, updatedAt: new Date() })
      .where(eq(projects.id, projectId))
      .returning();
    if (!project) throw new KilnError('not_found', 'Project not found.');
    const groupRevision = await recordProjectGroupRevision(
      t,
      { projectGroupId: project.projectGroupId },
      { action: 'UPDATE_SETTINGS', authorId: user.id },
    );
    return { ...project, projectGroupRevisionId: groupRevision?.id ?? project.projectGroupRevisionId };
  });
}

/** How many PRIVATE projects an organisation has. */
export async function privateProjectCount(db: Db, organizationId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(projects)
    .where(and(eq(projects.organizationId, organizationId), eq(projects.visibility, 'PRIVATE')));
  return row?.n ?? 0;
}

/**
 * A new access link for the project's app (EDITOR and up): `{appUrl}?kiln_access=TOKEN`. Only the hash is
 * kept, so the link is shown once; a new one revokes the old. The app's address is reserved now if the
 * project has none yet, so the link works from its first publish.
 */
export async function rotateAccessLink(db: Db, origins: Origins, user: User, projectId: string) {
  const project = await getProject(db, user, projectId, 'EDITOR');
  const token = randomBytes(24).toString('base64url');
  const link = await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const [locked] = await t.select().from(projects).where(eq(projects.id, projectId)).for('update');
    const slug = locked?.slug ?? (await allocateSlug(t, project));
    await t
      .update(projects)
      .set({ slug, accessTokenHash: hashToken(token), updatedAt: new Date() })
      .where(eq(projects.id, projectId));
    const url = new URL(origins.appUrl(slug));
    url.searchParams.set(ACCESS_PARAM, token);
    return { slug, url: url.toString() };
  });
  // The old link's cookies stop opening the app in every process now.
  await hostingChanged(db, link.slug);
  return link.url;
}

/** Whether `token` (from the link or the cookie) opens an app whose access token hashes to `hash`. */
export function accessTokenMatches(hash: string | null, token: string | undefined): boolean {
  if (!hash || !token || token.length > 200) return false;
  const a = Buffer.from(hashToken(token), 'hex');
  const b = Buffer.from(hash, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The page a visitor without the access link sees (no app code). */
export const PRIVATE_APP_HTML =
  '<!doctype html><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Private app</title><style>body{font:16px system-ui,sans-serif;color:#1c1917;display:grid;place-items:center;min-height:100vh;margin:0;background:#fafaf9}main{max-width:420px;padding:24px;text-align:center}h1{font-size:22px;margin:0 0 8px}p{color:#57534e;margin:0}</style><main><h1>This app is private.</h1><p>Ask its owner for the access link.</p></main>';
