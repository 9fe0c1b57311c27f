import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { errorMessage } from '../api.ts';
import { deleteOrganization, type OrganizationDetails, renameOrganization } from '../organization-queries.ts';
import { queryKeys } from '../query-client.ts';
import { atLeast } from '../roles.ts';
import { patchOrganization, useInvalidateOrganization } from '../use-organization.ts';
import { useSession } from '../use-session.ts';
import { useToast } from '../use-toast.ts';
import { ConfirmDialog } from './ConfirmDialog.tsx';
import { Field } from './Field.tsx';
import { FormAlert } from './FormAlert.tsx';
import { SettingsSection } from './SettingsSection.tsx';
import { Spinner } from './Spinner.tsx';
import { Button } from './ui/button.tsx';
import { SettingsActions, SettingsForm } from './ui/settings.tsx';

/** Rename (ADMIN and up; the new name shows at once) and delete (OWNER, never the personal organisation). */
export function OrganizationGeneral({ organization }: { organization: OrganizationDetails }) {
  const session = useSession();
  const toast = useToast();
  const navigate = useNavigate();
  const client = useQueryClient();
  const invalidate = useInvalidateOrganization(organization.id);
  const [name, setName] = useState(organization.name);
  const [deleting, setDeleting] = useState(false);
  const canRename = atLeast(organization.role, 'ADMIN');
  const canDelete = organization.role === 'OWNER' && !organization.personal;

  const renaming = useMutation({
    mutationFn: (next: string) => renameOrganization(organization.id, next),
    onMutate: (next) => patchOrganization(client, organization.id, (o) => ({ ...o, name: next })),
    onError: (_error, _next, undo) => undo?.(),
    onSuccess: () => toast('Organisation renamed.'),
    onSettled: () => Promise.all([invalidate(), session.reloadOrganizations()]),
  });
  const busy = renaming.isPending;
  const error = renaming.error ? errorMessage(renaming.error) : null;

  function rename(event: FormEvent) {
    event.preventDefault();
    renaming.mutate(name.trim());
  }

  return (
    <SettingsSection id="general" title="General">
      <SettingsForm onSubmit={rename}>
        <Field
          label="Organisation name"
          value={name}
          readOnly={!canRename}
          hint={canRename ? undefined : 'Admins can rename it'}
          onChange={(e) => setName(e.target.value)}
        />
        <FormAlert message={error} />
        {canRename ? (
          <SettingsActions>
            <Button
              type="submit"
              variant="primary"
              disabled={busy || !name.trim() || name.trim() === organization.name}
            >
              {busy ? <Spinner /> : null}
              Save name
            </Button>
          </SettingsActions>
        ) : null}
      </SettingsForm>
      {canDelete ? (
        <div className="flex items-center justify-between gap-4 rounded-md border border-error-border bg-error-faint p-4 max-[860px]:flex-col max-[860px]:items-start [&_h3]:text-[14px]">
          <div>
            <h3>Delete organisation</h3>
            <p className="text-muted">Its projects, members and credits go with it. This cannot be undone.</p>
          </div>
          <Button type="button" variant="dangerOutline" onClick={() => setDeleting(true)}>
            Delete organisation
          </Button>
        </div>
      ) : null}
      {deleting ? (
        <ConfirmDialog
          title={`Delete ${organization.name}?`}
          description="Every project, member and credit of this organisation goes away for good."
          confirmLabel="Delete organisation"
          danger
          typeToConfirm={organization.name}
          onClose={() => setDeleting(false)}
          onConfirm={async () => {
            await deleteOrganization(organization.id);
            client.removeQueries({ queryKey: queryKeys.organization(organization.id) });
            const left = await session.reloadOrganizations();
            const personal = left.find((o) => o.personal) ?? left[0];
            if (personal) session.selectOrganization(personal.id);
            toast(`${organization.name} was deleted.`);
            void navigate({ to: '/', replace: true });
          }}
        />
      ) : null}
    </SettingsSection>
  );
}
