/**
 * The Database tab's usage line (issue 14): the branch's size against the plan's limit, with a meter, and what
 * happens past it (the app's writes are refused until rows are deleted).
 */
import { formatBytes } from '../format-number.ts';

export function DatabaseUsage({ sizeBytes, limitBytes }: { sizeBytes: number; limitBytes: number | null }) {
  if (limitBytes === null) return <span className="text-muted">{formatBytes(sizeBytes)}</span>;
  const over = sizeBytes > limitBytes;
  return (
    <span className="text-muted" title={over ? undefined : "Past this size the app's writes are refused."}>
      <meter
        min={0}
        max={limitBytes}
        value={Math.min(sizeBytes, limitBytes)}
        high={limitBytes * 0.9}
        optimum={0}
        aria-label="Database size against the plan's limit"
      />{' '}
      {formatBytes(sizeBytes)} of {formatBytes(limitBytes)}
      {over ? (
        <strong role="alert">
          {' '}
          — over the plan's limit: the app's writes are refused until rows are deleted.
        </strong>
      ) : null}
    </span>
  );
}
