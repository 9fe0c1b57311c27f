/**
 * @module Function logs (issue 19): what a project's functions did, kept in the platform database so every Kiln
 * process writes and reads the same log. One REQUEST entry per function request (method, path, status,
 * duration), the `console` output of the request (INFO for log/info/debug, WARN, ERROR) and one FETCH entry per
 * outbound call, for the preview (`development`) and the published app (`main`) separately. The project's own
 * secret values are masked out of every message before it is stored. Entries older than the retention
 * (`KILN_LOG_RETENTION_DAYS`) are deleted as new ones arrive.
 */
import type { DatabaseBranch, LogLevel } from '@kiln/core';
import { and, desc, eq, lt } from 'drizzle-orm';
import type { Db } from './db/index';
import { functionLogs } from './db/schema';
import { newId } from './ids';

export type LogSource = 'REQUEST' | 'CONSOLE' | 'FETCH';

export interface FunctionLogEntry {
  level: LogLevel;
  source: LogSource;
  message: string;
  method?: string;
  path?: string;
  status?: number;
  durationMs?: number;
  /** Default: now. */
  createdAt?: Date;
}

export interface FunctionLogsOptions {
  /** How long entries are kept; default 7 days. */
  retentionMs?: number;
  log?: (msg: string, err?: unknown) => void;
}

/** Longest message stored; the rest is cut with a note. */
export const MAX_LOG_MESSAGE_CHARS = 4000;
/** Most entries one request stores (its console lines and calls); past it one WARN says how many were dropped. */
export const MAX_LOG_ENTRIES_PER_REQUEST = 200;
const PRUNE_EVERY_MS = 60_000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** `message` with every secret value replaced by `[secret NAME]`, cut to MAX_LOG_MESSAGE_CHARS. */
export function maskSecrets(message: string, secrets: Readonly<Record<string, string>>): string {
  let text = message;
  // Longest first, so a value containing another is masked whole.
  const entries = Object.entries(secrets)
    .filter(([, value]) => value.length >= 4)
    .sort((a, b) => b[1].length - a[1].length);
  for (const [name, value] of entries) text = text.split(value).join(`[secret ${name}]`);
  if (text.length > MAX_LOG_MESSAGE_CHARS) {
    text = `${text.slice(0, MAX_LOG_MESSAGE_CHARS)}… (${text.length - MAX_LOG_MESSAGE_CHARS} more characters)`;
  }
  return text;
}

export class FunctionLogs {
  readonly #db: Db;
  readonly #retentionMs: number;
  readonly #log: (msg: string, err?: unknown) => void;
  #lastPrune = 0;

  constructor(db: Db, options: FunctionLogsOptions = {}) {
    this.#db = db;
    this.#retentionMs = options.retentionMs ?? 7 * DAY_MS;
    this.#log = options.log ?? (() => {});
  }

  /** Stores entries (masked with `secrets`); never throws: a log that cannot be written must not fail a request. */
  async write(
    projectId: string,
    branch: DatabaseBranch,
    entries: readonly FunctionLogEntry[],
    secrets: Readonly<Record<string, string>> = {},
  ): Promise<void> {
    if (entries.length === 0) return;
    try {
      const now = Date.now();
      // Entries of one batch keep their order (newest first reads them back): each at least 1 ms after the last.
      let last = 0;
      const stamps = entries.map((e) => {
        last = Math.max((e.createdAt ?? new Date(now)).getTime(), last + 1);
        return new Date(last);
      });
      await this.#db.insert(functionLogs).values(
        entries.map((e, i) => ({
          id: newId(),
          projectId,
          branch,
          level: e.level,
          source: e.source,
          message: maskSecrets(e.message, secrets),
          method: e.method ?? null,
          path: e.path === undefined ? null : maskSecrets(e.path, secrets),
          status: e.status ?? null,
          durationMs: e.durationMs ?? null,
          createdAt: stamps[i] as Date,
        })),
      );
      if (now - this.#lastPrune > PRUNE_EVERY_MS) {
        this.#lastPrune = now;
        await this.prune(new Date(now));
      }
    } catch (e) {
      this.#log('writing function logs failed', e);
    }
  }

  /** Deletes entries older than the retention. */
  async prune(now = new Date()): Promise<void> {
    await this.#db
      .delete(functionLogs)
      .where(lt(functionLogs.createdAt, new Date(now.getTime() - this.#retentionMs)));
  }

  /** The newest entries (newest first), of one branch or both. */
  async list(projectId: string, options: { branch?: DatabaseBranch | null; limit?: number } = {}) {
    const limit = Math.min(Math.max(options.limit ?? 100, 1), 500);
    const where = options.branch
      ? and(eq(functionLogs.projectId, projectId), eq(functionLogs.branch, options.branch))
      : eq(functionLogs.projectId, projectId);
    return this.#db
      .select()
      .from(functionLogs)
      .where(where)
      .orderBy(desc(functionLogs.createdAt), desc(functionLogs.id))
      .limit(limit);
  }
}
