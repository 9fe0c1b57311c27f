/**
 * @module The device rules generated apps follow at run time (haptic patterns, the secure-store value check),
 * importable by browser code without the rest of core (no zod): the app SDK and the preview's Expo stand-ins.
 */
export { HAPTIC_PATTERNS, type HapticPattern, SECURE_STORE_WARN_BYTES } from './constants';
export { checkSecureStoreValue, secureStoreWarning } from './secure-store';
