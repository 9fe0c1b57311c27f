/**
 * @module Which form field a server error is about, so the form can show it under that field (and tie it
 * with `aria-describedby`) instead of only above the button.
 */

/** `email`, `password` or `name` when the message names that field, else null (a general error). */
export function fieldOfError(message: string | null): 'email' | 'password' | 'name' | null {
  if (!message) return null;
  if (/e-?mail/i.test(message)) return 'email';
  if (/password/i.test(message)) return 'password';
  if (/\bname\b/i.test(message)) return 'name';
  return null;
}
