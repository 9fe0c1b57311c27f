/**
 * `expo-secure-store` for the preview and published web builds, over the app SDK's store (localStorage under a
 * per-app prefix): values must be strings — anything else is rejected with the spec's message — and values over
 * 2048 bytes are stored with a warning. The web has no keychain: say so to people who need real secrecy.
 */
import { createSecureStore } from '@kiln/app-sdk';

let store: ReturnType<typeof createSecureStore> | undefined;
const current = () => (store ??= createSecureStore());

/** Options are accepted for compatibility; the web has no keychain access groups or biometric prompts. */
export type SecureStoreOptions = Record<string, unknown>;

export const AFTER_FIRST_UNLOCK = 0;
export const AFTER_FIRST_UNLOCK_THIS_DEVICE_ONLY = 1;
export const ALWAYS = 2;
export const WHEN_PASSCODE_SET_THIS_DEVICE_ONLY = 3;
export const ALWAYS_THIS_DEVICE_ONLY = 4;
export const WHEN_UNLOCKED = 5;
export const WHEN_UNLOCKED_THIS_DEVICE_ONLY = 6;

export async function isAvailableAsync(): Promise<boolean> {
  return typeof localStorage !== 'undefined';
}

export function getItemAsync(key: string, _options?: SecureStoreOptions): Promise<string | null> {
  return current().getItemAsync(key);
}

export function setItemAsync(key: string, value: string, _options?: SecureStoreOptions): Promise<void> {
  return current().setItemAsync(key, value);
}

export function deleteItemAsync(key: string, _options?: SecureStoreOptions): Promise<void> {
  return current().deleteItemAsync(key);
}

/** The synchronous reads and writes of SDK 52+. */
export function getItem(key: string, _options?: SecureStoreOptions): string | null {
  return current().getItem(key);
}

export function setItem(key: string, value: string, _options?: SecureStoreOptions): void {
  current().setItem(key, value);
}

export function canUseBiometricAuthentication(): boolean {
  return false;
}
