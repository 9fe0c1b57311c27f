import type { PreviewMode } from '@kiln/preview/protocol';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { errorMessage } from '../api.ts';
import { AnalyticsPanel } from '../components/AnalyticsPanel.tsx';
import { ChatPanel } from '../components/ChatPanel.tsx';
import { CodePanel } from '../components/CodePanel.tsx';
import { DatabasePanel } from '../components/DatabasePanel.tsx';
import { DeploymentsButton } from '../components/DeploymentsDialog.tsx';
import { DeviceToggle } from '../components/DeviceToggle.tsx';
import { HistoryPanel } from '../components/HistoryPanel.tsx';
import { LogsPanel } from '../components/LogsPanel.tsx';
import { ModuleList } from '../components/ModuleList.tsx';
import { PreviewStage } from '../components/PreviewStage.tsx';
import { ProjectSettingsPanel } from '../components/ProjectSettingsPanel.tsx';
import { PublishControl } from '../components/PublishControl.tsx';
import { RouteBar } from '../components/RouteBar.tsx';
import { ServerUnavailable } from '../components/ServerUnavailable.tsx';
import { Splash } from '../components/Splash.tsx';
import { type StageTab, StageTabs } from '../components/StageTabs.tsx';
import { WorkspaceHeader } from '../components/WorkspaceHeader.tsx';
import { WorkspaceLayout, type WorkspaceView } from '../components/WorkspaceLayout.tsx';
import type { Device } from '../devices.ts';
import { acceptKnowledgeProposal } from '../plan-queries.ts';
import { cancelGeneration, type Module, markRendered, type Project, reportPreviewError } from '../queries.ts';
import { isInProgress, shownStatus } from '../revision-status.ts';
import { atLeast } from '../roles.ts';
import { saveSecretAndContinue } from '../secrets-queries.ts';
import { useChat } from '../use-chat.ts';
import { useExpertDisabledReason } from '../use-expert.ts';
import { useHistory } from '../use-history.ts';
import { usePreview } from '../use-preview.ts';
import { useProject } from '../use-project.ts';
import { usePublish } from '../use-publish.ts';
import { useSession } from '../use-session.ts';
import { useTitle } from '../use-title.ts';
import { useToast } from '../use-toast.ts';
import { shortcutCommand, useWorkspaceCommands, type WorkspaceCommand } from '../workspace-commands.ts';
import { NotFoundPage } from './NotFoundPage.tsx';

const WEB_PAGE_TYPES = new Set(['PAGE', 'AUTH_PAGE_SIGN_IN', 'AUTH_PAGE_SIGN_UP', 'AUTH_PAGE_LOGOUT']);

/**
 * Mobile mode (Expo pages) when the Mobile device is chosen, else web. A project without mobile pages shows
 * its web pages at phone width rather than a blank phone, and one with only mobile pages always shows those.
 */
function previewMode(device: Device, modules: Module[]): PreviewMode {
  const hasMobile = modules.some((m) => m.moduleType === 'EXPO_PAGE');
  const hasWeb = modules.some((m) => WEB_PAGE_TYPES.has(m.moduleType));
  return hasMobile && (device === 'mobile' || !hasWeb) ? 'mobile' : 'web';
}

/** `/projects/:id`: chat, modules, code and the live preview of one project. */
export function WorkspacePage({ projectId }: { projectId: string }) {
  const { state, refresh, discussionDraft } = useProject(projectId);
  if (state.status === 'loading') return <Splash />;
  if (state.status === 'missing') {
    return (
      <NotFoundPage
        title="Project not found"
        message="This project does not exist, or it belongs to someone else."
      />
    );
  }
  if (state.status === 'error')
    return <ServerUnavailable message={state.message} onRetry={() => void refresh()} />;
  return (
    <Workspace
      project={state.project}
      refresh={refresh}
      refreshError={state.refreshError}
      discussionText={discussionDraft?.text ?? null}
    />
  );
}

