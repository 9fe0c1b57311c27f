/**
 * @module The pinned dependency set of every exported project (one set for all, so one `npm install` serves
 * them all and an export builds the same next year). The versions are the ones Kiln itself runs in its
 * preview (the library catalogue) and builds with; `versions.test.ts` fails when they drift apart.
 */

/** What the exported app's pages and the preview's library catalogue import (`@kiln/preview` catalogue.ts). */
export const EXPORT_APP_DEPENDENCIES: Readonly<Record<string, string>> = Object.freeze({
  react: '19.3.1',
  'react-dom': '19.3.1',
  'lucide-react': '1.75.0',
  'date-fns': '4.4.0',
  zustand: '5.1.0',
  '@tanstack/react-query': '5.108.0',
  'framer-motion': '14.14.0',
  motion: '14.14.0',
  clsx: '2.1.1',
  'tailwind-merge': '3.7.0',
  'class-variance-authority': '0.7.1',
  recharts: '3.10.1',
  'react-native-web': '0.21.4',
  '@radix-ui/react-accordion': '1.3.1',
  '@radix-ui/react-alert-dialog': '1.2.1',
  '@radix-ui/react-avatar': '1.3.1',
  '@radix-ui/react-checkbox': '1.4.1',
  '@radix-ui/react-collapsible': '1.2.1',
  '@radix-ui/react-dialog': '1.3.1',
  '@radix-ui/react-dropdown-menu': '2.2.1',
  '@radix-ui/react-hover-card': '1.2.1',
  '@radix-ui/react-label': '2.1.17',
  '@radix-ui/react-popover': '1.3.1',
  '@radix-ui/react-progress': '1.2.1',
  '@radix-ui/react-radio-group': '1.5.1',
  '@radix-ui/react-scroll-area': '1.4.0',
  '@radix-ui/react-select': '2.4.1',
  '@radix-ui/react-separator': '1.2.0',
  '@radix-ui/react-slider': '1.6.1',
  '@radix-ui/react-slot': '1.5.0',
  '@radix-ui/react-switch': '1.4.1',
  '@radix-ui/react-tabs': '1.2.1',
  '@radix-ui/react-toggle': '1.2.1',
  '@radix-ui/react-tooltip': '1.4.1',
});

/** The exported project's server (functions, database) and build tools. */
export const EXPORT_TOOL_DEPENDENCIES: Readonly<Record<string, string>> = Object.freeze({
  hono: '4.13.19',
  '@hono/node-server': '2.1.8',
  pg: '8.23.1',
  '@electric-sql/pglite': '0.5.16',
  tsx: '4.23.15',
  vite: '8.3.8',
  '@vitejs/plugin-react': '6.3.0',
  tailwindcss: '4.3.5',
  '@tailwindcss/vite': '4.3.5',
});

/** Every dependency of an exported web project, sorted by name (package.json order). */
export function exportDependencies(): Record<string, string> {
  const all = { ...EXPORT_APP_DEPENDENCIES, ...EXPORT_TOOL_DEPENDENCIES };
  return Object.fromEntries(
    Object.keys(all)
      .sort()
      .map((name) => [name, all[name]!]),
  );
}
