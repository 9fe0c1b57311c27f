/**
 * The placeholders of the builtin app templates, declared so the templates type-check (see
 * `src/builtin/templates.ts` for how they are filled):
 * - `kiln.name` — code: replaced by the value (a whole line `kiln.name,` by the value's lines);
 * - `kiln-name` — text inside a string, a class name, JSX text or SQL: replaced by the value (`bg-kiln-hue-600`);
 * - `KilnName` — an identifier (`KilnIcon`): replaced by the value.
 * A line with a `//` comment holding `kiln:` (or only a JSX comment with `kiln:`) (`// @ts-expect-error kiln: …`,
 * `// biome-ignore lint/…: kiln: …`) is for the template's checks and is left out of the output.
 * @module
 */
import type { LucideIcon } from 'lucide-react';

declare module 'lucide-react' {
  /** The app's icon in the shared AppHeader (`icon` of `appHeader()`). */
  export const KilnIcon: LucideIcon;
}

declare global {
  /** A code placeholder: `kiln.title` (a string literal), `kiln.navLinks` (lines)… */
  // biome-ignore lint/suspicious/noExplicitAny: a placeholder stands for any expression.
  const kiln: Record<string, any>;
}
