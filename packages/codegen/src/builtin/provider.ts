/**
 * The builtin provider: a `ModelProvider` that needs no model. It reads the request message `buildPrompt`
 * wrote, produces the builtin generator's tagged reply, and streams it in chunks through the same parser
 * a real model's reply goes through.
 * @module
 */
import { readRequestMessage } from '../prompt.ts';
import type { ModelProvider } from '../types.ts';

/** The builtin generator's first words when a message carries images it cannot look at. */
export const BUILTIN_IMAGES_NOTE = (count: number) =>
  `I received ${count === 1 ? 'your image' : `your ${count} images`}, but the builtin generator cannot look at images, so I worked from your words only.`;

/**
 * Creates the builtin provider. `chunkDelayMs` (default 0) pauses between chunks so the preview can be
 * watched "typing"; `chunkSize` (default 64 characters) is the size of each streamed chunk.
 */
export function createBuiltinProvider(
  opts: { chunkDelayMs?: number; chunkSize?: number } = {},
): ModelProvider {
  const chunkSize = Math.max(1, Math.floor(opts.chunkSize ?? 64));
  const delay = Math.max(0, opts.chunkDelayMs ?? 0);
  return {
    id: 'builtin',
    // The builtin generator edits every file (a colour change touches them all) and costs nothing to read to.
    contextBudgetTokens: Number.POSITIVE_INFINITY,
    async *stream({ messages, signal }) {
      const last = [...messages].reverse().find((m) => m.role === 'user');
      const images = last?.images?.length ?? 0;
      // The generator and its embedded templates (~0.9 MB of source, ~1.5 s to import in a test worker) load
      // with the first reply, not with every importer of `@kiln/codegen` (a server that uses a real model).
      const { builtinReply } = await import('./respond.ts');
      // It reads no images: it says it got them, and that it built from the words alone.
      const reply = `${images > 0 ? `${BUILTIN_IMAGES_NOTE(images)}\n\n` : ''}${builtinReply(readRequestMessage(last?.content ?? ''))}`;
      for (let i = 0; i < reply.length; i += chunkSize) {
        if (signal?.aborted) return;
        if (delay > 0) await sleep(delay, signal);
        else if (i > 0 && (i / chunkSize) % 32 === 0) await Promise.resolve();
        if (signal?.aborted) return;
        yield reply.slice(i, i + chunkSize);
      }
    },
  };
}

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done(): void {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done, { once: true });
  });
}
