import { describeStatus } from '../revision-status.ts';
import { StatusPill } from './StatusPill.tsx';

/** The latest revision's status: a friendly label, and the raw value for the curious (and for tests). */
export function RevisionStatus({ status }: { status: string | null | undefined }) {
  const { label } = describeStatus(status);
  return (
    <output className="revision-status" aria-label={`Revision status: ${label}`}>
      <StatusPill status={status} />
      <code data-testid="revision-status" className="revision-status-raw">
        {status ?? ''}
      </code>
    </output>
  );
}
