/**
 * @module The security scan of what Publish would ship, read again whenever `version` changes (the workspace
 * passes its revision and status), for the warnings listed beside Publish. A failed read shows nothing: the
 * scan runs again, and gates, when Publish is pressed.
 */
import { useEffect, useState } from 'react';
import { fetchSecurityScan, type SecurityFinding } from './security-queries.ts';

export function useSecurityScan(projectId: string, version: unknown, enabled: boolean): SecurityFinding[] {
  const [findings, setFindings] = useState<SecurityFinding[]>([]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` is the signal to read again.
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    fetchSecurityScan(projectId).then(
      (next) => live && setFindings(next),
      () => {},
    );
    return () => {
      live = false;
    };
  }, [projectId, version, enabled]);
  return enabled ? findings : [];
}
