/**
 * @module
 * The library catalogue: every import source generated code may use besides React, lucide-react and the
 * project's own modules, and what the vendor build (`scripts/build.ts`) bundles for it. Each entry becomes
 * one file `lib/{file}.js` under `/_kiln/`, loaded on demand and sharing the runtime's React.
 *
 * Three kinds of entry: an npm package (`recharts`), an npm package under another name (`react-native` →
 * `react-native-web`), and a module written in this package (`@/components/ui/button` → `src/ui/button.tsx`,
 * the shadcn/ui components; `@expo/vector-icons` → a stand-in drawing lucide icons).
 */

/** Radix primitives generated code (and our shadcn components) may import. */
const RADIX = [
  'accordion',
  'alert-dialog',
  'avatar',
  'checkbox',
  'collapsible',
  'dialog',
  'dropdown-menu',
  'hover-card',
  'label',
  'popover',
  'progress',
  'radio-group',
  'scroll-area',
  'select',
  'separator',
  'slider',
  'slot',
  'switch',
  'tabs',
  'toggle',
  'tooltip',
];

/** shadcn/ui components shipped as `@/components/ui/{name}` (sources in `src/ui/`). */
export const UI_COMPONENTS = [
  'accordion',
  'alert',
  'avatar',
  'badge',
  'button',
  'card',
  'checkbox',
  'dialog',
  'dropdown-menu',
  'input',
  'label',
  'popover',
  'progress',
  'select',
  'separator',
  'sheet',
  'skeleton',
  'slider',
  'switch',
  'table',
  'tabs',
  'textarea',
  'tooltip',
] as const;

/** Import source → `{ package }` (bundled from node_modules) or `{ file }` (a module of this package). */
export type CatalogueEntry = { package: string } | { file: string };

function packages(...names: string[]): Record<string, CatalogueEntry> {
  return Object.fromEntries(names.map((n) => [n, { package: n }]));
}

/** Every library import source the runtime resolves, and where its code comes from. */
export const LIBRARY_CATALOGUE: Readonly<Record<string, CatalogueEntry>> = Object.freeze({
  ...packages(
    'date-fns',
    'date-fns/locale',
    'zustand',
    'zustand/middleware',
    'zustand/shallow',
    '@tanstack/react-query',
    'framer-motion',
    'motion',
    'motion/react',
    'clsx',
    'tailwind-merge',
    'class-variance-authority',
    'recharts',
    'react-native-web',
  ),
  ...Object.fromEntries(RADIX.map((n) => [`@radix-ui/react-${n}`, { package: `@radix-ui/react-${n}` }])),
  'react-native': { package: 'react-native-web' },
  '@expo/vector-icons': { file: 'src/mobile/vector-icons.tsx' },
  'react-native-safe-area-context': { file: 'src/mobile/safe-area.tsx' },
  'expo-status-bar': { file: 'src/mobile/status-bar.tsx' },
  'expo-linear-gradient': { file: 'src/mobile/linear-gradient.tsx' },
  '@react-native-async-storage/async-storage': { file: 'src/mobile/async-storage.ts' },
  // Expo modules models assume (issue 16): web stand-ins with Expo's API shapes and the spec's rules.
  'expo-haptics': { file: 'src/mobile/haptics.ts' },
  'expo-secure-store': { file: 'src/mobile/secure-store.ts' },
  'expo-image-picker': { file: 'src/mobile/image-picker.ts' },
  'expo-location': { file: 'src/mobile/location.ts' },
  'expo-camera': { file: 'src/mobile/camera.tsx' },
  // Habitual in model-written Expo pages, and out of reach on npm (over the caps; a dependency the registry lacks).
  'expo-image': { file: 'src/mobile/expo-image.tsx' },
  'expo-constants': { file: 'src/mobile/expo-constants.ts' },
  '@/lib/utils': { file: 'src/ui/utils.ts' },
  ...Object.fromEntries(UI_COMPONENTS.map((n) => [`@/components/ui/${n}`, { file: `src/ui/${n}.tsx` }])),
});

/** The stem of a library's file under `lib/`: `@radix-ui/react-dialog` → `radix-ui-react-dialog`. */
export function libraryFile(source: string): string {
  return source
    .replace(/^@\//, 'app-')
    .replace(/^@/, '')
    .replace(/[^a-zA-Z0-9]+/g, '-');
}

/**
 * The catalogue source a project-relative import falls back to when the project has no such module:
 * `@/components/ui/button`, `../components/ui/button.tsx` → `@/components/ui/button`; `@/lib/utils` likewise,
 * the sign-in hooks `@/utils/useUser`, `@/utils/useAuth` (runtime/auth.tsx, bound to the preview session),
 * `@/utils/useUpload` (runtime/upload.ts) and `@/utils/analytics` (runtime/analytics.ts: identify and track).
 */
export function builtinProjectSource(source: string): string | null {
  const ui = /(?:^|\/)components\/ui\/([a-z-]+)(?:\.[jt]sx?)?$/.exec(source);
  if (ui?.[1] && (UI_COMPONENTS as readonly string[]).includes(ui[1])) return `@/components/ui/${ui[1]}`;
  if (/(?:^|\/)lib\/utils(?:\.[jt]sx?)?$/.test(source)) return '@/lib/utils';
  const auth = /(?:^|\/)utils\/(useUser|useAuth|useUpload)(?:\.[jt]sx?)?$/.exec(source);
  if (auth) return `@/utils/${auth[1]}`;
  if (/(?:^|\/)utils\/analytics(?:\.[jt]sx?)?$/.test(source)) return '@/utils/analytics';
  return null;
}

/** Message for an import the catalogue does not have, naming it. */
export function unknownLibraryMessage(source: string): string {
  return `Unknown library "${source}": it is not in Kiln's library catalogue`;
}
