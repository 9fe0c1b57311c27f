/**
 * `@/integrations/ai` for generated functions (issue 19): text and structured output from the organisation's
 * model (the one its generations use, through the AI SDK), run by Kiln — the function itself has no network —
 * and charged to the organisation as INTEGRATION_USAGE credits (one per thousand tokens, like generations).
 *
 *   import { generateText, streamText, generateObject } from '@/integrations/ai';
 *   const { text } = await generateText({ prompt: 'A haiku about tea' });
 *   for await (const piece of streamText({ prompt }).textStream) { … }
 *   const { object } = await generateObject({ prompt: 'Three fruit', schema: { type: 'object', … } });
 * @module
 */
import { hostCall } from './host';

export interface AiUsage {
  inputTokens: number;
  outputTokens: number;
}

export interface GenerateTextOptions {
  prompt: string;
  /** Instructions for the model (default none). */
  system?: string;
}

export interface GenerateObjectOptions extends GenerateTextOptions {
  /** A JSON Schema the answer must follow (an object schema; its description helps the model). */
  schema: Record<string, unknown>;
}

/** The whole answer at once. */
export async function generateText(options: GenerateTextOptions): Promise<{ text: string; usage: AiUsage }> {
  return (await hostCall('ai', 'text', options)) as { text: string; usage: AiUsage };
}

/**
 * The answer as it is written: `textStream` yields its pieces as the model sends them, `text` and `usage`
 * resolve at the end.
 */
export function streamText(options: GenerateTextOptions): {
  textStream: AsyncIterable<string>;
  text: Promise<string>;
  usage: Promise<AiUsage>;
} {
  const pieces: string[] = [];
  let wake: (() => void) | null = null;
  let finished = false;
  let failure: unknown = null;
  const result = hostCall('ai', 'text', { ...options, stream: true }, (piece) => {
    pieces.push(piece);
    wake?.();
  }) as Promise<{ text: string; usage: AiUsage }>;
  result.then(
    () => {
      finished = true;
      wake?.();
    },
    (e: unknown) => {
      failure = e;
      finished = true;
      wake?.();
    },
  );
  async function* textStream(): AsyncGenerator<string> {
    for (;;) {
      while (pieces.length > 0) yield pieces.shift() as string;
      if (finished) {
        if (failure) throw failure;
        return;
      }
      await new Promise<void>((resolve) => {
        wake = resolve;
      });
      wake = null;
    }
  }
  return {
    textStream: textStream(),
    text: result.then((r) => r.text),
    usage: result.then((r) => r.usage),
  };
}

/** An answer that follows `schema`, parsed (the model is asked for JSON only; a reply that is not fails). */
export async function generateObject<T = unknown>(
  options: GenerateObjectOptions,
): Promise<{ object: T; usage: AiUsage }> {
  return (await hostCall('ai', 'object', options)) as { object: T; usage: AiUsage };
}
