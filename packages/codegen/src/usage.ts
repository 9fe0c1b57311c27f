/**
 * Approximate token counting for providers that do not report usage (the builtin generator): chars / 4.
 * @module
 */

/** Approximate token count of a text: one token per four characters, rounded up. */
export function estimateTokens(text: string): number {
  return Math.ceil(text.length / 4);
}
