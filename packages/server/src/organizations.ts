/**
 * @module Organisations and their members: create, rename, delete; invite by e-mail with a role, accept,
 * change a member's role, remove, leave, transfer ownership. The rules of README's permission matrix:
 * ADMIN manages members up to ADMIN; only an OWNER touches owners, transfers ownership or deletes; the last
 * OWNER cannot leave; a personal organisation cannot be deleted and keeps its one owner (the user it was
 * made for: work created without an organisation lands there and spends its credits).
 */
import {
  KilnError,
  ORGANIZATION_PLANS,
  ORGANIZATION_ROLES,
  type OrganizationPlan,
  type OrganizationRole,
} from '@kiln/core';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { deleteAttachmentFiles, projectAttachmentIds } from './chat-attachment-sweep';
import { grantRefill } from './credits';
import type { Db } from './db/index';
import { invitations, memberships, organizations, projectGroups, projects, users } from './db/schema';
import { hostingChanged } from './hosting/index';
import { hashToken, newId, newSessionToken } from './ids';
import { SERVER_MESSAGES as M } from './messages';
import { ROLE_RANK, requireRole } from './permissions';
import type { FileStorage } from './uploads/storage';
import type { User } from './user';

export type Organization = typeof organizations.$inferSelect;

const MAX_NAME = 100;
const PERSONAL_KEEPS_OWNER =
  'A personal workspace stays with the person it belongs to: its owner cannot change.';

export function checkName(raw: string, what = 'name'): string {
  const name = raw.trim();
  if (!name) throw new KilnError('validation', `Enter a ${what}.`);
  if (name.length > MAX_NAME)
    throw new KilnError('validation', `Use a ${what} of at most ${MAX_NAME} characters.`);
  return name;
}

export function checkRole(role: string): OrganizationRole {
  if (!(ORGANIZATION_ROLES as readonly string[]).includes(role)) {
    throw new KilnError('validation', `Unknown role ${role}: use one of ${ORGANIZATION_ROLES.join(', ')}.`);
  }
  return role as OrganizationRole;
}

/** Insert an organisation owned by `ownerId`, its default project group and first credits (inside a transaction). */
export async function insertOrganization(t: Db, input: { ownerId: string; name: string; personal: boolean }) {
  const id = newId();
  await t.insert(organizations).values({ id, name: input.name, plan: 'FREE', personal: input.personal });
  await t.insert(memberships).values({ organizationId: id, userId: input.ownerId, role: 'OWNER' });
  await t.insert(projectGroups).values({ id: newId(), organizationId: id, name: 'My projects' });
  await grantRefill(t, id);
  const [org] = await t.select().from(organizations).where(eq(organizations.id, id));
  return org!;
}

/** Create an organisation (the caller is its OWNER) with a default project group and the plan's first credits. */
export async function createOrganization(db: Db, user: User, input: { name: string }) {
  const name = checkName(input.name);
  return db.transaction((tx) =>
    insertOrganization(tx as unknown as Db, { ownerId: user.id, name, personal: false }),
  );
}

export async function getOrganization(db: Db, id: string): Promise<Organization> {
  const [org] = await db.select().from(organizations).where(eq(organizations.id, id));
  if (!org) throw new KilnError('not_found', M.organizationNotFound);
  return org;
}

export async function renameOrganization(db: Db, user: User, id: string, name: string) {
  const clean = checkName(name);
  await requireRole(db, id, user.id, 'ADMIN');
  const [org] = await db
    .update(organizations)
    .set({ name: clean })
    .where(eq(organizations.id, id))
    .returning();
  return org!;
}

export async function deleteOrganization(
  db: Db,
  user: User,
  id: string,
  files?: FileStorage,
): Promise<boolean> {
  await requireRole(db, id, user.id, 'OWNER');
  const org = await getOrganization(db, id);
  if (org.personal) throw new KilnError('validation', 'A personal workspace cannot be deleted.');
  // Its projects' chat images leave the file storage too (their rows go with the projects).
  const owned = await db.select({ id: projects.id }).from(projects).where(eq(projects.organizationId, id));
  const images = await projectAttachmentIds(
    db,
    owned.map((p) => p.id),
  );
  await db.delete(organizations).where(eq(organizations.id, id));
  if (files) await deleteAttachmentFiles(files, images, (m, err) => console.warn(m, err));
  // Its projects' published apps went with it.
  await hostingChanged(db);
  return true;
}

