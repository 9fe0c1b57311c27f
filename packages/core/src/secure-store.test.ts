import { describe, expect, it } from 'vitest';
import { isKilnError } from './errors';
import { MESSAGES } from './messages';
import {
  assertSecureStoreValue,
  checkSecureStoreValue,
  secureStoreWarning,
  utf8ByteLength,
} from './secure-store';

describe('secure store value check', () => {
  it.each([
    ['a number', 42],
    ['an object', { a: 1 }],
    ['an array', ['a']],
    ['null', null],
    ['undefined', undefined],
    ['a boolean', true],
  ])('rejects %s with the catalogue message', (_name, value) => {
    let error: unknown;
    try {
      checkSecureStoreValue(value);
    } catch (e) {
      error = e;
    }
    expect(isKilnError(error) && error.kind).toBe('validation');
    expect((error as Error).message).toBe(MESSAGES.secureStoreNotString);
  });

  it.each<[string, string, string | null]>([
    ['an empty string', '', null],
    ['a JSON-encoded value', JSON.stringify({ a: 1 }), null],
    ['exactly 2048 bytes', 'a'.repeat(2048), null],
    ['2049 bytes', 'a'.repeat(2049), MESSAGES.secureStoreTooLarge],
    ['1024 two-byte characters (2048 bytes)', 'é'.repeat(1024), null],
    [
      '1025 two-byte characters (2050 bytes, under 2048 characters)',
      'é'.repeat(1025),
      MESSAGES.secureStoreTooLarge,
    ],
  ])('accepts %s, warning: %s', (_name, value, warning) => {
    expect(checkSecureStoreValue(value)).toEqual({ value, warning });
    expect(secureStoreWarning(value)).toBe(warning);
  });

  it('narrows to string', () => {
    const v: unknown = 'x';
    assertSecureStoreValue(v);
    expect(v.length).toBe(1);
    expect(utf8ByteLength('😀')).toBe(4);
  });
});
