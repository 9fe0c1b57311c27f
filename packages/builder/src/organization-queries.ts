/**
 * @module GraphQL operations for organisations: settings, members and invitations, plan and credits.
 */
import { gql } from './api.ts';
import type { Organization } from './queries.ts';

export interface Member {
  userId: string;
  email: string;
  displayName: string;
  role: string;
  joinedAt: string;
}

export interface Invitation {
  id: string;
  email: string;
  role: string;
  createdAt: string;
}

export interface CreditEntry {
  id: string;
  /** DEPOSIT, REFILL or TRANSACTION. */
  entry: string;
  /** The deposit reason, the plan refilled, or the usage type. */
  type: string;
  amount: number;
  refunded: boolean;
  createdAt: string;
}

export interface OrganizationEvent {
  id: string;
  type: string;
  amount: number;
  createdAt: string;
}

export interface OrganizationDetails extends Organization {
  /** Null when the plan is unlimited. */
  allowance: number | null;
  databaseSizeBytes: number;
  members: Member[];
  /** Only loaded for ADMIN and up (empty otherwise). */
  invitations: Invitation[];
  credits: { balance: number; refillAmount: number; entries: CreditEntry[] };
  /** Only loaded for ADMIN and up (empty otherwise). */
  events: OrganizationEvent[];
}

/** One organisation with everything its settings page shows; what needs ADMIN is asked for only then. */
export async function fetchOrganization(id: string, asAdmin: boolean): Promise<OrganizationDetails | null> {
  const adminFields = asAdmin
    ? 'invitations { id email role createdAt } events(limit: 50) { id type amount createdAt }'
    : '';
  const query = `query Organization($id: ID!) { organization(id: $id) {
    id name role plan personal allowance databaseSizeBytes
    members { userId email displayName role joinedAt }
    credits { balance refillAmount entries { id entry type amount refunded createdAt } }
    ${adminFields} } }`;
  const { organization } = await gql<{
    organization: (Omit<OrganizationDetails, 'invitations' | 'events'> & Partial<OrganizationDetails>) | null;
  }>(query, { id });
  return (
    organization && {
      ...organization,
      invitations: organization.invitations ?? [],
      events: organization.events ?? [],
    }
  );
}

export async function createOrganization(name: string): Promise<Organization> {
  const query =
    'mutation CreateOrganization($name: String!) { createOrganization(name: $name) { id name role plan personal } }';
  return (await gql<{ createOrganization: Organization }>(query, { name })).createOrganization;
}

export async function renameOrganization(id: string, name: string): Promise<void> {
  await gql(
    'mutation RenameOrganization($id: ID!, $name: String!) { renameOrganization(id: $id, name: $name) { id } }',
    {
      id,
      name,
    },
  );
}

export async function deleteOrganization(id: string): Promise<void> {
  await gql('mutation DeleteOrganization($id: ID!) { deleteOrganization(id: $id) }', { id });
}

/** Invites by e-mail; answers with the link to accept (the server also e-mails it). */
export async function inviteMember(
  organizationId: string,
  email: string,
  role: string,
): Promise<{ invitation: Invitation; acceptUrl: string }> {
  const query = `mutation InviteMember($organizationId: ID!, $email: String!, $role: String!) {
    inviteMember(organizationId: $organizationId, email: $email, role: $role) {
      acceptUrl invitation { id email role createdAt } } }`;
  return (
    await gql<{ inviteMember: { invitation: Invitation; acceptUrl: string } }>(query, {
      organizationId,
      email,
      role,
    })
  ).inviteMember;
}

export async function revokeInvitation(id: string): Promise<void> {
  await gql('mutation RevokeInvitation($id: ID!) { revokeInvitation(id: $id) }', { id });
}

export async function changeMemberRole(organizationId: string, userId: string, role: string): Promise<void> {
  await gql(
    'mutation ChangeMemberRole($organizationId: ID!, $userId: ID!, $role: String!) { changeMemberRole(organizationId: $organizationId, userId: $userId, role: $role) }',
    { organizationId, userId, role },
  );
}

export async function removeMember(organizationId: string, userId: string): Promise<void> {
  await gql(
    'mutation RemoveMember($organizationId: ID!, $userId: ID!) { removeMember(organizationId: $organizationId, userId: $userId) }',
    { organizationId, userId },
  );
}

export async function leaveOrganization(organizationId: string): Promise<void> {
  await gql(
    'mutation LeaveOrganization($organizationId: ID!) { leaveOrganization(organizationId: $organizationId) }',
    {
      organizationId,
    },
  );
}

export async function transferOwnership(organizationId: string, userId: string): Promise<void> {
  await gql(
    'mutation TransferOwnership($organizationId: ID!, $userId: ID!) { transferOwnership(organizationId: $organizationId, userId: $userId) }',
    { organizationId, userId },
  );
}

/** Platform ADMIN only. */
export async function setOrganizationPlan(organizationId: string, plan: string): Promise<void> {
  await gql(
    'mutation SetOrganizationPlan($organizationId: ID!, $plan: String!) { setOrganizationPlan(organizationId: $organizationId, plan: $plan) { id } }',
    { organizationId, plan },
  );
}

/** Platform ADMIN only; answers with the new balance. */
export async function depositCredits(
  organizationId: string,
  amount: number,
  reason: string,
): Promise<number> {
  const query = `mutation DepositCredits($organizationId: ID!, $amount: Int!, $reason: String!) {
    depositCredits(organizationId: $organizationId, amount: $amount, reason: $reason) }`;
  return (await gql<{ depositCredits: number }>(query, { organizationId, amount, reason })).depositCredits;
}
