/**
 * Sign-in for builtin apps: the three auth pages (`templates/auth/`) (AUTH_PAGE_SIGN_IN, AUTH_PAGE_SIGN_UP, AUTH_PAGE_LOGOUT at
 * core's default paths) and the change to `AppHeader` that shows the signed-in user with Sign in / Sign out
 * links. Generated code reaches auth only through the runtime's two hooks (the contract in the README):
 * `useUser()` from `@/utils/useUser` and `useAuth()` from `@/utils/useAuth`.
 * @module
 */
import type { GenModule } from '../../types.ts';
import { jsxText } from '../format.ts';
import { fillTemplate, templateModules } from '../templates.ts';

/** What the auth pages are built from. */
export interface AuthPagesContext {
  /** The app's name, shown above each form. */
  title: string;
  /** The accent hue (a Tailwind colour name). */
  accent: string;
}

/** The three auth pages (`templates/auth/app/account/{signin,signup,logout}/page.tsx`), in the app's accent colour. */
export function authPages(ctx: AuthPagesContext): GenModule[] {
  const vars = { hue: ctx.accent, titleText: jsxText(ctx.title) };
  return templateModules(
    'auth',
    ['app/account/signin/page.tsx', 'app/account/signup/page.tsx', 'app/account/logout/page.tsx'],
    vars,
  ).map((m) => ({ ...m, withCustomAuth: true }));
}

/**
 * Adds the signed-in user and Sign in / Sign out links to an `AppHeader`: the `useUser` import, the hook call
 * and an account area as the header bar's last child. Null when the header's shape is not recognised or it
 * already uses `useUser`.
 */
export function addAccountToHeader(content: string, accent: string): string | null {
  if (/from ['"]@\/utils\/useUser['"]/.test(content)) return null;
  const imports = [...content.matchAll(/^import [^\n]*;[ \t]*$/gm)];
  const lastImport = imports.at(-1);
  const fn = /export default function AppHeader\([^)]*\)\s*\{\n/.exec(content);
  const bar = /\n([ \t]*)<\/div>\n[ \t]*<\/header>/.exec(content);
  if (!fn || !bar) return null;
  const indent = `${bar[1] ?? ''}  `;
  // The template is a component: its import, its two hook lines, and the JSX it returns (the account area).
  const lines = fillTemplate('auth/components/AccountMenu.tsx', { hue: accent }).split('\n');
  const importLine = lines[0] ?? '';
  const body = lines.indexOf('  return (');
  const hook = `${lines.slice(body - 2, body).join('\n')}\n`;
  const block = lines
    .slice(body + 1, lines.indexOf('  );', body))
    .map((line) => indent + line.slice(4))
    .join('\n');
  let out = content;
  // Back to front, so earlier offsets stay valid.
  out = `${out.slice(0, bar.index)}\n${block}${out.slice(bar.index)}`;
  const fnEnd = fn.index + fn[0].length;
  out = out.slice(0, fnEnd) + hook + out.slice(fnEnd);
  if (lastImport?.index !== undefined) {
    const end = lastImport.index + lastImport[0].length;
    out = `${out.slice(0, end)}\n${importLine}${out.slice(end)}`;
  } else {
    out = `${importLine}\n\n${out}`;
  }
  return out;
}
