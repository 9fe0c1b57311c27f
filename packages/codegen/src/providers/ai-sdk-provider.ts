/**
 * A `ModelProvider` over any AI SDK language model: streams the reply's text deltas through
 * `streamText`, reports the provider's real token usage beside the stream, and turns failures into
 * `KilnError`s (see `provider-errors.ts`). The AI SDK is loaded at the first reply, not at start: a server on the
 * builtin model never loads it (~30 MiB resident).
 * @module
 */
import type { LanguageModel, ModelMessage } from 'ai';
import type { ProviderMessage, Usage } from '../types.ts';
import type { ProviderErrorContext } from './provider-errors.ts';
import { toProviderError } from './provider-errors.ts';
import type { ProviderFinishReason, UsageReportingProvider } from './provider-stream.ts';

/** Wraps an AI SDK model as a Kiln provider. `maxRetries` applies to each call (default 2). */
export function createAiSdkProvider(opts: {
  id: string;
  /** The model, or how to make it (its provider package loaded on first use). */
  model: LanguageModel | (() => Promise<LanguageModel>);
  maxRetries?: number | undefined;
  /** Whether the model reads images (default false: a message's images are named in words, not sent). */
  acceptsImages?: boolean;
  errors: Omit<ProviderErrorContext, 'receivedChars'>;
}): UsageReportingProvider {
  const maxRetries = opts.maxRetries ?? 2;
  const acceptsImages = opts.acceptsImages === true;
  return {
    id: opts.id,
    acceptsImages,
    stream({ system, messages, signal }) {
      let settleUsage: (usage: Usage | null) => void = () => {};
      let settleFinish: (reason: ProviderFinishReason | null) => void = () => {};
      const usage = new Promise<Usage | null>((resolve) => {
        settleUsage = resolve;
      });
      const finishReason = new Promise<ProviderFinishReason | null>((resolve) => {
        settleFinish = resolve;
      });

      async function* text(): AsyncGenerator<string> {
        let receivedChars = 0;
        try {
          const [{ streamText }, model] = await Promise.all([
            import('ai'),
            typeof opts.model === 'function' ? opts.model() : opts.model,
          ]);
          const result = streamText({
            model,
            system,
            messages: messages.map((m) => toModelMessage(m, acceptsImages)),
            maxRetries,
            ...(signal ? { abortSignal: signal } : {}),
            // Errors are rethrown from the stream below; the default handler would also log them.
            onError: () => {},
          });
          for await (const part of result.fullStream) {
            if (part.type === 'text-delta') {
              if (!part.text) continue;
              receivedChars += part.text.length;
              yield part.text;
            } else if (part.type === 'error') {
              throw part.error;
            } else if (part.type === 'abort') {
              return;
            } else if (part.type === 'finish') {
              const { inputTokens, outputTokens } = part.totalUsage;
              settleUsage(
                inputTokens === undefined && outputTokens === undefined
                  ? null
                  : { inputTokens: inputTokens ?? 0, outputTokens: outputTokens ?? 0 },
              );
              settleFinish(part.finishReason);
            }
          }
        } catch (e) {
          // A cancellation is not a provider failure: let the caller see its own abort.
          if (signal?.aborted) throw e;
          throw toProviderError(e, { ...opts.errors, receivedChars });
        } finally {
          settleUsage(null);
          settleFinish(null);
        }
      }

      return Object.assign(text(), { usage, finishReason });
    },
  };
}

/** What a model that reads no images is told in place of a message's images. */
export const IMAGES_LEFT_OUT = (count: number) =>
  `[The user attached ${count === 1 ? 'an image' : `${count} images`} to this message, but you cannot see images, so ${count === 1 ? 'it was' : 'they were'} left out. Work from the words; do not describe or guess what ${count === 1 ? 'it shows' : 'they show'}.]`;

/** One message in the AI SDK's form: a user message's images as image parts after its text. */
export function toModelMessage(m: ProviderMessage, acceptsImages: boolean): ModelMessage {
  const images = m.role === 'user' ? (m.images ?? []) : [];
  if (images.length === 0) return { role: m.role, content: m.content };
  if (!acceptsImages) return { role: 'user', content: `${m.content}\n\n${IMAGES_LEFT_OUT(images.length)}` };
  return {
    role: 'user',
    content: [
      { type: 'text', text: m.content },
      ...images.map((image) => ({ type: 'image' as const, image: image.data, mediaType: image.mediaType })),
    ],
  };
}