function Workspace({
  project,
  refresh,
  refreshError,
  discussionText,
}: {
  project: Project;
  refresh: () => Promise<void>;
  refreshError: string | null;
  /** A discussion's answer as the model writes it, or null. */
  discussionText: string | null;
}) {
  useTitle(project.name);
  const { organizations, reloadOrganizations, organization, selectOrganization } = useSession();
  // Roles change while the session lasts (an admin demotes someone); ask afresh what this user may do here.
  useEffect(() => {
    void reloadOrganizations();
  }, [reloadOrganizations]);
  // "All projects" leads back to the list this project is in, even when it was opened from a link.
  const ownOrganization = organizations.some((o) => o.id === project.organizationId);
  useEffect(() => {
    if (ownOrganization && organization?.id !== project.organizationId)
      selectOrganization(project.organizationId);
  }, [ownOrganization, organization?.id, project.organizationId, selectOrganization]);
  const toast = useToast();
  const revision = project.latestRevision;
  const status = revision?.status;
  const inProgress = isInProgress(status);
  const modules = revision?.modules ?? [];

  const [device, setDevice] = useState<Device>('desktop');
  const [tab, setTab] = useState<StageTab>('preview');
  const [view, setView] = useState<WorkspaceView>('preview');
  const [selected, setSelected] = useState<string | null>(null);
  const [route, setRoute] = useState('/');
  const [errors, setErrors] = useState<{ revisionId: string | null; byPath: Record<string, string> }>({
    revisionId: null,
    byPath: {},
  });
  const [painted, setPainted] = useState(false);
  const iframe = useRef<HTMLIFrameElement | null>(null);
  // The layout can move the preview (wide panels ↔ a phone's single view): the client must follow the new frame.
  const [frameVersion, setFrameVersion] = useState(0);
  const iframeRef = useCallback((element: HTMLIFrameElement | null) => {
    iframe.current = element;
    if (element) setFrameVersion((n) => n + 1);
  }, []);
  const rendered = useRef(new Set<string>());
  const revisionId = revision?.id ?? null;
  // Render errors belong to one revision; a new revision starts clean.
  const moduleErrors = errors.revisionId === revisionId ? errors.byPath : {};

  const chat = useChat(project, refresh);
  const expertDisabledReason = useExpertDisabledReason(project.organizationId);
  const [stopError, setStopError] = useState<string | null>(null);
  async function stopGeneration() {
    setStopError(null);
    try {
      await cancelGeneration(project.id);
    } catch (caught) {
      setStopError(errorMessage(caught));
    }
    await refresh();
  }
  const onPublished = useCallback(
    (url: string) =>
      toast(`Published at ${url}`, 'ok', {
        label: 'Copy link',
        onClick: () => {
          navigator.clipboard?.writeText(url).then(
            () => toast('Link copied.'),
            () => toast('Could not copy the link; select it in the header instead.', 'error'),
          );
        },
      }),
    [toast],
  );
  const publishing = usePublish(project, refresh, onPublished);
  // A refusal may mean the user's role just changed: learn it, so the controls follow.
  useEffect(() => {
    if (chat.error || publishing.error) void reloadOrganizations();
  }, [chat.error, publishing.error, reloadOrganizations]);
  const history = useHistory(project.id, `${revisionId}:${status}`, revisionId, refresh);
  // The user's role where the project lives; unknown (organisations not loaded) leaves it to the server.
  const role = organizations.find((o) => o.id === project.organizationId)?.role;
  const canEdit = role === undefined || atLeast(role, 'EDITOR');

  const preview = usePreview({
    iframe,
    previewUrl: project.previewUrl,
    sandboxToken: project.sandboxToken,
    revision,
    generating: inProgress,
    mode: previewMode(device, modules),
    frameVersion,
    handlers: {
      onRoute: setRoute,
      onError: (error) => {
        setPainted(true);
        // The runtime posts each module's error once per load; the server's log keeps it (best effort).
        reportPreviewError({ ...error, mode: previewMode(device, modules) }).catch(() => {});
        setErrors((old) => ({
          revisionId: error.revisionId,
          byPath: {
            ...(old.revisionId === error.revisionId ? old.byPath : {}),
            [error.filePath]: error.message,
          },
        }));
      },
      onFix: (error) => void chat.fix(error),
      // A route with nothing to render reports neither; do not leave "Starting preview…" up for ever.
      onReady: () => setTimeout(() => setPainted(true), 2000),
      onRendered: (id, generating) => {
        setPainted(true);
        // A draft's render is not the revision's first render: that is reported once its code is final.
        // Only EDITOR+ may record it (issue 13); a VIEWER's builder does not ask.
        if (generating || !canEdit || rendered.current.has(id)) return;
        rendered.current.add(id);
        // Bookkeeping only: a failure here changes nothing the user sees.
        markRendered(id).catch(() => rendered.current.delete(id));
      },
    },
  });

  const disabledReason = !canEdit
    ? 'Viewers cannot publish.'
    : inProgress
      ? 'Wait until Kiln has finished building.'
      : modules.length === 0
        ? 'There is nothing to publish yet.'
        : null;
  const publish = publishing.publish;
  const onCommand = useCallback(
    (command: WorkspaceCommand) => {
      if (command.type === 'tab') {
        setTab(command.tab);
        setView(command.tab === 'code' ? 'code' : 'preview');
      } else if (command.type === 'publish') {
        if (disabledReason) toast(`Cannot publish yet: ${disabledReason}`, 'error');
        else void publish();
      } else {
        setView('chat');
        setTimeout(() => document.querySelector<HTMLTextAreaElement>('.composer textarea')?.focus(), 0);
      }
    },
    [disabledReason, publish, toast],
  );
  useWorkspaceCommands(onCommand);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const command = shortcutCommand(event);
      if (!command) return;
      event.preventDefault();
      onCommand(command);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onCommand]);
  const selectedModule = modules.find((m) => m.filePath === selected) ?? modules[0] ?? null;
  const routes = useMemo(
    () => [...new Set(modules.flatMap((m) => (m.route && !m.route.startsWith('/api') ? [m.route] : [])))],
    [modules],
  );

  return (
    <div className="workspace">
      <WorkspaceHeader
        name={project.name}
        status={shownStatus(status, project.messages.findLast((m) => m.role === 'assistant')?.text)}
        readOnly={!canEdit}
      >
        <PublishControl
          url={publishing.url}
          freshness={project.publish.freshness}
          disabledReason={disabledReason}
          publishing={publishing.publishing}
          onPublish={() => void publishing.publish()}
        />
        {project.publish.freshness !== 'NEVER_PUBLISHED_BEFORE' ? (
          <DeploymentsButton projectId={project.id} canEdit={canEdit} onChanged={refresh} />
        ) : null}
      </WorkspaceHeader>
      {publishing.error ? (
        <div className="banner banner-error">
          <span role="alert">{publishing.error}</span>
          <button
            type="button"
            className="banner-close"
            aria-label="Dismiss"
            onClick={publishing.dismissError}
          >
            ×
          </button>
        </div>
      ) : null}
      <main id="main" className="flex min-h-0 flex-1 flex-col">
        <WorkspaceLayout
          view={view}
          onView={(next) => {
            setView(next);
            if (next !== 'chat') setTab(next);
          }}
          chat={
            <ChatPanel
              messages={project.messages}
              pending={chat.pending}
              status={status}
              inProgress={inProgress}
              error={chat.error ?? stopError ?? refreshError}
              sending={chat.sending}
              onSend={chat.send}
              expertDisabledReason={expertDisabledReason}
              discussionText={discussionText}
              onAcceptKnowledge={
                canEdit
                  ? async (messageId, index) => {
                      await acceptKnowledgeProposal(messageId, index);
                      toast('Added to project knowledge.');
                      await refresh();
                    }
                  : undefined
              }
              onStop={canEdit ? () => void stopGeneration() : undefined}
              readOnlyReason={canEdit ? null : 'Viewers can look but not change this project.'}
              publish={
                canEdit
                  ? {
                      onPublish: () => void publishing.publish(),
                      publishDisabledReason: disabledReason,
                      publishing: publishing.publishing,
                    }
                  : undefined
              }
              onSaveSecret={
                canEdit
                  ? async (name, value) => {
                      await saveSecretAndContinue(project.id, name, value);
                      await refresh();
                    }
                  : undefined
              }
              openFile={(filePath) =>
                modules.some((m) => m.filePath === filePath)
                  ? () => {
                      setSelected(filePath);
                      setTab('code');
                      setView('code');
                    }
                  : null
              }
            />
          }
          modules={
            <ModuleList
              modules={modules}
              selected={tab === 'code' ? (selectedModule?.filePath ?? null) : null}
              errors={moduleErrors}
              generating={inProgress}
              onSelect={(filePath) => {
                setSelected(filePath);
                setTab('code');
              }}
            />
          }
          stage={(toggles) => (
            <section className="stage-column h-full" aria-label="Stage">
              <div className="stage-toolbar">
                {toggles}
                <StageTabs tab={tab} onChange={setTab} />
                <RouteBar
                  route={route}
                  routes={routes}
                  onNavigate={(to) => {
                    setRoute(to);
                    setTab('preview');
                    preview.navigate(to);
                  }}
                />
                <DeviceToggle device={device} onChange={setDevice} />
              </div>
              <div className="stage-area">
                <div id="stage-preview" className="stage-pane" hidden={tab !== 'preview'}>
                  <PreviewStage
                    iframe={iframeRef}
                    previewUrl={project.previewUrl}
                    device={device}
                    empty={modules.length === 0}
                    generating={inProgress}
                    painted={painted}
                  />
                </div>
                {tab === 'code' ? (
                  <div id="stage-code" className="stage-pane">
                    <CodePanel module={selectedModule} />
                  </div>
                ) : null}
                {tab === 'history' ? (
                  <div id="stage-history" className="stage-pane">
                    <HistoryPanel
                      revisions={history.revisions}
                      listError={history.listError}
                      selected={history.selected}
                      latestId={revisionId}
                      diff={history.diff}
                      restoring={history.restoring}
                      restoreError={history.restoreError}
                      restoreDisabledReason={
                        !canEdit
                          ? 'Viewers cannot restore versions.'
                          : inProgress
                            ? 'Wait until Kiln has finished building.'
                            : null
                      }
                      onSelect={history.select}
                      onRestore={async () => {
                        const restored = await history.restore();
                        if (!restored) return;
                        toast(`Restored version ${restored.number}.`);
                        setTab('preview');
                      }}
                    />
                  </div>
                ) : null}
                {tab === 'database' ? (
                  <div id="stage-database" className="stage-pane stage-pane-scroll">
                    <DatabasePanel
                      projectId={project.id}
                      revisionKey={`${revisionId ?? ''}:${revision?.status ?? ''}`}
                      canEdit={canEdit}
                    />
                  </div>
                ) : null}
                {tab === 'logs' ? (
                  <div id="stage-logs" className="stage-pane stage-pane-scroll">
                    <LogsPanel projectId={project.id} organizationId={project.organizationId} />
                  </div>
                ) : null}
                {tab === 'analytics' ? (
                  <div id="stage-analytics" className="stage-pane stage-pane-scroll">
                    <AnalyticsPanel projectId={project.id} />
                  </div>
                ) : null}
                {tab === 'settings' ? (
                  <div id="stage-settings" className="stage-pane stage-pane-scroll">
                    <ProjectSettingsPanel projectId={project.id} canEdit={canEdit} onChanged={refresh} />
                  </div>
                ) : null}
              </div>
            </section>
          )}
        />
      </main>
    </div>
  );
}
