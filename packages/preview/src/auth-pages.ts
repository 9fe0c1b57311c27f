/**
 * @module
 * The sign-in popup of the preview (spec §2 "Sign-in popup", §6). Generated code signs in through
 * `@/utils/useAuth` (runtime/auth.tsx), which opens `/~~autosignin/{provider}?callbackUrl=/~~autoclose` in an
 * 800×600 window on the preview origin. That page signs the builder's user in for the preview at once (it tells
 * its opener, the preview, over `postMessage`) and goes on to `/~~autoclose`, which posts the close message to
 * its opener and closes; the preview then navigates to the caller's callbackUrl. Isomorphic: the runtime uses
 * the paths and messages, the server (and the tests' servers) serve the two pages. Imports nothing, so the
 * runtime bundle gains only these constants.
 */

/** The sign-in popup's path prefix: `/~~autosignin/{provider}`. */
export const AUTO_SIGN_IN_PATH = '/~~autosignin/';
/** The page the popup ends on: it posts the close message and closes. */
export const AUTO_CLOSE_PATH = '/~~autoclose';
/** The popup window's size (spec §2). */
export const SIGN_IN_POPUP_SIZE = Object.freeze({ width: 800, height: 600 });
/** Providers `useAuth` signs in with (`signInWithCredentials` and `signUpWithCredentials` use `credentials`). */
export const AUTH_PROVIDERS = ['credentials', 'google', 'facebook', 'twitter'] as const;
export type AuthProvider = (typeof AUTH_PROVIDERS)[number];

/** Popup → preview: the builder's user is signed in for the preview. */
export const SIGNED_IN_MESSAGE = 'kiln:autosignin';
/** Popup → preview: the popup is done and closes (spec: "the popup posts a close message"). */
export const CLOSE_MESSAGE = 'kiln:autoclose';

/** True for a provider name `/~~autosignin/{provider}` accepts. */
export function isAuthProvider(value: string): value is AuthProvider {
  return (AUTH_PROVIDERS as readonly string[]).includes(value);
}

/** A popup page; `title` and `script` are Kiln's own constant text (the provider comes from AUTH_PROVIDERS). */
function popupPage(title: string, script: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<style>body{margin:0;min-height:100vh;display:grid;place-items:center;font:15px system-ui,sans-serif;color:#374151;background:#f9fafb}</style>
</head>
<body>
<p>${title}</p>
<script>${script}</script>
</body>
</html>
`;
}

/**
 * `/~~autosignin/{provider}`: tells the opener (the preview on this origin) that the builder's user is signed
 * in, then goes to the `callbackUrl` query parameter (a path on this origin; default `/~~autoclose`).
 */
export function autoSignInHtml(provider: AuthProvider): string {
  return popupPage(
    'Signing you in…',
    `(function () {
  var next = new URLSearchParams(location.search).get('callbackUrl') || ${JSON.stringify(AUTO_CLOSE_PATH)};
  if (next.charAt(0) !== '/' || next.charAt(1) === '/' || next.charAt(1) === '\\\\') next = ${JSON.stringify(AUTO_CLOSE_PATH)};
  if (window.opener) window.opener.postMessage({ kind: ${JSON.stringify(SIGNED_IN_MESSAGE)}, provider: ${JSON.stringify(provider)} }, location.origin);
  location.replace(next);
})();`,
  );
}

/** `/~~autoclose`: posts the close message to the opener and closes the window. */
export function autoCloseHtml(): string {
  return popupPage(
    'Signed in. You can close this window.',
    `(function () {
  if (window.opener) window.opener.postMessage({ kind: ${JSON.stringify(CLOSE_MESSAGE)} }, location.origin);
  window.close();
})();`,
  );
}

/**
 * Visitor sign-in on a published app (issue 14): why a credentials sign-in or sign-up was refused, by the `code`
 * the server's Auth.js puts in its answer's URL, with the sentence the visitor sees.
 */
export const VISITOR_AUTH_ERRORS = Object.freeze({
  credentials: 'That email and password do not match an account.',
  email_taken: 'An account with this email already exists. Sign in instead.',
  invalid_email: 'Enter a valid email address.',
  password_too_short: 'Use a password of at least 8 characters.',
  password_too_long: 'Use a password of at most 256 characters.',
});
export type VisitorAuthError = keyof typeof VISITOR_AUTH_ERRORS;

/** The OAuth providers a published app can offer, as `useAuth().signInWithOAuth` names them. */
export const OAUTH_PROVIDER_NAMES = Object.freeze({
  google: 'Google',
  facebook: 'Facebook',
  twitter: 'Twitter',
});
