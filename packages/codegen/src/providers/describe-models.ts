/**
 * What `kiln models` shows: each provider, whether it is configured (key or base URL present) and, for
 * servers Kiln can ask for free (Ollama, LM Studio, OpenAI-compatible), whether `GET {baseURL}/models`
 * answers within 2 s.
 * @module
 */
import type { ModelProviderName, ModelSettings } from './model-spec.ts';
import {
  keyVariables,
  MODEL_PROVIDER_NAMES,
  PROVIDER_INFO,
  parseModelSpec,
  resolveApiKey,
  resolveBaseUrl,
} from './model-spec.ts';
import { redact } from './provider-errors.ts';

/** One row of `kiln models`. */
export interface ModelProviderStatus {
  /** The provider: `builtin`, `openai`, `anthropic`, `ollama`, `lmstudio`, `openai-compatible`. */
  id: ModelProviderName;
  /** True for the provider `KILN_MODEL` names. */
  active: boolean;
  /** Whether it has what it needs to be used (a key, a base URL). */
  configured: boolean;
  /** Whether its `/models` endpoint answered within the timeout; `null` when not checked. */
  reachable: boolean | null;
  /** One sentence for the user: what is set, what answered, or which variable to set. */
  detail: string;
}

/** How long a server gets to answer `GET /models`. */
export const PROBE_TIMEOUT_MS = 2000;

/**
 * Describes every provider for the settings and `model` (`KILN_MODEL`). Throws `KilnError('validation')`
 * for a malformed `model` spec; a missing key is reported, not thrown. `KILN_MODEL_BASE_URL` and
 * `KILN_MODEL_API_KEY` apply to the active provider only.
 */
export async function describeModels(
  settings: ModelSettings & { model: string; timeoutMs?: number },
): Promise<ModelProviderStatus[]> {
  const active = parseModelSpec(settings.model);
  const timeoutMs = settings.timeoutMs ?? PROBE_TIMEOUT_MS;
  return Promise.all(
    MODEL_PROVIDER_NAMES.map(async (id): Promise<ModelProviderStatus> => {
      const isActive = active.provider === id;
      const model = isActive ? active.model : '';
      const own: ModelSettings = isActive
        ? settings
        : { openaiApiKey: settings.openaiApiKey, anthropicApiKey: settings.anthropicApiKey };
      const use = `KILN_MODEL=${id}:<model>`;
      if (id === 'builtin') {
        return {
          id,
          active: isActive,
          configured: true,
          reachable: null,
          detail: 'The offline generator: needs no model, key or network.',
        };
      }
      const spec = { provider: id, model };
      if (id === 'openai' || id === 'anthropic') {
        const configured = resolveApiKey(spec, own) !== undefined;
        return {
          id,
          active: isActive,
          configured,
          reachable: null,
          detail: configured
            ? `${PROVIDER_INFO[id].label} API key is set${isActive ? `; model ${model}` : ''}.`
            : `Set ${keyVariables(id)} to use ${use}.`,
        };
      }
      let baseUrl: string | null;
      try {
        baseUrl = resolveBaseUrl(spec, own);
      } catch (e) {
        return { id, active: isActive, configured: false, reachable: null, detail: (e as Error).message };
      }
      if (!baseUrl) {
        return {
          id,
          active: isActive,
          configured: false,
          reachable: null,
          detail: `Set ${use} and KILN_MODEL_BASE_URL (vLLM, llama.cpp server, OpenRouter…) to use it.`,
        };
      }
      const apiKey = isActive ? resolveApiKey(spec, own) : undefined;
      const probe = await probeModels(baseUrl, apiKey, timeoutMs);
      return {
        id,
        active: isActive,
        configured: true,
        reachable: probe.reachable,
        detail: probe.reachable
          ? `${baseUrl} answered ${probe.detail}${isActive ? modelNote(model, probe.models) : ''}.`
          : `${baseUrl} did not answer: ${redact(probe.detail, apiKey ? [apiKey] : [])}.`,
      };
    }),
  );
}

function modelNote(model: string, models: string[] | null): string {
  if (!models) return `; model ${model}`;
  return models.includes(model) ? `; model ${model} is available` : `; model ${model} is not among them`;
}

async function probeModels(
  baseUrl: string,
  apiKey: string | undefined,
  timeoutMs: number,
): Promise<{ reachable: boolean; detail: string; models: string[] | null }> {
  try {
    const res = await fetch(`${baseUrl}/models`, {
      headers: apiKey ? { authorization: `Bearer ${apiKey}` } : {},
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (!res.ok) {
      await res.body?.cancel();
      return { reachable: true, detail: `HTTP ${res.status}`, models: null };
    }
    const body = (await res.json().catch(() => null)) as { data?: { id?: unknown }[] } | null;
    const models = Array.isArray(body?.data)
      ? body.data.map((m) => m.id).filter((m): m is string => typeof m === 'string')
      : null;
    return {
      reachable: true,
      detail: models ? `with ${models.length} model${models.length === 1 ? '' : 's'}` : `HTTP ${res.status}`,
      models,
    };
  } catch (e) {
    const err = e as Error & { cause?: { code?: unknown; message?: unknown } };
    if (err.name === 'TimeoutError')
      return { reachable: false, detail: `no answer within ${timeoutMs} ms`, models: null };
    const cause =
      typeof err.cause?.code === 'string' ? err.cause.code : String(err.cause?.message ?? err.message);
    return { reachable: false, detail: cause, models: null };
  }
}
