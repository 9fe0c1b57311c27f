import { describeStatus } from '../revision-status.ts';
import { Spinner } from './Spinner.tsx';

/** A revision status as a small coloured pill with its friendly label; the status code is its tooltip. */
export function StatusPill({ status }: { status: string | null | undefined }) {
  const { label, tone } = describeStatus(status);
  return (
    <span className={`status-pill tone-${tone}`} title={status ?? undefined}>
      {tone === 'busy' ? <Spinner size={12} /> : <span className="status-dot" aria-hidden="true" />}
      {label}
    </span>
  );
}
