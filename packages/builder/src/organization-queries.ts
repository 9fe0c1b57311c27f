/**
 * @module GraphQL operations for organisations: settings, members and invitations, plan and credits.
 */
import { gql } from './api.ts';
import { graphql, type ResultOf } from './graphql.ts';
import { type Organization, OrganizationFields } from './queries.ts';

const InvitationFields = graphql('fragment InvitationFields on Invitation { id email role createdAt }');
export type Invitation = ResultOf<typeof InvitationFields>;

const OrganizationQuery = graphql(
  `query Organization($id: ID!, $asAdmin: Boolean!) { organization(id: $id) {
    ...OrganizationFields allowance databaseSizeBytes
    members { userId email displayName role joinedAt }
    credits { balance refillAmount entries { id entry type amount refunded createdAt } }
    invitations @include(if: $asAdmin) { ...InvitationFields }
    events(limit: 50) @include(if: $asAdmin) { id type amount createdAt } } }`,
  [OrganizationFields, InvitationFields],
);
type OrganizationData = NonNullable<ResultOf<typeof OrganizationQuery>['organization']>;

/**
 * One organisation with everything its settings page shows (`allowance` null when the plan is unlimited);
 * invitations and events are only loaded for ADMIN and up (empty otherwise).
 */
export type OrganizationDetails = OrganizationData & {
  invitations: Invitation[];
  events: NonNullable<OrganizationData['events']>;
};
export type Member = OrganizationDetails['members'][number];
/** A ledger entry: `entry` DEPOSIT, REFILL or TRANSACTION; `type` the deposit reason, the plan refilled, or the usage type. */
export type CreditEntry = OrganizationDetails['credits']['entries'][number];
export type OrganizationEvent = OrganizationDetails['events'][number];

/** One organisation with everything its settings page shows; what needs ADMIN is asked for only then. */
export async function fetchOrganization(id: string, asAdmin: boolean): Promise<OrganizationDetails | null> {
  const { organization } = await gql(OrganizationQuery, { id, asAdmin });
  return (
    organization && {
      ...organization,
      invitations: organization.invitations ?? [],
      events: organization.events ?? [],
    }
  );
}

const CreateOrganization = graphql(
  'mutation CreateOrganization($name: String!) { createOrganization(name: $name) { ...OrganizationFields } }',
  [OrganizationFields],
);

export async function createOrganization(name: string): Promise<Organization> {
  return (await gql(CreateOrganization, { name })).createOrganization;
}

export async function renameOrganization(id: string, name: string): Promise<void> {
  const query = graphql(
    'mutation RenameOrganization($id: ID!, $name: String!) { renameOrganization(id: $id, name: $name) { id } }',
  );
  await gql(query, { id, name });
}

export async function deleteOrganization(id: string): Promise<void> {
  await gql(graphql('mutation DeleteOrganization($id: ID!) { deleteOrganization(id: $id) }'), { id });
}

const InviteMember = graphql(
  `mutation InviteMember($organizationId: ID!, $email: String!, $role: String!) {
    inviteMember(organizationId: $organizationId, email: $email, role: $role) {
      acceptUrl invitation { ...InvitationFields } } }`,
  [InvitationFields],
);

/** Invites by e-mail; answers with the link to accept (the server also e-mails it). */
export async function inviteMember(
  organizationId: string,
  email: string,
  role: string,
): Promise<ResultOf<typeof InviteMember>['inviteMember']> {
  return (await gql(InviteMember, { organizationId, email, role })).inviteMember;
}

export async function revokeInvitation(id: string): Promise<void> {
  await gql(graphql('mutation RevokeInvitation($id: ID!) { revokeInvitation(id: $id) }'), { id });
}

export async function changeMemberRole(organizationId: string, userId: string, role: string): Promise<void> {
  const query = graphql(`mutation ChangeMemberRole($organizationId: ID!, $userId: ID!, $role: String!) {
    changeMemberRole(organizationId: $organizationId, userId: $userId, role: $role) }`);
  await gql(query, { organizationId, userId, role });
}

export async function removeMember(organizationId: string, userId: string): Promise<void> {
  const query = graphql(`mutation RemoveMember($organizationId: ID!, $userId: ID!) {
    removeMember(organizationId: $organizationId, userId: $userId) }`);
  await gql(query, { organizationId, userId });
}

export async function leaveOrganization(organizationId: string): Promise<void> {
  const query = graphql(
    'mutation LeaveOrganization($organizationId: ID!) { leaveOrganization(organizationId: $organizationId) }',
  );
  await gql(query, { organizationId });
}

export async function transferOwnership(organizationId: string, userId: string): Promise<void> {
  const query = graphql(`mutation TransferOwnership($organizationId: ID!, $userId: ID!) {
    transferOwnership(organizationId: $organizationId, userId: $userId) }`);
  await gql(query, { organizationId, userId });
}

/** Platform ADMIN only. */
export async function setOrganizationPlan(organizationId: string, plan: string): Promise<void> {
  const query = graphql(`mutation SetOrganizationPlan($organizationId: ID!, $plan: String!) {
    setOrganizationPlan(organizationId: $organizationId, plan: $plan) { id } }`);
  await gql(query, { organizationId, plan });
}

/** Platform ADMIN only; answers with the new balance. */
export async function depositCredits(
  organizationId: string,
  amount: number,
  reason: string,
): Promise<number> {
  const query = graphql(`mutation DepositCredits($organizationId: ID!, $amount: Int!, $reason: String!) {
    depositCredits(organizationId: $organizationId, amount: $amount, reason: $reason) }`);
  return (await gql(query, { organizationId, amount, reason })).depositCredits;
}
