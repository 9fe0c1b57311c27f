import { Database, FileMinus, FilePen, FilePlus, History, RotateCcw } from 'lucide-react';
import { humanize } from '../format-number.ts';
import { clockTime, timeAgo } from '../format-time.ts';
import { cn } from '../lib/cn.ts';
import type { ModuleDiff, RevisionSummary } from '../queries.ts';
import { diffStats, parseUnifiedDiff, type DiffLine as UnifiedDiffLine } from '../unified-diff.ts';
import type { DiffState } from '../use-history.ts';
import { FormAlert } from './FormAlert.tsx';
import { Spinner } from './Spinner.tsx';
import { StatusPill } from './StatusPill.tsx';
import { Badge } from './ui/badge.tsx';
import { Button } from './ui/button.tsx';

/** Revisions newest first; the selected one's changes against its parent, and restoring it. */
export function HistoryPanel({
  revisions,
  listError,
  selected,
  latestId,
  diff,
  restoring,
  restoreError,
  restoreDisabledReason,
  onSelect,
  onRestore,
}: {
  revisions: RevisionSummary[] | null;
  listError: string | null;
  selected: RevisionSummary | null;
  latestId: string | null;
  diff: DiffState;
  restoring: boolean;
  restoreError: string | null;
  /** Why restoring is not possible now (a viewer, a build running), or null. */
  restoreDisabledReason: string | null;
  onSelect: (id: string) => void;
  /** `withData`: "Restore code and data" (offered only when the revision keeps a data snapshot). */
  onRestore: (withData: boolean) => void;
}) {
  if (listError) {
    return (
      <div className="m-4 flex min-h-0 flex-1 flex-col items-center justify-center gap-2.5 overflow-hidden rounded-[12px] border border-border bg-surface p-6 shadow-md">
        <FormAlert message={listError} />
      </div>
    );
  }
  if (revisions === null) {
    return (
      <div
        className="m-4 flex min-h-0 flex-1 flex-col items-center justify-center gap-2.5 overflow-hidden rounded-[12px] border border-border bg-surface p-6 shadow-md"
        aria-busy="true"
      >
        <Spinner />
      </div>
    );
  }
  if (revisions.length === 0) {
    return (
      <div className="m-4 flex min-h-0 flex-1 flex-col items-center justify-center gap-2.5 overflow-hidden rounded-[12px] border border-border bg-surface p-6 shadow-md">
        <History size={20} aria-hidden="true" className="text-muted" />
        <p className="text-muted">No revisions yet.</p>
      </div>
    );
  }

  return (
    <div className="m-4 grid min-h-0 flex-1 grid-cols-[minmax(220px,300px)_minmax(0,1fr)] overflow-hidden rounded-[12px] border border-border bg-surface shadow-md max-[860px]:grid-cols-1 max-[860px]:grid-rows-[220px_minmax(0,1fr)]">
      <nav
        className="min-h-0 overflow-y-auto border-r border-border bg-bg max-[860px]:border-r-0 max-[860px]:border-b"
        aria-label="Revisions"
      >
        <ol className="m-0 list-none p-2">
          {revisions.map((revision) => (
            <li key={revision.id}>
              <button
                type="button"
                className="flex w-full cursor-pointer flex-col items-start gap-[5px] rounded-sm border border-transparent bg-transparent p-2.5 text-left font-sans text-[14px] leading-normal text-text hover:bg-surface-2 aria-[current=true]:border-border aria-[current=true]:bg-surface aria-[current=true]:shadow-sm [&_.status-pill]:h-5 [&_.status-pill]:text-[11px]"
                aria-current={revision.id === selected?.id ? 'true' : undefined}
                onClick={() => onSelect(revision.id)}
              >
                <span className="flex w-full items-baseline gap-2 text-[13px]">
                  <span className="font-[650] text-ink tabular-nums">#{revision.number}</span>
                  <span className="font-medium text-text-2">{humanize(revision.action)}</span>
                  <span
                    className="ml-auto text-[12px] whitespace-nowrap text-muted"
                    title={new Date(revision.createdAt).toLocaleString()}
                  >
                    {timeAgo(revision.createdAt)}
                  </span>
                </span>
                <span className="block w-full min-w-0 truncate text-[12.5px] text-text-2">
                  {revision.prompt || <em className="text-muted">No prompt</em>}
                </span>
                <StatusPill status={revision.status} />
              </button>
            </li>
          ))}
        </ol>
      </nav>
      {selected ? (
        <section
          className="flex min-h-0 flex-col gap-3.5 overflow-y-auto p-5"
          aria-labelledby="history-detail-heading"
        >
          <header className="flex items-start justify-between gap-4">
            <div className="flex min-w-0 flex-col gap-1">
              <h2 id="history-detail-heading" className="flex items-center gap-2 text-[17px]">
                Version {selected.number}
                {selected.id === latestId ? <Badge>Current</Badge> : null}
              </h2>
              <p className="text-muted">
                {humanize(selected.action)} · {clockTime(selected.createdAt)} · {timeAgo(selected.createdAt)}
              </p>
              {selected.prompt ? <p className="text-text">“{selected.prompt}”</p> : null}
            </div>
            {selected.id !== latestId ? (
              <div className="flex flex-wrap justify-end gap-2">
                <Button
                  type="button"
                  variant="primary"
                  disabled={restoring || restoreDisabledReason !== null}
                  title={
                    restoreDisabledReason ??
                    "Make this version's code the latest again; the data stays as it is"
                  }
                  onClick={() => onRestore(false)}
                >
                  {restoring ? <Spinner /> : <RotateCcw size={15} aria-hidden="true" />}
                  Restore code
                </Button>
                {selected.hasDataSnapshot ? (
                  <Button
                    type="button"
                    disabled={restoring || restoreDisabledReason !== null}
                    title={restoreDisabledReason ?? undefined}
                    aria-describedby="history-restore-data-note"
                    onClick={() => onRestore(true)}
                  >
                    <Database size={15} aria-hidden="true" />
                    Restore code and data
                  </Button>
                ) : null}
              </div>
            ) : null}
          </header>
          {selected.id !== latestId && selected.hasDataSnapshot ? (
            <p id="history-restore-data-note" className="flex items-center gap-2 text-[13px] text-muted">
              “Restore code and data” replaces the preview’s database with its rows as of this version; the
              published app’s data is not touched.
            </p>
          ) : null}
          <FormAlert message={restoreError} />
          <h3 className="font-sans text-[12px] font-semibold tracking-[0.06em] text-text-2 uppercase">
            Changes
          </h3>
          <Changes diff={diff} />
        </section>
      ) : null}
    </div>
  );
}

