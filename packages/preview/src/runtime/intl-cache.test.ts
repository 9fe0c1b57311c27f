import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { installIntlCache } from './intl-cache.ts';

/** A fresh realm, so the test's own Intl stays native. */
function realm(): typeof globalThis {
  const scope = runInNewContext('globalThis') as typeof globalThis;
  installIntlCache(scope);
  return scope;
}

function errorName(fn: () => unknown): string | null {
  try {
    fn();
    return null;
  } catch (e) {
    return (e as Error).name;
  }
}

describe('installIntlCache', () => {
  it('gives the same formatter for the same locales and options, and the same output as the native one', () => {
    const scope = realm();
    const a = new scope.Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
    const b = new scope.Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
    expect(a).toBe(b);
    expect(a.format(1234.5)).toBe(
      new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(1234.5),
    );
    expect(new scope.Intl.NumberFormat('de-DE').format(1234.5)).toBe('1.234,5');
    expect(new scope.Intl.NumberFormat('en-US', { style: 'percent' })).not.toBe(a);
  });

  it('keeps instanceof, static methods, calls without new and the errors of bad options', () => {
    const scope = realm();
    const f = new scope.Intl.NumberFormat('en');
    expect(f instanceof scope.Intl.NumberFormat).toBe(true);
    expect(scope.Intl.NumberFormat.supportedLocalesOf(['en-US'])).toEqual(['en-US']);
    expect(scope.Intl.NumberFormat.name).toBe('NumberFormat');
    expect((scope.Intl.NumberFormat as unknown as (l: string) => Intl.NumberFormat)('en').format(2)).toBe(
      '2',
    );
    // The realm's own error classes, as without the cache.
    expect(errorName(() => new scope.Intl.NumberFormat('en', { style: 'currency' }))).toBe('TypeError');
    expect(errorName(() => new scope.Intl.NumberFormat('en', { maximumFractionDigits: 500 }))).toBe(
      'RangeError',
    );
  });

  it('caches DateTimeFormat and routes Number#toLocaleString through the cache with the same output', () => {
    const scope = realm();
    const d = new scope.Intl.DateTimeFormat('en-GB', { dateStyle: 'medium' });
    expect(new scope.Intl.DateTimeFormat('en-GB', { dateStyle: 'medium' })).toBe(d);
    expect(d.format(new Date(Date.UTC(2026, 10, 23, 12)))).toBe('23 Nov 2026');
    const n = scope.Number(1234567.891);
    expect(n.toLocaleString()).toBe((1234567.891).toLocaleString());
    expect(n.toLocaleString('en-US', { maximumFractionDigits: 0 })).toBe('1,234,568');
  });
});
