/**
 * @module @kiln/app-sdk — what generated apps use at run time. It grows with the issues that bring sign-in,
 * uploads and the database to published apps; today: haptics and the secure store.
 */
export { haptic } from './haptics';
export { createSecureStore, type SecureStore } from './secure-store';
