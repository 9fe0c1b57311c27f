/**
 * @module
 * Sign-in for generated code (spec §2 "Sign-in popup", §6; docs/contracts.md §2): the modules
 * `@/utils/useUser` and `@/utils/useAuth`, bound to the preview session.
 *
 * In the builder's preview the user is always signed in as themself: `kiln:load` carries the builder's user.
 * Signing in opens `/~~autosignin/{provider}?callbackUrl=/~~autoclose` in an 800×600 popup, which signs that
 * user in again (after a `signOut`) and closes; then the preview navigates to the caller's `callbackUrl`.
 * In a preview with no signed-in builder the session is unauthenticated and every sign-in rejects with
 * `MESSAGES.authNotEnabled` (spec §8). A published app's visitors sign in for real: ./visitor-session.ts.
 */
import { MESSAGES } from '@kiln/core/messages';
import { useCallback, useSyncExternalStore } from 'react';
import {
  AUTO_CLOSE_PATH,
  AUTO_SIGN_IN_PATH,
  type AuthProvider,
  CLOSE_MESSAGE,
  isAuthProvider,
  SIGN_IN_POPUP_SIZE,
  SIGNED_IN_MESSAGE,
} from '../auth-pages.ts';
import type { PreviewUser } from '../protocol.ts';
import type { ShimHost } from './shim-host.ts';
import { VisitorSession, visitorAuth } from './visitor-session.ts';

/** What a sign-in or sign-out call takes (the next-auth shape generated code is written against). */
export interface AuthOptions {
  email?: string;
  password?: string;
  name?: string;
  /** Where to go afterwards (a path of the app); default `/`. */
  callbackUrl?: string;
  /** `false`: stay on the current page. Default true. */
  redirect?: boolean;
}

/** What a sign-in resolves to (next-auth's `SignInResponse`). */
export interface AuthResult {
  ok: boolean;
  error: string | null;
  status: number;
  url: string;
}

/** The preview's session: the builder's user unless generated code signed out. */
class PreviewSession {
  private builderUser: PreviewUser | null = null;
  private signedOut = false;
  private readonly listeners = new Set<() => void>();

  /** The signed-in user, or null. Stable identity while nothing changes (for useSyncExternalStore). */
  readonly current = (): PreviewUser | null => (this.signedOut ? null : this.builderUser);

  /** True when sign-in is possible: the builder sent its user. */
  get enabled(): boolean {
    return this.builderUser !== null;
  }

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  /** From every `kiln:load`: the same user keeps the session (and a sign-out); another user starts afresh. */
  setBuilderUser(user: PreviewUser | null): void {
    const old = this.builderUser;
    if (
      old?.id === user?.id &&
      old?.email === user?.email &&
      old?.name === user?.name &&
      old?.image === user?.image
    ) {
      return;
    }
    if (old?.id !== user?.id) this.signedOut = false;
    this.builderUser = user ? { id: user.id, email: user.email, name: user.name, image: user.image } : null;
    this.emit();
  }

  signIn(): void {
    if (!this.signedOut) return;
    this.signedOut = false;
    this.emit();
  }

  signOut(): void {
    if (this.signedOut || !this.builderUser) return;
    this.signedOut = true;
    this.emit();
  }

  private emit(): void {
    for (const listener of this.listeners) listener();
  }
}

/** The one session of this page. */
export const previewSession = new PreviewSession();

/** The route a callbackUrl names on this origin (`/dashboard`, `http://this-origin/x?y`), else `/`. */
export function callbackRoute(callbackUrl: string | undefined): string {
  if (!callbackUrl) return '/';
  try {
    const url = new URL(callbackUrl, location.href);
    return url.origin === location.origin ? url.pathname + url.search + url.hash : '/';
  } catch {
    return '/';
  }
}

/**
 * Opens the sign-in popup and resolves once it posted the close message (or was closed after signing in).
 * A blocked popup signs in without the window: in the preview the answer is the same user either way.
 */
