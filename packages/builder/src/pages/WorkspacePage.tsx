import type { ElementSelectedMessage, PreviewMode } from '@kiln/preview/protocol';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { errorMessage } from '../api.ts';
import { uploadAttachment } from '../chat-attachments.ts';
import { AnalyticsPanel } from '../components/AnalyticsPanel.tsx';
import { ChatPanel } from '../components/ChatPanel.tsx';
import { CodePanel } from '../components/CodePanel.tsx';
import { DatabasePanel } from '../components/DatabasePanel.tsx';
import { DeploymentsButton } from '../components/DeploymentsDialog.tsx';
import { DeviceToggle } from '../components/DeviceToggle.tsx';
import { ExportButton } from '../components/ExportButton.tsx';
import { HistoryPanel } from '../components/HistoryPanel.tsx';
import { LogsPanel } from '../components/LogsPanel.tsx';
import { MigrationDialog } from '../components/MigrationDialog.tsx';
import { type ModuleActions, ModuleList } from '../components/ModuleList.tsx';
import { PresenceAvatars } from '../components/PresenceAvatars.tsx';
import { PreviewActions } from '../components/PreviewActions.tsx';
import { PreviewStage } from '../components/PreviewStage.tsx';
import { ProjectSettingsPanel } from '../components/ProjectSettingsPanel.tsx';
import { PublishControl } from '../components/PublishControl.tsx';
import { PublishWarningsDialog } from '../components/PublishWarningsDialog.tsx';
import { RouteBar } from '../components/RouteBar.tsx';
import { SecurityWarningsButton } from '../components/SecurityWarningsButton.tsx';
import { SelectModeToggle } from '../components/SelectModeToggle.tsx';
import { ServerUnavailable } from '../components/ServerUnavailable.tsx';
import { ShareButton, ShareDialog } from '../components/ShareDialog.tsx';
import { Splash } from '../components/Splash.tsx';
import { type StageTab, StageTabs } from '../components/StageTabs.tsx';
import { VisualEditPanel } from '../components/VisualEditPanel.tsx';
import { WorkspaceHeader } from '../components/WorkspaceHeader.tsx';
import { WorkspaceLayout, type WorkspaceView } from '../components/WorkspaceLayout.tsx';
import type { Device } from '../devices.ts';
import { addMigration, createModule, deleteModule, renameModule } from '../editor-queries.ts';
import { acceptKnowledgeProposal, cancelDiscussion } from '../plan-queries.ts';
import {
  cancelGeneration,
  type Module,
  markRendered,
  type Project,
  reportPreviewError,
  startDeepDebugging,
} from '../queries.ts';
import { isInProgress, shownStatus } from '../revision-status.ts';
import { atLeast } from '../roles.ts';
import { saveSecretAndContinue } from '../secrets-queries.ts';
import { useChat } from '../use-chat.ts';
import { useCodeEditor } from '../use-code-editor.ts';
import { useExpertDisabledReason } from '../use-expert.ts';
import { useHistory } from '../use-history.ts';
import { usePresence } from '../use-presence.ts';
import { usePreview } from '../use-preview.ts';
import { useProject } from '../use-project.ts';
import { usePublish } from '../use-publish.ts';
import { useSecurityScan } from '../use-security-scan.ts';
import { useSession } from '../use-session.ts';
import { useTitle } from '../use-title.ts';
import { useToast } from '../use-toast.ts';
import { shortcutCommand, useWorkspaceCommands, type WorkspaceCommand } from '../workspace-commands.ts';

/** One tab's pane over the stage (the `hidden` attribute hides it). */
const PANE = 'absolute inset-0 flex flex-col [&[hidden]]:hidden';

import { NotFoundPage } from './NotFoundPage.tsx';

