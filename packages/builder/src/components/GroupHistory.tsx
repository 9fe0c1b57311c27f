import { History, RotateCcw } from 'lucide-react';
import { useState } from 'react';
import { errorMessage } from '../api.ts';
import { humanize } from '../format-number.ts';
import { timeAgo } from '../format-time.ts';
import { type GroupRevision, restoreProjectGroupRevision } from '../settings-queries.ts';
import { Dialog } from './Dialog.tsx';
import { FormAlert } from './FormAlert.tsx';
import { Spinner } from './Spinner.tsx';
import { StatusPill } from './StatusPill.tsx';
import { Badge } from './ui/badge.tsx';
import { Button } from './ui/button.tsx';

/** The group's latest revision status (and its number) beside the group's name, with the history button. */
export function GroupRevisionBadge({
  groupName,
  latest,
  onOpen,
}: {
  groupName: string;
  latest: GroupRevision | undefined;
  onOpen: () => void;
}) {
  if (!latest) return null;
  return (
    <span className="ml-1 inline-flex items-center gap-1.5">
      <output
        aria-label={`Group status: ${latest.status}`}
        data-testid="group-status"
        data-status={latest.status}
      >
        <StatusPill status={latest.status} />
      </output>
      <Button
        type="button"
        variant="ghost"
        size="sm"
        aria-label={`Group history of ${groupName}`}
        onClick={onOpen}
      >
        <History size={14} aria-hidden="true" />
        Group history
      </Button>
    </span>
  );
}

/** Every revision of a group, newest first; EDITOR and up restore one (each project back to its revision). */
export function GroupHistoryDialog({
  groupId,
  groupName,
  revisions,
  canEdit,
  onClose,
  onRestored,
}: {
  groupId: string;
  groupName: string;
  revisions: GroupRevision[];
  canEdit: boolean;
  onClose: () => void;
  onRestored: (restored: GroupRevision, from: GroupRevision) => Promise<void>;
}) {
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const building = revisions[0]?.status === 'BUILDING';

  async function restore(revision: GroupRevision) {
    setBusy(revision.id);
    setError(null);
    try {
      const restored = await restoreProjectGroupRevision(groupId, revision.id);
      await onRestored(restored, revision);
    } catch (caught) {
      setError(errorMessage(caught));
    } finally {
      setBusy(null);
    }
  }

  return (
    <Dialog
      title={`Group history · ${groupName}`}
      description="Each entry records which version every project of the group was at. Restoring one brings each project back to that version as a new revision."
      onClose={onClose}
    >
      <FormAlert message={error} />
      <ol
        className="m-0 flex max-h-[60vh] list-none flex-col overflow-y-auto rounded-md border border-border p-0"
        aria-label="Group revisions"
      >
        {revisions.map((revision, index) => (
          <li key={revision.id} className="flex flex-col gap-1 border-border px-3 py-2.5 not-first:border-t">
            <div className="flex items-center gap-2">
              <span className="font-[650] text-ink tabular-nums">#{revision.number}</span>
              <span className="font-medium text-text-2">{humanize(revision.action)}</span>
              <StatusPill status={revision.status} />
              <span
                className="ml-auto text-[12px] whitespace-nowrap text-muted"
                title={new Date(revision.createdAt).toLocaleString()}
              >
                {timeAgo(revision.createdAt)}
              </span>
              {canEdit && index > 0 ? (
                <Button
                  type="button"
                  size="sm"
                  className="ml-auto"
                  disabled={busy !== null || building}
                  title={building ? 'Wait until the group has finished building.' : undefined}
                  aria-label={`Restore group revision ${revision.number}`}
                  onClick={() => void restore(revision)}
                >
                  {busy === revision.id ? <Spinner /> : <RotateCcw size={14} aria-hidden="true" />}
                  Restore
                </Button>
              ) : index === 0 ? (
                <Badge className="ml-auto">Current</Badge>
              ) : null}
            </div>
            <p className="text-[12.5px] text-muted">
              {revision.projects.length === 0
                ? 'No projects'
                : revision.projects
                    .map((p) => `${p.projectName ?? 'Deleted project'} #${p.revisionNumber ?? '?'}`)
                    .join(' · ')}
            </p>
          </li>
        ))}
      </ol>
    </Dialog>
  );
}
