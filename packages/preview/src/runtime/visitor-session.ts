/**
 * @module
 * Sign-in for a published app's visitors (issue 14): `@/utils/useUser` and `@/utils/useAuth` talk to the
 * app's own Auth.js routes under `/api/auth` on its origin (the server's `visitor-auth`), the way next-auth's
 * client does: a CSRF token from `/api/auth/csrf`, a form POST with `X-Auth-Return-Redirect: 1` answered with
 * the URL to go to (its `error`/`code` say why a sign-in was refused), the session from `/api/auth/session`.
 * The session cookie is HttpOnly: this module never sees it.
 */
import { OAUTH_PROVIDER_NAMES, VISITOR_AUTH_ERRORS } from '../auth-pages.ts';
import type { PreviewUser } from '../protocol.ts';

const BASE = '/api/auth';

/** What a sign-in resolves to (next-auth's `SignInResponse`). */
export interface VisitorAuthResult {
  ok: boolean;
  error: string | null;
  status: number;
  url: string;
}

/** The visitor's session on this origin: loaded once, again after each sign-in or sign-out. */
export class VisitorSession {
  private user: PreviewUser | null = null;
  private loaded = false;
  private loading: Promise<PreviewUser | null> | null = null;
  private readonly listeners = new Set<() => void>();

  /** The signed-in visitor (null until loaded or when signed out). Stable identity while nothing changes. */
  readonly current = (): PreviewUser | null => this.user;
  /** True until the first answer of `/api/auth/session`. */
  readonly isLoading = (): boolean => !this.loaded;

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    if (!this.loaded) void this.refetch();
    return () => {
      this.listeners.delete(listener);
    };
  };

  /** Asks the server who is signed in. */
  readonly refetch = (): Promise<PreviewUser | null> => {
    this.loading ??= (async () => {
      let next: PreviewUser | null = null;
      try {
        const res = await fetch(`${BASE}/session`, { credentials: 'same-origin', cache: 'no-store' });
        const body = res.ok ? ((await res.json()) as { user?: Partial<PreviewUser> } | null) : null;
        const u = body?.user;
        if (u && typeof u.id === 'string') {
          next = { id: u.id, email: String(u.email ?? ''), name: u.name ?? '', image: u.image ?? null };
        }
      } catch {
        next = null;
      }
      const changed =
        !this.loaded ||
        next?.id !== this.user?.id ||
        next?.email !== this.user?.email ||
        next?.name !== this.user?.name ||
        next?.image !== this.user?.image;
      this.loaded = true;
      if (changed) this.user = next;
      this.loading = null;
      if (changed) for (const l of this.listeners) l();
      return this.user;
    })();
    return this.loading;
  };
}

async function csrfToken(): Promise<string> {
  const res = await fetch(`${BASE}/csrf`, { credentials: 'same-origin', cache: 'no-store' });
  const body = (await res.json()) as { csrfToken?: string };
  if (!body.csrfToken) throw new Error('Sign-in is not available right now. Please try again.');
  return body.csrfToken;
}

/** POSTs a form to an Auth.js route the way next-auth's client does; the URL it answers with, or an error. */
async function post(
  path: string,
  fields: Record<string, string>,
): Promise<{ status: number; url: string; error: string | null }> {
  const body = new URLSearchParams({ ...fields, csrfToken: await csrfToken() });
  const res = await fetch(`${BASE}${path}`, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-auth-return-redirect': '1' },
    body,
  });
  const json = (await res.json().catch(() => ({}))) as { url?: string; error?: { message?: string } };
  if (!res.ok || !json.url) {
    return {
      status: res.status,
      url: '',
      error: json.error?.message ?? 'Signing in failed. Please try again.',
    };
  }
  const url = new URL(json.url, location.href);
  const error = url.searchParams.get('error');
  if (!error) return { status: res.status, url: json.url, error: null };
  const code = url.searchParams.get('code') as keyof typeof VISITOR_AUTH_ERRORS | null;
  return {
    status: 401,
    url: json.url,
    error: (code && VISITOR_AUTH_ERRORS[code]) || 'Signing in failed. Please try again.',
  };
}

/** The sign-in functions of a published app, navigating with `navigate` (the engine's router). */
export function visitorAuth(
  session: VisitorSession,
  navigate: (route: string) => void,
  callbackRoute: (callbackUrl: string | undefined) => string,
) {
  type Options = {
    email?: string;
    password?: string;
    name?: string;
    callbackUrl?: string;
    redirect?: boolean;
  };
  const finish = async (options: Options | undefined): Promise<VisitorAuthResult> => {
    await session.refetch();
    const route = callbackRoute(options?.callbackUrl);
    if (options?.redirect !== false) navigate(route);
    return { ok: true, error: null, status: 200, url: route };
  };
  const credentials =
    (provider: 'credentials-signin' | 'credentials-signup') =>
    async (options: Options = {}): Promise<VisitorAuthResult> => {
      const fields: Record<string, string> = {
        email: options.email ?? '',
        password: options.password ?? '',
        callbackUrl: callbackRoute(options.callbackUrl),
      };
      if (options.name) fields.name = options.name;
      const res = await post(`/callback/${provider}`, fields);
      if (res.error) return { ok: false, error: res.error, status: res.status, url: res.url };
      return finish(options);
    };
  const signInWithOAuth = async (provider: string, options: Options = {}): Promise<VisitorAuthResult> => {
    const name = OAUTH_PROVIDER_NAMES[provider as keyof typeof OAUTH_PROVIDER_NAMES] ?? provider;
    const providers = (await (
      await fetch(`${BASE}/providers`, { credentials: 'same-origin' })
    ).json()) as Record<string, unknown>;
    if (!providers[provider]) throw new Error(`Sign-in with ${name} is not set up for this app.`);
    const res = await post(`/signin/${encodeURIComponent(provider)}`, {
      callbackUrl: callbackRoute(options.callbackUrl),
    });
    if (res.error) return { ok: false, error: res.error, status: res.status, url: res.url };
    // The provider's page: the browser leaves the app and comes back to the callback URL signed in.
    location.assign(res.url);
    return { ok: true, error: null, status: 200, url: res.url };
  };
  return Object.freeze({
    signInWithCredentials: credentials('credentials-signin'),
    signUpWithCredentials: credentials('credentials-signup'),
    signInWithOAuth,
    signInWithGoogle: (options?: Options) => signInWithOAuth('google', options),
    signInWithFacebook: (options?: Options) => signInWithOAuth('facebook', options),
    signInWithTwitter: (options?: Options) => signInWithOAuth('twitter', options),
    signOut: async (options?: Options): Promise<VisitorAuthResult> => {
      const res = await post('/signout', { callbackUrl: callbackRoute(options?.callbackUrl) });
      if (res.error) return { ok: false, error: res.error, status: res.status, url: res.url };
      return finish(options);
    },
    /** Mails a link to choose a new password (answers the same whether or not the account exists). */
    requestPasswordReset: async (email: string): Promise<{ ok: boolean; message: string }> => {
      const res = await fetch(`${BASE}/forgot-password`, {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email }),
      });
      const json = (await res.json().catch(() => ({}))) as { message?: string; error?: { message?: string } };
      return { ok: res.ok, message: json.message ?? json.error?.message ?? '' };
    },
  });
}
