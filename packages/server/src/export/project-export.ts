/**
 * @module A project as a standalone app that runs outside Kiln (issue 17, "Export anywhere"): the web pages,
 * components and functions in Kiln's layout under `src/`, the real files of `template/web/` around them (Vite +
 * React + Tailwind v4, a Hono server for the functions, PGlite / PostgreSQL with the migrations), the shadcn/ui
 * components the preview provides, and the Expo screens as an Expo project in `mobile/`. Pure: modules in,
 * files out; the HTTP route and the CLI put them in a zip or a folder.
 */
import { readdir, readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { filePathToRoute, isInSourceDirectory } from '@kiln/core';
import {
  FONT_FILES,
  fontFaceCss,
  fontFamiliesUsed,
  fontSlug,
  fontThemeCss,
  PREVIEW_DIST_DIR,
} from '@kiln/preview';
import { EXPO_DEPENDENCIES, EXPO_DEV_DEPENDENCIES } from './expo-versions';
import { exportDependencies } from './versions';

/** A module of the exported revision. */
export interface ExportModule {
  filePath: string;
  moduleType: string;
  content: string;
}

/** What a project export is made of. */
export interface ExportInput {
  /** The project's name: the app's title and (as a slug) its package name. */
  name: string;
  modules: readonly ExportModule[];
  /** The project's database migrations, in order. */
  migrations: readonly { name: string; sql: string }[];
  /** The design system's Tailwind theme CSS (server design-system.ts `designSystemCss`). */
  themeCss?: string;
  /** npm packages the code imports outside the catalogue, at the versions the revision pinned. */
  packages?: readonly { name: string; version: string }[];
}

/** The exported files: path inside the project → content (text, or the bytes of a font file). */
export type ExportFiles = Map<string, string | Uint8Array>;

const TEMPLATE_DIR = fileURLToPath(new URL('./template/web/', import.meta.url));
const MOBILE_TEMPLATE_DIR = fileURLToPath(new URL('./template/mobile/', import.meta.url));
const PREVIEW_UI_DIR = join(dirname(createRequire(import.meta.url).resolve('@kiln/preview')), 'ui');
/** The web app's source root in Kiln's layout, and the mobile app's. */
const WEB_ROOT = 'apps/web/';
const MOBILE_ROOT = 'apps/mobile/';
/** Template files stored under another name (npm and linters treat a real `.gitignore` specially). */
const RENAMED: Readonly<Record<string, string>> = { gitignore: '.gitignore' };
/** Where the page list and the function list are written (template files with empty lists). */
const ROUTES_FILE = 'src/kiln/routes.ts';
const FUNCTIONS_FILE = 'server/functions.ts';
const TITLE_PLACEHOLDER = /%KILN_TITLE%/g;
const PAGE_TYPES = new Set(['PAGE', 'AUTH_PAGE_SIGN_IN', 'AUTH_PAGE_SIGN_UP', 'AUTH_PAGE_LOGOUT']);

/**
 * The Kiln fonts an app uses: a `font-{name}` class in one of its modules (`md:font-space-grotesk` too), or a
 * family its design system's theme names.
 */
export function fontsUsed(sources: readonly string[], themeCss: string): string[] {
  const used = new Set(fontFamiliesUsed(themeCss));
  for (const { family } of FONT_FILES) {
    const utility = new RegExp(`(?:^|[\\s:"'\`{])font-${fontSlug(family)}(?![\\w-])`);
    if (sources.some((source) => utility.test(source))) used.add(family);
  }
  return [...used];
}

/** The shared dependency set plus the revision's own packages (the set's pins win), sorted by name. */
function withPackages(
  base: Record<string, string>,
  extra: readonly { name: string; version: string }[],
): Record<string, string> {
  const all: Record<string, string> = { ...base };
  for (const { name, version } of extra) all[name] ??= version;
  return Object.fromEntries(
    Object.keys(all)
      .sort()
      .map((name) => [name, all[name]!]),
  );
}

/** `My Todo List!` → `my-todo-list` (npm package names; `app` when nothing is left). */
export function packageName(name: string): string {
  const slug = name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return slug || 'app';
}

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => relative(dir, join(e.parentPath, e.name)).split('\\').join('/'))
    .sort();
}

