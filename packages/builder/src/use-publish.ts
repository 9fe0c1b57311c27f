/**
 * @module Publishing from the workspace: the mutation, its in-flight state and error, and the live URL
 * (from the deployment just made, else from the project's publish info).
 */
import { useCallback, useRef, useState } from 'react';
import { errorMessage } from './api.ts';
import { type Project, publishProject } from './queries.ts';

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
} {
  const [publishing, setPublishing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [deployedUrl, setDeployedUrl] = useState<string | null>(null);
  // One publish at a time, even when Publish is pressed again while it runs (the button keeps focus).
  const inFlight = useRef(false);
  const projectId = project.id;

  const publish = useCallback(async () => {
    if (inFlight.current) return;
    inFlight.current = true;
    setPublishing(true);
    setError(null);
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

  const { status, url } = project.publish;
  return {
    // Unpublished (from the Deployments dialog) hides the URL even right after a publish in this session.
    url: status === 'UNPUBLISHED' ? null : (deployedUrl ?? url),
    publishing,
    error,
    publish,
    dismissError: useCallback(() => setError(null), []),
  };
}
