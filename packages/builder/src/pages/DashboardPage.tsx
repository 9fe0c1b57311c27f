import { useNavigate } from '@tanstack/react-router';
import { FolderOpen, FolderPlus, MessagesSquare, MoreHorizontal, Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { errorMessage } from '../api.ts';
import { ActionMenu } from '../components/ActionMenu.tsx';
import { AppHeader } from '../components/AppHeader.tsx';
import { ConfirmDialog } from '../components/ConfirmDialog.tsx';
import { FormAlert } from '../components/FormAlert.tsx';
import { GroupChatDialog } from '../components/GroupChatDialog.tsx';
import { GroupHistoryDialog, GroupRevisionBadge } from '../components/GroupHistory.tsx';
import { NameDialog } from '../components/NameDialog.tsx';
import { type ProjectAction, ProjectCard } from '../components/ProjectCard.tsx';
import { ForkProjectDialog, MoveProjectDialog } from '../components/ProjectDialogs.tsx';
import { PromptBox } from '../components/PromptBox.tsx';
import {
  createProject,
  createProjectGroup,
  deleteProject,
  deleteProjectGroup,
  duplicateProject,
  forkProject,
  moveProject,
  type ProjectGroup,
  type ProjectSummary,
  renameProject,
  renameProjectGroup,
} from '../queries.ts';
import { atLeast } from '../roles.ts';
import type { GroupRevision } from '../settings-queries.ts';
import { useGroupRevisions } from '../use-group-revisions.ts';
import { useProjectGroups } from '../use-project-groups.ts';
import { useSession } from '../use-session.ts';
import { useTitle } from '../use-title.ts';

/** The project cards' grid: as many 300 px columns as fit. */
const GRID = 'm-0 grid list-none grid-cols-[repeat(auto-fill,minmax(300px,1fr))] gap-4 p-0';

import { Count } from '../components/ui/badge.tsx';
import { Button, buttonVariants } from '../components/ui/button.tsx';
import { useToast } from '../use-toast.ts';

function greeting(hour: number): string {
  if (hour < 5) return 'Working late';
  if (hour < 12) return 'Good morning';
  if (hour < 18) return 'Good afternoon';
  return 'Good evening';
}

/** The dialog open on the dashboard, if any. */
type Open =
  | { kind: ProjectAction; project: ProjectSummary }
  | { kind: 'new-group' }
  | { kind: 'rename-group' | 'delete-group' | 'group-history' | 'group-chat'; group: ProjectGroup }
  | null;

export function DashboardPage() {
  useTitle('Dashboard');
  const { me, organization } = useSession();
  const toast = useToast();
  const navigate = useNavigate();
  const { groups, error: listError, reload } = useProjectGroups(organization?.id ?? null);
  const groupRevisions = useGroupRevisions(organization?.id ?? null, groups);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const [open, setOpen] = useState<Open>(null);
  const firstName = me?.displayName.trim().split(/\s+/)[0] || me?.username || '';
  const canEdit = atLeast(organization?.role, 'EDITOR');
  const projectCount = groups?.reduce((n, g) => n + g.projects.length, 0) ?? 0;
  const close = () => setOpen(null);

  async function create(prompt: string, attachments: string[]) {
    setBusy(true);
    setError(null);
    try {
      const project = await createProject(prompt, organization?.id, attachments);
      void navigate({ to: '/projects/$projectId', params: { projectId: project.id } });
    } catch (caught) {
      setError(errorMessage(caught));
      setBusy(false);
    }
  }

  async function onProjectAction(kind: ProjectAction, project: ProjectSummary) {
    setActionError(null);
    if (kind !== 'duplicate') {
      setOpen({ kind, project });
      return;
    }
    try {
      await duplicateProject(project.id);
      await reload();
      toast(`Duplicated “${project.name}”.`);
    } catch (caught) {
      setActionError(errorMessage(caught));
    }
  }

  return (
    <div className="min-h-full">
      <AppHeader />
      <main className="mx-auto max-w-[1080px] px-6 pt-18 pb-24 max-[560px]:pt-12">
        <section className="mb-18 flex flex-col items-center text-center">
          <h1 className="text-[40px] leading-[1.15] tracking-[-0.025em] max-[860px]:text-[30px]">
            {greeting(new Date().getHours())}
            {firstName ? `, ${firstName}` : ''}
          </h1>
          {canEdit || !organization ? (
            <>
              <p className="mt-2.5 text-[17px] text-text-2">What do you want to build today?</p>
              <PromptBox onSubmit={create} busy={busy} error={error} />
            </>
          ) : (
            <p className="mt-2.5 text-[17px] text-text-2">
              You can look at {organization.name}’s projects. Ask an admin to make you an editor to build
              here.
            </p>
          )}
        </section>

        <section className="projects" aria-labelledby="projects-heading">
          <div className="mb-4 flex items-baseline gap-2.5">
            <h2 id="projects-heading" className="text-[18px]">
              {organization?.personal === false ? organization.name : 'Your projects'}
            </h2>
            {projectCount > 0 ? <span className="text-muted">{projectCount}</span> : null}
            {canEdit ? (
              <Button
                type="button"
                variant="ghost"
                size="sm"
                className="ml-auto self-center"
                onClick={() => setOpen({ kind: 'new-group' })}
              >
                <FolderPlus size={15} aria-hidden="true" />
                New group
              </Button>
            ) : null}
          </div>
          <FormAlert message={listError ?? actionError} className="mb-4" />
          {groups === null && !listError ? (
            <ul className={GRID} aria-busy="true">
              {[0, 1, 2].map((n) => (
                <li
                  key={n}
                  className="h-[104px] animate-[shimmer_1.4s_ease_infinite] rounded-lg border border-border bg-[linear-gradient(90deg,var(--surface)_0%,var(--surface-2)_50%,var(--surface)_100%)] bg-size-[200%_100%] shadow-sm"
                />
              ))}
            </ul>
          ) : groups && projectCount === 0 && groups.length <= 1 ? (
            <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed border-border-strong px-6 py-10 text-center text-text-2">
              <span
                className="grid size-12 place-items-center rounded-lg border border-border bg-surface text-accent-strong shadow-sm"
                aria-hidden="true"
              >
                <FolderOpen size={20} />
              </span>
              <p>
                {canEdit
                  ? 'No projects yet. Describe your first app above and Kiln will build it.'
                  : 'No projects in this organisation yet.'}
              </p>
            </div>
          ) : (
            groups?.map((group) => (
              <GroupSection
                key={group.id}
                group={group}
                canEdit={canEdit}
                revisions={groupRevisions.byGroup[group.id]}
                onHistory={() => setOpen({ kind: 'group-history', group })}
                onRename={() => setOpen({ kind: 'rename-group', group })}
                onDelete={() => setOpen({ kind: 'delete-group', group })}
                onChangeAll={() => setOpen({ kind: 'group-chat', group })}
                onProjectAction={onProjectAction}
              />
            ))
          )}
        </section>
      </main>

      {open?.kind === 'new-group' && organization ? (
        <NameDialog
          title="New group"
          label="Group name"
          submitLabel="Create group"
          onClose={close}
          onSubmit={async (name) => {
            await createProjectGroup(organization.id, name);
            await reload();
          }}
        />
      ) : null}
      {open?.kind === 'rename-group' ? (
        <NameDialog
          title="Rename group"
          label="Group name"
          initial={open.group.name}
          submitLabel="Rename"
          onClose={close}
          onSubmit={async (name) => {
            await renameProjectGroup(open.group.id, name);
            await reload();
          }}
        />
      ) : null}
      {open?.kind === 'group-history' ? (
        <GroupHistoryDialog
          groupId={open.group.id}
          groupName={open.group.name}
          revisions={groupRevisions.byGroup[open.group.id] ?? []}
          canEdit={canEdit}
          onClose={close}
          onRestored={async (_restored, from) => {
            await reload();
            close();
            toast(`Restored group revision ${from.number}.`);
          }}
        />
      ) : null}
      {open?.kind === 'group-chat' ? (
        <GroupChatDialog
          group={open.group}
          onClose={close}
          onSent={async (sent) => {
            await Promise.all([reload(), groupRevisions.reload()]);
            toast(
              `Changing ${sent.projects} ${sent.projects === 1 ? 'project' : 'projects'} (group revision ${sent.number}).`,
            );
          }}
        />
      ) : null}
      {open?.kind === 'delete-group' ? (
        <ConfirmDialog
          title={`Delete “${open.group.name}”?`}
          description="Only an empty group can be deleted; move its projects elsewhere first."
          confirmLabel="Delete group"
          danger
          onClose={close}
          onConfirm={async () => {
            await deleteProjectGroup(open.group.id);
            await reload();
          }}
        />
      ) : null}
      {open?.kind === 'rename' ? (
        <NameDialog
          title="Rename project"
          label="Project name"
          initial={open.project.name}
          submitLabel="Rename"
          onClose={close}
          onSubmit={async (name) => {
            await renameProject(open.project.id, name);
            await reload();
          }}
        />
      ) : null}
      {open?.kind === 'move' ? (
        <MoveProjectDialog
          project={open.project}
          groups={groups ?? []}
          onClose={close}
          onMove={async (groupId) => {
            await moveProject(open.project.id, groupId);
            await reload();
          }}
        />
      ) : null}
      {open?.kind === 'fork' ? (
        <ForkProjectDialog
          project={open.project}
          defaultOrganizationId={organization?.id ?? null}
          onClose={close}
          onFork={async (groupId, organizationName) => {
            await forkProject(open.project.id, groupId);
            await reload();
            toast(`Forked “${open.project.name}” to ${organizationName}.`);
          }}
        />
      ) : null}
      {open?.kind === 'delete' ? (
        <ConfirmDialog
          title={`Delete “${open.project.name}”?`}
          description="The project, its history and its published app go away for good."
          confirmLabel="Delete project"
          danger
          onClose={close}
          onConfirm={async () => {
            await deleteProject(open.project.id);
            await reload();
          }}
        />
      ) : null}
    </div>
  );
}

function GroupSection({
  group,
  canEdit,
  revisions,
  onHistory,
  onRename,
  onDelete,
  onChangeAll,
  onProjectAction,
}: {
  group: ProjectGroup;
  canEdit: boolean;
  /** The group's revisions, newest first (undefined until loaded). */
  revisions: GroupRevision[] | undefined;
  onHistory: () => void;
  onRename: () => void;
  onDelete: () => void;
  /** Opens "Change all projects" (top-down chat). */
  onChangeAll: () => void;
  onProjectAction: (action: ProjectAction, project: ProjectSummary) => void;
}) {
  const headingId = `group-${group.id}`;
  return (
    <section className="mt-8 first-of-type:mt-0" aria-labelledby={headingId}>
      <div className="mb-3 flex items-center gap-2">
        <h3
          id={headingId}
          className="font-sans text-[12px] font-semibold tracking-[0.06em] text-text-2 uppercase"
        >
          {group.name}
        </h3>
        <Count>{group.projects.length}</Count>
        <GroupRevisionBadge groupName={group.name} latest={revisions?.[0]} onOpen={onHistory} />
        {canEdit && group.projects.length > 0 ? (
          <Button
            type="button"
            variant="ghost"
            size="sm"
            aria-label={`Change all projects of ${group.name}`}
            onClick={onChangeAll}
          >
            <MessagesSquare size={14} aria-hidden="true" />
            Change all projects
          </Button>
        ) : null}
        {canEdit ? (
          <ActionMenu
            label={`Actions for group ${group.name}`}
            trigger={<MoreHorizontal size={16} aria-hidden="true" />}
            className={buttonVariants({ variant: 'ghost', size: 'iconSm' })}
            actions={[
              { label: 'Rename group', icon: <Pencil size={14} aria-hidden="true" />, onSelect: onRename },
              {
                label: 'Delete group',
                icon: <Trash2 size={14} aria-hidden="true" />,
                danger: true,
                onSelect: onDelete,
              },
            ]}
          />
        ) : null}
      </div>
      {group.projects.length === 0 ? (
        <p className="rounded-lg border border-dashed border-border-strong p-[18px] text-center text-[13px] text-muted">
          No projects in this group.
        </p>
      ) : (
        <ul className={GRID}>
          {group.projects.map((project) => (
            <ProjectCard key={project.id} project={project} canEdit={canEdit} onAction={onProjectAction} />
          ))}
        </ul>
      )}
    </section>
  );
}