/** A platform ADMIN sets an organisation's plan. */
export async function setPlan(db: Db, user: User, id: string, plan: string) {
  if (user.role !== 'ADMIN') throw new KilnError('forbidden', M.forbidden);
  if (!(ORGANIZATION_PLANS as readonly string[]).includes(plan)) {
    throw new KilnError('validation', `Unknown plan ${plan}: use one of ${ORGANIZATION_PLANS.join(', ')}.`);
  }
  await getOrganization(db, id);
  const [org] = await db
    .update(organizations)
    .set({ plan: plan as OrganizationPlan })
    .where(eq(organizations.id, id))
    .returning();
  return org!;
}

export async function listMembers(db: Db, user: User, organizationId: string) {
  await requireRole(db, organizationId, user.id, 'VIEWER');
  return db
    .select({
      userId: users.id,
      email: users.email,
      displayName: users.displayName,
      role: memberships.role,
      joinedAt: memberships.createdAt,
    })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(eq(memberships.organizationId, organizationId))
    .orderBy(asc(memberships.createdAt));
}

export async function listInvitations(db: Db, user: User, organizationId: string) {
  await requireRole(db, organizationId, user.id, 'ADMIN');
  return db
    .select()
    .from(invitations)
    .where(and(eq(invitations.organizationId, organizationId), isNull(invitations.acceptedAt)))
    .orderBy(asc(invitations.createdAt));
}

/** Invite an e-mail with a role; returns the invitation and its one-time token (sent by e-mail). */
export async function inviteMember(
  db: Db,
  user: User,
  input: { organizationId: string; email: string; role: string },
) {
  const email = input.email.trim();
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) || email.length > 254) {
    throw new KilnError('validation', M.invalidEmail);
  }
  const role = checkRole(input.role);
  const mine = await requireRole(db, input.organizationId, user.id, 'ADMIN');
  if (role === 'OWNER') throw new KilnError('validation', 'Invite as ADMIN, then transfer ownership.');
  if (ROLE_RANK[role] > ROLE_RANK[mine]) throw new KilnError('forbidden', M.forbidden);
  const [member] = await db
    .select({ id: users.id })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(
      and(eq(memberships.organizationId, input.organizationId), sql`lower(${users.email}) = lower(${email})`),
    );
  if (member) throw new KilnError('conflict', `${email} is already a member.`);
  const { token, hash } = newSessionToken();
  const [invitation] = await db
    .insert(invitations)
    .values({
      id: newId(),
      organizationId: input.organizationId,
      email,
      role,
      tokenHash: hash,
      invitedBy: user.id,
    })
    .returning();
  return { invitation: invitation!, token };
}

/** The signed-in user accepts an invitation sent to their e-mail. */
export async function acceptInvitation(db: Db, user: User, token: string) {
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const [inv] = await t
      .select()
      .from(invitations)
      .where(eq(invitations.tokenHash, hashToken(token)))
      .for('update');
    if (!inv || inv.acceptedAt) throw new KilnError('not_found', 'This invitation is not valid any more.');
    if (inv.email.toLowerCase() !== user.email.toLowerCase()) {
      throw new KilnError(
        'forbidden',
        `This invitation is for ${inv.email}. Sign in with that account to accept it.`,
      );
    }
    await t
      .insert(memberships)
      .values({ organizationId: inv.organizationId, userId: user.id, role: inv.role })
      .onConflictDoNothing();
    await t.update(invitations).set({ acceptedAt: new Date() }).where(eq(invitations.id, inv.id));
    return getOrganization(t, inv.organizationId);
  });
}

