import { type FormEvent, type ReactNode, useEffect, useState } from 'react';
import { errorMessage } from '../api.ts';
import { fetchGroupNames, type GroupName, type ProjectSummary } from '../queries.ts';
import { atLeast } from '../roles.ts';
import { useSession } from '../use-session.ts';
import { Dialog } from './Dialog.tsx';
import { FormAlert } from './FormAlert.tsx';
import { Select } from './Select.tsx';
import { Spinner } from './Spinner.tsx';
import { Button } from './ui/button.tsx';
import { DialogActions, DialogForm } from './ui/dialog.tsx';

/** Choose another group of the same organisation. */
export function MoveProjectDialog({
  project,
  groups,
  onMove,
  onClose,
}: {
  project: ProjectSummary;
  groups: GroupName[];
  onMove: (projectGroupId: string) => Promise<void>;
  onClose: () => void;
}) {
  const others = groups.filter((g) => g.id !== project.projectGroupId);
  const [groupId, setGroupId] = useState(others[0]?.id ?? '');
  return (
    <ChooseDialog
      title={`Move “${project.name}”`}
      submitLabel="Move"
      ready={groupId !== ''}
      empty={others.length === 0 ? 'This is the only group. Create another group first.' : null}
      onSubmit={() => onMove(groupId)}
      onClose={onClose}
    >
      <Select
        label="Group"
        value={groupId}
        onChange={(e) => setGroupId(e.target.value)}
        options={others.map((g) => ({ value: g.id, label: g.name }))}
      />
    </ChooseDialog>
  );
}

/** Copy a project into a group of any organisation where the user is EDITOR or more. */
export function ForkProjectDialog({
  project,
  defaultOrganizationId,
  onFork,
  onClose,
}: {
  project: ProjectSummary;
  defaultOrganizationId: string | null;
  onFork: (projectGroupId: string, organizationName: string) => Promise<void>;
  onClose: () => void;
}) {
  const { organizations } = useSession();
  const targets = organizations.filter((o) => atLeast(o.role, 'EDITOR'));
  const [organizationId, setOrganizationId] = useState(
    targets.find((o) => o.id === defaultOrganizationId)?.id ?? targets[0]?.id ?? '',
  );
  const [groups, setGroups] = useState<GroupName[] | null>(null);
  const [groupId, setGroupId] = useState('');
  const [loadError, setLoadError] = useState<string | null>(null);

  useEffect(() => {
    if (!organizationId) return;
    let live = true;
    setGroups(null);
    setLoadError(null);
    fetchGroupNames(organizationId).then(
      (list) => {
        if (!live) return;
        setGroups(list);
        setGroupId(list[0]?.id ?? '');
      },
      (caught) => live && setLoadError(errorMessage(caught)),
    );
    return () => {
      live = false;
    };
  }, [organizationId]);

  const organizationName = targets.find((o) => o.id === organizationId)?.name ?? '';
  return (
    <ChooseDialog
      title={`Fork “${project.name}”`}
      description="A copy of the project and its latest version, in the group you choose."
      submitLabel="Fork"
      ready={groupId !== '' && groups !== null}
      empty={targets.length === 0 ? 'You are not an editor in any organisation.' : null}
      error={loadError}
      onSubmit={() => onFork(groupId, organizationName)}
      onClose={onClose}
    >
      <Select
        label="Organisation"
        value={organizationId}
        onChange={(e) => setOrganizationId(e.target.value)}
        options={targets.map((o) => ({ value: o.id, label: o.name }))}
      />
      <Select
        label="Group"
        value={groupId}
        disabled={groups === null}
        onChange={(e) => setGroupId(e.target.value)}
        options={(groups ?? []).map((g) => ({ value: g.id, label: g.name }))}
      />
    </ChooseDialog>
  );
}

function ChooseDialog({
  title,
  description,
  submitLabel,
  ready,
  empty,
  error: outsideError = null,
  onSubmit,
  onClose,
  children,
}: {
  title: string;
  description?: string;
  submitLabel: string;
  ready: boolean;
  /** Why there is nothing to choose from, or null. */
  empty: string | null;
  error?: string | null;
  onSubmit: () => Promise<void>;
  onClose: () => void;
  children: ReactNode;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await onSubmit();
      onClose();
    } catch (caught) {
      setError(errorMessage(caught));
      setBusy(false);
    }
  }

  return (
    <Dialog title={title} description={description} onClose={onClose}>
      <DialogForm onSubmit={submit}>
        {empty ? <p className="text-muted">{empty}</p> : children}
        <FormAlert message={error ?? outsideError} />
        <DialogActions>
          <Button type="button" variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" variant="primary" disabled={!ready || busy || empty !== null}>
            {busy ? <Spinner /> : null}
            {submitLabel}
          </Button>
        </DialogActions>
      </DialogForm>
    </Dialog>
  );
}
