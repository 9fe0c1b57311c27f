/**
 * Turns whatever the AI SDK throws into one `KilnError` a user can act on: the HTTP status and the
 * provider's own message, the environment variable to check, and never an API key.
 * @module
 */
import { isKilnError, KilnError } from '@kiln/core';
import type { APICallError, RetryError } from 'ai';

/** What the error message may mention about the call that failed. */
export interface ProviderErrorContext {
  /** The provider as users know it: `OpenAI`, `Ollama`, … */
  label: string;
  /** The environment variables that hold its key, named when the key is rejected. */
  keyVariables: string;
  /** Strings that must never appear in a message (the API keys in use). */
  secrets: readonly string[];
  /** Characters of reply text received before the failure (a failure after some text is a cut-off stream). */
  receivedChars: number;
}

const MAX_DETAIL = 300;

/**
 * Maps a provider failure to a `KilnError`: 429 after retries → `rate_limited`, everything else
 * (HTTP errors, unreachable servers, a stream cut off mid-reply) → `external`. Messages are redacted.
 */
/**
 * Whether `error` is the AI SDK error `name` (what its `isInstance` checks: a marker symbol, so it holds across
 * copies of the SDK). Checked here without loading the SDK, which is imported only once a real model streams.
 */
function isAiSdkError<T>(error: unknown, name: string): error is T {
  const marker = Symbol.for(`vercel.ai.error.${name}`);
  return typeof error === 'object' && error !== null && (error as Record<symbol, unknown>)[marker] === true;
}

export function toProviderError(error: unknown, ctx: ProviderErrorContext): KilnError {
  if (isKilnError(error)) return error;
  let attempts = 1;
  let last: unknown = error;
  if (isAiSdkError<RetryError>(error, 'AI_RetryError')) {
    attempts = error.errors.length;
    last = error.lastError;
  }
  const tries = attempts > 1 ? ` after ${attempts} attempts` : '';
  const clean = (text: string): string => redact(text, ctx.secrets);

  if (isAiSdkError<APICallError>(last, 'AI_APICallError')) {
    const status = last.statusCode;
    const said = clean(providerMessage(last));
    const details: Record<string, unknown> = { provider: ctx.label, attempts };
    if (status !== undefined) details.status = status;
    if (status === 429) {
      return new KilnError(
        'rate_limited',
        `${ctx.label} is rate-limiting requests (HTTP 429)${tries}: ${said}. Try again in a moment.`,
        details,
      );
    }
    if (status === 401 || status === 403) {
      return new KilnError(
        'external',
        `${ctx.label} rejected the API key (HTTP ${status}): ${said}. Check ${ctx.keyVariables}.`,
        details,
      );
    }
    if (status !== undefined && status !== 200) {
      const hint = status === 404 ? ' Check the model name in KILN_MODEL and KILN_MODEL_BASE_URL.' : '';
      return new KilnError(
        'external',
        `${ctx.label} answered HTTP ${status}${tries}: ${said}.${hint}`,
        details,
      );
    }
    if (ctx.receivedChars > 0 || status === 200) return cutOff(ctx, last, clean);
    return new KilnError(
      'external',
      `Could not reach ${ctx.label}${tries}: ${said}. Is the server running, and is KILN_MODEL_BASE_URL right?`,
      details,
    );
  }
  if (ctx.receivedChars > 0) return cutOff(ctx, last, clean);
  const message = last instanceof Error ? last.message : String(last);
  return new KilnError('external', `${ctx.label} failed${tries}: ${clean(truncate(message))}`, {
    provider: ctx.label,
    attempts,
  });
}

function cutOff(ctx: ProviderErrorContext, error: unknown, clean: (s: string) => string): KilnError {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : '';
  return new KilnError(
    'external',
    `The reply from ${ctx.label} was cut off after ${ctx.receivedChars} characters` +
      `${cause ? ` (${clean(truncate(cause))})` : ''}. What arrived before the cut is kept.`,
    { provider: ctx.label, cutOff: true, receivedChars: ctx.receivedChars },
  );
}

/** The provider's own error text: `error.message` from the JSON body when there is one. */
function providerMessage(error: APICallError): string {
  const data = error.data as { error?: { message?: unknown } } | undefined;
  const fromBody = data?.error?.message;
  return truncate(typeof fromBody === 'string' && fromBody ? fromBody : error.message).replace(/\.$/, '');
}

function truncate(text: string): string {
  const oneLine = text.replace(/\s+/g, ' ').trim();
  return oneLine.length > MAX_DETAIL ? `${oneLine.slice(0, MAX_DETAIL)}…` : oneLine;
}

/** Removes the keys in use and anything shaped like a provider key (`sk-…`, `sk-ant-…`, `Bearer …`). */
export function redact(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of secrets) {
    if (secret.length >= 4) out = out.split(secret).join('[redacted]');
  }
  return out
    .replace(/\b(?:sk|rk|pk)-[A-Za-z0-9_-]{6,}/g, '[redacted]')
    .replace(/\bBearer\s+[A-Za-z0-9._~+/=-]{6,}/gi, 'Bearer [redacted]');
}
