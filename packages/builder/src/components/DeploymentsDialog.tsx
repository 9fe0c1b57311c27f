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
import { Badge } from './ui/badge.tsx';
import { Button } from './ui/button.tsx';
import { DialogActions } from './ui/dialog.tsx';
import { Table, TableCell, TableFrame, TableHead, TableSubline } from './ui/table.tsx';

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
      <Button
        type="button"
        variant="ghost"
        title="Deployments: roll back or unpublish"
        onClick={() => setOpen(true)}
      >
        <History size={15} aria-hidden="true" />
        Deployments
      </Button>
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
          <p className="text-muted" aria-busy="true">
            <Spinner /> Loading deployments…
          </p>
        ) : deployments.length === 0 ? (
          <p className="text-muted">Publish the app to make its first deployment.</p>
        ) : (
          <TableFrame>
            <Table data-testid="deployments">
              <thead>
                <tr>
                  <TableHead scope="col">Published</TableHead>
                  <TableHead scope="col">Revision</TableHead>
                  <TableHead scope="col" numeric>
                    Size
                  </TableHead>
                  <TableHead scope="col">
                    <span className="sr-only">Actions</span>
                  </TableHead>
                </tr>
              </thead>
              <tbody>
                {deployments.map((d) => (
                  <tr key={d.id} data-deployment={d.id} data-live={d.live}>
                    <TableCell>
                      <span title={new Date(d.createdAt).toLocaleString()}>{timeAgo(d.createdAt)}</span>
                      <TableSubline>{d.createdBy ? `by ${d.createdBy}` : null}</TableSubline>
                    </TableCell>
                    <TableCell>{d.revisionNumber !== null ? `#${d.revisionNumber}` : '—'}</TableCell>
                    <TableCell numeric>
                      {kib(d.size)}
                      {d.compressedSize !== null ? (
                        <TableSubline>{kib(d.compressedSize)} sent</TableSubline>
                      ) : null}
                    </TableCell>
                    <TableCell className="text-right whitespace-nowrap">
                      {d.live ? (
                        <Badge>Live</Badge>
                      ) : canEdit ? (
                        <Button
                          type="button"
                          variant="ghost"
                          disabled={busy !== null}
                          onClick={() => void run(d.id, () => rollbackDeployment(d.id))}
                        >
                          {busy === d.id ? <Spinner /> : null}
                          {published ? 'Roll back' : 'Put online'}
                        </Button>
                      ) : null}
                    </TableCell>
                  </tr>
                ))}
              </tbody>
            </Table>
          </TableFrame>
        )}
        {canEdit && deployments.length > 0 ? (
          <DialogActions>
            {published ? (
              <Button
                type="button"
                variant="danger"
                disabled={busy !== null}
                onClick={() => setConfirmUnpublish(true)}
              >
                Unpublish
              </Button>
            ) : (
              <Button
                type="button"
                variant="primary"
                disabled={busy !== null}
                onClick={() => void run('republish', () => republishProject(projectId))}
              >
                {busy === 'republish' ? <Spinner /> : null}
                Republish
              </Button>
            )}
          </DialogActions>
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
