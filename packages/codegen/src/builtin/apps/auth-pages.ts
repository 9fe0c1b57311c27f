/**
 * Sign-in for builtin apps: the three auth pages (`templates/auth/`) (AUTH_PAGE_SIGN_IN, AUTH_PAGE_SIGN_UP, AUTH_PAGE_LOGOUT at
 * core's default paths) and the change to `AppHeader` that shows the signed-in user with Sign in / Sign out
 * links. Generated code reaches auth only through the runtime's two hooks (the contract in the README):
 * `useUser()` from `@/utils/useUser` and `useAuth()` from `@/utils/useAuth`.
 * @module
 */
import { AUTH_PAGE_ROUTES } from '@kiln/core';
import type { GenModule } from '../../types.ts';
import { jsxText } from '../format.ts';
import { templateModules } from '../templates.ts';

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

const SIGN_IN = AUTH_PAGE_ROUTES.AUTH_PAGE_SIGN_IN;
const LOGOUT = AUTH_PAGE_ROUTES.AUTH_PAGE_LOGOUT;

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
  const a = accent;
  const block = [
    `<div className="flex shrink-0 items-center gap-2 text-sm">`,
    `  {loading ? null : user ? (`,
    `    <>`,
    `      {user.image ? (`,
    `        <img src={user.image} alt="" width={32} height={32} className="h-8 w-8 rounded-full object-cover" />`,
    `      ) : (`,
    `        <span className="flex h-8 w-8 items-center justify-center rounded-full bg-${a}-100 font-semibold text-${a}-700" aria-hidden="true">`,
    `          {(user.name || user.email || '?').charAt(0).toUpperCase()}`,
    `        </span>`,
    `      )}`,
    `      <span className="hidden max-w-[10rem] truncate font-medium text-slate-700 md:inline" title={user.email}>`,
    `        {user.name || user.email}`,
    `      </span>`,
    `      <a href="${LOGOUT}" className="rounded-lg px-3 py-2 font-medium text-slate-600 hover:bg-slate-100 hover:text-slate-900">`,
    `        Sign out`,
    `      </a>`,
    `    </>`,
    `  ) : (`,
    `    <a href={'${SIGN_IN}?callbackUrl=' + encodeURIComponent(here)} className="rounded-lg bg-${a}-600 px-3 py-2 font-semibold text-white hover:bg-${a}-700">`,
    `      Sign in`,
    `    </a>`,
    `  )}`,
    `</div>`,
  ]
    .map((line) => indent + line)
    .join('\n');
  const hook = `  const { data: user, loading } = useUser();\n  const here = typeof window === 'undefined' ? '/' : window.location.pathname + window.location.search;\n`;
  let out = content;
  // Back to front, so earlier offsets stay valid.
  out = `${out.slice(0, bar.index)}\n${block}${out.slice(bar.index)}`;
  const fnEnd = fn.index + fn[0].length;
  out = out.slice(0, fnEnd) + hook + out.slice(fnEnd);
  const importLine = "import useUser from '@/utils/useUser';";
  if (lastImport?.index !== undefined) {
    const end = lastImport.index + lastImport[0].length;
    out = `${out.slice(0, end)}\n${importLine}${out.slice(end)}`;
  } else {
    out = `${importLine}\n\n${out}`;
  }
  return out;
}
