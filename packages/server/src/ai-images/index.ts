/**
 * @module AI images (issue 14): `/api/ai-img?prompt=` on preview and published origins. With an organisation image
 * model configured (Organisation settings → Image model: an OpenAI-compatible images endpoint, its model and key,
 * sealed like model keys) the image is generated through the AI SDK's `generateImage`, kept per prompt under
 * `{dataDir}/ai-images/` (the same prompt is generated once, by any process sharing the folder), and charged as
 * IMAGE_GENERATION_USAGE credits. Without a model, without credits, over the rate limit, or when the endpoint
 * fails, the answer is the offline placeholder drawn from the prompt. The folder is a small stand-in for the
 * storage interface the uploads work brings (local folder or S3): images should move onto it.
 */
import { createHash, randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { isKilnError, KilnError } from '@kiln/core';
import { AI_IMAGE_MAX_PROMPT, aiImageResponse } from '@kiln/preview';
import { eq } from 'drizzle-orm';
import type { User } from '../accounts';
import { charge, creditBalance } from '../credits';
import type { Db } from '../db/index';
import { organizationImageModels, projects } from '../db/schema';
import { requireRole } from '../permissions';
import type { RateLimits } from '../rate-limits';
import type { SecretBox } from '../secrets';

/** Credits one generated image costs (a cached image costs nothing). */
export const AI_IMAGE_CREDITS = 5;
/** OpenAI's API, when an image model has no base URL. */
export const OPENAI_BASE_URL = 'https://api.openai.com/v1';
/** How long one generation may take before the placeholder is served instead. */
const GENERATION_TIMEOUT_MS = 60_000;
const IMAGE_SIZE = '1024x1024';

/** What an ADMIN sees of the image model (never the key). */
export interface ImageModelView {
  /** The model id (`gpt-image-1`, `dall-e-3`, …); null: no image model, placeholders only. */
  model: string | null;
  baseUrl: string | null;
  hasApiKey: boolean;
}

export interface ImageModelInput {
  organizationId: string;
  /** Empty or null: remove the image model (placeholders only). */
  model?: string | null;
  /** Empty or null: OpenAI's API. */
  baseUrl?: string | null;
  /** A new key; empty or null keeps the stored one. */
  apiKey?: string | null;
  clearApiKey?: boolean | null;
}

/** The media type of image bytes, from their first bytes (PNG, JPEG, WebP, GIF); null for anything else. */
export function imageType(bytes: Uint8Array): string | null {
  const b = (i: number) => bytes[i] ?? -1;
  if (b(0) === 0x89 && b(1) === 0x50 && b(2) === 0x4e && b(3) === 0x47) return 'image/png';
  if (b(0) === 0xff && b(1) === 0xd8 && b(2) === 0xff) return 'image/jpeg';
  if (b(0) === 0x47 && b(1) === 0x49 && b(2) === 0x46) return 'image/gif';
  if (b(0) === 0x52 && b(1) === 0x49 && b(2) === 0x46 && b(3) === 0x46 && b(8) === 0x57 && b(9) === 0x45)
    return 'image/webp';
  return null;
}

export class AiImages {
  readonly #db: Db;
  readonly #secrets: SecretBox;
  readonly #dir: string;
  readonly #rateLimits: RateLimits;
  readonly #log: (msg: string, err?: unknown) => void;
  /** Generations under way in this process, by cache key: a prompt asked for twice is generated once. */
  readonly #inFlight = new Map<string, Promise<Uint8Array | null>>();

  constructor(opts: {
    db: Db;
    secrets: SecretBox;
    dataDir: string;
    rateLimits: RateLimits;
    log: (msg: string, err?: unknown) => void;
  }) {
    this.#db = opts.db;
    this.#secrets = opts.secrets;
    this.#dir = join(opts.dataDir, 'ai-images');
    this.#rateLimits = opts.rateLimits;
    this.#log = opts.log;
  }

  /** The organisation's image model for an ADMIN or OWNER. */
  async settings(user: User, organizationId: string): Promise<ImageModelView> {
    await requireRole(this.#db, organizationId, user.id, 'ADMIN');
    return view(await this.#row(organizationId));
  }

  /** Sets, changes or removes the image model (ADMIN and up). */
  async update(user: User, input: ImageModelInput): Promise<ImageModelView> {
    await requireRole(this.#db, input.organizationId, user.id, 'ADMIN');
    const model = input.model?.trim() || null;
    if (!model) {
      await this.#db
        .delete(organizationImageModels)
        .where(eq(organizationImageModels.organizationId, input.organizationId));
      return view(undefined);
    }
    if (model.length > 200 || /\s/.test(model)) {
      throw new KilnError(
        'validation',
        'An image model is one word of at most 200 characters, like gpt-image-1.',
      );
    }
    const baseUrl = input.baseUrl?.trim().replace(/\/+$/, '') || null;
    if (baseUrl && !/^https?:\/\/[^\s]+$/.test(baseUrl)) {
      throw new KilnError(
        'validation',
        `"${baseUrl}" is not a base URL: enter the API's http:// or https:// address, for example http://127.0.0.1:8000/v1.`,
      );
    }
    const newKey = input.apiKey?.trim() || null;
    if (newKey && (newKey.length > 2000 || /\s/.test(newKey))) {
      throw new KilnError('validation', 'An API key is one word of at most 2,000 characters.');
    }
    const existing = await this.#row(input.organizationId);
    const sealed = newKey
      ? this.#secrets.encrypt(newKey, input.organizationId)
      : input.clearApiKey
        ? null
        : (existing?.apiKeyEncrypted ?? null);
    if (!baseUrl && !sealed) {
      throw new KilnError(
        'validation',
        `${model} on OpenAI's API needs an API key: enter the organisation's key.`,
      );
    }
    const values = { model, baseUrl, apiKeyEncrypted: sealed, updatedBy: user.id, updatedAt: new Date() };
    const [row] = await this.#db
      .insert(organizationImageModels)
      .values({ organizationId: input.organizationId, ...values })
      .onConflictDoUpdate({ target: organizationImageModels.organizationId, set: values })
      .returning();
    return view(row);
  }

  /**
   * The answer to `/api/ai-img?prompt=` for a project: its organisation's generated image (cached per prompt), or
   * the placeholder. `visitor` is the client's address, for the rate limit on generations.
   */
  async respond(url: URL, projectId: string, visitor: string): Promise<Response> {
    const prompt = (url.searchParams.get('prompt') ?? '')
      .replace(/\s+/g, ' ')
      .trim()
      .slice(0, AI_IMAGE_MAX_PROMPT);
    if (!prompt) return aiImageResponse(url);
    const [project] = await this.#db
      .select({ organizationId: projects.organizationId })
      .from(projects)
      .where(eq(projects.id, projectId));
    const row = project ? await this.#row(project.organizationId) : undefined;
    if (!project || !row) return aiImageResponse(url);
    const key = createHash('sha256')
      .update(`${row.organizationId}\u0000${row.baseUrl ?? ''}\u0000${row.model}\u0000${prompt}`)
      .digest('hex');
    const file = join(this.#dir, key.slice(0, 2), key);
    const cached = await readFile(file).catch(() => null);
    if (cached) return imageResponse(cached);
    let pending = this.#inFlight.get(key);
    if (!pending) {
      pending = this.#generate(row, prompt, file, projectId, visitor).finally(() =>
        this.#inFlight.delete(key),
      );
      this.#inFlight.set(key, pending);
    }
    const bytes = await pending;
    return bytes ? imageResponse(bytes) : aiImageResponse(url);
  }

  async #generate(
    row: typeof organizationImageModels.$inferSelect,
    prompt: string,
    file: string,
    projectId: string,
    visitor: string,
  ): Promise<Uint8Array | null> {
    const organizationId = row.organizationId;
    try {
      if ((await this.#rateLimits.take('aiImagesPerAppAndAddress', projectId, visitor)) !== null) return null;
      if ((await creditBalance(this.#db, organizationId)) < AI_IMAGE_CREDITS) return null;
      const apiKey = row.apiKeyEncrypted
        ? this.#secrets.decrypt(row.apiKeyEncrypted, organizationId)
        : undefined;
      // The AI SDK loads at the first generated image, not at start (it holds ~30 MiB resident).
      const [{ createOpenAICompatible }, { generateImage }] = await Promise.all([
        import('@ai-sdk/openai-compatible'),
        import('ai'),
      ]);
      const provider = createOpenAICompatible({
        name: 'images',
        baseURL: row.baseUrl ?? OPENAI_BASE_URL,
        ...(apiKey ? { apiKey } : {}),
      });
      const { image } = await generateImage({
        model: provider.imageModel(row.model),
        prompt,
        size: IMAGE_SIZE,
        maxRetries: 1,
        abortSignal: AbortSignal.timeout(GENERATION_TIMEOUT_MS),
      });
      const bytes = image.uint8Array;
      if (!imageType(bytes))
        throw new KilnError('external', 'The image model answered with something not an image.');
      await charge(this.#db, {
        organizationId,
        type: 'IMAGE_GENERATION_USAGE',
        amount: AI_IMAGE_CREDITS,
        details: { projectId, model: row.model },
      });
      // Written under a temporary name and renamed: another process never reads half a file.
      await mkdir(join(file, '..'), { recursive: true });
      const temp = `${file}.${randomUUID()}.tmp`;
      await writeFile(temp, bytes);
      await rename(temp, file);
      return bytes;
    } catch (err) {
      this.#log('image generation failed; serving the placeholder', isKilnError(err) ? err.message : err);
      return null;
    }
  }

  async #row(organizationId: string) {
    const [row] = await this.#db
      .select()
      .from(organizationImageModels)
      .where(eq(organizationImageModels.organizationId, organizationId));
    return row;
  }
}

function view(row: typeof organizationImageModels.$inferSelect | undefined): ImageModelView {
  return {
    model: row?.model ?? null,
    baseUrl: row?.baseUrl ?? null,
    hasApiKey: Boolean(row?.apiKeyEncrypted),
  };
}

/** A generated image: its sniffed type, cached for a day (the same prompt keeps its image), never sniffed. */
function imageResponse(bytes: Uint8Array): Response {
  return new Response(bytes.slice(), {
    headers: {
      'content-type': imageType(bytes) ?? 'application/octet-stream',
      'cache-control': 'public, max-age=86400',
      'x-content-type-options': 'nosniff',
    },
  });
}
