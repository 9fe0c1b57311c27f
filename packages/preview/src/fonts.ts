/**
 * @module
 * Kiln's fonts, served from its own origin (no external fonts service): for each of core's `FONT_FAMILIES`
 * the latin subset of the `@fontsource-variable/*` package (one variable woff2 covering weights 400–700), or of
 * `@fontsource/*` for the one family without a variable cut (Poppins: 400, 500, 600, 700). `scripts/build.ts`
 * copies the files into `dist/fonts/`, which the server serves at `/_kiln/fonts/` on preview and app origins;
 * `fontFaceCss` writes the `@font-face` rules for the families a stylesheet actually uses. Isomorphic.
 */
import { FONT_FAMILIES, fontClass } from '@kiln/core';

/** Weights every family offers (a variable font's range is clamped to this, a static family ships each). */
export const FONT_WEIGHTS = [400, 500, 600, 700] as const;

/** Families that have no variable cut on npm; they ship one static file per weight. */
const STATIC_FAMILIES = new Set<string>(['Poppins']);

/** One woff2 file of a family: the file under `dist/fonts/`, where it comes from, and its weight(s). */
export interface FontFile {
  family: string;
  /** File name under `dist/fonts/` and `/_kiln/fonts/`. */
  file: string;
  /** npm package and path inside it, copied by the build. */
  from: { package: string; path: string };
  /** CSS `font-weight`: `400 700` for a variable font, else one weight. */
  weight: string;
  variable: boolean;
}

/** The `font-{name}` slug of a family: "Space Grotesk" → "space-grotesk" (also the fontsource id). */
export function fontSlug(family: string): string {
  return fontClass(family).slice('font-'.length);
}

/** Every font file Kiln serves, in core's family order. */
export const FONT_FILES: readonly FontFile[] = Object.freeze(
  FONT_FAMILIES.flatMap(({ family }): FontFile[] => {
    const id = fontSlug(family);
    if (STATIC_FAMILIES.has(family)) {
      return FONT_WEIGHTS.map((w) => ({
        family,
        file: `${id}-latin-${w}-normal.woff2`,
        from: { package: `@fontsource/${id}`, path: `files/${id}-latin-${w}-normal.woff2` },
        weight: String(w),
        variable: false,
      }));
    }
    return [
      {
        family,
        file: `${id}-latin-wght-normal.woff2`,
        from: { package: `@fontsource-variable/${id}`, path: `files/${id}-latin-wght-normal.woff2` },
        weight: `${FONT_WEIGHTS[0]} ${FONT_WEIGHTS[FONT_WEIGHTS.length - 1]}`,
        variable: true,
      },
    ];
  }),
);

/** fontsource's latin unicode-range, so a page with only other scripts never downloads the file. */
const LATIN_RANGE =
  'U+0000-00FF,U+0131,U+0152-0153,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+0304,U+0308,U+0329,U+2000-206F,U+20AC,U+2122,U+2191,U+2193,U+2212,U+2215,U+FEFF,U+FFFD';

/**
 * Tailwind v4 theme variables that make `font-{name}` a utility for every family (`font-space-grotesk` →
 * `font-family: "Space Grotesk", sans-serif`). Tailwind emits a variable and its utility only when used.
 */
export function fontThemeCss(): string {
  const vars = FONT_FAMILIES.map(
    ({ family, fallback }) => `  --font-${fontSlug(family)}: "${family}", ${fallback};`,
  );
  return `@theme {\n${vars.join('\n')}\n}\n`;
}

/** The families among Kiln's fonts that a stylesheet names in a `font-family` or font variable. */
export function fontFamiliesUsed(css: string): string[] {
  return FONT_FAMILIES.map((f) => f.family).filter((family) =>
    new RegExp(`["']${family.replace(/ /g, '[ _]')}["']`, 'i').test(css),
  );
}

/**
 * `@font-face` rules for the Kiln fonts a compiled stylesheet uses, pointing at `{assetBase}fonts/`
 * (default `/_kiln/`, the preview and app origins); empty when it uses none.
 */
export function fontFaceCss(css: string, assetBase = '/_kiln/'): string {
  const used = new Set(fontFamiliesUsed(css));
  return FONT_FILES.filter((f) => used.has(f.family))
    .map(
      (f) =>
        `@font-face{font-family:"${f.family}";font-style:normal;font-display:swap;font-weight:${f.weight};` +
        `src:url(${assetBase}fonts/${f.file}) format("woff2");unicode-range:${LATIN_RANGE}}`,
    )
    .join('\n');
}
