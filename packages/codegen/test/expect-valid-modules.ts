/**
 * Test helper: checks every convention of docs/contracts.md §2 that a generated module can be checked for
 * without rendering it — web pages and components, the auth pages (the `@/utils/useUser` / `useAuth`
 * contract), Expo pages (react-native and the mobile libraries) and functions (the backend contract in
 * README.md: route handlers, database only through `@/app/api/utils/sql`).
 * @module
 */
import { isModuleTypeAllowed } from '@kiln/core';
import * as lucide from 'lucide-react';
import { transform } from 'sucrase';
import { expect } from 'vitest';
import type { GenModule } from '../src/types.ts';

/** Import sources an Expo page may use. */
export const MOBILE_IMPORTS = [
  'react',
  'react-native',
  '@expo/vector-icons',
  '@react-native-async-storage/async-storage',
  'expo-router',
  'react-native-safe-area-context',
];

/** The auth and upload hooks generated web code imports (the runtime provides them). */
export const AUTH_IMPORTS = ['@/utils/useUser', '@/utils/useAuth', '@/utils/useUpload'];

/** The attribute text of every opening `<tag ...>` in JSX, skipping `>` inside braces and strings. */
export function openingTags(code: string, tag: string): string[] {
  const out: string[] = [];
  const re = new RegExp(`<${tag}\\b`, 'g');
  for (const m of code.matchAll(re)) {
    let depth = 0;
    let quote = '';
    let i = (m.index ?? 0) + m[0].length;
    for (; i < code.length; i++) {
      const c = code[i];
      if (quote) {
        if (c === quote) quote = '';
      } else if (c === '"' || c === "'") quote = c;
      else if (c === '{') depth++;
      else if (c === '}') depth--;
      else if (c === '>' && depth === 0) break;
    }
    out.push(code.slice(m.index, i + 1));
  }
  return out;
}

/** The handlers a FUNCTION module may export. */
export const FUNCTION_HANDLERS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'handler'];

/** A module the functions share: `apps/web/src/app/api/utils/{name}.ts` (a FILE module). */
const API_UTIL = /^apps\/web\/src\/app\/api\/utils\/[a-z0-9-]+\.ts$/;

/**
 * Checks a FUNCTION module (or, with `shared`, a module the functions share) against the backend contract: it
 * imports only the sql helper, auth() and the app's shared `@/app/api/utils/*` modules, which must exist in
 * `modules`.
 */
export function expectValidFunction(m: GenModule, modules: readonly GenModule[] = [], shared = false): void {
  if (shared)
    expect(m.filePath, 'a shared module lives at apps/web/src/app/api/utils/{name}.ts').toMatch(API_UTIL);
  else
    expect(m.filePath, 'a function lives at apps/web/src/app/api/{segment}/route.ts').toMatch(
      /^apps\/web\/src\/app\/api\/[a-z0-9\-[\]/]+\/route\.ts$/,
    );
  expect(() => transform(m.content, { transforms: ['typescript', 'imports'] }), m.filePath).not.toThrow();
  const handlers = [...m.content.matchAll(/^export (?:async )?(?:function|const) ([A-Za-z]+)\b/gm)].map(
    (h) => h[1] ?? '',
  );
  if (!shared) {
    expect(handlers.length, `${m.filePath} exports a handler`).toBeGreaterThan(0);
    for (const h of handlers) expect(FUNCTION_HANDLERS, `${m.filePath} exports ${h}`).toContain(h);
  }
  for (const imp of m.content.matchAll(/^import .* from '([^']+)';$/gm)) {
    const from = imp[1] ?? '';
    if (from === '@/app/api/utils/sql' || from === '@/auth') continue;
    expect(
      modules.some((x) => x.filePath === `apps/web/src/${from.slice(2)}.ts` && API_UTIL.test(x.filePath)),
      `${m.filePath}: functions import only the sql helper, auth() and the app's @/app/api/utils/* (${from})`,
    ).toBe(true);
  }
  expect(m.content, `${m.filePath}: no env, no file system, no require`).not.toMatch(
    /process\.env|Deno\.env|\brequire\(|node:fs|Deno\.readFile/,
  );
}

