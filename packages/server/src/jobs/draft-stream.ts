/**
 * @module The draft stream of one generation. Modules the model writes reach the project's room from memory
 * (throttled, trailing, so the last change is never held) and the database now and then (for readers without a
 * room, and crash recovery); neither holds up reading the model.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../db/index';
import { revisions } from '../db/schema';

/** Drafts reach the room at most this often per generation (trailing, so the last change is never held). */
const PUBLISH_MS = 50;
/** Drafts are written to the database at most this often (for readers without a room, and crash recovery). */
const PERSIST_MS = 1000;

type StoredModule = (typeof revisions.$inferSelect)['modules'][number];
/** What the room is told: a module as it stands now, or that it was deleted. */
export type DraftChange = StoredModule | { filePath: string; deleted: true };

export class DraftStream {
  readonly #db: Db;
  readonly #revisionId: string;
  readonly #publish: (modules: DraftChange[]) => void;
  readonly #log: (msg: string, extra?: unknown) => void;
  readonly #drafts: Map<string, StoredModule>;
  readonly #changed = new Set<string>();
  #lastPublish = 0;
  #publishTimer: NodeJS.Timeout | undefined;
  #dirty = false;
  #lastFlush = Date.now();
  #persisting: Promise<unknown> | undefined;

  constructor(
    db: Db,
    revision: { id: string; modules: readonly StoredModule[] },
    publish: (modules: DraftChange[]) => void,
    log: (msg: string, extra?: unknown) => void,
  ) {
    this.#db = db;
    this.#revisionId = revision.id;
    this.#publish = publish;
    this.#log = log;
    this.#drafts = new Map(revision.modules.map((m) => [m.filePath, m]));
  }

  /** The save in flight, if any. */
  get persisting(): Promise<unknown> | undefined {
    return this.#persisting;
  }

  /** The model wrote a module. */
  set(module: StoredModule): void {
    this.#drafts.set(module.filePath, module);
    this.#draftChanged(module.filePath);
  }

  /** The model deleted a module. */
  delete(filePath: string): void {
    this.#drafts.delete(filePath);
    this.#draftChanged(filePath);
  }

  /** Drafts streamed for a block that was dropped in the end leave the room's view of the revision. */
  keepOnly(finalModules: readonly { filePath: string }[]): void {
    for (const filePath of [...this.#drafts.keys()]) {
      if (finalModules.some((m) => m.filePath === filePath)) continue;
      this.delete(filePath);
    }
  }

  /** Send the changes not yet published to the room now. */
  publishNow(): void {
    clearTimeout(this.#publishTimer);
    this.#publishTimer = undefined;
    if (this.#changed.size === 0) return;
    this.#lastPublish = Date.now();
    const modules = [...this.#changed].map(
      (filePath) => this.#drafts.get(filePath) ?? { filePath, deleted: true as const },
    );
    this.#changed.clear();
    this.#publish(modules);
  }

  /** Save the drafts if they changed and the last save is PERSIST_MS old (or `force`); the save in flight. */
  flush(force = false): Promise<unknown> | undefined {
    if (this.#persisting || !this.#dirty || (!force && Date.now() - this.#lastFlush < PERSIST_MS)) {
      return this.#persisting;
    }
    this.#dirty = false;
    this.#lastFlush = Date.now();
    this.#persisting = this.#db
      .update(revisions)
      .set({ modules: [...this.#drafts.values()], updatedAt: new Date() })
      .where(eq(revisions.id, this.#revisionId))
      .catch((err) => this.#log('saving drafts failed', err))
      .finally(() => {
        this.#persisting = undefined;
      });
    return this.#persisting;
  }

  /** Drop a pending publish (the run is over). */
  close(): void {
    clearTimeout(this.#publishTimer);
  }

  #draftChanged(filePath: string): void {
    this.#changed.add(filePath);
    this.#dirty = true;
    const wait = PUBLISH_MS - (Date.now() - this.#lastPublish);
    if (wait <= 0) this.publishNow();
    else this.#publishTimer ??= setTimeout(() => this.publishNow(), wait);
  }
}
