import { ORGANIZATION_ROLES } from '@kiln/core';
import { useNavigate } from '@tanstack/react-router';
import { Check, Copy, Crown, LogOut, UserMinus } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { errorMessage } from '../api.ts';
import { humanize } from '../format-number.ts';
import { timeAgo } from '../format-time.ts';
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
import { atLeast, INVITABLE_ROLES } from '../roles.ts';
import { useSession } from '../use-session.ts';
import { useToast } from '../use-toast.ts';
import { ConfirmDialog } from './ConfirmDialog.tsx';
import { Field } from './Field.tsx';
import { FormAlert } from './FormAlert.tsx';
import { Select } from './Select.tsx';
import { SettingsSection } from './SettingsSection.tsx';
import { Spinner } from './Spinner.tsx';

type Confirm = { kind: 'remove' | 'transfer'; member: Member } | { kind: 'leave' } | null;

/** Members and their roles, invitations (ADMIN and up), leaving and handing over ownership. */
export function OrganizationMembers({
  organization,
  reload,
}: {
  organization: OrganizationDetails;
  reload: () => Promise<void>;
}) {
  const session = useSession();
  const toast = useToast();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
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

  async function changeRole(member: Member, role: string) {
    setError(null);
    try {
      await changeMemberRole(organization.id, member.userId, role);
      await reload();
      toast(`${member.displayName || member.email} is now ${role.toLowerCase()}.`);
    } catch (caught) {
      setError(errorMessage(caught));
    }
  }

  return (
    <SettingsSection
      id="members"
      title="Members"
      description={`${organization.members.length} ${organization.members.length === 1 ? 'person' : 'people'} in this organisation.`}
    >
      <FormAlert message={error} />
      <div className="table-wrap" role="region" aria-label="Members" tabIndex={0}>
        <table className="table">
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">E-mail</th>
              <th scope="col">Role</th>
              <th scope="col">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {organization.members.map((member) => {
              const me = member.userId === myId;
              const name = member.displayName || member.email;
              return (
                <tr key={member.userId}>
                  <td>
                    <span className="member-name">
                      {name}
                      {me ? <span className="badge">You</span> : null}
                    </span>
                    <span className="muted table-sub">Joined {timeAgo(member.joinedAt)}</span>
                  </td>
                  <td>{member.email}</td>
                  <td>
                    {manages(member) ? (
                      <select
                        className="input select select-compact"
                        aria-label={`Role of ${name}`}
                        value={member.role}
                        onChange={(e) => void changeRole(member, e.target.value)}
                      >
                        {assignable.map((role) => (
                          <option key={role} value={role}>
                            {humanize(role)}
                          </option>
                        ))}
                      </select>
                    ) : (
                      <span className={`role role-${member.role.toLowerCase()}`}>
                        {humanize(member.role)}
                      </span>
                    )}
                  </td>
                  <td className="table-actions">
                    {isOwner && !me && member.role !== 'OWNER' ? (
                      <button
                        type="button"
                        className="button button-ghost button-small"
                        aria-label={`Transfer ownership to ${name}`}
                        onClick={() => setConfirm({ kind: 'transfer', member })}
                      >
                        <Crown size={14} aria-hidden="true" />
                        Transfer ownership
                      </button>
                    ) : null}
                    {manages(member) ? (
                      <button
                        type="button"
                        className="button button-ghost button-small"
                        aria-label={`Remove ${name}`}
                        onClick={() => setConfirm({ kind: 'remove', member })}
                      >
                        <UserMinus size={14} aria-hidden="true" />
                        Remove
                      </button>
                    ) : null}
                    {me && !organization.personal && !soleOwner ? (
                      <button
                        type="button"
                        className="button button-ghost button-small"
                        onClick={() => setConfirm({ kind: 'leave' })}
                      >
                        <LogOut size={14} aria-hidden="true" />
                        Leave organisation
                      </button>
                    ) : null}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>

      {canManage ? (
        <>
          <InviteForm organizationId={organization.id} onInvited={reload} />
          <PendingInvitations invitations={organization.invitations} onChange={reload} />
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

function InviteForm({
  organizationId,
  onInvited,
}: {
  organizationId: string;
  onInvited: () => Promise<void>;
}) {
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<string>('EDITOR');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState<{ email: string; acceptUrl: string } | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const answer = await inviteMember(organizationId, email.trim(), role);
      setSent({ email: answer.invitation.email, acceptUrl: answer.acceptUrl });
      setEmail('');
      await onInvited();
    } catch (caught) {
      setError(errorMessage(caught));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="settings-sub">
      <h3>Invite someone</h3>
      <form className="invite-form" onSubmit={submit} noValidate>
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
        <button type="submit" className="button button-primary" disabled={busy || !email.trim()}>
          {busy ? <Spinner /> : null}
          Send invitation
        </button>
      </form>
      <FormAlert message={error} />
      {sent ? <InvitationLink email={sent.email} url={sent.acceptUrl} /> : null}
    </div>
  );
}

function InvitationLink({ email, url }: { email: string; url: string }) {
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
    <div className="invite-link" role="status">
      <p>
        Share this link with <strong>{email}</strong>. We also e-mailed it.
      </p>
      <div className="copy-row">
        <input
          className="input input-mono"
          readOnly
          aria-label="Invitation link"
          value={url}
          onFocus={(e) => e.target.select()}
        />
        <button type="button" className="button" onClick={copy}>
          {copied ? <Check size={15} aria-hidden="true" /> : <Copy size={15} aria-hidden="true" />}
          {copied ? 'Copied' : 'Copy'}
        </button>
      </div>
    </div>
  );
}

function PendingInvitations({
  invitations,
  onChange,
}: {
  invitations: Invitation[];
  onChange: () => Promise<void>;
}) {
  const [error, setError] = useState<string | null>(null);
  if (invitations.length === 0) return null;

  async function revoke(invitation: Invitation) {
    setError(null);
    try {
      await revokeInvitation(invitation.id);
      await onChange();
    } catch (caught) {
      setError(errorMessage(caught));
    }
  }

  return (
    <div className="settings-sub">
      <h3>Pending invitations</h3>
      <FormAlert message={error} />
      <ul className="plain-list">
        {invitations.map((invitation) => (
          <li key={invitation.id} className="plain-row">
            <span className="plain-row-main">
              <span>{invitation.email}</span>
              <span className="muted">
                {humanize(invitation.role)} · sent {timeAgo(invitation.createdAt)}
              </span>
            </span>
            <button
              type="button"
              className="button button-ghost button-small"
              aria-label={`Revoke invitation for ${invitation.email}`}
              onClick={() => void revoke(invitation)}
            >
              Revoke
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