function Changes({ diff }: { diff: DiffState }) {
  switch (diff.status) {
    case 'loading':
      return (
        <p className="flex items-center gap-2 text-[13px] text-muted" aria-busy="true">
          <Spinner size={14} /> Comparing with the previous version…
        </p>
      );
    case 'first':
      return (
        <p className="flex items-center gap-2 text-[13px] text-muted">
          The first version: there is nothing before it to compare with.
        </p>
      );
    case 'error':
      return <FormAlert message={diff.message} />;
    case 'ready':
      return diff.files.length === 0 ? (
        <p className="flex items-center gap-2 text-[13px] text-muted">No files changed in this version.</p>
      ) : (
        <div className="flex flex-col gap-3">
          {diff.files.map((file) => (
            <FileDiff key={file.filePath} file={file} />
          ))}
        </div>
      );
  }
}

const CHANGE_ICONS = { added: FilePlus, removed: FileMinus, changed: FilePen } as const;

/** The pill naming a file's change, coloured like the lines it mostly has. */
const CHANGE_PILL: Record<string, string> = {
  added: 'bg-ok-soft text-ok',
  removed: 'bg-error-soft text-error',
  changed: 'bg-warn-soft text-warn',
};

function FileDiff({ file }: { file: ModuleDiff }) {
  const lines = parseUnifiedDiff(file.patch);
  const { added, removed } = diffStats(lines);
  const Icon = CHANGE_ICONS[file.change as keyof typeof CHANGE_ICONS] ?? FilePen;
  return (
    <details className="group/file overflow-hidden rounded-md border border-border" open>
      <summary className="flex cursor-pointer list-none items-center gap-2 bg-bg px-3 py-2 text-[12.5px] text-text-2 group-open/file:border-b group-open/file:border-border [&::-webkit-details-marker]:hidden">
        <Icon size={14} aria-hidden="true" />
        <span className="min-w-0 flex-1 truncate font-mono text-ink">{file.filePath}</span>
        <span
          className={cn(
            'rounded-full px-[7px] text-[11px] leading-[18px] font-semibold',
            CHANGE_PILL[file.change],
          )}
        >
          {humanize(file.change)}
        </span>
        <span className="font-mono text-[12px] whitespace-nowrap">
          <span className="text-ok">+{added}</span> <span className="text-error">−{removed}</span>
        </span>
      </summary>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region is focusable so the keyboard can scroll it (axe: scrollable-region-focusable). */}
      <div className="max-h-[480px] overflow-auto" tabIndex={0}>
        <table
          className="w-full min-w-max border-collapse font-mono text-[12px] leading-[1.6]"
          aria-label={`Changes in ${file.filePath}`}
        >
          <tbody>
            {lines.map((line, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: lines of one immutable patch.
              <DiffLine key={index} line={line} />
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}

/** How each kind of line looks: its row, and the colour of its mark and text. */
const LINE_STYLE: Record<UnifiedDiffLine['kind'], { row: string; text: string }> = {
  add: { row: 'bg-diff-add-bg', text: 'text-diff-add-text' },
  remove: { row: 'bg-diff-remove-bg', text: 'text-diff-remove-text' },
  hunk: { row: 'bg-surface-2 text-muted', text: 'text-muted italic' },
  note: { row: '', text: 'text-muted italic' },
  context: { row: '', text: '' },
};

/** One row of a unified diff: the old and new line numbers, then the mark and the text. */
function DiffLine({ line }: { line: UnifiedDiffLine }) {
  const style = LINE_STYLE[line.kind];
  const number = 'w-[44px] min-w-[44px] p-0 pr-2 text-right align-top text-code-dim select-none';
  return (
    <tr className={style.row}>
      <td className={number}>{line.oldLine ?? ''}</td>
      <td className={number}>{line.newLine ?? ''}</td>
      <td className={cn('w-full p-0 pr-4 whitespace-pre', style.text)}>
        <span className="inline-block w-[18px] pl-1.5 select-none" aria-hidden="true">
          {line.kind === 'add' ? '+' : line.kind === 'remove' ? '−' : ' '}
        </span>
        <span className="sr-only">
          {line.kind === 'add' ? 'Added: ' : line.kind === 'remove' ? 'Removed: ' : ''}
        </span>
        {line.text}
      </td>
    </tr>
  );
}
