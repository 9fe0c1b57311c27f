/**
 * Sign-in for builtin apps: the three auth pages (AUTH_PAGE_SIGN_IN, AUTH_PAGE_SIGN_UP, AUTH_PAGE_LOGOUT at
 * core's default paths) and the change to `AppHeader` that shows the signed-in user with Sign in / Sign out
 * links. Generated code reaches auth only through the runtime's two hooks (the contract in the README):
 * `useUser()` from `@/utils/useUser` and `useAuth()` from `@/utils/useAuth`.
 * @module
 */
import { AUTH_PAGE_PATHS, AUTH_PAGE_ROUTES, type AuthPageModuleType } from '@kiln/core';
import type { GenModule } from '../../types.ts';
import { jsxText } from '../format.ts';

/** What the auth pages are built from. */
export interface AuthPagesContext {
  /** The app's name, shown above each form. */
  title: string;
  /** The accent hue (a Tailwind colour name). */
  accent: string;
}

function authPage(moduleType: AuthPageModuleType, content: string): GenModule {
  return {
    filePath: AUTH_PAGE_PATHS[moduleType],
    moduleType,
    content: `${content.replace(/^\n+/, '').replace(/\s+$/, '')}\n`,
    withCustomAuth: true,
  };
}

/** The three auth pages, in the app's accent colour. */
export function authPages(ctx: AuthPagesContext): GenModule[] {
  return [signInPage(ctx), signUpPage(ctx), logoutPage(ctx)];
}

const SIGN_IN = AUTH_PAGE_ROUTES.AUTH_PAGE_SIGN_IN;
const SIGN_UP = AUTH_PAGE_ROUTES.AUTH_PAGE_SIGN_UP;
const LOGOUT = AUTH_PAGE_ROUTES.AUTH_PAGE_LOGOUT;

function shell(ctx: AuthPagesContext, inner: string): string {
  const a = ctx.accent;
  return `    <div className="flex min-h-screen flex-col bg-gradient-to-b from-${a}-50 via-white to-white px-4 py-10 text-slate-900">
      <a href="/" className="mx-auto flex items-center gap-2 font-semibold tracking-tight text-slate-900">
        <span className="flex h-9 w-9 items-center justify-center rounded-xl bg-${a}-600 text-white shadow-sm shadow-${a}-600/30">
          <Sparkles className="h-5 w-5" aria-hidden="true" />
        </span>
        <span className="text-lg">${jsxText(ctx.title)}</span>
      </a>
      <main className="mx-auto mt-8 w-full max-w-sm rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
${inner}
      </main>
    </div>`;
}

function field(
  a: string,
  o: { label: string; name: string; type: string; autoComplete: string; extra?: string },
) {
  return `          <label className="block text-sm font-medium text-slate-700">
            ${o.label}
            <input
              name="${o.name}"
              type="${o.type}"
              autoComplete="${o.autoComplete}"
              required${o.extra ? `\n              ${o.extra}` : ''}
              className="mt-1 w-full rounded-xl border border-slate-200 bg-slate-50 px-4 py-2.5 text-slate-900 focus:border-${a}-400 focus:bg-white focus:outline-none focus:ring-4 focus:ring-${a}-100"
            />
          </label>`;
}

/** Reads `callbackUrl` from the query string; only same-site paths, so a link cannot send users elsewhere. */
const CALLBACK_URL = `  const callbackUrl = (() => {
    if (typeof window === 'undefined') return '/';
    const value = new URLSearchParams(window.location.search).get('callbackUrl') || '/';
    return value.startsWith('/') && !value.startsWith('//') ? value : '/';
  })();`;

function errorBox(): string {
  return `          {error && (
            <p role="alert" className="rounded-xl bg-red-50 px-4 py-3 text-sm text-red-700">
              {error}
            </p>
          )}`;
}

function googleButton(): string {
  return `        <div className="my-6 flex items-center gap-3 text-xs uppercase tracking-wide text-slate-400">
          <span className="h-px flex-1 bg-slate-200" />
          or
          <span className="h-px flex-1 bg-slate-200" />
        </div>
        <button
          type="button"
          onClick={() =>
            signInWithGoogle({ callbackUrl, redirect: true }).catch((e) =>
              setError(e && e.message ? e.message : 'Signing in with Google failed. Please try again.'),
            )
          }
          className="flex w-full items-center justify-center gap-2 rounded-xl border border-slate-200 px-4 py-2.5 font-semibold text-slate-700 hover:bg-slate-50"
        >
          <Globe className="h-4 w-4" aria-hidden="true" />
          Continue with Google
        </button>`;
}

