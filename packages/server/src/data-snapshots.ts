/**
 * @module Data snapshots per revision (issue 15): when a revision finishes, a copy of the project's development
 * database is kept under the revision's id, so "Restore code and data" can bring both back. Only the latest
 * `keep` revisions (KILN_DATA_SNAPSHOTS, default 10) keep one; older copies are dropped as new ones come. The
 * copies live beside the branches (./app-db: a PGlite folder, or a PostgreSQL database made with `TEMPLATE`), so
 * every process sees the same ones; the main (published) branch is never copied nor replaced.
 */
import { inArray } from 'drizzle-orm';
import type { AppDatabases } from './app-db/index';
import type { Db } from './db/index';
import { revisions } from './db/schema';

/** Snapshots kept per project unless configured (KILN_DATA_SNAPSHOTS). */
export const DEFAULT_DATA_SNAPSHOTS = 10;

export class DataSnapshots {
  readonly #db: Db;
  readonly #databases: AppDatabases;
  readonly #keep: number;
  readonly #log: (msg: string, err?: unknown) => void;

  constructor(
    db: Db,
    databases: AppDatabases,
    opts: { keep?: number; log?: (msg: string, err?: unknown) => void } = {},
  ) {
    this.#db = db;
    this.#databases = databases;
    this.#keep = Math.max(0, Math.floor(opts.keep ?? DEFAULT_DATA_SNAPSHOTS));
    this.#log = opts.log ?? (() => {});
  }

  /**
   * Keeps a copy of the development branch as `revisionId`'s data, then drops the copies beyond the newest
   * `keep` revisions. Never throws: a revision without a snapshot can still be restored as code.
   */
  async take(projectId: string, revisionId: string): Promise<boolean> {
    if (this.#keep === 0) return false;
    try {
      const taken = await this.#databases.snapshot(projectId, revisionId);
      if (taken) await this.prune(projectId);
      return taken;
    } catch (e) {
      this.#log('taking a data snapshot failed', e);
      return false;
    }
  }

  /** Drops the snapshots of all but the newest `keep` revisions (by revision number; unknown ids first). */
  async prune(projectId: string): Promise<void> {
    const ids = await this.#databases.snapshots(projectId);
    if (ids.length <= this.#keep) return;
    const rows = await this.#db
      .select({ id: revisions.id, number: revisions.number })
      .from(revisions)
      .where(inArray(revisions.id, ids));
    const numbers = new Map(rows.map((r) => [r.id, r.number]));
    const newestFirst = [...ids].sort((a, b) => (numbers.get(b) ?? -1) - (numbers.get(a) ?? -1));
    for (const id of newestFirst.slice(this.#keep)) await this.#databases.dropSnapshot(projectId, id);
  }

  /** The revisions of a project that keep a data snapshot. */
  async revisionIds(projectId: string): Promise<Set<string>> {
    if (this.#keep === 0) return new Set();
    return new Set(await this.#databases.snapshots(projectId));
  }

  /** Replaces the development branch's data by a revision's snapshot (not_found, with a clear message, if gone). */
  async restore(projectId: string, revisionId: string): Promise<void> {
    await this.#databases.restoreSnapshot(projectId, revisionId);
  }

  /** Drops every snapshot of a deleted project. */
  async forget(projectId: string): Promise<void> {
    await this.#databases.dropSnapshot(projectId);
  }
}
