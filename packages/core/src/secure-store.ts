/**
 * The secure-store value check (spec §5): values must be strings (rejected otherwise); values over 2048
 * bytes (UTF-8) produce a warning only.
 * @module
 */
import { SECURE_STORE_WARN_BYTES } from './constants';
import { KilnError } from './errors';
import { MESSAGES } from './messages';

/** The UTF-8 byte length of a string. */
export function utf8ByteLength(value: string): number {
  return new TextEncoder().encode(value).length;
}

/** Throws `KilnError('validation')` with the catalogue message unless the value is a string. */
export function assertSecureStoreValue(value: unknown): asserts value is string {
  if (typeof value !== 'string') {
    throw new KilnError('validation', MESSAGES.secureStoreNotString, {
      type: value === null ? 'null' : typeof value,
    });
  }
}

/** The warning for a string value over 2048 bytes, or null. */
export function secureStoreWarning(value: string): string | null {
  return utf8ByteLength(value) > SECURE_STORE_WARN_BYTES ? MESSAGES.secureStoreTooLarge : null;
}

/** Checks a value for the secure store: throws for non-strings, returns the value and any size warning. */
export function checkSecureStoreValue(value: unknown): { value: string; warning: string | null } {
  assertSecureStoreValue(value);
  return { value, warning: secureStoreWarning(value) };
}
