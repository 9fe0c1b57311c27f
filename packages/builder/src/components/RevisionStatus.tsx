import { describeStatus } from '../revision-status.ts';
import { StatusPill } from './StatusPill.tsx';

/** The latest revision's status: a friendly label (the code in its tooltip, and kept hidden for tests). */
export function RevisionStatus({
  status,
  shown = status,
}: {
  status: string | null | undefined;
  /** What to show instead (see `shownStatus`); default `status`. */
  shown?: string | null | undefined;
}) {
  const { label } = describeStatus(shown);
  return (
    <output className="flex items-center justify-between gap-2" aria-label={`Revision status: ${label}`}>
      <StatusPill status={shown} />
      <code data-testid="revision-status" className="text-[11px] tracking-[0.02em] text-muted" hidden>
        {status ?? ''}
      </code>
    </output>
  );
}
