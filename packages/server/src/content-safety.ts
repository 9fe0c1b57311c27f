/**
 * @module Content safety: a pluggable classifier answers one of the spec's classifications for a prompt
 * before any work is queued. The default only measures length (UNSAFE_TOO_LONG over 20,000 characters);
 * pass another to `startKiln(config, { classifier })` to call a moderation service.
 */
import { type ContentSafetyClassification, KilnError } from '@kiln/core';
import { SERVER_MESSAGES as M } from './messages';

export interface ContentClassifier {
  classify(text: string): Promise<ContentSafetyClassification>;
}

export const MAX_PROMPT_CHARS = 20_000;

/** SAFE up to `max` characters, UNSAFE_TOO_LONG beyond. */
export function lengthClassifier(max = MAX_PROMPT_CHARS): ContentClassifier {
  return { classify: async (text) => (text.length > max ? 'UNSAFE_TOO_LONG' : 'SAFE') };
}

const REFUSALS: Partial<Record<ContentSafetyClassification, string>> = {
  UNSAFE_TOO_LONG: M.promptTooLong,
  FLAGGED: 'This request was flagged by the content filter, so it was not sent.',
  UNSAFE_ERROR_WITH_IMAGE: 'The attached image could not be checked, so the request was not sent.',
};

/** Refuse (validation, with the classification in details) anything the classifier does not let through. */
export async function assertSafe(classifier: ContentClassifier, text: string): Promise<void> {
  const classification = await classifier.classify(text);
  const refusal = REFUSALS[classification];
  if (refusal) throw new KilnError('validation', refusal, { classification });
}
