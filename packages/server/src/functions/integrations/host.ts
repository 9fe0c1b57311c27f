/**
 * The host call Kiln's integration modules use (the harness puts it on `globalThis[HOST_GLOBAL]`): runs a service
 * of the Kiln server for the function's app and resolves with its answer; `onChunk` receives a streamed answer's
 * pieces. Bundled into a route with the integration that imports it (../bundle.ts).
 * @module
 */
import { HOST_GLOBAL } from '../protocol';

type HostCall = (
  service: string,
  method: string,
  args: unknown,
  onChunk?: (text: string) => void,
) => Promise<unknown>;

export function hostCall(
  service: string,
  method: string,
  args: unknown,
  onChunk?: (text: string) => void,
): Promise<unknown> {
  const call = (globalThis as unknown as Record<string, HostCall | undefined>)[HOST_GLOBAL];
  if (!call) return Promise.reject(new Error('Kiln integrations run only inside Kiln functions'));
  return call(service, method, args, onChunk);
}
