/**
 * @module Publishing from the workspace: the security scan first (serious warnings — HIGH — wait in the
 * Publish dialog for "Publish anyway"; lesser ones are listed beside Publish and do not stop it), then the
 * mutation, its in-flight state and error, and the live URL (from the deployment just made, else from the
 * project's publish info).
 */
import { useCallback, useRef, useState } from 'react';
import { errorMessage } from './api.ts';
import { type Project, publishProject } from './queries.ts';
import { fetchSecurityScan, type SecurityFinding } from './security-queries.ts';

/** What the scan found before a publish, waiting for the user's choice; `error` when the scan itself failed. */
export interface PublishWarnings {
  findings: SecurityFinding[];
  error: string | null;
}

export function usePublish(
  project: Project,
  refresh: () => Promise<void>,
  /** Called with the live URL once a publish succeeded. */
  onPublished?: (url: string) => void,
): {
  url: string | null;
  publishing: boolean;
  error: string | null;
  publish: () => Promise<void>;
  dismissError: () => void;
  /** Set while the scan's warnings wait for "Publish anyway" or Cancel. */
  warnings: PublishWarnings | null;
  /** Opens the Publish dialog on these warnings (the list beside Publish). */
  review: (findings: SecurityFinding[]) => void;
  publishAnyway: () => Promise<void>;
  cancelWarnings: () => void;
} {
  const [publishing, setPublishing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [deployedUrl, setDeployedUrl] = useState<string | null>(null);
  const [warnings, setWarnings] = useState<PublishWarnings | null>(null);
  // One publish at a time, even when Publish is pressed again while it runs (the button keeps focus).
  const inFlight = useRef(false);
  const projectId = project.id;

  const deploy = useCallback(async () => {
    if (inFlight.current) return;
    inFlight.current = true;
    setPublishing(true);
    setError(null);
    setWarnings(null);
    try {
      const deployment = await publishProject(projectId);
      setDeployedUrl(deployment.url);
      await refresh();
      onPublished?.(deployment.url);
    } catch (caught) {
      setError(errorMessage(caught));
    } finally {
      inFlight.current = false;
      setPublishing(false);
    }
  }, [projectId, refresh, onPublished]);

  // The scan runs before every publish; with nothing serious to warn about, publishing goes straight on.
  const publish = useCallback(async () => {
    if (inFlight.current) return;
    inFlight.current = true;
    setPublishing(true);
    setError(null);
    let found: PublishWarnings | null = null;
    try {
      const findings = await fetchSecurityScan(projectId);
      if (findings.some((f) => f.severity === 'HIGH')) found = { findings, error: null };
    } catch (caught) {
      found = { findings: [], error: errorMessage(caught) };
    } finally {
      inFlight.current = false;
      setPublishing(false);
    }
    if (found) setWarnings(found);
    else await deploy();
  }, [projectId, deploy]);

  const { status, url } = project.publish;
  return {
    // Unpublished (from the Deployments dialog) hides the URL even right after a publish in this session.
    url: status === 'UNPUBLISHED' ? null : (deployedUrl ?? url),
    publishing,
    error,
    publish,
    dismissError: useCallback(() => setError(null), []),
    warnings,
    publishAnyway: deploy,
    cancelWarnings: useCallback(() => setWarnings(null), []),
    review: useCallback((findings: SecurityFinding[]) => setWarnings({ findings, error: null }), []),
  };
}