const withoutExtension = (path: string) => path.replace(/\.[jt]sx?$/, '');

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

/** The import specifier of `to` from the file `from` (both project paths), with its extension. */
function importPath(from: string, to: string): string {
  const rel = relative(dirname(from), to).split('\\').join('/');
  return rel.startsWith('.') ? rel : `./${rel}`;
}

/** `src/kiln/routes.ts`: every page and its route, loaded on demand. */
function routesFile(pages: readonly { path: string; route: string }[]): string {
  const lines = [...pages]
    .sort((a, b) => a.route.localeCompare(b.route))
    .map(
      (p) =>
        `  { route: ${JSON.stringify(p.route)}, load: () => import(${JSON.stringify(importPath(ROUTES_FILE, p.path))}) },`,
    );
  return `/**
 * @module The app's pages and the routes they serve, as Kiln served them. Add a line when you add a page.
 */
import type { ComponentType } from 'react';

/** One page: its route (\`/todos/[id]\`) and how to load its module. */
export interface PageRoute {
  route: string;
  // biome-ignore lint/suspicious/noExplicitAny: a page takes the props its author chose.
  load: () => Promise<{ default?: ComponentType<any> }>;
}

export const routes: PageRoute[] = [
${lines.join('\n')}
];
`;
}

/** `server/functions.ts`: every function module and its route, loaded on its first request. */
function functionsFile(fns: readonly { path: string; route: string }[]): string {
  const entries = [...fns]
    .sort((a, b) => a.route.localeCompare(b.route))
    .map(
      (f) =>
        `  { route: ${JSON.stringify(f.route)}, load: () => import(${JSON.stringify(importPath(FUNCTIONS_FILE, f.path))}) },`,
    );
  return `/**
 * @module The app's functions and the routes they serve, as Kiln served them. Add a line when you add one.
 */

/** A route module: handlers named by HTTP method (\`GET\`, \`POST\`…), as in Next.js route handlers. */
export type RouteModule = Record<string, unknown>;

/** One function: its route and how to load its module (on its first request). */
export interface FunctionRoute {
  route: string;
  load: () => Promise<RouteModule>;
}

export const functions: FunctionRoute[] = [
${entries.join('\n')}
];
`;
}