function signInPage(ctx: AuthPagesContext): GenModule {
  const a = ctx.accent;
  return authPage(
    'AUTH_PAGE_SIGN_IN',
    `
import { useState } from 'react';
import { Globe, Loader2, LogIn, Sparkles } from 'lucide-react';
import useAuth from '@/utils/useAuth';

export default function SignInPage() {
  const { signInWithCredentials, signInWithGoogle } = useAuth();
  const [error, setError] = useState('');
  const [pending, setPending] = useState(false);
${CALLBACK_URL}

  async function handleSubmit(event) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const email = String(data.get('email') || '').trim();
    const password = String(data.get('password') || '');
    if (!email || !password) {
      setError('Enter your email and password.');
      return;
    }
    setError('');
    setPending(true);
    try {
      const result = await signInWithCredentials({ email, password, callbackUrl, redirect: true });
      if (result && result.error) setError('That email and password do not match an account.');
    } catch (e) {
      setError(e && e.message ? e.message : 'Signing in failed. Please try again.');
    } finally {
      setPending(false);
    }
  }

  return (
${shell(
  ctx,
  `        <h1 className="text-2xl font-bold tracking-tight">Sign in</h1>
        <p className="mt-1 text-sm text-slate-600">Welcome back. Sign in to pick up where you left off.</p>
        <form onSubmit={handleSubmit} className="mt-6 space-y-4" noValidate>
${field(a, { label: 'Email', name: 'email', type: 'email', autoComplete: 'email' })}
${field(a, { label: 'Password', name: 'password', type: 'password', autoComplete: 'current-password' })}
${errorBox()}
          <button
            type="submit"
            disabled={pending}
            className="flex w-full items-center justify-center gap-2 rounded-xl bg-${a}-600 px-4 py-2.5 font-semibold text-white shadow-sm hover:bg-${a}-700 disabled:cursor-not-allowed disabled:opacity-60"
          >
            {pending ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : <LogIn className="h-4 w-4" aria-hidden="true" />}
            Sign in
          </button>
        </form>
${googleButton()}
        <p className="mt-6 text-center text-sm text-slate-600">
          New here?{' '}
          <a href={'${SIGN_UP}?callbackUrl=' + encodeURIComponent(callbackUrl)} className="font-semibold text-${a}-700 hover:underline">
            Create an account
          </a>
        </p>`,
)}
  );
}
`,
  );
}

function signUpPage(ctx: AuthPagesContext): GenModule {
  const a = ctx.accent;
  return authPage(
    'AUTH_PAGE_SIGN_UP',
    `
import { useState } from 'react';
import { Globe, Loader2, Sparkles, UserPlus } from 'lucide-react';
import useAuth from '@/utils/useAuth';

export default function SignUpPage() {
  const { signUpWithCredentials, signInWithGoogle } = useAuth();
  const [error, setError] = useState('');
  const [pending, setPending] = useState(false);
${CALLBACK_URL}

  async function handleSubmit(event) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const name = String(data.get('name') || '').trim();
    const email = String(data.get('email') || '').trim();
    const password = String(data.get('password') || '');
    if (!name || !email) {
      setError('Enter your name and email.');
      return;
    }
    if (password.length < 8) {
      setError('Use a password of at least 8 characters.');
      return;
    }
    setError('');
    setPending(true);
    try {
      const result = await signUpWithCredentials({ name, email, password, callbackUrl, redirect: true });
      if (result && result.error) setError('An account with that email may already exist. Try signing in.');
    } catch (e) {
      setError(e && e.message ? e.message : 'Creating the account failed. Please try again.');
    } finally {
      setPending(false);
    }
  }

  return (
${shell(
  ctx,
  `        <h1 className="text-2xl font-bold tracking-tight">Create your account</h1>
        <p className="mt-1 text-sm text-slate-600">It takes less than a minute.</p>
        <form onSubmit={handleSubmit} className="mt-6 space-y-4" noValidate>
${field(a, { label: 'Name', name: 'name', type: 'text', autoComplete: 'name' })}
${field(a, { label: 'Email', name: 'email', type: 'email', autoComplete: 'email' })}
${field(a, { label: 'Password', name: 'password', type: 'password', autoComplete: 'new-password', extra: 'minLength={8}' })}
          <p className="-mt-2 text-xs text-slate-500">At least 8 characters.</p>
${errorBox()}
          <button
            type="submit"
            disabled={pending}
            className="flex w-full items-center justify-center gap-2 rounded-xl bg-${a}-600 px-4 py-2.5 font-semibold text-white shadow-sm hover:bg-${a}-700 disabled:cursor-not-allowed disabled:opacity-60"
          >
            {pending ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : <UserPlus className="h-4 w-4" aria-hidden="true" />}
            Sign up
          </button>
        </form>
${googleButton()}
        <p className="mt-6 text-center text-sm text-slate-600">
          Already have an account?{' '}
          <a href={'${SIGN_IN}?callbackUrl=' + encodeURIComponent(callbackUrl)} className="font-semibold text-${a}-700 hover:underline">
            Sign in
          </a>
        </p>`,
)}
  );
}
`,
  );
}

function logoutPage(ctx: AuthPagesContext): GenModule {
  const a = ctx.accent;
  return authPage(
    'AUTH_PAGE_LOGOUT',
    `
import { LogOut, Sparkles } from 'lucide-react';
import useAuth from '@/utils/useAuth';
import useUser from '@/utils/useUser';

export default function LogoutPage() {
  const { signOut } = useAuth();
  const { data: user, loading } = useUser();

  return (
${shell(
  ctx,
  `        <h1 className="text-2xl font-bold tracking-tight">Sign out</h1>
        {loading ? (
          <p className="mt-2 text-sm text-slate-500">Checking your account…</p>
        ) : user ? (
          <>
            <p className="mt-2 text-sm text-slate-600">
              You are signed in as <span className="font-medium text-slate-900">{user.email}</span>.
            </p>
            <button
              type="button"
              onClick={() => signOut({ callbackUrl: '/', redirect: true })}
              className="mt-6 flex w-full items-center justify-center gap-2 rounded-xl bg-${a}-600 px-4 py-2.5 font-semibold text-white shadow-sm hover:bg-${a}-700"
            >
              <LogOut className="h-4 w-4" aria-hidden="true" />
              Sign out
            </button>
          </>
        ) : (
          <p className="mt-2 text-sm text-slate-600">
            You are signed out.{' '}
            <a href="${SIGN_IN}" className="font-semibold text-${a}-700 hover:underline">
              Sign in again
            </a>
          </p>
        )}
        <a href="/" className="mt-6 block text-center text-sm font-medium text-slate-500 hover:text-slate-800">
          Back to ${jsxText(ctx.title)}
        </a>`,
)}
  );
}
`,
  );
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
