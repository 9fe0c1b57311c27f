/**
 * @module The secure store for generated apps on the web, kept in localStorage under a per-app prefix.
 * Values must be strings (JSON-encode objects): anything else is rejected with the spec's message; values
 * over 2048 bytes are stored with a warning.
 */
import { checkSecureStoreValue } from '@kiln/core/device';

const PREFIX = 'kiln.secure.';

export interface SecureStore {
  getItemAsync(key: string): Promise<string | null>;
  setItemAsync(key: string, value: string): Promise<void>;
  deleteItemAsync(key: string): Promise<void>;
  /** The synchronous read (expo-secure-store SDK 52+). */
  getItem(key: string): string | null;
  /** The synchronous write: throws for a value that is not a string. */
  setItem(key: string, value: string): void;
}

/** A secure store over a Storage (default `localStorage`). */
export function createSecureStore(storage: Storage = globalThis.localStorage): SecureStore {
  const getItem = (key: string) => storage.getItem(PREFIX + key);
  const setItem = (key: string, value: string) => {
    const { warning } = checkSecureStoreValue(value);
    if (warning) console.warn(warning);
    storage.setItem(PREFIX + key, value);
  };
  return {
    getItem,
    setItem,
    async getItemAsync(key) {
      return getItem(key);
    },
    async setItemAsync(key, value) {
      setItem(key, value);
    },
    async deleteItemAsync(key) {
      storage.removeItem(PREFIX + key);
    },
  };
}
