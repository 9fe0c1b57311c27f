/**
 * @module Organisation roles as the server ranks them (VIEWER < EDITOR < ADMIN < OWNER), so the UI hides what
 * a role cannot do. The server enforces the same rules anyway.
 */
import { ORGANIZATION_ROLES, type OrganizationRole } from '@kiln/core';

const RANK: Record<OrganizationRole, number> = { VIEWER: 0, EDITOR: 1, ADMIN: 2, OWNER: 3 };

/** True when `role` may do what `min` may. Unknown roles may do nothing. */
export function atLeast(role: string | null | undefined, min: OrganizationRole): boolean {
  const rank = role != null && role in RANK ? RANK[role as OrganizationRole] : -1;
  return rank >= RANK[min];
}

/** Roles an invitation can carry: ownership is transferred, never invited. */
export const INVITABLE_ROLES = ORGANIZATION_ROLES.filter((role) => role !== 'OWNER');
