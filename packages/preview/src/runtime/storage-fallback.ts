/**
 * @module
 * The preview origin (`{projectId}.preview.localhost`) is cross-site to the builder, so browsers that block
 * third-party storage (Chromium in incognito and in Playwright contexts) throw on `localStorage` inside the
 * iframe — and generated apps lean on it. When that happens, in-memory stand-ins keep the app working for
 * the life of the page.
 */

class MemoryStorage implements Storage {
  private readonly items = new Map<string, string>();
  get length(): number {
    return this.items.size;
  }
  clear(): void {
    this.items.clear();
  }
  getItem(key: string): string | null {
    return this.items.get(String(key)) ?? null;
  }
  key(index: number): string | null {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string): void {
    this.items.delete(String(key));
  }
  setItem(key: string, value: string): void {
    this.items.set(String(key), String(value));
  }
  [name: string]: unknown;
}

function usable(name: 'localStorage' | 'sessionStorage'): boolean {
  try {
    const storage = window[name];
    storage.getItem('__kiln');
    return true;
  } catch {
    return false;
  }
}

/** Replaces `localStorage` / `sessionStorage` by in-memory storage when the browser denies access. */
export function installStorageFallback(): void {
  for (const name of ['localStorage', 'sessionStorage'] as const) {
    if (usable(name)) continue;
    try {
      Object.defineProperty(window, name, { value: new MemoryStorage(), configurable: true });
    } catch {
      // Not redefinable in this browser: generated code will see the original error.
    }
  }
}