function signInThroughPopup(provider: AuthProvider): Promise<void> {
  const { width, height } = SIGN_IN_POPUP_SIZE;
  const left = Math.max(0, Math.round(window.screenX + (window.outerWidth - width) / 2));
  const top = Math.max(0, Math.round(window.screenY + (window.outerHeight - height) / 2));
  const popup = window.open(
    `${AUTO_SIGN_IN_PATH}${provider}?callbackUrl=${AUTO_CLOSE_PATH}`,
    'kiln-sign-in',
    `popup=yes,width=${width},height=${height},left=${left},top=${top}`,
  );
  if (!popup) {
    previewSession.signIn();
    return Promise.resolve();
  }
  return new Promise((resolve, reject) => {
    const done = (error?: Error) => {
      window.removeEventListener('message', onMessage);
      clearInterval(watch);
      if (error) reject(error);
      else resolve();
    };
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== location.origin || event.source !== popup) return;
      const kind = (event.data as { kind?: unknown } | null)?.kind;
      if (kind === SIGNED_IN_MESSAGE) previewSession.signIn();
      else if (kind === CLOSE_MESSAGE) done();
    };
    // Closed by the person before it finished: a sign-in that did not happen.
    const watch = setInterval(() => {
      if (!popup.closed) return;
      if (previewSession.current()) done();
      else done(new Error('The sign-in window was closed before signing in.'));
    }, 250);
    window.addEventListener('message', onMessage);
  });
}

/** The visitor's session of a published app (one per page). */
const visitorSession = new VisitorSession();

/** The hooks of a published app: the visitor's own account on the app's origin. */
function visitorShims(engine: ShimHost): Record<string, Record<string, unknown>> {
  const auth = visitorAuth(
    visitorSession,
    (route) => engine.navigate(route, { push: true, notify: true }),
    callbackRoute,
  );
  function useUser() {
    const user = useSyncExternalStore(visitorSession.subscribe, visitorSession.current);
    const loading = useSyncExternalStore(visitorSession.subscribe, visitorSession.isLoading);
    return { data: user, user, loading, refetch: visitorSession.refetch };
  }
  function useAuth() {
    return auth;
  }
  return {
    '@/utils/useUser': { default: useUser, useUser },
    '@/utils/useAuth': { default: useAuth, useAuth },
  };
}

/** `@/utils/useUser` and `@/utils/useAuth` as module namespaces, navigating through `engine`. */
export function authShims(engine: ShimHost): Record<string, Record<string, unknown>> {
  if (engine.kind === 'app') return visitorShims(engine);
  const finish = (options: AuthOptions | undefined): AuthResult => {
    const route = callbackRoute(options?.callbackUrl);
    if (options?.redirect !== false) engine.navigate(route, { push: true, notify: true });
    return { ok: true, error: null, status: 200, url: route };
  };
  const signInWith =
    (provider: AuthProvider) =>
    async (options?: AuthOptions): Promise<AuthResult> => {
      if (!previewSession.enabled) throw new Error(MESSAGES.authNotEnabled);
      await signInThroughPopup(provider);
      return finish(options);
    };
  const auth = Object.freeze({
    signInWithCredentials: signInWith('credentials'),
    signUpWithCredentials: signInWith('credentials'),
    signInWithGoogle: signInWith('google'),
    signInWithFacebook: signInWith('facebook'),
    signInWithTwitter: signInWith('twitter'),
    signInWithOAuth: (provider: string, options?: AuthOptions) =>
      isAuthProvider(provider)
        ? signInWith(provider)(options)
        : Promise.reject(new Error(MESSAGES.authNotEnabled)),
    signOut: async (options?: AuthOptions): Promise<AuthResult> => {
      previewSession.signOut();
      return finish(options);
    },
  });

  /** `{ data: user | null, loading, refetch }` (and `user`, the same value, for code that reads that name). */
  function useUser() {
    const user = useSyncExternalStore(previewSession.subscribe, previewSession.current);
    const refetch = useCallback(() => Promise.resolve(previewSession.current()), []);
    return { data: user, user, loading: false, refetch };
  }
  /** The sign-in functions; the same object on every call. */
  function useAuth() {
    return auth;
  }
  return {
    '@/utils/useUser': { default: useUser, useUser },
    '@/utils/useAuth': { default: useAuth, useAuth },
  };
}
