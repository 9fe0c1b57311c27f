/**
 * @module How big the configured local model is, for `kiln models`' warning: small local models (≤ 3B parameters)
 * stray from Kiln's output format far more often than large ones. The size comes from Ollama's own description
 * of the model (`POST /api/show`, `details.parameter_size` such as "3.2B") when Ollama answers, else from the
 * model's name (`llama3.2:1b`, `qwen2.5-coder-1.5b-instruct`, `smollm2:360m`).
 */
import { type ModelSettings, PROVIDER_INFO, parseModelSpec } from '@kiln/codegen';

/** At or below this many billion parameters a local model gets the warning. */
export const SMALL_MODEL_BILLIONS = 3;
/** How long `kiln models` waits for Ollama's model description. */
const SHOW_TIMEOUT_MS = 2000;
const LOCAL_PROVIDERS = new Set(['ollama', 'lmstudio', 'openai-compatible']);

/** Billions of parameters in a size or a model name ("3.2B", "llama3.2:1b", "smollm2:360m"), or null. */
export function parameterBillions(text: string): number | null {
  const m = /(?:^|[:\-_/\s])(\d+(?:\.\d+)?)\s*([bm])(?=$|[-_:.\s])/i.exec(text.trim());
  if (!m?.[1] || !m[2]) return null;
  const n = Number(m[1]);
  return m[2].toLowerCase() === 'm' ? n / 1000 : n;
}

/** Ollama's `details.parameter_size` for a model, or null when Ollama does not answer. */
async function ollamaParameterSize(baseUrl: string, model: string): Promise<string | null> {
  try {
    const origin = baseUrl.replace(/\/v1$/, '');
    const res = await fetch(`${origin}/api/show`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ model }),
      signal: AbortSignal.timeout(SHOW_TIMEOUT_MS),
    });
    if (!res.ok) {
      await res.body?.cancel();
      return null;
    }
    const body = (await res.json().catch(() => null)) as { details?: { parameter_size?: unknown } } | null;
    const size = body?.details?.parameter_size;
    return typeof size === 'string' ? size : null;
  } catch {
    return null;
  }
}

/**
 * The warning `kiln models` prints for the configured model, or null: only a local model (Ollama, LM Studio,
 * an OpenAI-compatible server) whose size is known and at most `SMALL_MODEL_BILLIONS`.
 */
export async function smallModelWarning(settings: ModelSettings & { model: string }): Promise<string | null> {
  const spec = parseModelSpec(settings.model);
  if (!LOCAL_PROVIDERS.has(spec.provider) || !spec.model) return null;
  let size: number | null = null;
  if (spec.provider === 'ollama') {
    const baseUrl = (settings.baseUrl?.trim() || PROVIDER_INFO.ollama.defaultBaseUrl || '').replace(
      /\/+$/,
      '',
    );
    const reported = baseUrl ? await ollamaParameterSize(baseUrl, spec.model) : null;
    if (reported) size = parameterBillions(reported);
  }
  size ??= parameterBillions(spec.model);
  if (size === null || size > SMALL_MODEL_BILLIONS) return null;
  const shown = size < 1 ? `${Math.round(size * 1000)}M` : `${size}B`;
  return (
    `Warning: ${spec.model} has about ${shown} parameters. This model is small; expect replies that stray from ` +
    `Kiln's format (Kiln repairs what it can and says in the chat what it could not apply). Models of 7B or more ` +
    'write apps far more reliably.'
  );
}
