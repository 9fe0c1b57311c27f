/**
 * Accent colours of builtin apps: the Tailwind hues an app may use, reading a colour from a request, finding
 * a project's accent in its classes (and, for mobile screens, in their hex colours), and recolouring both.
 * @module
 */

/** Tailwind hues usable as an accent. Neutral hues used for text and surfaces (slate, gray, neutral) are not. */
export const ACCENT_HUES = [
  'red',
  'orange',
  'amber',
  'yellow',
  'lime',
  'green',
  'emerald',
  'teal',
  'cyan',
  'sky',
  'blue',
  'indigo',
  'violet',
  'purple',
  'fuchsia',
  'pink',
  'rose',
  'zinc',
  'stone',
] as const;
export type AccentHue = (typeof ACCENT_HUES)[number];

/** Everyday colour words and the hue each becomes. */
const COLOUR_WORDS: Readonly<Record<string, AccentHue>> = {
  scarlet: 'red',
  crimson: 'red',
  maroon: 'red',
  gold: 'amber',
  golden: 'amber',
  mustard: 'yellow',
  olive: 'lime',
  mint: 'emerald',
  forest: 'green',
  turquoise: 'teal',
  aqua: 'cyan',
  navy: 'blue',
  lavender: 'violet',
  lilac: 'purple',
  magenta: 'fuchsia',
  coral: 'rose',
  salmon: 'rose',
  gray: 'zinc',
  grey: 'zinc',
  black: 'zinc',
  monochrome: 'zinc',
  brown: 'stone',
  beige: 'stone',
};

const HUE_PATTERN = [...ACCENT_HUES, ...Object.keys(COLOUR_WORDS)].join('|');

/** The accent hue a request names ("make it green", "a teal notes app"), or null. */
export function hueFromText(text: string): AccentHue | null {
  const m = new RegExp(`\\b(${HUE_PATTERN})\\b`, 'i').exec(text);
  if (!m?.[1]) return null;
  const word = m[1].toLowerCase();
  return (ACCENT_HUES as readonly string[]).includes(word)
    ? (word as AccentHue)
    : (COLOUR_WORDS[word] ?? null);
}

const UTILITIES =
  'bg|text|border|border-[trblxy]|ring|ring-offset|from|via|to|accent|fill|stroke|outline|decoration|shadow|divide|placeholder|caret';

function classPattern(hue: string): RegExp {
  return new RegExp(`(?<![\\w-])((?:[a-z-]+:)*(?:${UTILITIES}))-${hue}-(\\d{2,3})\\b`, 'g');
}

/** The accent hue used most in the modules' class names (and mobile hex colours), or null when they use none. */
export function detectAccent(contents: string[]): AccentHue | null {
  let best: AccentHue | null = null;
  let bestCount = 0;
  for (const hue of ACCENT_HUES) {
    let count = 0;
    const hex = hexPattern(hue);
    for (const c of contents)
      count += (c.match(classPattern(hue))?.length ?? 0) + (c.match(hex)?.length ?? 0);
    if (count > bestCount) {
      best = hue;
      bestCount = count;
    }
  }
  return best;
}

/**
 * Replaces every `{utility}-{from}-{shade}` class with `{utility}-{to}-{shade}`, and every hex colour of the
 * `from` palette (mobile screens style with StyleSheet, not classes) with the same shade of `to`.
 */
export function recolour(content: string, from: AccentHue, to: AccentHue): string {
  const fromHex = ACCENT_HEX[from];
  const toHex = ACCENT_HEX[to];
  const shadeOfHex = new Map(ACCENT_SHADES.map((s) => [fromHex[s].toLowerCase(), s] as const));
  return content
    .replace(classPattern(from), (_m, utility: string, shade: string) => `${utility}-${to}-${shade}`)
    .replace(hexPattern(from), (hex) => {
      const shade = shadeOfHex.get(hex.toLowerCase());
      return shade ? toHex[shade] : hex;
    });
}

