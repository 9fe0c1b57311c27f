import { useEffect, useState } from 'react';
import { errorMessage } from './api.ts';
import { fetchProjects, type ProjectSummary } from './queries.ts';
import { isInProgress } from './revision-status.ts';

/** How often the dashboard refreshes while one of its projects is still generating. */
const REFRESH_MS = 2000;

/** The user's projects (newest first); refreshed while any of them is generating. */
export function useProjects(): { projects: ProjectSummary[] | null; error: string | null } {
  const [projects, setProjects] = useState<ProjectSummary[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [round, setRound] = useState(0);
  const generating = projects?.some((p) => isInProgress(p.latestRevision?.status)) ?? false;

  // biome-ignore lint/correctness/useExhaustiveDependencies: `round` triggers each refresh.
  useEffect(() => {
    let live = true;
    fetchProjects().then(
      (list) => {
        if (!live) return;
        setProjects(list);
        setError(null);
      },
      (caught) => live && setError(errorMessage(caught)),
    );
    return () => {
      live = false;
    };
  }, [round]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: re-armed after every fetch via `projects`.
  useEffect(() => {
    if (!generating) return;
    const timer = setTimeout(() => setRound((n) => n + 1), REFRESH_MS);
    return () => clearTimeout(timer);
  }, [generating, projects]);

  return { projects, error };
}
