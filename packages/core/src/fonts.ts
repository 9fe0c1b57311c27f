/**
 * The font families generated code may use through `font-{name}` classes (spec §3, §5), served locally by Kiln
 * (no external fonts service). The list is Kiln's choice: the spec names only Inter and Instrument Sans.
 * @module
 */
import { fontClass } from './constants';

/** Font families usable as `font-{lowercase-hyphenated name}`; each has a generic fallback. */
export const FONT_FAMILIES = Object.freeze([
  { family: 'Inter', fallback: 'sans-serif' },
  { family: 'Instrument Sans', fallback: 'sans-serif' },
  { family: 'DM Sans', fallback: 'sans-serif' },
  { family: 'Figtree', fallback: 'sans-serif' },
  { family: 'Manrope', fallback: 'sans-serif' },
  { family: 'Montserrat', fallback: 'sans-serif' },
  { family: 'Nunito', fallback: 'sans-serif' },
  { family: 'Open Sans', fallback: 'sans-serif' },
  { family: 'Outfit', fallback: 'sans-serif' },
  { family: 'Poppins', fallback: 'sans-serif' },
  { family: 'Raleway', fallback: 'sans-serif' },
  { family: 'Roboto', fallback: 'sans-serif' },
  { family: 'Space Grotesk', fallback: 'sans-serif' },
  { family: 'Work Sans', fallback: 'sans-serif' },
  { family: 'Lora', fallback: 'serif' },
  { family: 'Merriweather', fallback: 'serif' },
  { family: 'Playfair Display', fallback: 'serif' },
  { family: 'EB Garamond', fallback: 'serif' },
  { family: 'JetBrains Mono', fallback: 'monospace' },
  { family: 'Fira Code', fallback: 'monospace' },
  { family: 'Caveat', fallback: 'cursive' },
] as const satisfies readonly { family: string; fallback: string }[]);

export type FontFamily = (typeof FONT_FAMILIES)[number]['family'];

/** Whether `family` is one of Kiln's font families (exact name, e.g. "Space Grotesk"). */
export function isFontFamily(family: string): family is FontFamily {
  return FONT_FAMILIES.some((f) => f.family === family);
}

/** The family for a `font-{name}` class ("font-space-grotesk" → "Space Grotesk"), or undefined. */
export function fontFamilyOfClass(className: string): FontFamily | undefined {
  return FONT_FAMILIES.find((f) => fontClass(f.family) === className)?.family;
}
