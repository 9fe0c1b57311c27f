/**
 * @module The host side of the integrations generated functions import (issue 19; the modules themselves are
 * `functions/integrations/`): `ai` runs the organisation's model (its generations' provider, through the AI SDK),
 * streamed back piece by piece and charged as INTEGRATION_USAGE credits; `email` sends through Kiln's mailer.
 * Each is limited per app (a project on one branch) with the shared rate limits, and logged with the request.
 * (Stripe needs nothing here: its module calls Stripe with the function's own guarded `fetch`.)
 */
import { type ModelProvider, reportedUsage } from '@kiln/codegen';
import { type DatabaseBranch, KilnError } from '@kiln/core';
import { charge, creditBalance, usageCredits } from './credits';
import type { Db } from './db/index';
import type { FunctionLogEntry } from './function-logs';
import type { Mailer } from './mailer';
import { RATE_LIMITS, type RateLimits } from './rate-limits';

/** The app a call comes from. */
export interface IntegrationApp {
  organizationId: string;
  projectId: string;
  branch: DatabaseBranch;
}

export interface AppIntegrationsOptions {
  db: Db;
  mailer: Mailer;
  /** The organisation's model provider (OrganizationModels.providerFor). */
  providerFor: (organizationId: string) => Promise<ModelProvider>;
  rateLimits: RateLimits | null;
}

/** Longest prompt (and system text) the AI integration sends, in characters. */
const MAX_PROMPT_CHARS = 32_000;
const MAX_SUBJECT_CHARS = 200;
const MAX_TEXT_CHARS = 50_000;
const EMAIL_RE = /^[^\s@<>,;]+@[^\s@<>,;]+\.[^\s@<>,;]+$/;

function text(value: unknown, field: string, max: number, optional = false): string | undefined {
  if (value === undefined || value === null) {
    if (optional) return undefined;
    throw new Error(`${field} is required.`);
  }
  if (typeof value !== 'string') throw new Error(`${field} must be a string.`);
  if (value.length > max) throw new Error(`${field} is longer than ${max} characters.`);
  return value;
}

export class AppIntegrations {
  readonly #opts: AppIntegrationsOptions;

  constructor(opts: AppIntegrationsOptions) {
    this.#opts = opts;
  }

  /** Runs one call of a function; `emit` streams pieces of the answer; `log` adds to the request's log. */
  async call(
    app: IntegrationApp,
    service: string,
    method: string,
    args: unknown,
    emit: (chunk: string) => void,
    log: (entry: FunctionLogEntry) => void,
  ): Promise<unknown> {
    const input = (args ?? {}) as Record<string, unknown>;
    if (service === 'ai' && (method === 'text' || method === 'object')) {
      return this.#ai(app, method, input, emit, log);
    }
    if (service === 'email' && method === 'send') return this.#email(app, input, log);
    throw new Error(`There is no integration ${service}.${method}.`);
  }

  async #limit(name: 'functionAiCallsPerApp' | 'functionMailsPerApp', app: IntegrationApp, what: string) {
    const wait = await this.#opts.rateLimits?.take(name, `${app.projectId}:${app.branch}`);
    if (wait) {
      const { points, durationSeconds } = RATE_LIMITS[name];
      const per = durationSeconds === 3600 ? 'an hour' : 'a minute';
      throw new Error(`This app sent more than ${points} ${what} ${per}. Try again in ${wait} s.`);
    }
  }

  async #ai(
    app: IntegrationApp,
    method: 'text' | 'object',
    input: Record<string, unknown>,
    emit: (chunk: string) => void,
    log: (entry: FunctionLogEntry) => void,
  ) {
    const started = Date.now();
    const prompt = text(input.prompt, 'prompt', MAX_PROMPT_CHARS) as string;
    let system = text(input.system, 'system', MAX_PROMPT_CHARS, true) ?? '';
    if (method === 'object') {
      if (typeof input.schema !== 'object' || input.schema === null)
        throw new Error('schema must be a JSON Schema object.');
      system =
        `${system}\n\nAnswer with one JSON value that follows this JSON Schema, and nothing else (no prose, no code fences):\n${JSON.stringify(input.schema)}`.trim();
    }
    await this.#limit('functionAiCallsPerApp', app, 'AI requests');
    const balance = await creditBalance(this.#opts.db, app.organizationId);
    if (balance <= 0)
      throw new KilnError('plan_limit', 'The organisation has no credits left for AI requests.');
    const provider = await this.#opts.providerFor(app.organizationId);
    const stream = provider.stream({ system, messages: [{ role: 'user', content: prompt }] });
    let answer = '';
    for await (const piece of stream) {
      answer += piece;
      if (input.stream === true && method === 'text') emit(piece);
    }
    const reported = await reportedUsage(stream);
    const usage = reported ?? {
      inputTokens: Math.ceil((system.length + prompt.length) / 4),
      outputTokens: Math.ceil(answer.length / 4),
    };
    const credits = usageCredits(usage.inputTokens + usage.outputTokens);
    await charge(this.#opts.db, {
      organizationId: app.organizationId,
      type: 'INTEGRATION_USAGE',
      amount: credits,
      details: { integration: 'ai', projectId: app.projectId, branch: app.branch, ...usage },
    });
    log({
      level: 'INFO',
      source: 'FETCH',
      message: `ai ${method}: ${usage.inputTokens} + ${usage.outputTokens} tokens, ${credits} credit${credits === 1 ? '' : 's'} (${Date.now() - started} ms)`,
      durationMs: Date.now() - started,
    });
    if (method === 'text') return { text: answer, usage };
    return { object: parseJson(answer), usage };
  }

  async #email(app: IntegrationApp, input: Record<string, unknown>, log: (entry: FunctionLogEntry) => void) {
    const to = (text(input.to, 'to', 320) as string).trim();
    if (!EMAIL_RE.test(to)) throw new Error('to must be one e-mail address.');
    const subject = (text(input.subject, 'subject', MAX_SUBJECT_CHARS) as string).replace(/[\r\n]+/g, ' ');
    const body = text(input.text, 'text', MAX_TEXT_CHARS) as string;
    await this.#limit('functionMailsPerApp', app, 'e-mails');
    await this.#opts.mailer.send({ to, subject, text: body });
    log({ level: 'INFO', source: 'FETCH', message: `email to ${to}: ${subject}` });
    return { sent: true };
  }
}

/** The JSON in a model's answer: the whole text, or the part between the first `{`/`[` and the last `}`/`]`. */
function parseJson(answer: string): unknown {
  const trimmed = answer.trim().replace(/^```(?:json)?\s*|\s*```$/g, '');
  try {
    return JSON.parse(trimmed);
  } catch {
    const start = trimmed.search(/[[{]/);
    const end = Math.max(trimmed.lastIndexOf('}'), trimmed.lastIndexOf(']'));
    if (start !== -1 && end > start) {
      try {
        return JSON.parse(trimmed.slice(start, end + 1));
      } catch {
        // fall through
      }
    }
    throw new Error(`The model did not answer with JSON: ${trimmed.slice(0, 200)}`);
  }
}
