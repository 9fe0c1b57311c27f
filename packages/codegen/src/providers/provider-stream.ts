/**
 * What a real provider's `stream()` returns beyond the text: the token usage the provider reported and
 * why the model stopped. Dependency-free, so `generate` can read it without loading the AI SDK.
 * @module
 */
import type { ModelProvider, ProviderMessage, Usage } from '../types.ts';

/** Why a model stopped (the AI SDK's finish reasons). */
export type ProviderFinishReason = 'stop' | 'length' | 'content-filter' | 'tool-calls' | 'error' | 'other';

/**
 * The text deltas of one reply, plus promises that settle when the stream ends. They never reject;
 * they hold `null` when the reply failed or the provider did not say.
 */
export interface ProviderStream extends AsyncIterable<string> {
  /** Token counts the provider reported for this call (`null` when it reported none). */
  readonly usage: Promise<Usage | null>;
  /** Why the model stopped: `stop`, or `length` when it ran out of output tokens (the reply is truncated). */
  readonly finishReason: Promise<ProviderFinishReason | null>;
}

/** A `ModelProvider` whose streams are `ProviderStream`s. */
export interface UsageReportingProvider extends ModelProvider {
  stream(req: { system: string; messages: ProviderMessage[]; signal?: AbortSignal }): ProviderStream;
}

/**
 * The usage a provider reported for a stream, or `null` (the builtin provider, or no usage in the reply).
 * Await it after the stream is consumed; `generate` should prefer it over its chars/4 estimate.
 */
export async function reportedUsage(stream: AsyncIterable<string>): Promise<Usage | null> {
  const usage = (stream as Partial<ProviderStream>).usage;
  return usage instanceof Promise ? await usage : null;
}