/** Builds the exported project's files. Modules the project wrote win over Kiln's stand-ins of the same path. */
export async function exportProject(input: ExportInput): Promise<ExportFiles> {
  const files: ExportFiles = new Map();
  // Only paths inside the layout's source folders (no `..`, no absolute path): nothing lands outside the export.
  const modules = input.modules.filter((m) => isInSourceDirectory(m.filePath));
  const web = modules.filter((m) => m.filePath.startsWith(WEB_ROOT));
  const mobile = modules.filter((m) => m.filePath.startsWith(MOBILE_ROOT));
  const own = new Set(web.map((m) => withoutExtension(m.filePath.slice(WEB_ROOT.length))));

  for (const path of await filesUnder(TEMPLATE_DIR)) {
    if (path.startsWith('src/') && !path.startsWith('src/kiln/') && own.has(withoutExtension(path))) continue;
    const content = (await readFile(join(TEMPLATE_DIR, path), 'utf8')).replace(TITLE_PLACEHOLDER, () =>
      path.endsWith('.html') ? escapeHtml(input.name) : input.name.replace(/[\r\n]+/g, ' '),
    );
    files.set(RENAMED[path] ?? path, content);
  }

  // The shadcn/ui components and `cn` the preview provides for `@/components/ui/*` and `@/lib/utils`.
  for (const name of await readdir(PREVIEW_UI_DIR)) {
    if (name.endsWith('.test.ts') || name.endsWith('.test.tsx')) continue;
    const target = name === 'utils.ts' ? 'src/lib/utils.ts' : `src/components/ui/${name}`;
    if (own.has(withoutExtension(target))) continue;
    const source = await readFile(join(PREVIEW_UI_DIR, name), 'utf8');
    files.set(target, source.replace(/from '\.\/utils\.ts'/g, "from '@/lib/utils'"));
  }

  const pages: { path: string; route: string }[] = [];
  const fns: { path: string; route: string }[] = [];
  for (const m of web) {
    const path = m.filePath.slice(WEB_ROOT.length);
    files.set(path, m.content);
    const route = filePathToRoute(m.filePath);
    if (route === null) continue;
    if (PAGE_TYPES.has(m.moduleType)) pages.push({ path, route });
    else if (m.moduleType === 'FUNCTION') fns.push({ path, route });
  }
  files.set(ROUTES_FILE, routesFile(pages));
  files.set(FUNCTIONS_FILE, functionsFile(fns));

  // Kiln's own font files for the families the app uses, served by Vite from public/fonts/ (the build copies them).
  const families = fontsUsed(
    web.map((m) => m.content),
    input.themeCss ?? '',
  );
  let faces = '';
  for (const font of FONT_FILES.filter((f) => families.includes(f.family))) {
    const bytes = await readFile(join(PREVIEW_DIST_DIR, 'fonts', font.file)).catch(() => null);
    if (bytes) files.set(`public/fonts/${font.file}`, new Uint8Array(bytes));
  }
  if (families.length > 0) faces = `${fontFaceCss(families.map((f) => `"${f}"`).join(' '), '/')}\n`;
  files.set('src/index.css', `@import "tailwindcss";\n\n${fontThemeCss()}${input.themeCss ?? ''}\n${faces}`);
  for (const [i, m] of input.migrations.entries()) {
    const file = `migrations/${String(i + 1).padStart(4, '0')}_${m.name.replace(/[^A-Za-z0-9_-]+/g, '_')}.sql`;
    files.set(file, m.sql.endsWith('\n') ? m.sql : `${m.sql}\n`);
  }
  files.set(
    'package.json',
    `${JSON.stringify(
      {
        name: packageName(input.name),
        private: true,
        version: '0.1.0',
        type: 'module',
        engines: { node: '>=20.19' },
        scripts: { dev: 'vite', build: 'vite build', start: 'tsx server/index.ts', preview: 'vite preview' },
        dependencies: withPackages(exportDependencies(), input.packages ?? []),
      },
      null,
      2,
    )}\n`,
  );

  if (mobile.length > 0) {
    for (const [path, content] of await mobileProject(input.name, mobile))
      files.set(`mobile/${path}`, content);
  }
  return files;
}

/**
 * The Expo screens as an Expo project (expo-router): `apps/mobile/src/app/task/[id]/index.tsx` →
 * `src/app/task/[id]/index.tsx`, with app.json, package.json (the Expo SDK pinned) and tsconfig.json.
 */
export async function mobileProject(name: string, modules: readonly ExportModule[]): Promise<ExportFiles> {
  const files: ExportFiles = new Map();
  for (const path of await filesUnder(MOBILE_TEMPLATE_DIR)) {
    const content = (await readFile(join(MOBILE_TEMPLATE_DIR, path), 'utf8')).replace(TITLE_PLACEHOLDER, () =>
      name.replace(/[\r\n]+/g, ' '),
    );
    files.set(RENAMED[path] ?? path, content);
  }
  for (const m of modules) files.set(m.filePath.slice(MOBILE_ROOT.length), m.content);
  const slug = packageName(name);
  files.set(
    'app.json',
    `${JSON.stringify(
      {
        expo: {
          name,
          slug,
          scheme: slug,
          version: '1.0.0',
          orientation: 'portrait',
          userInterfaceStyle: 'automatic',
          plugins: ['expo-router'],
          experiments: { typedRoutes: false },
          web: { bundler: 'metro', output: 'single' },
        },
      },
      null,
      2,
    )}\n`,
  );
  files.set(
    'package.json',
    `${JSON.stringify(
      {
        name: `${slug}-mobile`,
        private: true,
        version: '1.0.0',
        main: 'expo-router/entry',
        scripts: {
          start: 'expo start',
          android: 'expo start --android',
          ios: 'expo start --ios',
          web: 'expo start --web',
        },
        dependencies: EXPO_DEPENDENCIES,
        devDependencies: EXPO_DEV_DEPENDENCIES,
      },
      null,
      2,
    )}\n`,
  );
  return files;
}
