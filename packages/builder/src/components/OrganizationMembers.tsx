import { ORGANIZATION_ROLES } from '@kiln/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { Check, Copy, Crown, LogOut, UserMinus } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { errorMessage } from '../api.ts';
import { humanize } from '../format-number.ts';
import { timeAgo } from '../format-time.ts';
import { cn } from '../lib/cn.ts';
import {
  changeMemberRole,
  type Invitation,
  inviteMember,
  leaveOrganization,
  type Member,
  type OrganizationDetails,
  removeMember,
  revokeInvitation,
  transferOwnership,
} from '../organization-queries.ts';
import { queryKeys } from '../query-client.ts';
import { atLeast, INVITABLE_ROLES } from '../roles.ts';
import { patchOrganization, useInvalidateOrganization } from '../use-organization.ts';
import { useSession } from '../use-session.ts';
import { useToast } from '../use-toast.ts';
import { ConfirmDialog } from './ConfirmDialog.tsx';
import { Field } from './Field.tsx';
import { FormAlert } from './FormAlert.tsx';
import { Select } from './Select.tsx';
import { SettingsSection } from './SettingsSection.tsx';
import { Spinner } from './Spinner.tsx';
import { Badge } from './ui/badge.tsx';
import { Button } from './ui/button.tsx';
import { Input, NativeSelect } from './ui/input.tsx';
import {
  CopyRow,
  inlineFormClasses,
  PlainList,
  PlainRow,
  PlainRowMain,
  SettingsSubsection,
  settingsSubsectionClasses,
} from './ui/settings.tsx';
import { Table, TableCell, TableFrame, TableHead, TableSubline } from './ui/table.tsx';

type Confirm = { kind: 'remove' | 'transfer'; member: Member } | { kind: 'leave' } | null;

/**
 * Members and their roles, invitations (ADMIN and up), leaving and handing over ownership. A role change
 * and a revoked invitation show at once and are put back if the server refuses them.
 */
