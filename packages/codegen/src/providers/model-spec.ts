/**
 * `KILN_MODEL` and the settings beside it: which provider and model a spec names, the defaults each
 * provider has, and the environment variables a user sets — one place, so every error can name them.
 * @module
 */
import { KilnError } from '@kiln/core';

/** The providers `KILN_MODEL` can name, `builtin` first. */
export const MODEL_PROVIDER_NAMES = [
  'builtin',
  'openai',
  'anthropic',
  'ollama',
  'lmstudio',
  'openai-compatible',
] as const;
export type ModelProviderName = (typeof MODEL_PROVIDER_NAMES)[number];

/** Keys, base URL and retries for the model providers. Every field is optional. */
export interface ModelSettings {
  /** `OPENAI_API_KEY`, used by `openai:`. */
  openaiApiKey?: string | undefined;
  /** `ANTHROPIC_API_KEY`, used by `anthropic:`. */
  anthropicApiKey?: string | undefined;
  /** `KILN_MODEL_API_KEY`: the key for the configured provider (the fallback for `openai:` and `anthropic:`). */
  apiKey?: string | undefined;
  /** `KILN_MODEL_BASE_URL`: the API base URL of the configured provider (required for `openai-compatible:`). */
  baseUrl?: string | undefined;
  /** Retries after a retryable failure (429, 5xx, connection errors); default 2. */
  maxRetries?: number | undefined;
  /**
   * `KILN_MODEL_IMAGES`: whether the model reads images (`true`/`false`). Unset: guessed from the model's name
   * (`modelAcceptsImages`).
   */
  acceptsImages?: boolean | undefined;
  /** Options for `KILN_MODEL=builtin` (see `createBuiltinProvider`). */
  builtin?: { chunkDelayMs?: number; chunkSize?: number } | undefined;
}

/** A parsed `KILN_MODEL`. */
export interface ModelSpec {
  provider: ModelProviderName;
  /** The provider's model id (empty for `builtin`); it may itself contain colons (`ollama:llama3.1:8b`). */
  model: string;
}

/** How each provider is named to users, and where it listens when nothing says otherwise. */
export const PROVIDER_INFO: Readonly<
  Record<
    Exclude<ModelProviderName, 'builtin'>,
    { label: string; defaultBaseUrl: string | null; example: string }
  >
> = Object.freeze({
  openai: { label: 'OpenAI', defaultBaseUrl: 'https://api.openai.com/v1', example: 'openai:gpt-4o-mini' },
  anthropic: {
    label: 'Anthropic',
    defaultBaseUrl: 'https://api.anthropic.com/v1',
    example: 'anthropic:claude-sonnet-4-5',
  },
  ollama: {
    label: 'Ollama',
    defaultBaseUrl: 'http://127.0.0.1:11434/v1',
    example: 'ollama:qwen2.5-coder:14b',
  },
  lmstudio: {
    label: 'LM Studio',
    defaultBaseUrl: 'http://127.0.0.1:1234/v1',
    example: 'lmstudio:qwen2.5-coder-14b',
  },
  'openai-compatible': {
    label: 'the OpenAI-compatible server',
    defaultBaseUrl: null,
    example: 'openai-compatible:meta-llama/Llama-3.1-8B-Instruct',
  },
});

/**
 * Parses `KILN_MODEL` (`builtin`, `openai:<model>`, `anthropic:<model>`, `ollama:<model>`, `lmstudio:<model>`,
 * `openai-compatible:<model>`). Throws `KilnError('validation')` naming the variable for anything else.
 */
export function parseModelSpec(spec: string): ModelSpec {
  const trimmed = spec.trim();
  if (trimmed === '' || trimmed.toLowerCase() === 'builtin') return { provider: 'builtin', model: '' };
  const colon = trimmed.indexOf(':');
  const prefix = (colon < 0 ? trimmed : trimmed.slice(0, colon)).toLowerCase();
  const model = colon < 0 ? '' : trimmed.slice(colon + 1).trim();
  const provider = MODEL_PROVIDER_NAMES.find(
    (p): p is Exclude<ModelProviderName, 'builtin'> => p === prefix && p !== 'builtin',
  );
  if (!provider) {
    throw new KilnError(
      'validation',
      `KILN_MODEL="${trimmed}" names no known provider: set KILN_MODEL to builtin or to one of ` +
        `${MODEL_PROVIDER_NAMES.filter((p) => p !== 'builtin')
          .map((p) => `${p}:<model>`)
          .join(', ')} (for example ${PROVIDER_INFO.openai.example}).`,
    );
  }
  if (!model) {
    throw new KilnError(
      'validation',
      `KILN_MODEL="${trimmed}" names no model: set KILN_MODEL to ${provider}:<model>, for example ` +
        `${PROVIDER_INFO[provider].example}.`,
    );
  }
  return { provider, model };
}

