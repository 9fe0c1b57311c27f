/**
 * @module Publishing from the workspace: the mutation, its in-flight state and error, and the live URL
 * (from the deployment just made, else from the project's publish info).
 */
import { useCallback, useState } from 'react';
import { errorMessage } from './api.ts';
import { type Project, publishProject } from './queries.ts';

export function usePublish(
  project: Project,
  refresh: () => Promise<void>,
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
  const projectId = project.id;

  const publish = useCallback(async () => {
    setPublishing(true);
    setError(null);
    try {
      const deployment = await publishProject(projectId);
      setDeployedUrl(deployment.url);
      await refresh();
    } catch (caught) {
      setError(errorMessage(caught));
    } finally {
      setPublishing(false);
    }
  }, [projectId, refresh]);

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
