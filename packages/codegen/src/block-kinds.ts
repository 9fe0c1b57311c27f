/**
 * Maps what a reply wrote to the spec's message block kinds (§3: thinking, page, component, function,
 * tool-call, …), so a conversation can show what each part of a reply built.
 * @module
 */
import type { ModuleType } from '@kiln/core';

/** The message block kinds a generation produces (`MessageBlock`). */
export type MessageBlockKind =
  | 'thinking'
  | 'page'
  | 'component'
  | 'function'
  | 'file'
  | 'tool-call'
  | 'choices'
  | 'publish';

/**
 * The message block kind of a module written or edited by a reply, of a `<kiln:migration>` block
 * (`function`: the spec's block kinds have none for the database, and a migration is backend work like a
 * function) or of a `<kiln:tool-call>` block (`tool-call`).
 */
export function blockKindOf(source: ModuleType): 'page' | 'component' | 'function' | 'file';
export function blockKindOf(source: 'migration'): 'function';
export function blockKindOf(source: 'tool-call'): 'tool-call';
export function blockKindOf(source: ModuleType | 'migration' | 'tool-call'): MessageBlockKind;
export function blockKindOf(source: ModuleType | 'migration' | 'tool-call'): MessageBlockKind {
  switch (source) {
    case 'PAGE':
    case 'EXPO_PAGE':
    case 'DESIGN_SYSTEM_PAGE':
    case 'AUTH_PAGE_SIGN_IN':
    case 'AUTH_PAGE_SIGN_UP':
    case 'AUTH_PAGE_LOGOUT':
      return 'page';
    case 'COMPONENT':
    case 'DESIGN_SYSTEM_COMPONENT':
      return 'component';
    case 'FUNCTION':
    case 'migration':
      return 'function';
    case 'tool-call':
      return 'tool-call';
    case 'FILE':
      return 'file';
  }
}
