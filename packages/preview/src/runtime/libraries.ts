/**
 * @module
 * Loads what generated code imports from outside the project, on demand, from the asset base:
 * lucide icons one file per icon (`icons/{name}.js`), catalogue libraries one chunk each (`lib/{name}.js`).
 * Everything shares the runtime's React, so hooks work across them. A name that cannot be loaded is
 * reported as missing and gets a stand-in from the evaluator.
 */
import aliases from 'kiln:icon-aliases';
import libraries from 'kiln:libraries';
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
