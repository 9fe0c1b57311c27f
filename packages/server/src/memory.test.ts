/**
 * @module The collection `npm start` runs after start returns garbage without Node flags, and WebAssembly kept
 * on the baseline compiler (issue 15, footprint).
 */
import { setFlagsFromString } from 'node:v8';
import { describe, expect, it } from 'vitest';
import { baselineWasmOnly, collectGarbage } from './memory';

const MiB = 1024 * 1024;

describe('collectGarbage', () => {
  it('frees unreachable memory at once, without --expose-gc', () => {
    expect(process.execArgv.some((a) => a.includes('expose-gc') || a.includes('expose_gc'))).toBe(false);
    let garbage: number[][] | null = Array.from({ length: 64 }, () => new Array(64 * 1024).fill(1.5));
    const full = process.memoryUsage().heapUsed;
    expect(garbage.length).toBe(64);
    garbage = null;
    collectGarbage();
    const after = process.memoryUsage().heapUsed;
    // 64 arrays of 64 Ki doubles hold 32 MiB; most of it must be gone.
    expect(full - after).toBeGreaterThan(24 * MiB);
    // Safe to call again (the flag is already on).
    expect(() => collectGarbage()).not.toThrow();
  });
});

/** A module whose `f(n)` counts to n in a loop (hot enough for V8 to optimise); `k` varies its bytes. */
function countingModule(k: number): Uint8Array {
  // prettier-ignore
  return new Uint8Array([
    0,
    0x61,
    0x73,
    0x6d,
    1,
    0,
    0,
    0,
    1,
    6,
    1,
    0x60,
    1,
    0x7f,
    1,
    0x7f,
    3,
    2,
    1,
    0,
    7,
    5,
    1,
    1,
    0x66,
    0,
    0,
    0x0a,
    0x19,
    1,
    0x17,
    1,
    1,
    0x7f,
    3,
    0x40,
    0x20,
    1,
    0x41,
    k,
    0x6a,
    0x21,
    1,
    0x20,
    1,
    0x20,
    0,
    0x48,
    0x0d,
    0,
    0x0b,
    0x20,
    1,
    0x0b,
  ]);
}

/** Runs a module's `f` hot, then answers whether V8 optimised it (within `waitMs`). */
async function optimisedWhenHot(bytes: Uint8Array, waitMs: number): Promise<boolean> {
  setFlagsFromString('--allow-natives-syntax');
  const isTurboFan = new Function('f', 'return %IsTurboFanFunction(f)') as (f: unknown) => boolean;
  const { instance } = await WebAssembly.instantiate(bytes as BufferSource);
  const f = instance.exports.f as (n: number) => number;
  const until = Date.now() + waitMs;
  do {
    for (let i = 0; i < 50; i++) f(1_000_000);
    if (isTurboFan(f)) return true;
    await new Promise((r) => setTimeout(r, 50));
  } while (Date.now() < until);
  return false;
}

describe('baselineWasmOnly', () => {
  it('keeps WebAssembly compiled afterwards on the baseline compiler, however hot', async () => {
    // Without it, V8 optimises the hot function (so the check below can see a difference).
    expect(await optimisedWhenHot(countingModule(1), 10_000)).toBe(true);
    baselineWasmOnly();
    expect(await optimisedWhenHot(countingModule(2), 2_000)).toBe(false);
  });
});
