import { cn } from '../lib/cn.ts';
import { describeStatus } from '../revision-status.ts';
import { Spinner } from './Spinner.tsx';
import { StatusDot, statusPillVariants } from './ui/badge.tsx';

/** A revision status as a small coloured pill with its friendly label; the status code is its tooltip. */
export function StatusPill({ status }: { status: string | null | undefined }) {
  const { label, tone } = describeStatus(status);
  return (
    // `status-pill` is a hook: the history list makes its pills smaller.
    <span className={cn('status-pill', statusPillVariants({ tone }))} title={status ?? undefined}>
      {tone === 'busy' ? <Spinner size={12} /> : <StatusDot />}
      {label}
    </span>
  );
}
