/**
 * The one error class of Kiln. A `KilnError` carries a small `kind` that decides the HTTP status and
 * whether the error is the user's doing; the message is usually one of `MESSAGES`, used verbatim.
 * @module
 */

/** Every error kind, in the order of the table below. */
export const ERROR_KINDS = [
  'validation',
  'not_found',
  'unauthenticated',
  'forbidden',
  'conflict',
  'rate_limited',
  'plan_limit',
  'too_large',
  'external',
  'internal',
] as const;
export type ErrorKind = (typeof ERROR_KINDS)[number];

/** The HTTP status each kind becomes. The one place that maps kinds to statuses. */
export const ERROR_STATUS: Readonly<Record<ErrorKind, number>> = Object.freeze({
  /** The input is malformed or breaks a rule of the spec. */
  validation: 400,
  /** The caller is not signed in or the credentials are invalid. */
  unauthenticated: 401,
  /** The caller's plan does not include this (allowance, private projects, size). */
  plan_limit: 402,
  /** The caller is signed in but may not do this. */
  forbidden: 403,
  /** The thing asked for does not exist (or is hidden from the caller). */
  not_found: 404,
  /** The request clashes with the current state (bad lifecycle transition, duplicate, stale write). */
  conflict: 409,
  /** The payload is over a size limit (uploads: "Upload failed: File too large."). */
  too_large: 413,
  /** The caller sent too many requests; retry later. */
  rate_limited: 429,
  /** A service Kiln depends on (model provider, storage, sandbox) failed. */
  external: 502,
  /** A bug or an unexpected state inside Kiln. */
  internal: 500,
});

/** Kinds caused by the user's input or rights: reported to them, never reported as failures. */
export const USER_ERROR_KINDS: readonly ErrorKind[] = Object.freeze([
  'validation',
  'not_found',
  'unauthenticated',
  'forbidden',
  'conflict',
  'rate_limited',
  'plan_limit',
  'too_large',
]);

/** Whether a string is one of the error kinds. */
export function isErrorKind(value: unknown): value is ErrorKind {
  return typeof value === 'string' && (ERROR_KINDS as readonly string[]).includes(value);
}

/** Whether errors of this kind are the user's doing (and so are not reported as failures). */
export function isUserErrorKind(kind: ErrorKind): boolean {
  return USER_ERROR_KINDS.includes(kind);
}

/** An error with a kind that decides its HTTP status. */
export class KilnError extends Error {
  readonly kind: ErrorKind;
  declare readonly details?: Record<string, unknown>;

  constructor(kind: ErrorKind, message: string, details?: Record<string, unknown>) {
    super(message);
    this.name = 'KilnError';
    this.kind = kind;
    if (details !== undefined) this.details = details;
  }

  /** The HTTP status for this error's kind. */
  get status(): number {
    return ERROR_STATUS[this.kind];
  }

  /** Plain data for crossing a boundary (iframe, JSON response): errors travel as data, never as classes. */
  toJSON(): { kind: ErrorKind; message: string; details?: Record<string, unknown> } {
    return this.details === undefined
      ? { kind: this.kind, message: this.message }
      : { kind: this.kind, message: this.message, details: this.details };
  }
}

/** Whether a value is a `KilnError` (also across bundles, where `instanceof` may fail). */
export function isKilnError(e: unknown): e is KilnError {
  if (e instanceof KilnError) return true;
  return (
    e instanceof Error &&
    e.name === 'KilnError' &&
    isErrorKind((e as { kind?: unknown }).kind) &&
    typeof (e as { status?: unknown }).status === 'number'
  );
}

/** Wraps anything thrown into a `KilnError`: `KilnError`s pass through, everything else is `internal`. */
export function toKilnError(e: unknown, fallbackMessage = 'Something went wrong.'): KilnError {
  if (isKilnError(e)) return e;
  if (e instanceof Error) return new KilnError('internal', e.message || fallbackMessage, { cause: e.name });
  return new KilnError('internal', fallbackMessage);
}
