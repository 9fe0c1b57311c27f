/**
 * Maps modules to the spec's message block kinds (§3: thinking, page, component, function, …), so a
 * conversation can show what each part of a reply built.
 * @module
 */
import type { ModuleType } from '@kiln/core';

/** The message block kinds a generation produces. */
export type MessageBlockKind = 'thinking' | 'page' | 'component' | 'function' | 'file';

/** The message block kind of a module written or edited by a reply. */
export function blockKindOf(moduleType: ModuleType): MessageBlockKind {
  switch (moduleType) {
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
      return 'function';
    case 'FILE':
      return 'file';
  }
}
