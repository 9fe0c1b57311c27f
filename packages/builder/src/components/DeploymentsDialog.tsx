import { History } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { errorMessage } from '../api.ts';
import {
  type DeploymentsState,
  fetchDeployments,
  republishProject,
  rollbackDeployment,
  unpublishProject,
} from '../deployment-queries.ts';
import { timeAgo } from '../format-time.ts';
import { ConfirmDialog } from './ConfirmDialog.tsx';
import { Dialog } from './Dialog.tsx';
import { FormAlert } from './FormAlert.tsx';
import { Spinner } from './Spinner.tsx';

function kib(bytes: number): string {
  return `${(bytes / 1024).toFixed(bytes < 10 * 1024 ? 1 : 0)} KiB`;
}

/**
 * The Deployments button beside Publish, and its dialog: every deployment (when, which revision, by whom, how
 * big), the live one marked, one-click rollback to any other, and unpublish / republish. Each action is a
 * pointer switch on the server, so it takes effect at once.
 */
export function DeploymentsButton({
  projectId,
  canEdit,
  onChanged,
}: {
  projectId: string;
  canEdit: boolean;
  /** The project's publish state changed: reload it (the header's URL and badge). */
  onChanged: () => Promise<void>;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className="button button-ghost"
        title="Deployments: roll back or unpublish"
        onClick={() => setOpen(true)}
      >
        <History size={15} aria-hidden="true" />
        Deployments
      </button>
      {open ? (
        <DeploymentsDialog
          projectId={projectId}
          canEdit={canEdit}
          onChanged={onChanged}
          onClose={() => setOpen(false)}
        />
      ) : null}
    </>
  );
}

function DeploymentsDialog({
  projectId,
  canEdit,
  onChanged,
  onClose,
}: {
  projectId: string;
  canEdit: boolean;
  onChanged: () => Promise<void>;
  onClose: () => void;
}) {
  const [state, setState] = useState<DeploymentsState | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [confirmUnpublish, setConfirmUnpublish] = useState(false);

  const load = useCallback(async () => {
    try {
      setState(await fetchDeployments(projectId));
    } catch (caught) {
      setError(errorMessage(caught));
    }
  }, [projectId]);
  useEffect(() => void load(), [load]);

  async function run(key: string, action: () => Promise<void>) {
    setBusy(key);
    setError(null);
    try {
      await action();
      await Promise.all([load(), onChanged()]);
    } catch (caught) {
      setError(errorMessage(caught));
    } finally {
      setBusy(null);
    }
  }

  const published = state?.publish.status === 'PUBLISHED';
  const deployments = state?.deployments ?? [];
  const description = !state
    ? null
    : published
      ? `Live at ${state.publish.url}. Rolling back or unpublishing takes effect at once; the app's data is kept.`
      : deployments.length > 0
        ? 'Unpublished: visitors get “not found”. Republish or roll back to put it online again.'
        : 'Not published yet.';

  return (
    <>
      <Dialog title="Deployments" description={description} onClose={onClose}>
        <FormAlert message={error} />
        {!state ? (
          <p className="muted" aria-busy="true">
            <Spinner /> Loading deployments…
          </p>
        ) : deployments.length === 0 ? (
          <p className="muted">Publish the app to make its first deployment.</p>
        ) : (
          <div className="table-wrap">
            <table className="table" data-testid="deployments">
              <thead>
                <tr>
                  <th scope="col">Published</th>
                  <th scope="col">Revision</th>
                  <th scope="col" className="numeric">
                    Size
                  </th>
                  <th scope="col">
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {deployments.map((d) => (
                  <tr key={d.id} data-deployment={d.id} data-live={d.live}>
                    <td>
                      <span title={new Date(d.createdAt).toLocaleString()}>{timeAgo(d.createdAt)}</span>
                      <span className="muted table-sub">{d.createdBy ? `by ${d.createdBy}` : null}</span>
                    </td>
                    <td>{d.revisionNumber !== null ? `#${d.revisionNumber}` : '—'}</td>
                    <td className="numeric">
                      {kib(d.size)}
                      {d.compressedSize !== null ? (
                        <span className="muted table-sub">{kib(d.compressedSize)} sent</span>
                      ) : null}
                    </td>
                    <td className="table-actions">
                      {d.live ? (
                        <span className="badge">Live</span>
                      ) : canEdit ? (
                        <button
                          type="button"
                          className="button button-ghost"
                          disabled={busy !== null}
                          onClick={() => void run(d.id, () => rollbackDeployment(d.id))}
                        >
                          {busy === d.id ? <Spinner /> : null}
                          {published ? 'Roll back' : 'Put online'}
                        </button>
                      ) : null}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {canEdit && deployments.length > 0 ? (
          <div className="dialog-actions">
            {published ? (
              <button
                type="button"
                className="button button-danger"
                disabled={busy !== null}
                onClick={() => setConfirmUnpublish(true)}
              >
                Unpublish
              </button>
            ) : (
              <button
                type="button"
                className="button button-primary"
                disabled={busy !== null}
                onClick={() => void run('republish', () => republishProject(projectId))}
              >
                {busy === 'republish' ? <Spinner /> : null}
                Republish
              </button>
            )}
          </div>
        ) : null}
      </Dialog>
      {confirmUnpublish ? (
        <ConfirmDialog
          title="Unpublish this app?"
          description="Visitors will get “not found” at its address. Its deployments, address and data are kept: republish or roll back at any time."
          confirmLabel="Unpublish"
          danger
          onConfirm={async () => {
            await unpublishProject(projectId);
            await Promise.all([load(), onChanged()]);
          }}
          onClose={() => setConfirmUnpublish(false)}
        />
      ) : null}
    </>
  );
}
