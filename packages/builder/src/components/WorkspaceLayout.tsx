import { type LucideIcon, PanelLeftClose, PanelLeftOpen, Rows3 } from 'lucide-react';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { Group, Panel, Separator, useDefaultLayout, usePanelRef } from 'react-resizable-panels';

/** A resize handle between panels: a hairline with a wider grip, ember while dragged, hovered or focused. */
const SEPARATOR =
  "relative w-px bg-border outline-none after:absolute after:inset-y-0 after:-inset-x-[3px] after:content-[''] hover:bg-accent hover:shadow-[0_0_0_1px_var(--accent)] focus-visible:bg-accent focus-visible:shadow-[0_0_0_1px_var(--accent)] data-[separator=active]:bg-accent data-[separator=active]:shadow-[0_0_0_1px_var(--accent)]";

import { useMediaQuery } from '../use-media-query.ts';
import { Button } from './ui/button.tsx';
import { Segment, Segmented } from './ui/segmented.tsx';

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
      <Segmented className="m-2 self-center" role="group" aria-label="Show">
        {VIEWS.map(({ view: value, label }) => (
          <Segment key={value} type="button" aria-pressed={view === value} onClick={() => onView(value)}>
            {label}
          </Segment>
        ))}
      </Segmented>
      <div className="flex min-h-0 flex-1 flex-col border-t border-border">
        {view === 'chat' ? (
          <aside className="flex min-h-0 flex-1 flex-col border-r-0 bg-surface" aria-label="Chat">
            {chat}
          </aside>
        ) : null}
        {view === 'code' ? (
          <div className="max-h-[35vh] [&>.module-list]:h-full overflow-auto border-b border-border">
            {modules}
          </div>
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
        <aside className="flex h-full min-h-0 flex-col bg-surface" aria-label="Chat">
          {chat}
        </aside>
      </Panel>
      <Separator className={SEPARATOR} />
      <Panel
        id="modules"
        panelRef={modulesPanel}
        defaultSize="17%"
        minSize={150}
        maxSize="30%"
        collapsible
        onResize={(size) => setModulesHidden(size.inPixels < 1)}
      >
        <div className="h-full [&>.module-list]:h-full">{modules}</div>
      </Panel>
      <Separator className={SEPARATOR} />
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
    <Button
      type="button"
      variant="ghost"
      size="iconSm"
      aria-label={name}
      title={name}
      aria-pressed={shown}
      onClick={onToggle}
    >
      <Icon size={15} aria-hidden="true" />
    </Button>
  );
}
