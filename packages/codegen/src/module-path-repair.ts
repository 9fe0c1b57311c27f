/**
 * Makes the file paths models write valid module paths (spec §5, core `isValidModulePath`): a path written
 * from the app's root (`app/page.tsx`, `src/components/X.tsx`, `components/X.tsx`), a Next.js `pages/` file,
 * a missing extension, or an extension changed from the project's module (`page.jsx` for an existing
 * `page.tsx`) is mapped to the module it means; a path that cannot be made valid is refused with the spec's
 * messages (core `MESSAGES`: not in a known source directory, no valid extension).
 * @module
 */
import { hasModuleExtension, isInSourceDirectory, MESSAGES, MODULE_EXTENSIONS } from '@kiln/core';

/** A path made valid, or the spec's message for one that cannot be. */
export type RepairedPath = { path: string } | { error: string };

/** Folders of the web app's `src` a model may write a path from (`components/X.tsx`). */
const WEB_SRC_FOLDERS = ['app', 'components', 'design-system', 'utils', 'lib', 'hooks', 'pages'];

/**
 * The valid module path a model's `raw` path means, given the project's current paths (`existing`), or the
 * spec's message when there is none.
 */
export function repairModulePath(raw: string, existing: Iterable<string> = []): RepairedPath {
  const written = raw.trim().replace(/^["'`]+|["'`]+$/g, '');
  let path = written
    .replace(/\\/g, '/')
    .replace(/\/{2,}/g, '/')
    .replace(/^(?:\.\/|\/)+/, '');
  if (path.split('/').includes('..')) return { error: MESSAGES.pathNotInSourceDir(written) };
  const [first = '', second = ''] = path.split('/');
  if (/^apps$/i.test(first) && /^(web|mobile)$/i.test(second)) {
    // `apps/web/app/page.tsx`: the `src` folder left out.
    if (path.split('/')[2] !== 'src') path = path.replace(/^apps\/(web|mobile)\//i, 'apps/$1/src/');
  } else if (/^(web|mobile)$/.test(first) && second === 'src') {
    path = `apps/${path}`;
  } else if (first === 'src') {
    path = `apps/web/${path}`;
  } else if (WEB_SRC_FOLDERS.includes(first) && path.includes('/')) {
    path = `apps/web/src/${path}`;
  }
  // A Next.js pages-router file: `pages/index.tsx` is the root page, `pages/about.tsx` the /about page.
  const pages = /^apps\/web\/src\/pages\/(.+?)\.(?:[jt]sx?)$/.exec(path);
  if (pages?.[1]) {
    const route = pages[1].replace(/(^|\/)index$/, '');
    path = route ? `apps/web/src/app/${route}/page.tsx` : 'apps/web/src/app/page.tsx';
  }
  if (!isInSourceDirectory(path)) return { error: MESSAGES.pathNotInSourceDir(written) };
  const fileName = path.split('/').at(-1) ?? '';
  if (!hasModuleExtension(path)) {
    // No extension at all: the module a model named without one (`components/Card`).
    if (fileName.includes('.') || !fileName) return { error: MESSAGES.pathBadExtension(written) };
    path += /\/app\/api\//.test(path) ? '.ts' : '.tsx';
  }
  const known = new Set(existing);
  if (known.has(path)) return { path };
  // The same module written with another extension (`page.jsx` beside `page.tsx`).
  const stem = path.replace(/\.[jt]sx?$/, '');
  for (const ext of MODULE_EXTENSIONS) if (known.has(stem + ext)) return { path: stem + ext };
  return { path };
}
