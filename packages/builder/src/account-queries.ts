/**
 * @module GraphQL operations for the account itself: e-mail verification, password reset, the development
 * mailbox, invitations, and the platform ADMIN's user list.
 */
import { gql } from './api.ts';
import { graphql, type ResultOf } from './graphql.ts';
import { type Organization, OrganizationFields } from './queries.ts';

export async function resendVerification(): Promise<void> {
  await gql(graphql('mutation ResendVerification { resendVerification }'));
}

/** Answers the same whether or not the address has an account. */
export async function requestPasswordReset(email: string): Promise<void> {
  await gql(
    graphql('mutation RequestPasswordReset($email: String!) { requestPasswordReset(email: $email) }'),
    {
      email,
    },
  );
}

export async function resetPassword(token: string, password: string): Promise<void> {
  const query = graphql(`mutation ResetPassword($token: String!, $password: String!) {
    resetPassword(token: $token, password: $password) }`);
  await gql(query, { token, password });
}

let devMailbox: Promise<boolean> | null = null;

/**
 * True when the server keeps a development mailbox (no SMTP configured; it answers not_found otherwise).
 * Asked once per page load: the server's mail setup does not change while it runs.
 */
export function hasDevMailbox(): Promise<boolean> {
  devMailbox ??= gql(graphql('query Mailbox { mailbox { id } }')).then(
    () => true,
    () => false,
  );
  return devMailbox;
}

const AcceptInvitation = graphql(
  'mutation AcceptInvitation($token: String!) { acceptInvitation(token: $token) { ...OrganizationFields } }',
  [OrganizationFields],
);

export async function acceptInvitation(token: string): Promise<Organization> {
  return (await gql(AcceptInvitation, { token })).acceptInvitation;
}

const AdminUserFields = graphql(
  'fragment AdminUserFields on AdminUser { id email displayName role status ambassador createdAt }',
);
export type AdminUser = ResultOf<typeof AdminUserFields>;

export async function fetchUsers(): Promise<AdminUser[]> {
  return (await gql(graphql('query Users { users { ...AdminUserFields } }', [AdminUserFields]))).users;
}

const UpdateUser = graphql(
  `mutation UpdateUser($userId: ID!, $role: String, $ambassador: Boolean) {
    updateUser(userId: $userId, role: $role, ambassador: $ambassador) { ...AdminUserFields } }`,
  [AdminUserFields],
);

export async function updateUser(
  userId: string,
  change: { role?: string; ambassador?: boolean },
): Promise<AdminUser> {
  const variables = { userId, role: change.role ?? null, ambassador: change.ambassador ?? null };
  return (await gql(UpdateUser, variables)).updateUser;
}
