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
    <span className="group-revision">
      <output
        aria-label={`Group status: ${latest.status}`}
        data-testid="group-status"
        data-status={latest.status}
      >
        <StatusPill status={latest.status} />
      </output>
      <button
        type="button"
        className="button button-ghost button-small"
        aria-label={`Group history of ${groupName}`}
        onClick={onOpen}
      >
        <History size={14} aria-hidden="true" />
        Group history
      </button>
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
      <ol className="group-history" aria-label="Group revisions">
        {revisions.map((revision, index) => (
          <li key={revision.id} className="group-history-item">
            <div className="group-history-top">
              <span className="history-number">#{revision.number}</span>
              <span className="history-action">{humanize(revision.action)}</span>
              <StatusPill status={revision.status} />
              <span className="muted history-time" title={new Date(revision.createdAt).toLocaleString()}>
                {timeAgo(revision.createdAt)}
              </span>
              {canEdit && index > 0 ? (
                <button
                  type="button"
                  className="button button-small"
                  disabled={busy !== null || building}
                  title={building ? 'Wait until the group has finished building.' : undefined}
                  aria-label={`Restore group revision ${revision.number}`}
                  onClick={() => void restore(revision)}
                >
                  {busy === revision.id ? <Spinner /> : <RotateCcw size={14} aria-hidden="true" />}
                  Restore
                </button>
              ) : index === 0 ? (
                <span className="badge">Current</span>
              ) : null}
            </div>
            <p className="muted group-history-projects">
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