/** The shades of an accent a mobile screen uses as hex colours. */
export const ACCENT_SHADES = ['50', '100', '200', '500', '600', '700'] as const;
export type AccentShade = (typeof ACCENT_SHADES)[number];

/** Tailwind's palette as hex, for the accent shades mobile screens use (react-native styles take hex, not classes). */
export const ACCENT_HEX: Readonly<Record<AccentHue, Record<AccentShade, string>>> = {
  red: { 50: '#fef2f2', 100: '#fee2e2', 200: '#fecaca', 500: '#ef4444', 600: '#dc2626', 700: '#b91c1c' },
  orange: { 50: '#fff7ed', 100: '#ffedd5', 200: '#fed7aa', 500: '#f97316', 600: '#ea580c', 700: '#c2410c' },
  amber: { 50: '#fffbeb', 100: '#fef3c7', 200: '#fde68a', 500: '#f59e0b', 600: '#d97706', 700: '#b45309' },
  yellow: { 50: '#fefce8', 100: '#fef9c3', 200: '#fef08a', 500: '#eab308', 600: '#ca8a04', 700: '#a16207' },
  lime: { 50: '#f7fee7', 100: '#ecfccb', 200: '#d9f99d', 500: '#84cc16', 600: '#65a30d', 700: '#4d7c0f' },
  green: { 50: '#f0fdf4', 100: '#dcfce7', 200: '#bbf7d0', 500: '#22c55e', 600: '#16a34a', 700: '#15803d' },
  emerald: { 50: '#ecfdf5', 100: '#d1fae5', 200: '#a7f3d0', 500: '#10b981', 600: '#059669', 700: '#047857' },
  teal: { 50: '#f0fdfa', 100: '#ccfbf1', 200: '#99f6e4', 500: '#14b8a6', 600: '#0d9488', 700: '#0f766e' },
  cyan: { 50: '#ecfeff', 100: '#cffafe', 200: '#a5f3fc', 500: '#06b6d4', 600: '#0891b2', 700: '#0e7490' },
  sky: { 50: '#f0f9ff', 100: '#e0f2fe', 200: '#bae6fd', 500: '#0ea5e9', 600: '#0284c7', 700: '#0369a1' },
  blue: { 50: '#eff6ff', 100: '#dbeafe', 200: '#bfdbfe', 500: '#3b82f6', 600: '#2563eb', 700: '#1d4ed8' },
  indigo: { 50: '#eef2ff', 100: '#e0e7ff', 200: '#c7d2fe', 500: '#6366f1', 600: '#4f46e5', 700: '#4338ca' },
  violet: { 50: '#f5f3ff', 100: '#ede9fe', 200: '#ddd6fe', 500: '#8b5cf6', 600: '#7c3aed', 700: '#6d28d9' },
  purple: { 50: '#faf5ff', 100: '#f3e8ff', 200: '#e9d5ff', 500: '#a855f7', 600: '#9333ea', 700: '#7e22ce' },
  fuchsia: { 50: '#fdf4ff', 100: '#fae8ff', 200: '#f5d0fe', 500: '#d946ef', 600: '#c026d3', 700: '#a21caf' },
  pink: { 50: '#fdf2f8', 100: '#fce7f3', 200: '#fbcfe8', 500: '#ec4899', 600: '#db2777', 700: '#be185d' },
  rose: { 50: '#fff1f2', 100: '#ffe4e6', 200: '#fecdd3', 500: '#f43f5e', 600: '#e11d48', 700: '#be123c' },
  zinc: { 50: '#fafafa', 100: '#f4f4f5', 200: '#e4e4e7', 500: '#71717a', 600: '#52525b', 700: '#3f3f46' },
  stone: { 50: '#fafaf9', 100: '#f5f5f4', 200: '#e7e5e4', 500: '#78716c', 600: '#57534e', 700: '#44403c' },
};

function hexPattern(hue: AccentHue): RegExp {
  const values = ACCENT_SHADES.map((s) => ACCENT_HEX[hue][s].slice(1));
  return new RegExp(`#(?:${values.join('|')})\\b`, 'gi');
}
