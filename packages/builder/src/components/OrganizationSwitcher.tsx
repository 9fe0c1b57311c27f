import { useNavigate } from '@tanstack/react-router';
import { Check, ChevronsUpDown, Plus, Settings } from 'lucide-react';
import { useState } from 'react';
import { createOrganization } from '../organization-queries.ts';
import { useSession } from '../use-session.ts';
import { ActionMenu } from './ActionMenu.tsx';
import { NameDialog } from './NameDialog.tsx';
import { Badge } from './ui/badge.tsx';

/** The header's organisation picker: every organisation with its plan, a new one, and the current one's settings. */
export function OrganizationSwitcher() {
  const session = useSession();
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);
  const current = session.organization;
  if (!current) return null;

  return (
    <>
      <ActionMenu
        label="Organisations"
        nameFromContent
        align="start"
        className="inline-flex h-[34px] max-w-[340px] min-w-0 cursor-pointer items-center gap-2 rounded-md border border-transparent bg-transparent pr-2 pl-2.5 font-sans text-[14px]/[1.5] font-[550] text-ink hover:border-border hover:bg-surface aria-expanded:border-border aria-expanded:bg-surface"
        trigger={
          <>
            <span className="sr-only">Switch organisation: </span>
            <span className="max-w-[220px] min-w-0 truncate max-[560px]:max-w-[120px]">{current.name}</span>
            <Badge className="max-[560px]:hidden">{current.plan}</Badge>
            <ChevronsUpDown size={14} aria-hidden="true" className="text-muted" />
          </>
        }
        actions={[
          ...session.organizations.map((organization) => ({
            label: organization.name,
            checked: organization.id === current.id,
            icon: (
              <Check
                size={14}
                aria-hidden="true"
                className={organization.id === current.id ? 'text-accent' : 'invisible'}
              />
            ),
            detail: <Badge>{organization.plan}</Badge>,
            onSelect: () => {
              session.selectOrganization(organization.id);
              void navigate({ to: '/' });
            },
          })),
          {
            label: 'Organisation settings',
            icon: <Settings size={14} aria-hidden="true" />,
            separated: true,
            onSelect: () =>
              void navigate({
                to: '/organizations/$organizationId/settings',
                params: { organizationId: current.id },
              }),
          },
          {
            label: 'New organisation',
            icon: <Plus size={14} aria-hidden="true" />,
            onSelect: () => setCreating(true),
          },
        ]}
      />
      {creating ? (
        <NameDialog
          title="New organisation"
          label="Organisation name"
          submitLabel="Create organisation"
          onClose={() => setCreating(false)}
          onSubmit={async (name) => {
            const organization = await createOrganization(name);
            await session.reloadOrganizations();
            session.selectOrganization(organization.id);
            void navigate({ to: '/' });
          }}
        />
      ) : null}
    </>
  );
}
