/**
 * What the framework shims (next/link and next/navigation, expo-router, next-auth) need from the engine: where
 * the app is and how to move. The Engine implements it; the shims name only this, so they do not import
 * engine.tsx, which imports them.
 */
import type { PreviewMode } from '../protocol.ts';

export interface ShimHost {
  /** The builder's preview, or a published app. */
  readonly kind: 'preview' | 'app';
  readonly mode: PreviewMode;
  /** The current route with its query (`/todos?x=1`). */
  readonly route: string;
  back(): void;
  navigate(to: string, opts: { push: boolean; notify: boolean }): void;
  /** The page module the route resolves to, with its dynamic segments. */
  currentPage(): { filePath: string; params: Record<string, string> } | null;
}
