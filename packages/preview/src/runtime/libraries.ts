/**
 * @module
 * Loads what generated code imports from outside the project, on demand, from the asset base:
 * lucide icons one file per icon (`icons/{name}.js`), catalogue libraries one chunk each (`lib/{name}.js`).
 * Everything shares the runtime's React, so hooks work across them. A name that cannot be loaded is
 * reported as missing and gets a stand-in from the evaluator.
 */
import aliases from 'kiln:icon-aliases';
import libraries from 'kiln:libraries';
import { unknownLibraryMessage } from '../catalogue.ts';
import { registerNativeImage } from './images.ts';

const iconCache = new Map<string, Promise<unknown>>();
const libraryCache = new Map<string, Promise<Record<string, unknown> | null>>();

function kebab(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .replace(/([A-Z])([A-Z][a-z])/g, '$1-$2')
    .replace(/([a-zA-Z])([0-9])/g, '$1-$2')
    .toLowerCase();
}

/** The icon file for a lucide-react export name: `Trash2Icon`, `LucideTrash2`, `Trash2` → `trash-2`. */
export function iconFile(exportName: string): string {
  let name = exportName;
  if (name.startsWith('Lucide') && name.length > 6) name = name.slice(6);
  if (name.endsWith('Icon') && name.length > 4) name = name.slice(0, -4);
  return aliases[name] ?? kebab(name);
}

/** Loads one lucide icon component; resolves to undefined when there is no such icon. */
export function loadIcon(assetBase: string, exportName: string): Promise<unknown> {
  const file = iconFile(exportName);
  let p = iconCache.get(file);
  if (!p) {
    p = import(/* @vite-ignore */ `${assetBase}icons/${file}.js`).then(
      (m: { default: unknown }) => m.default,
      () => undefined,
    );
    iconCache.set(file, p);
  }
  return p;
}

/** `@expo/vector-icons/Ionicons` → the `Ionicons` export of `@expo/vector-icons`. */
const VECTOR_ICON_SET = /^@expo\/vector-icons\/([A-Za-z0-9]+)$/;

/** True when the vendor build has a file for this import source. */
export function isCatalogueLibrary(source: string): boolean {
  return Object.hasOwn(libraries, source) || VECTOR_ICON_SET.test(source);
}

/** Loads a catalogue library's module namespace, or null when it is not in the catalogue. */
export function loadLibrary(assetBase: string, source: string): Promise<Record<string, unknown> | null> {
  const set = VECTOR_ICON_SET.exec(source)?.[1];
  if (set) {
    return loadLibrary(assetBase, '@expo/vector-icons').then((lib) =>
      lib?.[set] ? { default: lib[set], [set]: lib[set] } : null,
    );
  }
  const file = Object.hasOwn(libraries, source) ? libraries[source] : undefined;
  if (!file) return Promise.resolve(null);
  let p = libraryCache.get(file);
  if (!p) {
    p = import(/* @vite-ignore */ `${assetBase}lib/${file}.js`).then(
      (m: Record<string, unknown>) => {
        if (source === 'react-native' || source === 'react-native-web') registerNativeImage(m.Image);
        return m;
      },
      () => null,
    );
    libraryCache.set(file, p);
  }
  return p;
}

/** Peer dependencies of package bundles, by name (`globalThis.__kiln_npm`, read by the bundles). */
function sharedPeers(): Record<string, unknown> {
  const g = globalThis as { __kiln_npm?: Record<string, unknown> };
  g.__kiln_npm ??= {};
  return g.__kiln_npm;
}

/** A package outside the catalogue: its module namespace, or the server's message naming what went wrong. */
export type PackageResult = { lib: Record<string, unknown> } | { error: string };

const packageCache = new Map<string, Promise<PackageResult>>();

/**
 * A CommonJS package's exports arrive as the default export: its members become named exports too (the
 * namespace's own names win), and a package without a default export gets its namespace as the default.
 */
export function packageNamespace(m: Record<string, unknown>): Record<string, unknown> {
  const d = m.default;
  const out: Record<string, unknown> = {};
  if (d !== null && (typeof d === 'object' || typeof d === 'function')) {
    for (const key of Object.keys(d)) out[key] = (d as Record<string, unknown>)[key];
  }
  for (const key of Object.keys(m)) out[key] = m[key];
  if (out.default === undefined) out.default = m;
  return out;
}

/**
 * Loads an npm package outside the catalogue: the server resolves it for the revision (pinning its version)
 * and answers with its bundle's URL (`/_kiln/npm/{sha256}.js`), which is imported. A failure is kept for 10 s
 * only, so a later load asks again (the registry may be back).
 */
export function loadPackage(
  assetBase: string,
  source: string,
  revisionId: string,
  chain: readonly string[] = [],
): Promise<PackageResult> {
  const key = `${revisionId}\n${source}`;
  let p = packageCache.get(key);
  if (!p) {
    const base = new URL(assetBase, location.href);
    const url = new URL('npm/resolve', base);
    url.searchParams.set('source', source);
    url.searchParams.set('revision', revisionId);
    p = (async (): Promise<PackageResult> => {
      let res: Response;
      try {
        res = await fetch(url, { credentials: 'same-origin' });
      } catch {
        return { error: `Package "${source}" could not be loaded: the server did not answer.` };
      }
      const body = (await res.json().catch(() => null)) as {
        url?: string;
        peers?: string[];
        error?: { message?: string };
      } | null;
      // A server without the npm routes (a plain file server) answers without a message: not in the catalogue.
      if (!res.ok || !body?.url) return { error: body?.error?.message ?? unknownLibraryMessage(source) };
      // Its peer dependencies first (the catalogue's or npm's), shared with the page and other packages.
      for (const peer of body.peers ?? []) {
        if (chain.includes(peer) || sharedPeers()[peer]) continue;
        const lib = isCatalogueLibrary(peer)
          ? await loadLibrary(assetBase, peer)
          : await loadPackage(assetBase, peer, revisionId, [...chain, source]).then((r) =>
              'lib' in r ? r.lib : null,
            );
        if (!lib) return { error: `Package "${source}" needs "${peer}", which could not be loaded.` };
        sharedPeers()[peer] = { ...lib, __esModule: true };
      }
      try {
        const m = (await import(/* @vite-ignore */ new URL(body.url, base).href)) as Record<string, unknown>;
        return { lib: packageNamespace(m) };
      } catch (err) {
        return { error: `Package "${source}" failed to load: ${(err as Error).message}` };
      }
    })();
    packageCache.set(key, p);
    p.then((r) => {
      if ('error' in r) setTimeout(() => packageCache.delete(key), 10_000);
    });
  }
  return p;
}
