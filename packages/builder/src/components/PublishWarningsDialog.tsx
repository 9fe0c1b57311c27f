/**
 * @module The Publish dialog's security warnings: what the scan found in what Publish would ship (tables open
 * to the public, keys in code, functions that write without an auth check, packages with known problems),
 * each with its fix and a link to its file. Publishing stays the user's choice: "Publish anyway".
 */
import { ShieldAlert } from 'lucide-react';
import type { SecurityFinding } from '../security-queries.ts';
import type { PublishWarnings } from '../use-publish.ts';
import { Dialog } from './Dialog.tsx';
import { FormAlert } from './FormAlert.tsx';
import { Button } from './ui/button.tsx';
import { DialogActions } from './ui/dialog.tsx';

/** Badge colours per severity (theme tokens). */
const SEVERITY_CLASS: Record<string, string> = {
  HIGH: 'bg-error-soft text-error',
  MEDIUM: 'bg-warn-soft text-warn',
  LOW: 'bg-surface-2 text-text-2',
};

/** What each finding kind is called in the list. */
const KIND_LABEL: Record<string, string> = {
  PUBLIC_TABLE: 'Public table',
  CLIENT_SECRET: 'Secret in code',
  UNGUARDED_WRITE: 'No sign-in check',
  RISKY_PACKAGE: 'Package',
};

export function PublishWarningsDialog({
  warnings,
  onPublishAnyway,
  onClose,
  openFile,
  publishDisabledReason,
}: {
  warnings: PublishWarnings;
  /** Why publishing is not possible now (still building…), or null. */
  publishDisabledReason: string | null;
  onPublishAnyway: () => void;
  onClose: () => void;
  /** Opens a module in the code view, or null when it is not in the project. */
  openFile: (filePath: string) => (() => void) | null;
}) {
  const { findings, error } = warnings;
  const high = findings.filter((f) => f.severity === 'HIGH').length;
  return (
    <Dialog
      title="Before you publish"
      description={
        error
          ? 'The security check could not run. You can still publish.'
          : `The security check found ${findings.length} ${findings.length === 1 ? 'warning' : 'warnings'}${high > 0 ? `, ${high} serious` : ''}. Publishing is still allowed.`
      }
      onClose={onClose}
    >
      <FormAlert message={error} />
      {findings.length > 0 ? (
        <ul className="flex max-h-[50vh] flex-col gap-2 overflow-y-auto" aria-label="Security warnings">
          {findings.map((f) => (
            <FindingItem
              key={findingKey(f)}
              finding={f}
              open={f.filePath ? openFile(f.filePath) : null}
              onOpened={onClose}
            />
          ))}
        </ul>
      ) : null}
      <DialogActions>
        <Button type="button" variant="ghost" onClick={onClose} data-autofocus>
          Cancel
        </Button>
        <Button
          type="button"
          variant="primary"
          disabled={publishDisabledReason !== null}
          title={publishDisabledReason ?? undefined}
          onClick={onPublishAnyway}
        >
          Publish anyway
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function findingKey(f: SecurityFinding): string {
  return `${f.kind}:${f.filePath ?? ''}:${f.line ?? ''}:${f.message}`;
}

function FindingItem({
  finding,
  open,
  onOpened,
}: {
  finding: SecurityFinding;
  open: (() => void) | null;
  onOpened: () => void;
}) {
  const where = finding.filePath ? `${finding.filePath}${finding.line ? `:${finding.line}` : ''}` : null;
  return (
    <li className="rounded-lg border border-border p-3 text-sm" data-testid="security-finding">
      <div className="flex flex-wrap items-center gap-2">
        <ShieldAlert size={15} aria-hidden="true" className="text-warn" />
        <span
          className={`rounded-full px-2 py-0.5 text-xs font-semibold ${SEVERITY_CLASS[finding.severity] ?? ''}`}
        >
          {finding.severity}
        </span>
        <span className="text-xs text-muted">{KIND_LABEL[finding.kind] ?? finding.kind}</span>
        {where ? (
          open ? (
            <button
              type="button"
              className="text-xs text-accent-strong underline"
              onClick={() => {
                onOpened();
                open();
              }}
            >
              {where}
            </button>
          ) : (
            <span className="text-xs text-muted">{where}</span>
          )
        ) : null}
      </div>
      <p className="mt-1 text-text">{finding.message}</p>
      <p className="mt-1 text-text-2">
        <span className="font-semibold">Fix: </span>
        {finding.fix}
      </p>
    </li>
  );
}
