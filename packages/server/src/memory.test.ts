/** @module The collection `npm start` runs after start returns garbage without Node flags (issue 15). */
import { describe, expect, it } from 'vitest';
import { collectGarbage } from './memory';

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