/** The base URL a provider uses: `KILN_MODEL_BASE_URL` when set, else its default (validated, no trailing slash). */
export function resolveBaseUrl(spec: ModelSpec, settings: ModelSettings): string | null {
  if (spec.provider === 'builtin') return null;
  const raw = settings.baseUrl?.trim() || PROVIDER_INFO[spec.provider].defaultBaseUrl;
  if (!raw) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new KilnError(
      'validation',
      `KILN_MODEL_BASE_URL="${raw}" is not a URL: set it to the API base URL, for example http://127.0.0.1:8000/v1.`,
    );
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new KilnError(
      'validation',
      `KILN_MODEL_BASE_URL must be an http:// or https:// URL (got ${url.protocol}).`,
    );
  }
  return raw.replace(/\/+$/, '');
}

/** The API key a provider uses, if any: its own variable first, then `KILN_MODEL_API_KEY`. */
export function resolveApiKey(spec: ModelSpec, settings: ModelSettings): string | undefined {
  const own =
    spec.provider === 'openai'
      ? settings.openaiApiKey
      : spec.provider === 'anthropic'
        ? settings.anthropicApiKey
        : undefined;
  return own?.trim() || settings.apiKey?.trim() || undefined;
}

/** The environment variables that hold a provider's key, for messages. */
export function keyVariables(provider: ModelProviderName): string {
  if (provider === 'openai') return 'OPENAI_API_KEY (or KILN_MODEL_API_KEY)';
  if (provider === 'anthropic') return 'ANTHROPIC_API_KEY (or KILN_MODEL_API_KEY)';
  return 'KILN_MODEL_API_KEY';
}

/**
 * Reads `ModelSettings` from an environment record (the server's config passes its parsed env in; this
 * function never touches `process.env`). Empty strings count as unset.
 */
export function modelSettingsFromEnv(env: Readonly<Record<string, string | undefined>>): ModelSettings {
  const value = (name: string): string | undefined => env[name]?.trim() || undefined;
  return {
    openaiApiKey: value('OPENAI_API_KEY'),
    anthropicApiKey: value('ANTHROPIC_API_KEY'),
    apiKey: value('KILN_MODEL_API_KEY'),
    baseUrl: value('KILN_MODEL_BASE_URL'),
    acceptsImages: flag(value('KILN_MODEL_IMAGES')),
  };
}

function flag(text: string | undefined): boolean | undefined {
  if (text === undefined) return undefined;
  if (/^(1|true|yes|on)$/i.test(text)) return true;
  if (/^(0|false|no|off)$/i.test(text)) return false;
  throw new KilnError('validation', `KILN_MODEL_IMAGES must be true or false (got "${text}").`);
}

/** OpenAI and Anthropic models that read no images: older text-only ones. */
const TEXT_ONLY_CLOUD =
  /^(gpt-3\.5|gpt-4-(0314|0613|32k)|gpt-4$|o1-mini|o1-preview|o3-mini|davinci|babbage|claude-(instant|2))/i;
/** Open models that read images, by the names their families go by (Ollama, LM Studio, vLLM, OpenRouter). */
const VISION_NAMES =
  /(vision|llava|bakllava|moondream|minicpm-v|[-_.]vl\b|vl[-_:]|qwen[\d.]*-?vl|gemma-?3|gemma3|pixtral|llama-?4|mistral-small-3\.[12]|granite3\.2-vision|gpt-4o|gpt-4\.1|gpt-5|claude|gemini|internvl|phi-?[34].*vision|kimi-vl|glm-4\.[15]v)/i;

/**
 * Whether a model reads images, unless `KILN_MODEL_IMAGES` says: OpenAI's and Anthropic's current models do;
 * a model behind Ollama, LM Studio or another compatible server does when its name is a vision family's
 * (llava, qwen2.5-vl, gemma3, llama3.2-vision, pixtral…).
 */
export function modelAcceptsImages(spec: ModelSpec, settings: ModelSettings = {}): boolean {
  if (spec.provider === 'builtin') return false;
  if (settings.acceptsImages !== undefined) return settings.acceptsImages;
  if (spec.provider === 'openai' || spec.provider === 'anthropic') return !TEXT_ONLY_CLOUD.test(spec.model);
  return VISION_NAMES.test(spec.model);
}
