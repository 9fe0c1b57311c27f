/**
 * @module Tailwind v4 compiled on the server (ARCHITECTURE §5): one warm compiler per project and design system,
 * fed the class-name candidates found in a revision's modules. ~1–3 ms a build once warm (a new compiler: ~11 ms).
 * A Tailwind compiler keeps every candidate it was ever given, so compilers are never shared between projects:
 * one project's CSS must not carry another's classes, nor grow with every project the server has seen. `font-{name}` classes of
 * core's FONT_FAMILIES come with `@font-face` rules for Kiln's own font files (`@kiln/preview` fonts.ts).
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fontFaceCss, fontThemeCss } from '@kiln/preview';
import { compile } from 'tailwindcss';

const require = createRequire(import.meta.url);
const TAILWIND_DIR = dirname(require.resolve('tailwindcss/package.json'));
const MAX_COMPILERS = 32;
/** `font-{name}` utilities for core's FONT_FAMILIES (Tailwind emits one only when a module uses it). */
const FONT_THEME = fontThemeCss();

type Compiler = Awaited<ReturnType<typeof compile>>;
const compilers = new Map<string, Promise<Compiler>>();

async function loadStylesheet(id: string, base: string) {
  const file =
    id === 'tailwindcss'
      ? join(TAILWIND_DIR, 'index.css')
      : id.startsWith('tailwindcss/')
        ? join(TAILWIND_DIR, `${id.slice('tailwindcss/'.length).replace(/\.css$/, '')}.css`)
        : null;
  if (!file) throw new Error(`Unknown stylesheet ${id}`);
  return { path: file, base, content: await readFile(file, 'utf8') };
}

function compilerFor(themeCss: string, scope: string): Promise<Compiler> {
  const key = `${scope}\u0000${themeCss}`;
  let compiler = compilers.get(key);
  if (!compiler) {
    if (compilers.size >= MAX_COMPILERS) compilers.delete(compilers.keys().next().value!);
    // Kiln's font-{name} utilities first, so a design system's own theme can still override them.
    const created = compile(`@import "tailwindcss";\n${FONT_THEME}${themeCss}`, {
      base: TAILWIND_DIR,
      loadStylesheet,
    });
    // A config that does not compile is not kept: the next call reports its error again without a stale entry.
    created.catch(() => {
      if (compilers.get(key) === created) compilers.delete(key);
    });
    compilers.set(key, created);
    compiler = created;
  }
  return compiler;
}

/** Every token of the sources that could be a utility class; Tailwind ignores the ones that are not. */
export function classCandidates(sources: readonly string[]): string[] {
  const out = new Set<string>();
  for (const src of sources) {
    for (const token of src.split(/[\s"'`{}();,<>=]+/)) {
      if (token.length > 0 && token.length < 120 && /^[!-]?[a-z@[]/.test(token)) out.add(token);
    }
  }
  return [...out];
}

/**
 * The CSS for a set of modules under a design system's Tailwind config (CSS `@theme` etc.). `scope` (the project
 * id) names whose warm compiler to use; compilers are never shared between scopes.
 */
export async function compileCss(
  sources: readonly string[],
  tailwindConfig = '',
  scope = '',
): Promise<string> {
  const compiler = await compilerFor(tailwindConfig, scope);
  const css = compiler.build(classCandidates(sources));
  // The woff2 files (served at /_kiln/fonts/) of the Kiln fonts this CSS uses, and only those.
  const faces = fontFaceCss(css);
  return faces ? `${css}\n${faces}\n` : css;
}

const MAX_CACHED = 256;
const cache = new Map<string, Promise<string>>();

/**
 * compileCss memoised by a key that changes whenever the sources do (e.g. revision id + updatedAt): the
 * builder polls a building revision several times a second.
 */
export function cachedCss(
  key: string,
  sources: () => readonly string[] | Promise<readonly string[]>,
  tailwindConfig = '',
  scope = '',
): Promise<string> {
  const full = `${scope}\u0000${key}\u0000${tailwindConfig}`;
  let css = cache.get(full);
  if (!css) {
    if (cache.size >= MAX_CACHED) cache.delete(cache.keys().next().value!);
    css = Promise.resolve(sources()).then((s) => compileCss(s, tailwindConfig, scope));
    css.catch(() => cache.delete(full));
    cache.set(full, css);
  }
  return css;
}
