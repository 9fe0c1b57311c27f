import { describe, expect, it, vi } from 'vitest';
import { haptic } from './haptics';
import { createSecureStore } from './secure-store';

class MemoryStorage {
  map = new Map<string, string>();
  get length() {
    return this.map.size;
  }
  clear() {
    this.map.clear();
  }
  getItem(k: string) {
    return this.map.get(k) ?? null;
  }
  key(i: number) {
    return [...this.map.keys()][i] ?? null;
  }
  removeItem(k: string) {
    this.map.delete(k);
  }
  setItem(k: string, v: string) {
    this.map.set(k, v);
  }
}

describe('haptics', () => {
  it('vibrates with the spec pattern for each kind', () => {
    const calls: number[][] = [];
    const nav = {
      vibrate: (p: number[]) => {
        calls.push(p);
        return true;
      },
    };
    haptic('success', nav);
    haptic('error', nav);
    expect(calls).toEqual([
      [40, 100, 40],
      [60, 100, 60, 100, 60],
    ]);
  });

  it('warns once that haptics are not supported on web when there is no vibrate', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(haptic('light', {})).toBe(false);
    expect(haptic('light', {})).toBe(false);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]![0]).toBe('Haptics.light is not supported on web');
    warn.mockRestore();
  });
});

describe('secure store', () => {
  it('keeps strings, rejects other values with the catalogue message, warns over 2048 bytes', async () => {
    const store = createSecureStore(new MemoryStorage() as unknown as Storage);
    await store.setItemAsync('token', 'abc');
    expect(await store.getItemAsync('token')).toBe('abc');
    await expect(store.setItemAsync('n', 42 as unknown as string)).rejects.toThrow(/strings/);
    expect(await store.getItemAsync('n')).toBeNull();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    await store.setItemAsync('big', 'x'.repeat(2049));
    expect(warn).toHaveBeenCalledTimes(1);
    warn.mockRestore();
    await store.deleteItemAsync('token');
    expect(await store.getItemAsync('token')).toBeNull();
  });
});