/** Why a file with unsaved edits cannot be renamed yet. */
const UNSAVED_BEFORE_RENAME =
  'This file has unsaved changes: save them (or reload the file) before renaming it.';

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
  const { me, organizations, reloadOrganizations, organization, selectOrganization } = useSession();
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
  const [errors, setErrors] = useState<{
    revisionId: string | null;
    byPath: Record<string, string>;
    /** Where in the file, when the preview knows (compile errors; render errors from the stack). */
    at: Record<string, { line?: number; column?: number }>;
  }>({ revisionId: null, byPath: {}, at: {} });
  const [painted, setPainted] = useState(false);
  // Reload: a new iframe, started at the route the preview is on.
  const [reloads, setReloads] = useState(0);
  const [sharing, setSharing] = useState(false);
  // Closing Share gives focus back to its button, also when the palette opened it.
  const shareButton = useRef<HTMLButtonElement>(null);
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
  const errorPlaces = errors.revisionId === revisionId ? errors.at : {};
  // The code editor's unsaved text, shown in the preview while typing (no revision until save).
  const editor = useCodeEditor(project.id, revision, refresh);
  const previewingDraft = !inProgress && editor.previewRevision !== revision;
  const draftShown = useRef(false);
  draftShown.current = previewingDraft;
  // Each load of typed text re-reports its errors: the previous text's are stale.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `previewKey` says the preview got other text.
  useEffect(() => {
    setErrors((old) =>
      Object.keys(old.byPath).length ? { revisionId: old.revisionId, byPath: {}, at: {} } : old,
    );
  }, [editor.previewKey]);

  const chat = useChat(project, refresh);
  const projectId = project.id;
  const uploadImage = useCallback((file: File) => uploadAttachment(projectId, file), [projectId]);
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
  async function stopDiscussion() {
    setStopError(null);
    try {
      await cancelDiscussion(project.id);
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
  // Select mode (visual edits, issue 17): on while asked for and possible; the picked element's panel.
  const [selectMode, setSelectMode] = useState(false);
  const [picked, setPicked] = useState<ElementSelectedMessage | null>(null);
  const selectUnavailable = !canEdit
    ? 'Viewers cannot edit.'
    : inProgress
      ? 'Wait until Kiln has finished building.'
      : modules.length === 0
        ? 'There is nothing to select yet.'
        : null;
  const selecting = selectMode && selectUnavailable === null && tab === 'preview';
  useEffect(() => {
    if (!selecting || picked) return;
    const leave = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setSelectMode(false);
    };
    window.addEventListener('keydown', leave);
    return () => window.removeEventListener('keydown', leave);
  }, [selecting, picked]);
  // The warnings listed beside Publish, read again when a revision finishes (not while it builds).
  const securityFindings = useSecurityScan(project.id, `${revisionId}:${status}`, canEdit && !inProgress);

  const preview = usePreview({
    iframe,
    previewUrl: project.previewUrl,
    sandboxToken: project.sandboxToken,
    revision: inProgress ? revision : editor.previewRevision,
    generating: inProgress,
    mode: previewMode(device, modules),
    frameVersion,
    selecting,
    handlers: {
      onElementSelected: setPicked,
      onSelectMode: (on) => {
        if (!on) setSelectMode(false);
      },
      onRoute: setRoute,
      onError: (error) => {
        setPainted(true);
        // The runtime posts each module's error once per load; the server's log keeps it (best effort) —
        // not an error in unsaved text being typed.
        if (!draftShown.current)
          reportPreviewError({
            revisionId: error.revisionId,
            filePath: error.filePath,
            message: error.message,
            mode: previewMode(device, modules),
          }).catch(() => {});
        setErrors((old) => {
          const same = old.revisionId === error.revisionId;
          return {
            revisionId: error.revisionId,
            byPath: { ...(same ? old.byPath : {}), [error.filePath]: error.message },
            at: {
              ...(same ? old.at : {}),
              [error.filePath]: { line: error.line, column: error.column },
            },
          };
        });
      },
      onFix: (error) => {
        if (draftShown.current) toast('Save your edit first: Fix it works on saved code.', 'error');
        else void chat.fix(error);
      },
      // A route with nothing to render reports neither; do not leave "Starting preview…" up for ever.
      onReady: () => setTimeout(() => setPainted(true), 2000),
      onRendered: (id, generating) => {
        setPainted(true);
        // A draft's render is not the revision's first render: that is reported once its code is final.
        // Only EDITOR+ may record it (issue 13); a VIEWER's builder does not ask.
        if (generating || !canEdit || draftShown.current || rendered.current.has(id)) return;
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
      } else if (command.type === 'share') {
        setSharing(true);
      } else if (command.type === 'publish') {
        if (disabledReason) toast(`Cannot publish yet: ${disabledReason}`, 'error');
        else void publish();
      } else {
        setView('chat');
        setTimeout(
          () => document.querySelector<HTMLTextAreaElement>('form[data-composer] textarea')?.focus(),
          0,
        );
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
  // A module's path → opens it in the code view (null when the project has no such module).
  const openFile = (filePath: string) =>
    modules.some((m) => m.filePath === filePath)
      ? () => {
          setSelected(filePath);
          setTab('code');
          setView('code');
        }
      : null;
  const selectedModule = modules.find((m) => m.filePath === selected) ?? modules[0] ?? null;
  const selectedError = selectedModule ? moduleErrors[selectedModule.filePath] : undefined;
  const saveSelected = (overwrite = false) => {
    if (!selectedModule || !canEdit) return;
    if (inProgress) {
      toast('Wait until Kiln has finished building, then save.', 'error');
      return;
    }
    if (!overwrite && !editor.isDirty(selectedModule.filePath)) return;
    void editor.save(selectedModule, { overwrite });
  };
  // Ctrl/Cmd+S anywhere in the workspace saves the open file while the Code tab shows (the editor handles it
  // itself when focused), instead of the browser's "Save page".
  const saveRef = useRef(saveSelected);
  saveRef.current = saveSelected;
  useEffect(() => {
    if (tab !== 'code') return;
    const onKey = (event: KeyboardEvent) => {
      const mod = event.ctrlKey || event.metaKey;
      if (event.defaultPrevented || !mod || event.altKey || event.shiftKey || event.key.toLowerCase() !== 's')
        return;
      event.preventDefault();
      saveRef.current();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [tab]);
  /** New / rename / delete by hand, each on the revision shown; the list then shows the new state. */
  // The New Migration dialog (a database migration written by hand).
  const [writingMigration, setWritingMigration] = useState(false);
  const moduleActions: ModuleActions | undefined = canEdit
    ? {
        onCreate: async (moduleType) => {
          try {
            const made = await createModule({
              projectId: project.id,
              moduleType,
              baseRevisionId: revisionId,
            });
            const added = made.modules.find((m) => !modules.some((old) => old.filePath === m.filePath));
            await refresh();
            if (added) {
              setSelected(added.filePath);
              setTab('code');
              setView('code');
            }
          } catch (caught) {
            toast(errorMessage(caught), 'error');
          }
        },
        onRename: async (filePath, newFilePath) => {
          // The rename makes a new revision of the file: unsaved text would have nowhere to go.
          if (editor.isDirty(filePath)) throw new Error(UNSAVED_BEFORE_RENAME);
          await renameModule({ projectId: project.id, filePath, newFilePath, baseRevisionId: revisionId });
          editor.discard(filePath);
          await refresh();
          setSelected(newFilePath);
        },
        onDelete: async (filePath) => {
          await deleteModule({ projectId: project.id, filePath, baseRevisionId: revisionId });
          editor.discard(filePath);
          await refresh();
        },
        onNewMigration: () => setWritingMigration(true),
      }
    : undefined;
  // Presence: others see the module this tab shows in Code (none while another tab is open).
  const presence = usePresence(`app-builder:${project.organizationId}:${project.id}`, {
    meId: me?.id ?? null,
    selectedModule: tab === 'code' ? (selectedModule?.filePath ?? null) : null,
  });
  const viewers = useMemo(() => {
    const byModule: Record<string, string[]> = {};
    for (const p of presence.people) {
      for (const m of p.selectedModules)
        byModule[m] = [...(byModule[m] ?? []), p.displayName.trim() || p.email];
    }
    return byModule;
  }, [presence.people]);
  const routes = useMemo(
    () => [...new Set(modules.flatMap((m) => (m.route && !m.route.startsWith('/api') ? [m.route] : [])))],
    [modules],
  );

  return (
    <div className="flex h-screen flex-col overflow-hidden max-[860px]:h-dvh">
      <WorkspaceHeader
        name={project.name}
        status={shownStatus(status, project.messages.findLast((m) => m.role === 'assistant')?.text)}
        readOnly={!canEdit}
        presence={<PresenceAvatars people={presence.people} />}
      >
        <SecurityWarningsButton
          findings={securityFindings}
          onOpen={() => publishing.review(securityFindings)}
        />
        <ShareButton ref={shareButton} onOpen={() => setSharing(true)} />
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
        <ExportButton projectId={project.id} />
      </WorkspaceHeader>
      {sharing ? (
        <ShareDialog
          projectName={project.name}
          organizationId={project.organizationId}
          url={publishing.url}
          publishDisabledReason={disabledReason}
          publishing={publishing.publishing}
          onPublish={() => void publishing.publish()}
          onClose={() => {
            setSharing(false);
            setTimeout(() => shareButton.current?.focus(), 0);
          }}
        />
      ) : null}
      {publishing.warnings ? (
        <PublishWarningsDialog
          warnings={publishing.warnings}
          onPublishAnyway={() => void publishing.publishAnyway()}
          onClose={publishing.cancelWarnings}
          openFile={openFile}
          publishDisabledReason={disabledReason}
        />
      ) : null}
      {publishing.error ? (
        <div className="flex items-center justify-between gap-3 border-b border-error-border bg-error-soft px-4 py-[9px] text-[13px] text-error">
          <span role="alert">{publishing.error}</span>
          <button
            type="button"
            className="cursor-pointer border-0 bg-transparent text-[18px] leading-none text-inherit"
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
              pendingImages={chat.pendingImages}
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
              onStopDiscussion={canEdit ? () => void stopDiscussion() : undefined}
              uploadImage={canEdit ? uploadImage : undefined}
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
              onDeepDebug={
                canEdit
                  ? async (request) => {
                      await startDeepDebugging({ projectId: project.id, ...request });
                      await refresh();
                    }
                  : undefined
              }
              openFile={openFile}
            />
          }
          modules={
            <>
              <ModuleList
                modules={modules}
                selected={tab === 'code' ? (selectedModule?.filePath ?? null) : null}
                errors={moduleErrors}
                generating={inProgress}
                dirty={editor.isDirty}
                actions={moduleActions}
                viewers={viewers}
                onSelect={(filePath) => {
                  setSelected(filePath);
                  setTab('code');
                }}
              />
              {writingMigration ? (
                <MigrationDialog
                  onClose={() => setWritingMigration(false)}
                  onSubmit={async ({ name, sql }) => {
                    await addMigration({ projectId: project.id, name, sql, baseRevisionId: revisionId });
                    toast(`Migration ${name} is being applied.`, 'ok');
                    await refresh();
                  }}
                />
              ) : null}
            </>
          }
          stage={(toggles) => (
            <section
              className="@container grid h-full min-h-0 min-w-0 grid-rows-[auto_minmax(0,1fr)]"
              aria-label="Stage"
            >
              <div className="flex min-h-[52px] flex-wrap items-center gap-x-2.5 gap-y-2 border-b border-border bg-surface px-2.5 py-2">
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
                <SelectModeToggle
                  on={selecting}
                  disabledReason={selectUnavailable}
                  onChange={(on) => {
                    setSelectMode(on);
                    if (on) setTab('preview');
                  }}
                />
                <DeviceToggle device={device} onChange={setDevice} />
                <PreviewActions
                  projectId={project.id}
                  route={route}
                  onReload={() => {
                    setPainted(false);
                    setReloads((n) => n + 1);
                    setTab('preview');
                  }}
                />
              </div>
              <div className="relative min-h-0 bg-surface-2 bg-[radial-gradient(var(--dot)_1px,transparent_1px)] bg-size-[18px_18px]">
                <div id="stage-preview" className={PANE} hidden={tab !== 'preview'}>
                  <PreviewStage
                    iframe={iframeRef}
                    previewUrl={project.previewUrl}
                    device={device}
                    empty={modules.length === 0}
                    generating={inProgress}
                    painted={painted}
                    reloads={reloads}
                  />
                  {picked && selecting ? (
                    <VisualEditPanel
                      projectId={project.id}
                      element={picked}
                      frame={iframe.current?.getBoundingClientRect() ?? null}
                      onQueued={(_id, what) => {
                        toast(`${what} saved. The preview updates once it is checked.`);
                        void refresh();
                      }}
                      onClose={() => setPicked(null)}
                      upload={preview.upload}
                    />
                  ) : null}
                </div>
                {tab === 'code' ? (
                  <div id="stage-code" className={PANE}>
                    <CodePanel
                      module={selectedModule}
                      text={selectedModule ? editor.textOf(selectedModule) : ''}
                      dirty={selectedModule ? editor.isDirty(selectedModule.filePath) : false}
                      readOnly={!canEdit}
                      error={
                        selectedModule && selectedError
                          ? { message: selectedError, ...errorPlaces[selectedModule.filePath] }
                          : null
                      }
                      saving={editor.saving}
                      saveError={editor.saveError}
                      conflict={editor.conflict}
                      onChange={(text) => selectedModule && editor.setText(selectedModule, text)}
                      onSave={() => saveSelected()}
                      onOverwrite={() => saveSelected(true)}
                      onReload={() => selectedModule && editor.discard(selectedModule.filePath)}
                      onDismissConflict={editor.dismissConflict}
                      onFix={
                        selectedModule && selectedError && revisionId
                          ? () =>
                              void chat.fix({
                                revisionId,
                                filePath: selectedModule.filePath,
                                message: selectedError,
                              })
                          : null
                      }
                    />
                  </div>
                ) : null}
                {tab === 'history' ? (
                  <div id="stage-history" className={PANE}>
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
                      onRestore={async (withData) => {
                        const restored = await history.restore(withData);
                        if (!restored) return;
                        toast(`Restored version ${restored.number}${withData ? ' with its data' : ''}.`);
                        setTab('preview');
                      }}
                    />
                  </div>
                ) : null}
                {tab === 'database' ? (
                  <div id="stage-database" className={`${PANE} overflow-y-auto`}>
                    <DatabasePanel
                      projectId={project.id}
                      revisionKey={`${revisionId ?? ''}:${revision?.status ?? ''}`}
                      canEdit={canEdit}
                    />
                  </div>
                ) : null}
                {tab === 'logs' ? (
                  <div id="stage-logs" className={`${PANE} overflow-y-auto`}>
                    <LogsPanel projectId={project.id} organizationId={project.organizationId} />
                  </div>
                ) : null}
                {tab === 'analytics' ? (
                  <div id="stage-analytics" className={`${PANE} overflow-y-auto`}>
                    <AnalyticsPanel projectId={project.id} />
                  </div>
                ) : null}
                {tab === 'settings' ? (
                  <div id="stage-settings" className={`${PANE} overflow-y-auto`}>
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
