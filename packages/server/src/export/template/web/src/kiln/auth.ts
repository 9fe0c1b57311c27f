/**
 * @module `@/utils/useUser` and `@/utils/useAuth` outside Kiln. Kiln's visitor accounts (sign-in, sign-up,
 * sessions) are a service of Kiln's app hosting and are not part of the export: here every visitor is signed
 * out and the sign-in functions reject with a sentence saying so. Replace these two hooks with your own
 * authentication (e.g. Auth.js) and `src/auth.ts` (what functions call) with its session check.
 */

/** What a sign-in or sign-out call takes (the next-auth shape generated code is written against). */
export interface AuthOptions {
  email?: string;
  password?: string;
  name?: string;
  callbackUrl?: string;
  redirect?: boolean;
}

/** The message every sign-in gives in the exported app until its own authentication is added. */
export const AUTH_NOT_IN_EXPORT =
  'Sign-in is not set up in this exported app: add your own authentication (see README.md, "Sign-in").';

const refuse = (_options?: AuthOptions) => Promise.reject(new Error(AUTH_NOT_IN_EXPORT));

const auth = Object.freeze({
  signInWithCredentials: refuse,
  signUpWithCredentials: refuse,
  signInWithGoogle: refuse,
  signInWithFacebook: refuse,
  signInWithTwitter: refuse,
  signInWithOAuth: (_provider: string, options?: AuthOptions) => refuse(options),
  signOut: async (options?: AuthOptions) => {
    const url = options?.callbackUrl ?? '/';
    if (options?.redirect !== false) location.assign(url);
    return { ok: true, error: null, status: 200, url };
  },
});

/** The sign-in functions; the same object on every call. */
export function useAuth() {
  return auth;
}

/** `{ data: user | null, loading, refetch }`: always signed out until authentication is added. */
export function useUser() {
  return { data: null, user: null, loading: false, refetch: () => Promise.resolve(null) };
}
