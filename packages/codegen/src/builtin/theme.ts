/**
 * Accent colours of builtin apps: the Tailwind hues an app may use, reading a colour from a request, finding
 * a project's accent in its classes, and recolouring class names from one hue to another.
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

/** The accent hue used most in the modules' class names, or null when they use none. */
export function detectAccent(contents: string[]): AccentHue | null {
  let best: AccentHue | null = null;
  let bestCount = 0;
  for (const hue of ACCENT_HUES) {
    let count = 0;
    for (const c of contents) count += c.match(classPattern(hue))?.length ?? 0;
    if (count > bestCount) {
      best = hue;
      bestCount = count;
    }
  }
  return best;
}

/** Replaces every `{utility}-{from}-{shade}` class with `{utility}-{to}-{shade}`. */
export function recolour(content: string, from: string, to: string): string {
  return content.replace(
    classPattern(from),
    (_m, utility: string, shade: string) => `${utility}-${to}-${shade}`,
  );
}
