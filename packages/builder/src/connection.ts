/**
 * @module Whether the builder can reach its server: the browser's online flag, and the outcome of the last
 * GraphQL call (`api.ts` reports every network failure and every answer). `useConnection()` drives the calm
 * "Reconnecting…" indicator; TanStack Query's own online manager resumes paused queries when the network
 * returns (`query-client.ts`).
 */
import { useSyncExternalStore } from 'react';

let reachable = true;
const listeners = new Set<() => void>();

function notify(): void {
  for (const listener of listeners) listener();
}

/** Called by `api.ts`: false after a request could not reach the server, true after any answer. */
export function reportReachable(value: boolean): void {
  if (value === reachable) return;
  reachable = value;
  notify();
}

function online(): boolean {
  return typeof navigator === 'undefined' || navigator.onLine !== false;
}

function subscribe(onChange: () => void): () => void {
  listeners.add(onChange);
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    listeners.delete(onChange);
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

export type Connection = 'online' | 'offline' | 'unreachable';

function snapshot(): Connection {
  if (!online()) return 'offline';
  return reachable ? 'online' : 'unreachable';
}

/** `offline` (the browser has no network), `unreachable` (the server did not answer) or `online`. */
export function useConnection(): Connection {
  return useSyncExternalStore(subscribe, snapshot);
}
