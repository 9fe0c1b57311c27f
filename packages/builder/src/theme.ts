/**
 * @module Light or dark: the person's choice (`light`, `dark`, or `system` to follow the operating system),
 * remembered in localStorage and applied as `data-theme` on `<html>` (the tokens in `theme.css`). With
 * `system` a change of the system setting applies at once.
 */
import { useSyncExternalStore } from 'react';

export type ThemeChoice = 'light' | 'dark' | 'system';
export type Theme = 'light' | 'dark';

const KEY = 'kiln:theme';
const CHANGE = 'kiln:theme';

function stored(): ThemeChoice {
  try {
    const value = localStorage.getItem(KEY);
    return value === 'light' || value === 'dark' ? value : 'system';
  } catch {
    return 'system';
  }
}

function systemDark(): boolean {
  return typeof matchMedia === 'function' && matchMedia('(prefers-color-scheme: dark)').matches;
}

/** The theme a choice shows given the system setting. */
export function resolveTheme(choice: ThemeChoice, prefersDark: boolean): Theme {
  return choice === 'system' ? (prefersDark ? 'dark' : 'light') : choice;
}

function apply(): void {
  const theme = resolveTheme(stored(), systemDark());
  document.documentElement.dataset.theme = theme;
  document.documentElement.style.colorScheme = theme;
}

/** Applies the theme now and follows the system setting from then on. Call once at start-up. */
export function startTheme(): void {
  apply();
  matchMedia?.('(prefers-color-scheme: dark)').addEventListener('change', () => {
    apply();
    window.dispatchEvent(new Event(CHANGE));
  });
}

export function setThemeChoice(choice: ThemeChoice): void {
  try {
    if (choice === 'system') localStorage.removeItem(KEY);
    else localStorage.setItem(KEY, choice);
  } catch {
    // Storage off: the choice lasts for this page.
  }
  apply();
  window.dispatchEvent(new Event(CHANGE));
}

/** The theme on screen now. */
export function currentTheme(): Theme {
  return document.documentElement.dataset.theme === 'dark' ? 'dark' : 'light';
}

/** Light if dark is showing, dark if light is. */
export function toggleTheme(): void {
  setThemeChoice(currentTheme() === 'dark' ? 'light' : 'dark');
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener(CHANGE, onChange);
  return () => window.removeEventListener(CHANGE, onChange);
}

/** The theme on screen; re-renders when it changes. */
export function useTheme(): Theme {
  return useSyncExternalStore(subscribe, currentTheme);
}
