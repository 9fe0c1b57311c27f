import { type LucideIcon, PanelLeftClose, PanelLeftOpen, Rows3 } from 'lucide-react';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { Group, Panel, Separator, useDefaultLayout, usePanelRef } from 'react-resizable-panels';
import { cn } from '../lib/cn.ts';
import { useMediaQuery } from '../use-media-query.ts';

/** Below this width the workspace shows one view at a time (chat, preview or code). */
export const NARROW_QUERY = '(max-width: 899px)';

export type WorkspaceView = 'chat' | 'preview' | 'code';

const VIEWS: { view: WorkspaceView; label: string }[] = [
  { view: 'chat', label: 'Chat' },
  { view: 'preview', label: 'Preview' },
  { view: 'code', label: 'Code' },
];

/**
 * The workspace's three columns: chat, modules and the stage. From 900 px up they are resizable panels
 * (drag or arrow keys on a separator; chat and modules collapse), sizes remembered in localStorage. Below,
 * a switch shows one view at a time: Chat, Preview (the stage) or Code (modules over the stage).
 */
export function WorkspaceLayout({
  chat,
  modules,
  stage,
  view,
  onView,
}: {
  chat: ReactNode;
  modules: ReactNode;
  stage: (toggles: ReactNode) => ReactNode;
  /** The view shown on a narrow screen. */
  view: WorkspaceView;
  onView: (view: WorkspaceView) => void;
}) {
  const narrow = useMediaQuery(NARROW_QUERY);
  return narrow ? (
    <div className="flex min-h-0 flex-1 flex-col">
      <div className="segmented m-2 self-center" role="group" aria-label="Show">
        {VIEWS.map(({ view: value, label }) => (
          <button
            key={value}
            type="button"
            className="segment"
            aria-pressed={view === value}
            onClick={() => onView(value)}
          >
            {label}
          </button>
        ))}
      </div>
      <div className="flex min-h-0 flex-1 flex-col border-t border-border">
        {view === 'chat' ? (
          <aside className="chat-column min-h-0 flex-1 border-r-0" aria-label="Chat">
            {chat}
          </aside>
        ) : null}
        {view === 'code' ? (
          <div className="workspace-modules max-h-[35vh] overflow-auto border-b border-border">{modules}</div>
        ) : null}
        {view !== 'chat' ? <div className="flex min-h-0 flex-1 flex-col">{stage(null)}</div> : null}
      </div>
    </div>
  ) : (
    <WideLayout chat={chat} modules={modules} stage={stage} />
  );
}

function WideLayout({
  chat,
  modules,
  stage,
}: {
  chat: ReactNode;
  modules: ReactNode;
  stage: (toggles: ReactNode) => ReactNode;
}) {
  const saved = useDefaultLayout({ id: 'kiln:workspace-layout', storage: localStorage });
  const chatPanel = usePanelRef();
  const modulesPanel = usePanelRef();
  const [chatHidden, setChatHidden] = useState(false);
  const [modulesHidden, setModulesHidden] = useState(false);
  const toggle = (panel: typeof chatPanel) => {
    const handle = panel.current;
    if (!handle) return;
    if (handle.isCollapsed()) handle.expand();
    else handle.collapse();
  };
  const toggles = (
    <div className="flex flex-none items-center">
      <PanelToggle
        name="Show chat"
        shown={!chatHidden}
        icon={chatHidden ? PanelLeftOpen : PanelLeftClose}
        onToggle={() => toggle(chatPanel)}
      />
      <PanelToggle
        name="Show modules"
        shown={!modulesHidden}
        icon={Rows3}
        onToggle={() => toggle(modulesPanel)}
      />
    </div>
  );
  return (
    <Group
      className="min-h-0 flex-1"
      defaultLayout={saved.defaultLayout}
      onLayoutChanged={saved.onLayoutChanged}
    >
      <Panel
        id="chat"
        panelRef={chatPanel}
        defaultSize="30%"
        minSize={260}
        maxSize="45%"
        collapsible
        onResize={(size) => setChatHidden(size.inPixels < 1)}
      >
        <aside className="chat-column h-full" aria-label="Chat">
          {chat}
        </aside>
      </Panel>
      <Separator className={cn('workspace-separator', chatHidden && 'workspace-separator-edge')} />
      <Panel
        id="modules"
        panelRef={modulesPanel}
        defaultSize="17%"
        minSize={150}
        maxSize="30%"
        collapsible
        onResize={(size) => setModulesHidden(size.inPixels < 1)}
      >
        <div className="workspace-modules h-full">{modules}</div>
      </Panel>
      <Separator className="workspace-separator" />
      <Panel id="stage" minSize={380}>
        {stage(toggles)}
      </Panel>
    </Group>
  );
}

/** A toggle button (aria-pressed) that shows or hides one of the workspace's side panels. */
function PanelToggle({
  name,
  shown,
  icon: Icon,
  onToggle,
}: {
  name: string;
  shown: boolean;
  icon: LucideIcon;
  onToggle: () => void;
}) {
  return (
    <button
      type="button"
      className="button button-ghost button-icon button-icon-small"
      aria-label={name}
      title={name}
      aria-pressed={shown}
      onClick={onToggle}
    >
      <Icon size={15} aria-hidden="true" />
    </button>
  );
}
