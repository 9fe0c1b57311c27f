/**
 * @module Commands the open workspace offers to the command palette and to keyboard shortcuts: switch the
 * stage tab, publish, share, show or hide the chat. The workspace registers a handler while it is mounted; the
 * palette lists these commands only then.
 */
import { useEffect, useSyncExternalStore } from 'react';
import type { StageTab } from './components/StageTabs.tsx';

export type WorkspaceCommand =
  | { type: 'tab'; tab: StageTab }
  | { type: 'publish' }
  | { type: 'share' }
  | { type: 'focus-chat' };

type Handler = (command: WorkspaceCommand) => void;

let current: Handler | null = null;
const listeners = new Set<() => void>();

/** Runs a command in the open workspace; false when no workspace is open. */
export function runWorkspaceCommand(command: WorkspaceCommand): boolean {
  if (!current) return false;
  current(command);
  return true;
}

/** Registers the open workspace's handler for as long as the calling component is mounted. */
export function useWorkspaceCommands(handler: Handler): void {
  useEffect(() => {
    current = handler;
    for (const l of listeners) l();
    return () => {
      if (current === handler) current = null;
      for (const l of listeners) l();
    };
  }, [handler]);
}

/** Whether a workspace is open (its commands can run). */
export function useWorkspaceOpen(): boolean {
  return useSyncExternalStore(
    (onChange) => {
      listeners.add(onChange);
      return () => listeners.delete(onChange);
    },
    () => current !== null,
  );
}

/** Alt+1…6 switch the stage tab in the order shown. */
export const TAB_SHORTCUTS: readonly StageTab[] = [
  'preview',
  'code',
  'history',
  'database',
  'analytics',
  'settings',
];

/** The command a key press stands for in the workspace, if any. */
export function shortcutCommand(event: {
  key: string;
  code?: string;
  altKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
}): WorkspaceCommand | null {
  if (!event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return null;
  // `code` survives layouts where Alt+digit types another character (macOS).
  const digit =
    /^Digit([1-6])$/.exec(event.code ?? '')?.[1] ?? (/^[1-6]$/.test(event.key) ? event.key : null);
  const tab = digit ? TAB_SHORTCUTS[Number(digit) - 1] : undefined;
  return tab ? { type: 'tab', tab } : null;
}

/** True for Cmd+K (macOS) or Ctrl+K elsewhere. */
export function isPaletteShortcut(event: {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
}) {
  return event.key.toLowerCase() === 'k' && (event.ctrlKey || event.metaKey) && !event.altKey;
}
