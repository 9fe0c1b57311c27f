/** `expo-linear-gradient` for the mobile preview: a react-native-web View with a CSS gradient behind its children. */
import { createElement, type ReactNode } from 'react';
import { View } from 'react-native-web';

interface Point {
  x: number;
  y: number;
}

export function LinearGradient({
  colors = [],
  start,
  end,
  locations,
  style,
  children,
  ...rest
}: {
  colors?: string[];
  start?: Point | [number, number];
  end?: Point | [number, number];
  locations?: number[];
  style?: unknown;
  children?: ReactNode;
  [prop: string]: unknown;
}) {
  const p = (v: Point | [number, number] | undefined, d: Point): Point =>
    Array.isArray(v) ? { x: v[0], y: v[1] } : (v ?? d);
  const s = p(start, { x: 0.5, y: 0 });
  const e = p(end, { x: 0.5, y: 1 });
  const angle = Math.round((Math.atan2(e.x - s.x, s.y - e.y) * 180) / Math.PI + 360) % 360;
  const stops = colors.map((c, i) => (locations?.[i] !== undefined ? `${c} ${locations[i]! * 100}%` : c));
  const background = createElement('div', {
    style: {
      position: 'absolute',
      inset: 0,
      zIndex: -1,
      backgroundImage: `linear-gradient(${angle}deg, ${stops.join(', ')})`,
    },
  });
  return createElement(View as never, { ...rest, style: [{ zIndex: 0 }, style] }, background, children);
}
export default LinearGradient;
