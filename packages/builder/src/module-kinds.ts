import {
  Braces,
  Component,
  File,
  KeyRound,
  LayoutTemplate,
  type LucideIcon,
  Palette,
  Smartphone,
} from 'lucide-react';

const ICONS: Record<string, { icon: LucideIcon; label: string }> = {
  PAGE: { icon: LayoutTemplate, label: 'Page' },
  EXPO_PAGE: { icon: Smartphone, label: 'Mobile page' },
  COMPONENT: { icon: Component, label: 'Component' },
  FUNCTION: { icon: Braces, label: 'Function' },
  DESIGN_SYSTEM_PAGE: { icon: Palette, label: 'Design system page' },
  DESIGN_SYSTEM_COMPONENT: { icon: Palette, label: 'Design system component' },
  AUTH_PAGE_SIGN_IN: { icon: KeyRound, label: 'Sign-in page' },
  AUTH_PAGE_SIGN_UP: { icon: KeyRound, label: 'Sign-up page' },
  AUTH_PAGE_LOGOUT: { icon: KeyRound, label: 'Logout page' },
  FILE: { icon: File, label: 'File' },
};

/** The icon and human name for a module type. */
export function moduleKind(moduleType: string): { icon: LucideIcon; label: string } {
  return ICONS[moduleType] ?? { icon: File, label: moduleType };
}