export function OrganizationMembers({ organization }: { organization: OrganizationDetails }) {
  const session = useSession();
  const toast = useToast();
  const navigate = useNavigate();
  const client = useQueryClient();
  const reload = useInvalidateOrganization(organization.id);
  const [confirm, setConfirm] = useState<Confirm>(null);
  const myRole = organization.role;
  const isOwner = myRole === 'OWNER';
  const canManage = atLeast(myRole, 'ADMIN');
  const myId = session.me?.id;
  // ADMINs manage roles up to ADMIN; only an OWNER touches owners.
  const assignable = isOwner ? ORGANIZATION_ROLES : INVITABLE_ROLES;
  // The last OWNER cannot leave; they transfer ownership (or delete the organisation) first.
  const soleOwner = isOwner && organization.members.filter((m) => m.role === 'OWNER').length <= 1;
  const manages = (member: Member) =>
    canManage && member.userId !== myId && (isOwner || member.role !== 'OWNER');

  const roleChange = useMutation({
    mutationFn: ({ member, role }: { member: Member; role: string }) =>
      changeMemberRole(organization.id, member.userId, role),
    onMutate: ({ member, role }) =>
      patchOrganization(client, organization.id, (o) => ({
        ...o,
        members: o.members.map((m) => (m.userId === member.userId ? { ...m, role } : m)),
      })),
    onError: (_error, _change, undo) => undo?.(),
    onSuccess: (_answer, { member, role }) =>
      toast(`${member.displayName || member.email} is now ${role.toLowerCase()}.`),
    onSettled: () => reload(),
  });
  const error = roleChange.error ? errorMessage(roleChange.error) : null;

  return (
    <SettingsSection
      id="members"
      title="Members"
      description={`${organization.members.length} ${organization.members.length === 1 ? 'person' : 'people'} in this organisation.`}
    >
      <FormAlert message={error} />
      <TableFrame role="region" aria-label="Members" tabIndex={0}>
        <Table>
          <thead>
            <tr>
              <TableHead scope="col">Name</TableHead>
              <TableHead scope="col">E-mail</TableHead>
              <TableHead scope="col">Role</TableHead>
              <TableHead scope="col">
                <span className="sr-only">Actions</span>
              </TableHead>
            </tr>
          </thead>
          <tbody>
            {organization.members.map((member) => {
              const me = member.userId === myId;
              const name = member.displayName || member.email;
              return (
                <tr key={member.userId}>
                  <TableCell>
                    <span className="inline-flex items-center gap-2 font-[550] text-ink">
                      {name}
                      {me ? <Badge>You</Badge> : null}
                    </span>
                    <TableSubline>Joined {timeAgo(member.joinedAt)}</TableSubline>
                  </TableCell>
                  <TableCell>{member.email}</TableCell>
                  <TableCell>
                    {manages(member) ? (
                      <NativeSelect
                        compact
                        aria-label={`Role of ${name}`}
                        value={member.role}
                        onChange={(e) => roleChange.mutate({ member, role: e.target.value })}
                      >
                        {assignable.map((role) => (
                          <option key={role} value={role}>
                            {humanize(role)}
                          </option>
                        ))}
                      </NativeSelect>
                    ) : (
                      <span className={roleClasses(member.role)}>{humanize(member.role)}</span>
                    )}
                  </TableCell>
                  <TableCell className="text-right whitespace-nowrap">
                    {isOwner && !me && member.role !== 'OWNER' ? (
                      <Button
                        type="button"
                        variant="ghost"
                        size="sm"
                        aria-label={`Transfer ownership to ${name}`}
                        onClick={() => setConfirm({ kind: 'transfer', member })}
                      >
                        <Crown size={14} aria-hidden="true" />
                        Transfer ownership
                      </Button>
                    ) : null}
                    {manages(member) ? (
                      <Button
                        type="button"
                        variant="ghost"
                        size="sm"
                        aria-label={`Remove ${name}`}
                        onClick={() => setConfirm({ kind: 'remove', member })}
                      >
                        <UserMinus size={14} aria-hidden="true" />
                        Remove
                      </Button>
                    ) : null}
                    {me && !organization.personal && !soleOwner ? (
                      <Button
                        type="button"
                        variant="ghost"
                        size="sm"
                        onClick={() => setConfirm({ kind: 'leave' })}
                      >
                        <LogOut size={14} aria-hidden="true" />
                        Leave organisation
                      </Button>
                    ) : null}
                  </TableCell>
                </tr>
              );
            })}
          </tbody>
        </Table>
      </TableFrame>

      {canManage ? (
        <>
          <InviteForm organizationId={organization.id} className={settingsSubsectionClasses} />
          <PendingInvitations organizationId={organization.id} invitations={organization.invitations} />
        </>
      ) : null}

      {confirm?.kind === 'remove' ? (
        <ConfirmDialog
          title={`Remove ${confirm.member.displayName || confirm.member.email}?`}
          description="They lose access to this organisation's projects at once."
          confirmLabel="Remove member"
          danger
          onClose={() => setConfirm(null)}
          onConfirm={async () => {
            await removeMember(organization.id, confirm.member.userId);
            await reload();
          }}
        />
      ) : null}
      {confirm?.kind === 'transfer' ? (
        <ConfirmDialog
          title={`Make ${confirm.member.displayName || confirm.member.email} the owner?`}
          description="They become the OWNER; you stay on as an admin and can no longer delete the organisation."
          confirmLabel="Transfer ownership"
          onClose={() => setConfirm(null)}
          onConfirm={async () => {
            await transferOwnership(organization.id, confirm.member.userId);
            await Promise.all([reload(), session.reloadOrganizations()]);
          }}
        />
      ) : null}
      {confirm?.kind === 'leave' ? (
        <ConfirmDialog
          title={`Leave ${organization.name}?`}
          description="You lose access to its projects until someone invites you again."
          confirmLabel="Leave organisation"
          danger
          onClose={() => setConfirm(null)}
          onConfirm={async () => {
            await leaveOrganization(organization.id);
            client.removeQueries({ queryKey: queryKeys.organization(organization.id) });
            const left = await session.reloadOrganizations();
            const personal = left.find((o) => o.personal) ?? left[0];
            if (personal) session.selectOrganization(personal.id);
            toast(`You left ${organization.name}.`);
            void navigate({ to: '/', replace: true });
          }}
        />
      ) : null}
    </SettingsSection>
  );
}

/**
 * Invite by e-mail (ADMIN and up) with the organisation's invite mutation, then the invitation's link to copy:
 * in organisation settings and in the workspace's Share dialog.
 */
