/**
 * @module Per-organisation model settings: which model an organisation's generations use, its base URL and its
 * API key (sealed with the server key, see secrets.ts; never returned). ADMIN and up read and change them.
 * The workers ask `providerFor(organizationId)` for every job: the organisation's model, built once per
 * settings version and cached, or the server's KILN_MODEL when the organisation has none.
 */
import { createModelProvider, type ModelProvider, type ModelSettings, parseModelSpec } from '@kiln/codegen';
import { isKilnError, KilnError } from '@kiln/core';
import { eq } from 'drizzle-orm';
import type { User } from './accounts';
import type { Db } from './db/index';
import { organizationExpertModels, organizationSettings } from './db/schema';
import { requireRole } from './permissions';
import type { SecretBox } from './secrets';

/** What an ADMIN sees: the model in use, where it comes from, and whether a key is stored (never the key). */
export interface ModelSettingsView {
  /** The model spec in use: the organisation's, else the server's KILN_MODEL. */
  model: string;
  /** The organisation's base URL (null: the provider's default). */
  baseUrl: string | null;
  hasApiKey: boolean;
  /** ORGANIZATION when the organisation chose a model, SERVER when it uses KILN_MODEL. */
  source: 'ORGANIZATION' | 'SERVER';
}

export interface ModelSettingsInput {
  organizationId: string;
  /** A KILN_MODEL-style spec; empty or null: use the server's model. */
  model?: string | null;
  /** Empty or null: the provider's default. */
  baseUrl?: string | null;
  /** A new key; empty or null keeps the stored one. */
  apiKey?: string | null;
  /** Remove the stored key. */
  clearApiKey?: boolean | null;
}

/** An organisation's expert model (EXPERT_SWE) as an ADMIN sees it; null when it names none. */
export interface ExpertModelView {
  model: string;
  baseUrl: string | null;
  hasApiKey: boolean;
}

/** What a user is told when they ask for the expert model and the organisation names none. */
export const NO_EXPERT_MODEL =
  'Your organisation has no expert model: an admin can name one in Organisation settings → Expert model.';

/** Whether the organisation names an expert model (anyone who may chat may know this). */
export async function hasExpertModel(db: Db, organizationId: string): Promise<boolean> {
  const [row] = await db
    .select({ model: organizationExpertModels.model })
    .from(organizationExpertModels)
    .where(eq(organizationExpertModels.organizationId, organizationId));
  return Boolean(row?.model);
}

const MAX_MODEL = 200;
const MAX_URL = 500;
const MAX_KEY = 2000;

export class OrganizationModels {
  readonly #db: Db;
  readonly #secrets: SecretBox;
  readonly #serverModel: string;
  readonly #serverProvider: ModelProvider;
  readonly #builtin: ModelSettings['builtin'];
  /** organizationId → the provider built for one version (updatedAt) of its settings. */
  readonly #cache = new Map<string, { version: number; provider: ModelProvider }>();

  constructor(opts: {
    db: Db;
    secrets: SecretBox;
    serverModel: string;
    serverProvider: ModelProvider;
    builtin?: ModelSettings['builtin'];
  }) {
    this.#db = opts.db;
    this.#secrets = opts.secrets;
    this.#serverModel = opts.serverModel;
    this.#serverProvider = opts.serverProvider;
    this.#builtin = opts.builtin;
  }

