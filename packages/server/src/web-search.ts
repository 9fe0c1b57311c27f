/**
 * @module Web search for generations (issue 22): an organisation's search provider, which ADMINs set, answers
 * the model's `web_search(query)` tool calls with the top results (title, url, snippet). Each search is charged
 * WEB_SEARCH_USAGE. Two provider kinds, both plain HTTP GET with JSON answers:
 * - SEARXNG: a SearXNG-compatible endpoint (`{url}/search?q=…&format=json`, answer `results[]` with title, url,
 *   content), self-hostable; an API key, if given, is sent as `Authorization: Bearer`.
 * - BRAVE: the Brave Search API (`{url}?q=…`, default https://api.search.brave.com/res/v1/web/search, answer
 *   `web.results[]` with title, url, description); the key is sent as `X-Subscription-Token`.
 * Requests go through the egress guard (net/egress.ts): a provider on a private address must be allowed with
 * KILN_EGRESS_ALLOW_HOSTS. No provider set (the default, and offline): the tool is not offered at all.
 */
import type { GenToolAnswer, GenWebSearch } from '@kiln/codegen';
import { KilnError } from '@kiln/core';
import { eq } from 'drizzle-orm';
import type { User } from './accounts';
import { charge } from './credits';
import type { Db } from './db/index';
import { organizationWebSearch } from './db/schema';
import { type EgressPolicy, guardedFetch } from './net/egress';
import { requireRole } from './permissions';
import type { SecretBox } from './secrets';

export const WEB_SEARCH_KINDS = ['SEARXNG', 'BRAVE'] as const;
export type WebSearchKind = (typeof WEB_SEARCH_KINDS)[number];

/** Brave Search API's web search endpoint, used when a BRAVE provider has no URL of its own. */
export const BRAVE_SEARCH_URL = 'https://api.search.brave.com/res/v1/web/search';
/** Credits one search costs (WEB_SEARCH_USAGE). */
export const WEB_SEARCH_COST = 1;
/** Results given to the model per search. */
export const WEB_SEARCH_RESULTS = 5;
/** Longest snippet passed on (characters); search pages can be long, the model needs the gist. */
const MAX_SNIPPET = 300;
const MAX_QUERY = 400;
const MAX_URL = 500;
const MAX_KEY = 2000;
/** A search that takes longer than this is answered as failed (the generation goes on without it). */
const SEARCH_TIMEOUT_MS = 10_000;
const MAX_RESPONSE_BYTES = 2 * 1024 * 1024;

/** What an ADMIN sees (never the key). */
export interface WebSearchSettingsView {
  kind: WebSearchKind;
  url: string;
  hasApiKey: boolean;
}

export interface WebSearchSettingsInput {
  organizationId: string;
  /** SEARXNG or BRAVE; empty or null removes the provider (the tool is no longer offered). */
  kind?: string | null;
  /** The endpoint; empty: Brave's default for BRAVE (required for SEARXNG). */
  url?: string | null;
  /** A new key; empty or null keeps the stored one. */
  apiKey?: string | null;
  clearApiKey?: boolean | null;
}

/** What a search is charged to: a generation's revision id, or a discussion's question (plan mode makes no revision). */
export type SearchChargeTarget = string | { discussionMessageId: string };

/** One search result as the model sees it. */
export interface WebSearchResult {
  title: string;
  url: string;
  snippet: string;
}

export class OrganizationWebSearch {
  readonly #db: Db;
  readonly #secrets: SecretBox;
  readonly #egress: EgressPolicy;

  constructor(opts: { db: Db; secrets: SecretBox; egress: EgressPolicy }) {
    this.#db = opts.db;
    this.#secrets = opts.secrets;
    this.#egress = opts.egress;
  }

