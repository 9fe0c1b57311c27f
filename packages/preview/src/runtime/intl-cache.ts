/**
 * @module
 * Generated code builds Intl formatters where it uses them — `new Intl.NumberFormat('en-US', {style:
 * 'currency', …}).format(n)` inside a helper called once per table row, on every render. Building one costs
 * ~40 µs in V8 (locale data is resolved each time), so a 40-row table spends more than a millisecond per render
 * only on that. Formatters are immutable once built, so the runtime keeps one per (locales, options) and hands
 * it out again: same class, same prototype, same output, same errors for bad options. `Number#toLocaleString`
 * goes through the same cache.
 */

type Ctor<T> = { new (locales?: string | string[], options?: object): T; prototype: T };

/** Formatters kept per kind; a page that builds thousands of distinct ones stops being cached, not growing. */
const MAX_ENTRIES = 256;

/** A stable key for (locales, options), or null when the options are not plain data (then: no caching). */
function cacheKey(locales: unknown, options: unknown): string | null {
  if (options !== undefined && (options === null || typeof options !== 'object')) return null;
  if (options && Object.getPrototypeOf(options) !== Object.prototype) return null;
  try {
    return JSON.stringify([locales ?? null, options ?? null]);
  } catch {
    return null;
  }
}

function memoised<T extends object>(Native: Ctor<T>): Ctor<T> {
  const cache = new Map<string, T>();
  const Cached = function (this: unknown, locales?: string | string[], options?: object): T {
    const key = cacheKey(locales, options);
    if (key === null) return new Native(locales, options);
    let formatter = cache.get(key);
    if (!formatter) {
      formatter = new Native(locales, options); // bad options throw here, as they would without the cache
      if (cache.size >= MAX_ENTRIES) cache.clear();
      cache.set(key, formatter);
    }
    return formatter;
  } as unknown as Ctor<T>;
  // `instanceof`, static methods (supportedLocalesOf) and the name stay those of the native constructor.
  Object.setPrototypeOf(Cached, Native);
  Object.defineProperty(Cached, 'prototype', { value: Native.prototype });
  Object.defineProperty(Cached, 'name', { value: Native.name });
  return Cached;
}

/** Replaces `Intl.NumberFormat`, `Intl.DateTimeFormat` and `Number#toLocaleString` with cached versions. */
export function installIntlCache(scope: typeof globalThis = globalThis): void {
  const intl = scope.Intl as unknown as Record<string, unknown>;
  if ((intl.NumberFormat as { __kilnCached?: boolean }).__kilnCached) return;
  const NumberFormat = memoised(scope.Intl.NumberFormat as unknown as Ctor<Intl.NumberFormat>);
  const DateTimeFormat = memoised(scope.Intl.DateTimeFormat as unknown as Ctor<Intl.DateTimeFormat>);
  Object.defineProperty(NumberFormat, '__kilnCached', { value: true });
  for (const [name, value] of [
    ['NumberFormat', NumberFormat],
    ['DateTimeFormat', DateTimeFormat],
  ] as const) {
    Object.defineProperty(intl, name, { value, writable: true, configurable: true, enumerable: false });
  }
  const nativeToLocale = scope.Number.prototype.toLocaleString;
  Object.defineProperty(scope.Number.prototype, 'toLocaleString', {
    value: function cachedToLocaleString(
      this: unknown,
      locales?: string | string[],
      options?: Intl.NumberFormatOptions,
    ): string {
      // Called on something else (Number.prototype.toLocaleString.call(x)): the native method decides.
      if (typeof this !== 'number' && !(this instanceof scope.Number)) {
        return nativeToLocale.call(this as number, locales, options);
      }
      return new NumberFormat(locales, options).format(Number(this));
    },
    writable: true,
    configurable: true,
    enumerable: false,
  });
}