export async function revokeInvitation(db: Db, user: User, invitationId: string): Promise<boolean> {
  const [inv] = await db.select().from(invitations).where(eq(invitations.id, invitationId));
  if (!inv) throw new KilnError('not_found', 'Invitation not found.');
  await requireRole(db, inv.organizationId, user.id, 'ADMIN');
  await db.delete(invitations).where(eq(invitations.id, invitationId));
  return true;
}

async function memberRole(db: Db, organizationId: string, userId: string): Promise<OrganizationRole> {
  const [row] = await db
    .select({ role: memberships.role })
    .from(memberships)
    .where(and(eq(memberships.organizationId, organizationId), eq(memberships.userId, userId)));
  if (!row) throw new KilnError('not_found', 'Member not found.');
  return row.role as OrganizationRole;
}

async function ownerCount(db: Db, organizationId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(memberships)
    .where(and(eq(memberships.organizationId, organizationId), eq(memberships.role, 'OWNER')));
  return row?.n ?? 0;
}

/** Change a member's role. ADMINs manage roles up to ADMIN; owners are changed only by an OWNER. */
export async function changeMemberRole(
  db: Db,
  user: User,
  input: { organizationId: string; userId: string; role: string },
) {
  const role = checkRole(input.role);
  const mine = await requireRole(db, input.organizationId, user.id, 'ADMIN');
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    await t.select().from(organizations).where(eq(organizations.id, input.organizationId)).for('update');
    const theirs = await memberRole(t, input.organizationId, input.userId);
    if (mine !== 'OWNER' && (theirs === 'OWNER' || role === 'OWNER'))
      throw new KilnError('forbidden', M.forbidden);
    if (
      (theirs === 'OWNER') !== (role === 'OWNER') &&
      (await getOrganization(t, input.organizationId)).personal
    )
      throw new KilnError('validation', PERSONAL_KEEPS_OWNER);
    if (theirs === 'OWNER' && role !== 'OWNER' && (await ownerCount(t, input.organizationId)) <= 1) {
      throw new KilnError('conflict', M.lastOwner);
    }
    await t
      .update(memberships)
      .set({ role })
      .where(and(eq(memberships.organizationId, input.organizationId), eq(memberships.userId, input.userId)));
    return true;
  });
}

/** Remove a member (ADMIN; owners only by an OWNER), or leave (any member). The last OWNER cannot leave. */
export async function removeMember(db: Db, user: User, input: { organizationId: string; userId: string }) {
  const self = input.userId === user.id;
  const mine = await requireRole(db, input.organizationId, user.id, self ? 'VIEWER' : 'ADMIN');
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    await t.select().from(organizations).where(eq(organizations.id, input.organizationId)).for('update');
    const theirs = await memberRole(t, input.organizationId, input.userId);
    if (!self && theirs === 'OWNER' && mine !== 'OWNER') throw new KilnError('forbidden', M.forbidden);
    if (theirs === 'OWNER' && (await ownerCount(t, input.organizationId)) <= 1) {
      throw new KilnError('conflict', M.lastOwner);
    }
    await t
      .delete(memberships)
      .where(and(eq(memberships.organizationId, input.organizationId), eq(memberships.userId, input.userId)));
    return true;
  });
}

/** The OWNER hands ownership to another member, and stays on as ADMIN. */
export async function transferOwnership(
  db: Db,
  user: User,
  input: { organizationId: string; userId: string },
) {
  await requireRole(db, input.organizationId, user.id, 'OWNER');
  if (input.userId === user.id) throw new KilnError('validation', 'You already own this organisation.');
  if ((await getOrganization(db, input.organizationId)).personal)
    throw new KilnError('validation', PERSONAL_KEEPS_OWNER);
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    await memberRole(t, input.organizationId, input.userId);
    const where = (id: string) =>
      and(eq(memberships.organizationId, input.organizationId), eq(memberships.userId, id));
    await t.update(memberships).set({ role: 'OWNER' }).where(where(input.userId));
    await t.update(memberships).set({ role: 'ADMIN' }).where(where(user.id));
    return true;
  });
}
