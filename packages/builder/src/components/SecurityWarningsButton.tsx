/**
 * @module Beside Publish: how many security warnings the scan has for what Publish would ship; opens the
 * Publish dialog's list of them. Nothing when there are none.
 */
import { ShieldAlert } from 'lucide-react';
import type { SecurityFinding } from '../security-queries.ts';
import { Button } from './ui/button.tsx';

export function SecurityWarningsButton({
  findings,
  onOpen,
}: {
  findings: SecurityFinding[];
  onOpen: () => void;
}) {
  if (findings.length === 0) return null;
  const high = findings.some((f) => f.severity === 'HIGH');
  const label = `${findings.length} security ${findings.length === 1 ? 'warning' : 'warnings'}`;
  return (
    <Button
      type="button"
      variant="ghost"
      size="sm"
      className={high ? 'text-error hover:not-disabled:text-error' : 'text-warn hover:not-disabled:text-warn'}
      title="What the security check found in what Publish would ship"
      data-testid="security-warnings"
      onClick={onOpen}
    >
      <ShieldAlert size={14} aria-hidden="true" />
      {findings.length}
      {/* Narrow headers show only the icon and the count; the button's name always says it all. */}
      <span className="sr-only xl:not-sr-only">{label.slice(String(findings.length).length)}</span>
    </Button>
  );
}
