/**
 * Filling the builtin app templates (`packages/codegen/templates/**`, embedded in `templates.gen.ts`).
 *
 * A template is a real file of the generated app, with placeholders that keep it valid code:
 * - `kiln.name`: code, replaced by `vars.name`; a line holding only `kiln.name` (with an optional `,` or `;`)
 *   is replaced by the value's lines (none when the value is empty);
 * - `kiln-name`: text inside a string, a class name, JSX text or SQL (`bg-kiln-hue-600`, `'kiln-slug.todos'`);
 * - `KilnName`: an identifier, replaced by `vars.KilnName` (`KilnIcon` → `ListTodo`);
 * - a line with a `//` comment holding `kiln:`, or holding only a JSX comment (a block comment in braces) with
 *   `kiln:`, is for the template's own checks and is left out: `// @ts-expect-error kiln: …`,
 *   a `biome-ignore lint/…: kiln: …` comment, or an import the check needs where a placeholder line writes the
 *   real one (`import { ArrowRight } from 'lucide-react'; // kiln: for the check only`).
 * One pass: a value is never filled again. A placeholder without a value throws.
 * @module
 */

import { type AppType, moduleTypeFromPath } from '@kiln/core';
import type { GenModule } from '../types.ts';
import { jsString, jsxText } from './format.ts';
import { TEMPLATES } from './templates.gen.ts';
import type { AccentHue } from './theme.ts';

/** What a template is built from. */
export interface AppContext {
  appType: AppType | 'LINK_IN_BIO';
  /** The app's name, shown in the header and the browser tab. */
  title: string;
  accent: AccentHue;
  prompt: string;
  /** The app has visitor sign-in ("…with login"): apps that keep personal data keep each visitor's own. */
  signIn?: boolean;
}

/** A database migration a template writes: a unique name and its SQL (DDL and seed rows). */
export interface BuiltMigration {
  name: string;
  sql: string;
}

/** Placeholder values by name. */
export type TemplateVars = Readonly<Record<string, string>>;

const PLACEHOLDER =
  /^[^\n]*\/\/[^\n]*kiln:[^\n]*\n|^[ \t]*\{\/\*[^\n]*kiln:[^\n]*\*\/\}\n|^[ \t]*kiln\.(\w+)[,;]?[ \t]*\n|kiln\.(\w+)|kiln-([A-Za-z]+)|\b(Kiln[A-Z]\w*)\b/gm;

/** A template's text with its placeholders filled. */
export function fillTemplate(path: string, vars: TemplateVars): string {
  const text = TEMPLATES[path];
  if (text === undefined) throw new Error(`No builtin template ${path}`);
  return fillText(text, vars, path);
}

/** `text` with its placeholders filled (`path` names the template in errors). */
export function fillText(text: string, vars: TemplateVars, path = 'text'): string {
  return text.replace(PLACEHOLDER, (match, line?: string, code?: string, words?: string, ident?: string) => {
    const name = line ?? code ?? words ?? ident;
    if (name === undefined) return '';
    const value = vars[name];
    if (value === undefined) throw new Error(`The template ${path} needs a value for ${match.trim()}`);
    return line === undefined ? value : value ? `${value}\n` : '';
  });
}

const API_UTILS = 'apps/web/src/app/api/utils/';
const API_UTIL_IMPORT = /^import [^\n]* from '@\/app\/api\/utils\/([\w-]+)';$/gm;

/**
 * The shared modules the app's routes import from `@/app/api/utils/<name>` (besides the runtime's `sql`), each
 * once and before the routes: `templates/_shared/app/api/utils/<name>.ts` (what every route shares: `request`,
 * `fields`), or the app's own `templates/<name>/app/api/utils/<name>.ts` (its rows and checks, named after the
 * app's folder so the templates' one tsconfig resolves every app's). They are FILE modules: the functions'
 * bundler, the export and the preview take an app's `.ts` files as they take its routes.
 */
export function withApiUtils(modules: readonly GenModule[], vars: TemplateVars): GenModule[] {
  const have = new Set(modules.map((m) => m.filePath));
  const utils: GenModule[] = [];
  const add = (content: string) => {
    for (const [, name] of content.matchAll(API_UTIL_IMPORT)) {
      const filePath = `${API_UTILS}${name}.ts`;
      if (name === 'sql' || have.has(filePath)) continue;
      have.add(filePath);
      const shared = `_shared/app/api/utils/${name}.ts`;
      const template = TEMPLATES[shared] === undefined ? `${name}/app/api/utils/${name}.ts` : shared;
      const util = {
        filePath,
        moduleType: moduleTypeFromPath(filePath),
        content: fillTemplate(template, vars),
      };
      add(util.content);
      utils.push(util);
    }
  };
  for (const m of modules) add(m.content);
  return [...utils, ...modules];
}

/** The values every app template may use: `hue`, `title` (a JS string), `titleText` (JSX text), `slug`. */
export function appVars(ctx: Pick<AppContext, 'title' | 'accent'>): TemplateVars {
  return {
    hue: ctx.accent,
    title: jsString(ctx.title),
    titleText: jsxText(ctx.title),
    slug: slugKey(ctx.title),
  };
}

/**
 * The modules of an app template, in the order given: `files` are paths under `templates/{app}/` inside the
 * web app's `src/` (`app/page.tsx`, `components/TodoItem.tsx`, `app/api/todos/route.ts`).
 */
export function templateModules(app: string, files: readonly string[], vars: TemplateVars): GenModule[] {
  return files.map((file) => {
    const filePath = `apps/web/src/${file}`;
    return {
      filePath,
      moduleType: moduleTypeFromPath(filePath),
      content: fillTemplate(`${app}/${file}`, vars),
    };
  });
}

/** The migration `templates/{app}/migrations/{name}.sql` (its SQL without the file's last line break). */
export function templateMigration(app: string, name: string, vars: TemplateVars): BuiltMigration {
  return { name, sql: fillTemplate(`${app}/migrations/${name}.sql`, vars).replace(/\n$/, '') };
}

/** The JSON data file `templates/{path}` (seed rows, questions…), parsed. */
export function templateData<T>(path: string): T {
  const text = TEMPLATES[path];
  if (text === undefined) throw new Error(`No builtin template ${path}`);
  return JSON.parse(text) as T;
}

/** A localStorage key prefix from a title. */
export function slugKey(title: string): string {
  return (
    title
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'app'
  );
}
