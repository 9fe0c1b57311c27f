/**
 * @module
 * `react-native-safe-area-context` for the mobile preview: the device frame's insets are the tablet
 * safe-area insets of `@kiln/core` (spec §9: top 64, bottom 34), so content clears the status bar and the
 * home indicator the frame draws.
 */
import { TABLET_SAFE_AREA_INSETS } from 'kiln:core';
import { createElement, type ReactNode } from 'react';
import { View } from 'react-native-web';

type Edge = 'top' | 'right' | 'bottom' | 'left';
const insets = { ...TABLET_SAFE_AREA_INSETS };

export function useSafeAreaInsets() {
  return insets;
}

export function useSafeAreaFrame() {
  return { x: 0, y: 0, width: window.innerWidth, height: window.innerHeight };
}

export function SafeAreaProvider({ children }: { children?: ReactNode }) {
  return children ?? null;
}

export function SafeAreaView({
  edges = ['top', 'right', 'bottom', 'left'],
  style,
  ...rest
}: {
  edges?: Edge[];
  style?: unknown;
  children?: ReactNode;
  [prop: string]: unknown;
}) {
  const padding = {
    paddingTop: edges.includes('top') ? insets.top : 0,
    paddingRight: edges.includes('right') ? insets.right : 0,
    paddingBottom: edges.includes('bottom') ? insets.bottom : 0,
    paddingLeft: edges.includes('left') ? insets.left : 0,
  };
  return createElement(View as never, { ...rest, style: [{ flex: 1 }, padding, style] });
}

export const SafeAreaInsetsContext = {
  Consumer: ({ children }: { children: (i: typeof insets) => ReactNode }) => children(insets),
};
export const initialWindowMetrics = { insets, frame: { x: 0, y: 0, width: 0, height: 0 } };