  /** The organisation's settings for an ADMIN or OWNER. */
  async settings(user: User, organizationId: string): Promise<ModelSettingsView> {
    await requireRole(this.#db, organizationId, user.id, 'ADMIN');
    return this.#view(await this.#row(organizationId));
  }

  /** Change the model, base URL or key (ADMIN and up); the model is checked before anything is stored. */
  async update(user: User, input: ModelSettingsInput): Promise<ModelSettingsView> {
    await requireRole(this.#db, input.organizationId, user.id, 'ADMIN');
    const existing = await this.#row(input.organizationId);
    const model = input.model?.trim() || null;
    const baseUrl = input.baseUrl?.trim().replace(/\/+$/, '') || null;
    const newKey = input.apiKey?.trim() || null;
    if (model && model.length > MAX_MODEL) throw new KilnError('validation', 'That model name is too long.');
    if (baseUrl) checkBaseUrl(baseUrl);
    if (newKey && (newKey.length > MAX_KEY || /\s/.test(newKey))) {
      throw new KilnError('validation', 'An API key is one word of at most 2,000 characters.');
    }
    if (newKey && input.clearApiKey) {
      throw new KilnError('validation', 'Either enter a new API key or remove the stored one, not both.');
    }
    const keptKey = input.clearApiKey ? null : (existing?.modelApiKeyEncrypted ?? null);
    const sealed = newKey ? this.#secrets.encrypt(newKey, input.organizationId) : keptKey;
    if (model) {
      const apiKey = newKey ?? (sealed ? this.#secrets.decrypt(sealed, input.organizationId) : undefined);
      this.#build(model, baseUrl, apiKey); // throws a validation error naming what is missing
    }
    const values = {
      model,
      modelBaseUrl: model ? baseUrl : null,
      modelApiKeyEncrypted: sealed,
      updatedBy: user.id,
      updatedAt: new Date(),
    };
    const [row] = await this.#db
      .insert(organizationSettings)
      .values({ organizationId: input.organizationId, ...values })
      .onConflictDoUpdate({ target: organizationSettings.organizationId, set: values })
      .returning();
    return this.#view(row);
  }

  /** The provider for one organisation's generations (cached per settings version). */
  async providerFor(organizationId: string): Promise<ModelProvider> {
    const row = await this.#row(organizationId);
    if (!row?.model) {
      this.#cache.delete(organizationId);
      return this.#serverProvider;
    }
    const version = row.updatedAt.getTime();
    const cached = this.#cache.get(organizationId);
    if (cached?.version === version) return cached.provider;
    let apiKey: string | undefined;
    try {
      apiKey = row.modelApiKeyEncrypted
        ? this.#secrets.decrypt(row.modelApiKeyEncrypted, organizationId)
        : undefined;
    } catch (e) {
      throw new KilnError(
        'internal',
        `${(e as Error).message} An admin must enter the API key again in Organisation settings → Model.`,
      );
    }
    const provider = this.#build(row.model, row.modelBaseUrl, apiKey);
    this.#cache.set(organizationId, { version, provider });
    return provider;
  }

  /** The organisation's expert model for an ADMIN or OWNER (null: none named). */
  async expertSettings(user: User, organizationId: string): Promise<ExpertModelView | null> {
    await requireRole(this.#db, organizationId, user.id, 'ADMIN');
    return this.#expertView(await this.#expertRow(organizationId));
  }

  /**
   * Name (or change, or with an empty model remove) the organisation's expert model, ADMIN and up; checked like
   * the organisation's model before anything is stored.
   */
  async updateExpert(user: User, input: ModelSettingsInput): Promise<ExpertModelView | null> {
    await requireRole(this.#db, input.organizationId, user.id, 'ADMIN');
    const model = input.model?.trim() || null;
    if (!model) {
      await this.#db
        .delete(organizationExpertModels)
        .where(eq(organizationExpertModels.organizationId, input.organizationId));
      this.#cache.delete(expertKey(input.organizationId));
      return null;
    }
    const existing = await this.#expertRow(input.organizationId);
    const baseUrl = input.baseUrl?.trim().replace(/\/+$/, '') || null;
    const newKey = input.apiKey?.trim() || null;
    if (model.length > MAX_MODEL) throw new KilnError('validation', 'That model name is too long.');
    if (baseUrl) checkBaseUrl(baseUrl);
    if (newKey && (newKey.length > MAX_KEY || /\s/.test(newKey))) {
      throw new KilnError('validation', 'An API key is one word of at most 2,000 characters.');
    }
    const keptKey = input.clearApiKey ? null : (existing?.modelApiKeyEncrypted ?? null);
    const sealed = newKey ? this.#secrets.encrypt(newKey, expertKey(input.organizationId)) : keptKey;
    const apiKey =
      newKey ?? (sealed ? this.#secrets.decrypt(sealed, expertKey(input.organizationId)) : undefined);
    this.#build(model, baseUrl, apiKey); // throws a validation error naming what is missing
    const values = {
      model,
      modelBaseUrl: baseUrl,
      modelApiKeyEncrypted: sealed,
      updatedBy: user.id,
      updatedAt: new Date(),
    };
    const [row] = await this.#db
      .insert(organizationExpertModels)
      .values({ organizationId: input.organizationId, ...values })
      .onConflictDoUpdate({ target: organizationExpertModels.organizationId, set: values })
      .returning();
    return this.#expertView(row);
  }

  /** The provider of the organisation's expert model (cached per settings version), or null when none. */
  async expertProviderFor(organizationId: string): Promise<ModelProvider | null> {
    const row = await this.#expertRow(organizationId);
    const key = expertKey(organizationId);
    if (!row) {
      this.#cache.delete(key);
      return null;
    }
    const version = row.updatedAt.getTime();
    const cached = this.#cache.get(key);
    if (cached?.version === version) return cached.provider;
    let apiKey: string | undefined;
    try {
      apiKey = row.modelApiKeyEncrypted ? this.#secrets.decrypt(row.modelApiKeyEncrypted, key) : undefined;
    } catch (e) {
      throw new KilnError(
        'internal',
        `${(e as Error).message} An admin must enter the expert model's API key again in Organisation settings → Model.`,
      );
    }
    const provider = this.#build(row.model, row.modelBaseUrl, apiKey);
    this.#cache.set(key, { version, provider });
    return provider;
  }

  async #expertRow(organizationId: string) {
    const [row] = await this.#db
      .select()
      .from(organizationExpertModels)
      .where(eq(organizationExpertModels.organizationId, organizationId));
    return row;
  }

  #expertView(row: typeof organizationExpertModels.$inferSelect | undefined): ExpertModelView | null {
    return row
      ? { model: row.model, baseUrl: row.modelBaseUrl, hasApiKey: Boolean(row.modelApiKeyEncrypted) }
      : null;
  }

  async #row(organizationId: string) {
    const [row] = await this.#db
      .select()
      .from(organizationSettings)
      .where(eq(organizationSettings.organizationId, organizationId));
    return row;
  }

  #view(row: typeof organizationSettings.$inferSelect | undefined): ModelSettingsView {
    return {
      model: row?.model ?? this.#serverModel,
      baseUrl: row?.model ? row.modelBaseUrl : null,
      hasApiKey: Boolean(row?.modelApiKeyEncrypted),
      source: row?.model ? 'ORGANIZATION' : 'SERVER',
    };
  }

  /** A provider for an organisation's spec, with messages that speak of these settings, not of env variables. */
  #build(model: string, baseUrl: string | null, apiKey: string | undefined): ModelProvider {
    let provider: ReturnType<typeof parseModelSpec>['provider'];
    try {
      provider = parseModelSpec(model).provider;
    } catch {
      throw new KilnError(
        'validation',
        `"${model}" is not a model Kiln knows: use builtin, or provider:model where the provider is openai, ` +
          'anthropic, ollama, lmstudio or openai-compatible (for example openai:gpt-4o-mini).',
      );
    }
    if ((provider === 'openai' || provider === 'anthropic') && !apiKey) {
      throw new KilnError('validation', `${model} needs an API key: enter the organisation's key.`);
    }
    if (provider === 'openai-compatible' && !baseUrl) {
      throw new KilnError(
        'validation',
        `${model} needs the server's base URL, for example http://127.0.0.1:8000/v1 (vLLM) or ` +
          'https://openrouter.ai/api/v1 (OpenRouter).',
      );
    }
    try {
      return createModelProvider(model, {
        ...(apiKey ? { apiKey } : {}),
        ...(baseUrl ? { baseUrl } : {}),
        builtin: this.#builtin,
      });
    } catch (e) {
      if (isKilnError(e)) throw new KilnError('validation', e.message);
      throw e;
    }
  }
}

function checkBaseUrl(raw: string): void {
  let url: URL | undefined;
  try {
    url = new URL(raw);
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || raw.length > MAX_URL) {
    throw new KilnError(
      'validation',
      `"${raw}" is not a base URL: enter the API's http:// or https:// address, for example http://127.0.0.1:11434/v1.`,
    );
  }
}

/**
 * The cache key, and the binding of the sealed key, of an organisation's expert model: apart from its model's,
 * so that one sealed key cannot be moved to stand for the other.
 */
function expertKey(organizationId: string): string {
  return `${organizationId}:expert`;
}
