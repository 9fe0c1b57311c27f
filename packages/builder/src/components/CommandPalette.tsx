import { useNavigate } from '@tanstack/react-router';
import { Command } from 'cmdk';
import {
  Code,
  Database,
  Eye,
  FolderOpen,
  History,
  MessageSquare,
  Moon,
  Plus,
  Rocket,
  Settings,
  Share2,
  SlidersHorizontal,
  Sun,
  Users,
} from 'lucide-react';
import { type ReactNode, useEffect, useState } from 'react';
import { toggleTheme, useTheme } from '../theme.ts';
import { useProjectGroups } from '../use-project-groups.ts';
import { useSession } from '../use-session.ts';
import {
  isPaletteShortcut,
  runWorkspaceCommand,
  TAB_SHORTCUTS,
  useWorkspaceOpen,
  type WorkspaceCommand,
} from '../workspace-commands.ts';
import type { StageTab } from './StageTabs.tsx';
import { Dialog, DialogContent, DialogTitle } from './ui/dialog.tsx';

const TAB_ITEMS: { tab: StageTab; label: string; icon: ReactNode }[] = [
  { tab: 'preview', label: 'Show preview', icon: <Eye size={15} aria-hidden="true" /> },
  { tab: 'code', label: 'Show code', icon: <Code size={15} aria-hidden="true" /> },
  { tab: 'history', label: 'Show history', icon: <History size={15} aria-hidden="true" /> },
  { tab: 'database', label: 'Show database', icon: <Database size={15} aria-hidden="true" /> },
  {
    tab: 'settings',
    label: 'Show project settings',
    icon: <SlidersHorizontal size={15} aria-hidden="true" />,
  },
];

const MOD = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform) ? '⌘' : 'Ctrl';

/** Cmd/Ctrl+K from anywhere signed in: open a project, start one, switch tab, publish, theme, settings. */
export function CommandPalette() {
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  const { organization, me } = useSession();
  const workspace = useWorkspaceOpen();
  const theme = useTheme();
  const { groups } = useProjectGroups(open ? (organization?.id ?? null) : null);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!isPaletteShortcut(event)) return;
      event.preventDefault();
      setOpen((was) => !was);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const run = (action: () => void) => () => {
    setOpen(false);
    action();
  };
  /** To the dashboard, with the prompt box focused. */
  const newProject = () => {
    void navigate({ to: '/' });
    setTimeout(() => document.querySelector<HTMLTextAreaElement>('.prompt-box textarea')?.focus(), 50);
  };
  const inWorkspace = (command: WorkspaceCommand) => run(() => runWorkspaceCommand(command));

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogContent
        className="top-[15vh] w-[min(600px,calc(100vw-32px))] translate-y-0 overflow-hidden p-0"
        aria-describedby={undefined}
      >
        <DialogTitle className="sr-only">Command palette</DialogTitle>
        <Command label="Command palette" className="command-palette flex max-h-[min(460px,70vh)] flex-col">
          <Command.Input
            placeholder="Type a command or search projects…"
            // The focus line: the bottom border turns accent and thickens (a ring outside would be clipped by the
            // dialog's rounded, overflow-hidden box). Accent against the surface is above 3:1 in both themes.
            className="h-12 w-full border-0 border-b border-border bg-transparent px-4 text-[15px] text-ink outline-none placeholder:text-muted focus-visible:border-accent focus-visible:shadow-[inset_0_-1px_0_0_var(--accent)]"
          />
          <Command.List className="min-h-0 overflow-auto p-2">
            <Command.Empty className="px-3 py-6 text-center text-muted">Nothing matches.</Command.Empty>
            {workspace ? (
              <Command.Group heading="This project">
                <Item
                  icon={<Rocket size={15} aria-hidden="true" />}
                  onSelect={inWorkspace({ type: 'publish' })}
                >
                  Publish
                </Item>
                <Item
                  icon={<Share2 size={15} aria-hidden="true" />}
                  onSelect={inWorkspace({ type: 'share' })}
                >
                  Share project
                </Item>
                <Item
                  icon={<MessageSquare size={15} aria-hidden="true" />}
                  onSelect={inWorkspace({ type: 'focus-chat' })}
                >
                  Ask Kiln for a change
                </Item>
                {TAB_ITEMS.map(({ tab, label, icon }) => (
                  <Item
                    key={tab}
                    icon={icon}
                    shortcut={`Alt ${TAB_SHORTCUTS.indexOf(tab) + 1}`}
                    onSelect={inWorkspace({ type: 'tab', tab })}
                  >
                    {label}
                  </Item>
                ))}
              </Command.Group>
            ) : null}
            <Command.Group heading="General">
              <Item icon={<Plus size={15} aria-hidden="true" />} onSelect={run(newProject)}>
                New project
              </Item>
              <Item
                icon={
                  theme === 'dark' ? (
                    <Sun size={15} aria-hidden="true" />
                  ) : (
                    <Moon size={15} aria-hidden="true" />
                  )
                }
                onSelect={run(toggleTheme)}
              >
                {theme === 'dark' ? 'Switch to light theme' : 'Switch to dark theme'}
              </Item>
              {organization ? (
                <Item
                  icon={<Settings size={15} aria-hidden="true" />}
                  onSelect={run(
                    () =>
                      void navigate({
                        to: '/organizations/$organizationId/settings',
                        params: { organizationId: organization.id },
                      }),
                  )}
                >
                  Organisation settings
                </Item>
              ) : null}
              {me?.role === 'ADMIN' ? (
                <Item
                  icon={<Users size={15} aria-hidden="true" />}
                  onSelect={run(() => void navigate({ to: '/admin/users' }))}
                >
                  Users (admin)
                </Item>
              ) : null}
            </Command.Group>
            {groups?.some((g) => g.projects.length > 0) ? (
              <Command.Group heading="Open project">
                {groups.flatMap((g) =>
                  g.projects.map((p) => (
                    <Item
                      key={p.id}
                      value={`open ${p.name} ${p.id}`}
                      icon={<FolderOpen size={15} aria-hidden="true" />}
                      onSelect={run(
                        () => void navigate({ to: '/projects/$projectId', params: { projectId: p.id } }),
                      )}
                    >
                      {p.name}
                    </Item>
                  )),
                )}
              </Command.Group>
            ) : null}
          </Command.List>
          <p className="flex flex-wrap gap-x-4 gap-y-1 border-t border-border px-4 py-2 text-xs text-muted">
            <span>
              <kbd>{MOD} K</kbd> open or close
            </span>
            <span>
              <kbd>↑</kbd> <kbd>↓</kbd> choose, <kbd>Enter</kbd> run
            </span>
            <span>
              <kbd>Alt 1</kbd>…<kbd>Alt 6</kbd> switch tab in a project
            </span>
          </p>
        </Command>
      </DialogContent>
    </Dialog>
  );
}

function Item({
  icon,
  shortcut,
  value,
  onSelect,
  children,
}: {
  icon: ReactNode;
  shortcut?: string;
  value?: string;
  onSelect: () => void;
  children: ReactNode;
}) {
  return (
    <Command.Item
      value={value}
      onSelect={onSelect}
      className="flex cursor-pointer items-center gap-2.5 rounded-md px-3 py-2 text-text data-[selected=true]:bg-surface-2 data-[selected=true]:text-ink"
    >
      <span className="text-muted">{icon}</span>
      <span className="min-w-0 flex-1 truncate">{children}</span>
      {shortcut ? <kbd>{shortcut}</kbd> : null}
    </Command.Item>
  );
}
