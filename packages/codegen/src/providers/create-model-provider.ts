/**
 * `KILN_MODEL` → a `ModelProvider`: the builtin generator, or a real model through the Vercel AI SDK
 * (OpenAI, Anthropic, or any OpenAI-compatible server: Ollama, LM Studio, vLLM, llama.cpp, OpenRouter…).
 * @module
 */
import { KilnError } from '@kiln/core';
import type { LanguageModel } from 'ai';
import { createBuiltinProvider } from '../builtin/provider.ts';
import type { ModelProvider } from '../types.ts';
import { createAiSdkProvider } from './ai-sdk-provider.ts';
import type { ModelSettings, ModelSpec } from './model-spec.ts';
import {
  keyVariables,
  modelAcceptsImages,
  PROVIDER_INFO,
  parseModelSpec,
  resolveApiKey,
  resolveBaseUrl,
} from './model-spec.ts';

/**
 * Creates the provider `spec` (`KILN_MODEL`) names. Throws `KilnError('validation')` naming the variable
 * to set when the spec is malformed or a required key or base URL is missing. Real providers' streams are
 * `ProviderStream`s (they carry the reported `usage`).
 */
export function createModelProvider(spec: string, settings: ModelSettings = {}): ModelProvider {
  const parsed = parseModelSpec(spec);
  if (parsed.provider === 'builtin') return createBuiltinProvider(settings.builtin);
  const { provider, model: modelId } = parsed;
  const info = PROVIDER_INFO[provider];
  const id = `${provider}:${modelId}`;
  const apiKey = resolveApiKey(parsed, settings);
  const baseURL = resolveBaseUrl(parsed, settings);
  const maxRetries = settings.maxRetries ?? 2;
  if (!Number.isInteger(maxRetries) || maxRetries < 0) {
    throw new KilnError('validation', `maxRetries must be a whole number ≥ 0 (got ${maxRetries}).`);
  }
  if ((provider === 'openai' || provider === 'anthropic') && !apiKey) {
    throw new KilnError(
      'validation',
      `KILN_MODEL=${id} needs an API key: set ${keyVariables(provider)}, or set KILN_MODEL=builtin to work offline.`,
    );
  }
  if (!baseURL) {
    throw new KilnError(
      'validation',
      `KILN_MODEL=${id} needs the server's base URL: set KILN_MODEL_BASE_URL ` +
        '(for example http://127.0.0.1:8000/v1 for vLLM, http://127.0.0.1:8080/v1 for llama.cpp, ' +
        'https://openrouter.ai/api/v1 for OpenRouter).',
    );
  }
  return createAiSdkProvider({
    id,
    model: () => languageModel(parsed, baseURL, apiKey),
    maxRetries,
    acceptsImages: modelAcceptsImages(parsed, settings),
    errors: { label: info.label, keyVariables: keyVariables(provider), secrets: apiKey ? [apiKey] : [] },
  });
}

/** The AI SDK model; its provider package is imported here, at the first reply, not when Kiln starts. */
async function languageModel(
  spec: ModelSpec,
  baseURL: string,
  apiKey: string | undefined,
): Promise<LanguageModel> {
  switch (spec.provider) {
    case 'openai': {
      const { createOpenAI } = await import('@ai-sdk/openai');
      // Chat Completions rather than the Responses API: the same wire format as every compatible
      // server and proxy (and as the scripted server the tests run against).
      return createOpenAI({ baseURL, apiKey: apiKey ?? '' }).chat(spec.model);
    }
    case 'anthropic': {
      const { createAnthropic } = await import('@ai-sdk/anthropic');
      return createAnthropic({ baseURL, apiKey: apiKey ?? '' })(spec.model);
    }
    case 'ollama':
    case 'lmstudio':
    case 'openai-compatible': {
      const { createOpenAICompatible } = await import('@ai-sdk/openai-compatible');
      return createOpenAICompatible({
        name: spec.provider,
        baseURL,
        ...(apiKey ? { apiKey } : {}),
        includeUsage: true,
      }).chatModel(spec.model);
    }
    case 'builtin':
      throw new KilnError('internal', 'The builtin generator is not an AI SDK model.');
  }
}