  /** The organisation's provider (ADMIN and up); null when none is set. */
  async settings(user: User, organizationId: string): Promise<WebSearchSettingsView | null> {
    await requireRole(this.#db, organizationId, user.id, 'ADMIN');
    return view(await this.#row(organizationId));
  }

  /** Set, change or remove the provider (ADMIN and up); checked before anything is stored. */
  async update(user: User, input: WebSearchSettingsInput): Promise<WebSearchSettingsView | null> {
    await requireRole(this.#db, input.organizationId, user.id, 'ADMIN');
    const kind = input.kind?.trim().toUpperCase() || null;
    if (!kind) {
      await this.#db
        .delete(organizationWebSearch)
        .where(eq(organizationWebSearch.organizationId, input.organizationId));
      return null;
    }
    if (!(WEB_SEARCH_KINDS as readonly string[]).includes(kind)) {
      throw new KilnError(
        'validation',
        `Unknown search provider ${kind}: use ${WEB_SEARCH_KINDS.join(' or ')}.`,
      );
    }
    const url = input.url?.trim() || (kind === 'BRAVE' ? BRAVE_SEARCH_URL : '');
    if (!url) {
      throw new KilnError(
        'validation',
        'A SearXNG provider needs its address, for example https://searx.example.org (JSON output enabled).',
      );
    }
    checkUrl(url);
    const newKey = input.apiKey?.trim() || null;
    if (newKey && (newKey.length > MAX_KEY || /\s/.test(newKey))) {
      throw new KilnError('validation', 'An API key is one word of at most 2,000 characters.');
    }
    if (newKey && input.clearApiKey) {
      throw new KilnError('validation', 'Either enter a new API key or remove the stored one, not both.');
    }
    const existing = await this.#row(input.organizationId);
    const sealed = newKey
      ? this.#secrets.encrypt(newKey, input.organizationId)
      : input.clearApiKey
        ? null
        : (existing?.apiKeyEncrypted ?? null);
    if (kind === 'BRAVE' && !sealed) {
      throw new KilnError('validation', 'Brave Search needs an API key (the X-Subscription-Token).');
    }
    const values = {
      kind,
      url: url.replace(/\/+$/, ''),
      apiKeyEncrypted: sealed,
      updatedBy: user.id,
      updatedAt: new Date(),
    };
    const [row] = await this.#db
      .insert(organizationWebSearch)
      .values({ organizationId: input.organizationId, ...values })
      .onConflictDoUpdate({ target: organizationWebSearch.organizationId, set: values })
      .returning();
    return view(row);
  }

  /**
   * The `web_search` tool for one generation (a revision id) or one discussion (plan mode: its question's id) of
   * an organisation, charging each search to it; undefined when the organisation has no provider (the tool is
   * then not offered).
   */
  async searcherFor(organizationId: string, chargeTo: SearchChargeTarget): Promise<GenWebSearch | undefined> {
    const row = await this.#row(organizationId);
    if (!row) return undefined;
    const kind = row.kind as WebSearchKind;
    return async (query, signal): Promise<GenToolAnswer> => {
      let apiKey: string | undefined;
      try {
        apiKey = row.apiKeyEncrypted ? this.#secrets.decrypt(row.apiKeyEncrypted, organizationId) : undefined;
      } catch {
        return {
          status: 'error',
          output: 'The search provider key cannot be read: an admin must enter it again.',
        };
      }
      let results: WebSearchResult[];
      try {
        results = await this.search(kind, row.url, apiKey, query.slice(0, MAX_QUERY), signal);
      } catch (err) {
        return { status: 'error', output: `The web search failed: ${(err as Error).message}` };
      }
      try {
        await charge(this.#db, {
          organizationId,
          type: 'WEB_SEARCH_USAGE',
          amount: WEB_SEARCH_COST,
          ...(typeof chargeTo === 'string' ? { revisionId: chargeTo } : {}),
          details: {
            query: query.slice(0, MAX_QUERY),
            results: results.length,
            ...(typeof chargeTo === 'string' ? {} : { discussionMessageId: chargeTo.discussionMessageId }),
          },
          requireBalance: true,
        });
      } catch (err) {
        return { status: 'error', output: (err as Error).message };
      }
      return { status: 'success', output: formatResults(query, results) };
    };
  }

  /** One search at a provider: the top results, in its order. */
  async search(
    kind: WebSearchKind,
    url: string,
    apiKey: string | undefined,
    query: string,
    signal?: AbortSignal,
  ): Promise<WebSearchResult[]> {
    const target = new URL(kind === 'SEARXNG' ? `${url.replace(/\/search$/, '')}/search` : url);
    target.searchParams.set('q', query);
    const headers: Record<string, string> = { accept: 'application/json' };
    if (kind === 'SEARXNG') {
      target.searchParams.set('format', 'json');
      if (apiKey) headers.authorization = `Bearer ${apiKey}`;
    } else {
      target.searchParams.set('count', String(WEB_SEARCH_RESULTS));
      if (apiKey) headers['x-subscription-token'] = apiKey;
    }
    const res = await guardedFetch(target, { headers, ...(signal ? { signal } : {}) }, this.#egress, {
      timeoutMs: SEARCH_TIMEOUT_MS,
      maxResponseBytes: MAX_RESPONSE_BYTES,
    });
    if (!res.ok) {
      await res.body?.cancel();
      throw new Error(`the search provider answered ${res.status}.`);
    }
    let body: unknown;
    try {
      body = await res.json();
    } catch {
      throw new Error('the search provider did not answer JSON (SearXNG needs format json enabled).');
    }
    return parseResults(kind, body);
  }

  async #row(organizationId: string) {
    const [row] = await this.#db
      .select()
      .from(organizationWebSearch)
      .where(eq(organizationWebSearch.organizationId, organizationId));
    return row;
  }
}

function view(row: typeof organizationWebSearch.$inferSelect | undefined): WebSearchSettingsView | null {
  return row
    ? { kind: row.kind as WebSearchKind, url: row.url, hasApiKey: Boolean(row.apiKeyEncrypted) }
    : null;
}

function checkUrl(raw: string): void {
  let url: URL | undefined;
  try {
    url = new URL(raw);
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || raw.length > MAX_URL) {
    throw new KilnError(
      'validation',
      `"${raw}" is not an address: enter the provider's http:// or https:// URL.`,
    );
  }
}

const text = (v: unknown): string => (typeof v === 'string' ? v : '');

/** The results of a provider's JSON answer (fields it lacks become empty; results without a URL are dropped). */
export function parseResults(kind: WebSearchKind, body: unknown): WebSearchResult[] {
  const root = (body ?? {}) as { results?: unknown; web?: { results?: unknown } };
  const list = kind === 'SEARXNG' ? root.results : root.web?.results;
  if (!Array.isArray(list)) return [];
  return list
    .map((r: Record<string, unknown>) => ({
      title: text(r.title).trim(),
      url: text(r.url).trim(),
      snippet: stripTags(text(kind === 'SEARXNG' ? r.content : r.description))
        .trim()
        .slice(0, MAX_SNIPPET),
    }))
    .filter((r) => /^https?:\/\//.test(r.url))
    .slice(0, WEB_SEARCH_RESULTS);
}

/** Brave marks matches with <strong>; the model reads plain text. */
function stripTags(s: string): string {
  return s.replace(/<[^>]*>/g, '');
}

/** What the model reads: numbered results, each title, URL and snippet. */
export function formatResults(query: string, results: readonly WebSearchResult[]): string {
  if (results.length === 0) return `No results for "${query}".`;
  return results.map((r, i) => `${i + 1}. ${r.title || r.url}\n   ${r.url}\n   ${r.snippet}`).join('\n');
}
