/**
 * @module GraphQL operations for the account itself: e-mail verification, password reset, the development
 * mailbox, invitations, and the platform ADMIN's user list.
 */
import { gql } from './api.ts';
import type { Organization } from './queries.ts';

export async function resendVerification(): Promise<void> {
  await gql('mutation ResendVerification { resendVerification }');
}

/** Answers the same whether or not the address has an account. */
export async function requestPasswordReset(email: string): Promise<void> {
  await gql('mutation RequestPasswordReset($email: String!) { requestPasswordReset(email: $email) }', {
    email,
  });
}

export async function resetPassword(token: string, password: string): Promise<void> {
  await gql(
    'mutation ResetPassword($token: String!, $password: String!) { resetPassword(token: $token, password: $password) }',
    {
      token,
      password,
    },
  );
}

let devMailbox: Promise<boolean> | null = null;

/**
 * True when the server keeps a development mailbox (no SMTP configured; it answers not_found otherwise).
 * Asked once per page load: the server's mail setup does not change while it runs.
 */
export function hasDevMailbox(): Promise<boolean> {
  devMailbox ??= gql('query Mailbox { mailbox { id } }').then(
    () => true,
    () => false,
  );
  return devMailbox;
}

export async function acceptInvitation(token: string): Promise<Organization> {
  const query =
    'mutation AcceptInvitation($token: String!) { acceptInvitation(token: $token) { id name role plan personal } }';
  return (await gql<{ acceptInvitation: Organization }>(query, { token })).acceptInvitation;
}

export interface AdminUser {
  id: string;
  email: string;
  displayName: string;
  role: string;
  status: string;
  ambassador: boolean;
  createdAt: string;
}

const ADMIN_USER = 'id email displayName role status ambassador createdAt';

export async function fetchUsers(): Promise<AdminUser[]> {
  return (await gql<{ users: AdminUser[] }>(`query Users { users { ${ADMIN_USER} } }`)).users;
}

export async function updateUser(
  userId: string,
  change: { role?: string; ambassador?: boolean },
): Promise<AdminUser> {
  const query = `mutation UpdateUser($userId: ID!, $role: String, $ambassador: Boolean) {
    updateUser(userId: $userId, role: $role, ambassador: $ambassador) { ${ADMIN_USER} } }`;
  return (
    await gql<{ updateUser: AdminUser }>(query, {
      userId,
      role: change.role ?? null,
      ambassador: change.ambassador ?? null,
    })
  ).updateUser;
}
