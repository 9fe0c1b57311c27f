/**
 * @module The secure store for generated apps on the web, kept in localStorage under a per-app prefix.
 * Values must be strings (JSON-encode objects): anything else is rejected with the spec's message; values
 * over 2048 bytes are stored with a warning.
 */
import { checkSecureStoreValue } from '@kiln/core';

const PREFIX = 'kiln.secure.';

export interface SecureStore {
  getItemAsync(key: string): Promise<string | null>;
  setItemAsync(key: string, value: string): Promise<void>;
  deleteItemAsync(key: string): Promise<void>;
}

/** A secure store over a Storage (default `localStorage`). */
export function createSecureStore(storage: Storage = globalThis.localStorage): SecureStore {
  return {
    async getItemAsync(key) {
      return storage.getItem(PREFIX + key);
    },
    async setItemAsync(key, value) {
      const { warning } = checkSecureStoreValue(value);
      if (warning) console.warn(warning);
      storage.setItem(PREFIX + key, value);
    },
    async deleteItemAsync(key) {
      storage.removeItem(PREFIX + key);
    },
  };
}