export function InviteForm({
  organizationId,
  className,
  headingClassName,
}: {
  organizationId: string;
  className?: string;
  headingClassName?: string;
}) {
  const headingId = useId();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<string>('EDITOR');
  const invite = useInviteMember(organizationId);
  const busy = invite.isPending;

  function submit(event: FormEvent) {
    event.preventDefault();
    invite.mutate({ email: email.trim(), role }, { onSuccess: () => setEmail('') });
  }

  return (
    <section aria-labelledby={headingId} className={className}>
      <h3 id={headingId} className={headingClassName}>
        Invite someone
      </h3>
      <form
        className={cn(inlineFormClasses, '[&>div:first-child]:flex-[1_1_240px]')}
        onSubmit={submit}
        noValidate
      >
        <Field
          label="Email address"
          type="email"
          autoComplete="off"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <Select
          label="Role"
          value={role}
          onChange={(e) => setRole(e.target.value)}
          options={INVITABLE_ROLES.map((r) => ({ value: r, label: humanize(r) }))}
        />
        <Button type="submit" variant="primary" disabled={busy || !email.trim()}>
          {busy ? <Spinner /> : null}
          Send invitation
        </Button>
      </form>
      <FormAlert message={invite.error ? errorMessage(invite.error) : null} />
      {invite.data ? (
        <InvitationLink email={invite.data.invitation.email} url={invite.data.acceptUrl} />
      ) : null}
    </section>
  );
}

/** A member's role in a list: the owner's stands out. */
export function roleClasses(role: string): string {
  return role === 'OWNER' ? 'font-semibold text-accent-strong' : 'text-text-2';
}

/**
 * Invites by e-mail (the organisation's invite mutation) and re-reads the organisation, whose pending
 * invitations now hold it. Also used by the workspace's Share dialog.
 */
export function useInviteMember(organizationId: string) {
  const reload = useInvalidateOrganization(organizationId);
  return useMutation({
    mutationFn: ({ email, role }: { email: string; role: string }) =>
      inviteMember(organizationId, email, role),
    onSuccess: () => reload(),
  });
}

export function InvitationLink({ email, url }: { email: string; url: string }) {
  const [copied, setCopied] = useState(false);
  async function copy() {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
      setTimeout(() => setCopied(false), 2000);
    } catch {
      // Without clipboard access the link stays selectable in the field.
    }
  }
  return (
    <div className="flex flex-col gap-2 rounded-md border border-ok-border bg-ok-soft p-3.5" role="status">
      <p>
        Share this link with <strong>{email}</strong>. We also e-mailed it.
      </p>
      <CopyRow>
        <Input mono readOnly aria-label="Invitation link" value={url} onFocus={(e) => e.target.select()} />
        <Button type="button" onClick={copy}>
          {copied ? <Check size={15} aria-hidden="true" /> : <Copy size={15} aria-hidden="true" />}
          {copied ? 'Copied' : 'Copy'}
        </Button>
      </CopyRow>
    </div>
  );
}

function PendingInvitations({
  organizationId,
  invitations,
}: {
  organizationId: string;
  invitations: Invitation[];
}) {
  const client = useQueryClient();
  const reload = useInvalidateOrganization(organizationId);
  const revoking = useMutation({
    mutationFn: (invitation: Invitation) => revokeInvitation(invitation.id),
    onMutate: (invitation) =>
      patchOrganization(client, organizationId, (o) => ({
        ...o,
        invitations: o.invitations.filter((i) => i.id !== invitation.id),
      })),
    onError: (_error, _invitation, undo) => undo?.(),
    onSettled: () => reload(),
  });
  const error = revoking.error ? errorMessage(revoking.error) : null;
  if (invitations.length === 0) return error ? <FormAlert message={error} /> : null;

  return (
    <SettingsSubsection>
      <h3>Pending invitations</h3>
      <FormAlert message={error} />
      <PlainList>
        {invitations.map((invitation) => (
          <PlainRow key={invitation.id}>
            <PlainRowMain>
              <span>{invitation.email}</span>
              <span className="text-[12px] text-muted">
                {humanize(invitation.role)} · sent {timeAgo(invitation.createdAt)}
              </span>
            </PlainRowMain>
            <Button
              type="button"
              variant="ghost"
              size="sm"
              aria-label={`Revoke invitation for ${invitation.email}`}
              onClick={() => revoking.mutate(invitation)}
            >
              Revoke
            </Button>
          </PlainRow>
        ))}
      </PlainList>
    </SettingsSubsection>
  );
}