/** The route of a web page (auth pages included) or, with `mobile`, of an Expo page; null otherwise. */
export function routeOf(filePath: string, mobile = false): string | null {
  const root = mobile ? 'apps/mobile/src/app' : 'apps/web/src/app';
  const file = mobile ? 'index.tsx' : 'page.tsx';
  if (filePath === `${root}/${file}`) return '/';
  const m = new RegExp(`^${root}/(.+)/${file.replace('.', '\\.')}$`).exec(filePath);
  return m ? `/${m[1]}` : null;
}

/** Checks every convention a module can be checked for without rendering it. */
export function expectValidModules(modules: GenModule[]): void {
  const webRoutes = new Set(modules.map((m) => routeOf(m.filePath)).filter(Boolean));
  const mobileRoutes = new Set(modules.map((m) => routeOf(m.filePath, true)).filter(Boolean));
  const customAuth = modules.some((m) => m.withCustomAuth);
  for (const m of modules) {
    if (m.moduleType === 'FUNCTION' || API_UTIL.test(m.filePath)) {
      expectValidFunction(m, modules, m.moduleType !== 'FUNCTION');
      continue;
    }
    const mobile = m.moduleType === 'EXPO_PAGE';
    expect(
      () => transform(m.content, { transforms: ['jsx', 'typescript', 'imports'] }),
      m.filePath,
    ).not.toThrow();
    expect(isModuleTypeAllowed(m.moduleType, { withCustomAuth: customAuth }), m.moduleType).toBe(true);
    const name = /export default function ([A-Z][A-Za-z0-9]*)\(/.exec(m.content)?.[1];
    expect(name, `${m.filePath} default export`).toBeTruthy();
    if (m.moduleType === 'COMPONENT') expect(`apps/web/src/components/${name}.tsx`).toBe(m.filePath);
    for (const imp of m.content.matchAll(/^import .* from '([^']+)';$/gm)) {
      const from = imp[1] ?? '';
      const allowed = mobile
        ? MOBILE_IMPORTS.includes(from)
        : from === 'react' ||
          from === 'lucide-react' ||
          from.startsWith('@/components/') ||
          AUTH_IMPORTS.includes(from);
      expect(allowed, `${m.filePath} imports ${from}`).toBe(true);
      if (from.startsWith('@/components/')) {
        expect(
          modules.some((x) => x.filePath === `apps/web/src/components/${from.slice(13)}.tsx`),
          from,
        ).toBe(true);
      }
    }
    const icons = /^import \{ ([^}]+) \} from 'lucide-react';$/m.exec(m.content)?.[1]?.split(', ') ?? [];
    for (const icon of icons)
      expect(typeof (lucide as Record<string, unknown>)[icon], `lucide-react exports ${icon}`).toBe('object');
    for (const tag of ['input', 'textarea', 'select']) {
      for (const t of openingTags(m.content, tag))
        expect(t, `${m.filePath}: form field without a name`).toMatch(/\bname=/);
    }
    const routes = mobile ? mobileRoutes : webRoutes;
    for (const href of m.content.matchAll(/href(?:=|: )["']([^"'#?]+)[?"']/g)) {
      const target = href[1] ?? '';
      if (target.startsWith('/') && !target.startsWith('//'))
        expect(routes.has(target), `${m.filePath} links to ${target}`).toBe(true);
    }
    if (mobile) {
      expect(m.content, `${m.filePath}: Expo pages have no className`).not.toMatch(/className=/);
      expect(m.content, `${m.filePath}: Expo pages have no HTML elements`).not.toMatch(
        /<(div|span|p|button|input|a|h[1-6]|ul|li|img)\b/,
      );
    }
    expect(m.content).not.toMatch(/lorem ipsum/i);
    expect(m.content).not.toMatch(/\.css['"]|<style/);
  }
}
