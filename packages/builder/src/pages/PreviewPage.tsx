import type { PreviewMode } from '@kiln/preview/protocol';
import { Link, useNavigate } from '@tanstack/react-router';
import { ArrowLeft } from 'lucide-react';
import { useCallback, useRef, useState } from 'react';
import { ServerUnavailable } from '../components/ServerUnavailable.tsx';
import { Splash } from '../components/Splash.tsx';
import { routeFromSearch } from '../preview-link.ts';
import type { Module, Project } from '../queries.ts';
import { isInProgress } from '../revision-status.ts';
import { usePreview } from '../use-preview.ts';
import { useProject } from '../use-project.ts';
import { useTitle } from '../use-title.ts';
import { NotFoundPage } from './NotFoundPage.tsx';

/** Web pages when the project has any, else its mobile (Expo) pages. */
function mode(modules: Module[]): PreviewMode {
  const web = modules.some((m) => m.moduleType !== 'EXPO_PAGE' && /PAGE/.test(m.moduleType));
  return !web && modules.some((m) => m.moduleType === 'EXPO_PAGE') ? 'mobile' : 'web';
}

/**
 * `/projects/:id/preview?route=/x`: the project's live preview on its own, the whole window wide (the
 * workspace's Open in a new tab and Copy link). It follows the project as the workspace does; the route the
 * preview is on stays in the address, so reloading or sharing the address opens the same page.
 */
export function PreviewPage({ projectId, search }: { projectId: string; search: URLSearchParams }) {
  const { state, refresh } = useProject(projectId);
  if (state.status === 'loading') return <Splash />;
  if (state.status === 'missing') {
    return (
      <NotFoundPage
        title="Project not found"
        message="This project does not exist, or you are not a member of its organisation."
      />
    );
  }
  if (state.status === 'error')
    return <ServerUnavailable message={state.message} onRetry={() => void refresh()} />;
  return <FullPreview project={state.project} search={search} />;
}

function FullPreview({ project, search }: { project: Project; search: URLSearchParams }) {
  useTitle(`${project.name} preview`);
  const navigate = useNavigate();
  const [route, setRoute] = useState(() => routeFromSearch(search));
  const iframe = useRef<HTMLIFrameElement | null>(null);
  const [frameVersion, setFrameVersion] = useState(0);
  const iframeRef = useCallback((element: HTMLIFrameElement | null) => {
    iframe.current = element;
    if (element) setFrameVersion((n) => n + 1);
  }, []);
  const revision = project.latestRevision;
  const preview = usePreview({
    iframe,
    previewUrl: project.previewUrl,
    sandboxToken: project.sandboxToken,
    revision,
    generating: isInProgress(revision?.status),
    mode: mode(revision?.modules ?? []),
    frameVersion,
    handlers: {
      onRoute: (next) => {
        setRoute(next);
        void navigate({
          to: '/projects/$projectId/preview',
          params: { projectId: project.id },
          search: next === '/' ? {} : { route: next },
          replace: true,
        });
      },
      onError: () => {},
      onFix: () => {},
      onReady: () => {},
      onRendered: () => {},
    },
  });
  // The route asked for in the link, before the first render (the client sends it with the first load).
  const asked = useRef(false);
  if (!asked.current) {
    asked.current = true;
    preview.navigate(route);
  }

  return (
    <div className="flex h-dvh flex-col bg-bg">
      <header className="flex items-center gap-3 border-border border-b bg-surface px-3 py-2 text-sm">
        <Link
          to="/projects/$projectId"
          params={{ projectId: project.id }}
          className="inline-flex items-center gap-1.5 text-[13px] text-text-2"
        >
          <ArrowLeft size={15} aria-hidden="true" />
          Back to the workspace
        </Link>
        <span className="min-w-0 truncate font-semibold">{project.name}</span>
        <code className="min-w-0 truncate text-muted">
          <span className="sr-only">Route: </span>
          {route}
        </code>
      </header>
      <main className="min-h-0 flex-1">
        <iframe
          ref={iframeRef}
          title="Preview"
          src={project.previewUrl}
          className="block h-full w-full border-0 bg-white"
          allow="clipboard-write; geolocation; camera; microphone"
        />
      </main>
    </div>
  );
}
