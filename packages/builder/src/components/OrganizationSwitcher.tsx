import { useNavigate } from '@tanstack/react-router';
import { Check, ChevronsUpDown, Plus, Settings } from 'lucide-react';
import { useState } from 'react';
import { createOrganization } from '../organization-queries.ts';
import { useSession } from '../use-session.ts';
import { ActionMenu } from './ActionMenu.tsx';
import { NameDialog } from './NameDialog.tsx';

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
        className="org-switcher"
        trigger={
          <>
            <span className="sr-only">Switch organisation: </span>
            <span className="org-switcher-name ellipsis">{current.name}</span>
            <span className="badge">{current.plan}</span>
            <ChevronsUpDown size={14} aria-hidden="true" className="muted" />
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
                className={organization.id === current.id ? 'menu-check' : 'menu-check menu-check-off'}
              />
            ),
            detail: <span className="badge">{organization.plan}</span>,
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
