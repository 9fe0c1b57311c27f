/**
 * @module Organisation roles and what each may do. VIEWER reads; EDITOR builds and publishes; ADMIN also
 * manages members, settings and secrets; OWNER also plan, billing and deletion. Enforced on every call.
 */
import { KilnError, type OrganizationRole } from '@kiln/core';
import { and, eq } from 'drizzle-orm';
import type { Db } from './db/index';
import { memberships } from './db/schema';
import { SERVER_MESSAGES as M } from './messages';

/** Each role can do everything the roles below it can. */
export const ROLE_RANK: Record<OrganizationRole, number> = { VIEWER: 0, EDITOR: 1, ADMIN: 2, OWNER: 3 };

/** The user's role in the organisation, or null when they are not a member. */
export async function roleIn(
  db: Db,
  organizationId: string,
  userId: string,
): Promise<OrganizationRole | null> {
  const [row] = await db
    .select({ role: memberships.role })
    .from(memberships)
    .where(and(eq(memberships.organizationId, organizationId), eq(memberships.userId, userId)));
  return (row?.role as OrganizationRole | undefined) ?? null;
}

/**
 * Require at least `min` in the organisation. Non-members get `notFound` (what they asked for does not exist
 * for them); members below `min` get forbidden.
 */
export async function requireRole(
  db: Db,
  organizationId: string,
  userId: string,
  min: OrganizationRole,
  notFound: string = M.organizationNotFound,
): Promise<OrganizationRole> {
  const role = await roleIn(db, organizationId, userId);
  if (!role) throw new KilnError('not_found', notFound);
  if (ROLE_RANK[role] < ROLE_RANK[min]) throw new KilnError('forbidden', M.forbidden);
  return role;
}
