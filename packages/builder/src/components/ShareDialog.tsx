/**
 * @module The workspace's Share dialog: the published app's address with Copy (or "Not published yet" and
 * Publish), who has access (the organisation's members and roles, with a link to its settings), and for
 * ADMIN and up an invitation by e-mail through the organisation's invite mutation. The members come from
 * the same cached read as organisation settings, so an invitation sent here shows there too.
 */
import { Link } from '@tanstack/react-router';
import { Check, Copy, Rocket, Share2 } from 'lucide-react';
import { type Ref, useState } from 'react';
import { humanize } from '../format-number.ts';
import { atLeast } from '../roles.ts';
import { useOrganization } from '../use-organization.ts';
import { useSession } from '../use-session.ts';
import { useToast } from '../use-toast.ts';
import { Dialog } from './Dialog.tsx';
import { FormAlert } from './FormAlert.tsx';
import { InviteForm, roleClasses } from './OrganizationMembers.tsx';
import { Spinner } from './Spinner.tsx';
import { Button } from './ui/button.tsx';
import { Input } from './ui/input.tsx';
import { CopyRow, PlainList, PlainRow, PlainRowMain } from './ui/settings.tsx';

/** The header's Share button; the dialog opens from it or from the command palette (`open`). */
export function ShareButton({ onOpen, ref }: { onOpen: () => void; ref?: Ref<HTMLButtonElement> }) {
  return (
    <Button ref={ref} type="button" variant="ghost" onClick={onOpen} title="Share this project">
      <Share2 size={14} aria-hidden="true" />
      Share
    </Button>
  );
}

export function ShareDialog({
  projectName,
  organizationId,
  url,
  publishDisabledReason,
  publishing,
  onPublish,
  onClose,
}: {
  projectName: string;
  organizationId: string;
  /** The published app's address; null until it is published. */
  url: string | null;
  /** Why Publish cannot be pressed now (a viewer, a build in progress); null when it can. */
  publishDisabledReason: string | null;
  publishing: boolean;
  onPublish: () => void;
  onClose: () => void;
}) {
  const { organizations } = useSession();
  const role = organizations.find((o) => o.id === organizationId)?.role;
  const canInvite = atLeast(role, 'ADMIN');
  const { state } = useOrganization(organizationId, canInvite);

  return (
    <Dialog
      title={`Share ${projectName}`}
      description="The published app is open to anyone with its address; the project itself to the members of its organisation."
      onClose={onClose}
    >
      <div className="flex flex-col gap-3.5">
        <section aria-labelledby="share-published">
          <h3 id="share-published" className="mb-2 font-semibold text-sm">
            Published app
          </h3>
          {url ? (
            <CopyField label="Published address" value={url} />
          ) : (
            <div className="flex flex-wrap items-center gap-3">
              <p className="text-muted m-0">Not published yet.</p>
              <Button
                type="button"
                variant="primary"
                aria-disabled={publishDisabledReason !== null || publishing || undefined}
                aria-describedby={publishDisabledReason ? 'share-publish-reason' : undefined}
                onClick={() => {
                  if (publishDisabledReason === null && !publishing) onPublish();
                }}
              >
                {publishing ? <Spinner size={14} /> : <Rocket size={14} aria-hidden="true" />}
                {publishing ? 'Publishing…' : 'Publish'}
              </Button>
              {publishDisabledReason ? (
                <p id="share-publish-reason" className="text-muted m-0 w-full text-sm">
                  {publishDisabledReason}
                </p>
              ) : null}
            </div>
          )}
        </section>

        <section aria-labelledby="share-access">
          <h3 id="share-access" className="mb-2 font-semibold text-sm">
            Who has access
          </h3>
          {state.status === 'ready' ? (
            <PlainList aria-label="Members">
              {state.organization.members.map((member) => (
                <PlainRow key={member.userId}>
                  <PlainRowMain>
                    <span>{member.displayName || member.email}</span>
                    {member.displayName ? (
                      <span className="text-[12px] text-muted">{member.email}</span>
                    ) : null}
                  </PlainRowMain>
                  <span className={roleClasses(member.role)}>{humanize(member.role)}</span>
                </PlainRow>
              ))}
            </PlainList>
          ) : state.status === 'loading' ? (
            <Spinner />
          ) : (
            <FormAlert
              message={state.status === 'error' ? state.message : 'The members could not be listed.'}
            />
          )}
          <p className="text-muted mt-2 mb-0 text-sm">
            Everyone in {state.status === 'ready' ? state.organization.name : 'the organisation'} can open
            this project.{' '}
            <Link
              to="/organizations/$organizationId/settings"
              params={{ organizationId }}
              hash="members"
              onClick={onClose}
            >
              {canInvite ? 'Manage members' : 'See the organisation'}
            </Link>
          </p>
        </section>

        {canInvite ? (
          <InviteForm organizationId={organizationId} headingClassName="mb-2 font-semibold text-sm" />
        ) : null}
      </div>
    </Dialog>
  );
}

/** Read-only address with a Copy button that says it copied. */
function CopyField({ label, value }: { label: string; value: string }) {
  const toast = useToast();
  const [copied, setCopied] = useState(false);
  function copy() {
    if (!navigator.clipboard) {
      toast('Could not copy; select the address instead.', 'error');
      return;
    }
    navigator.clipboard.writeText(value).then(
      () => {
        setCopied(true);
        toast('Link copied');
        setTimeout(() => setCopied(false), 2000);
      },
      () => toast('Could not copy; select the address instead.', 'error'),
    );
  }
  return (
    <CopyRow>
      <Input mono readOnly aria-label={label} value={value} onFocus={(e) => e.target.select()} />
      <Button type="button" onClick={copy}>
        {copied ? <Check size={15} aria-hidden="true" /> : <Copy size={15} aria-hidden="true" />}
        {copied ? 'Copied' : 'Copy'}
      </Button>
    </CopyRow>
  );
}
