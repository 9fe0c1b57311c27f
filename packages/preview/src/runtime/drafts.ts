/**
 * Draft coalescing for the preview. While a project generates, drafts (`kiln:load` with `generating`) arrive
 * many times a second, often faster than they can be repaired, compiled and rendered: only the newest one is
 * applied, at the next animation frame (or after `DRAFT_WAIT_MS` when the iframe gets no frames, e.g. in a
 * background tab). A load that is not a draft drops a pending one and is applied at once.
 * @module
 */

/** The longest a draft waits for an animation frame before it is processed anyway. */
export const DRAFT_WAIT_MS = 50;

export class DraftQueue<T> {
  private draft: T | null = null;
  private run: Promise<void> | null = null;

  constructor(private readonly apply: (req: T) => Promise<void>) {}

  /** Queues a draft; resolves once the newest draft queued by then has been applied. */
  push(req: T): Promise<void> {
    this.draft = req;
    this.run ??= new Promise<void>((resolve) => {
      let done = false;
      const run = () => {
        if (done) return;
        done = true;
        cancelAnimationFrame(frame);
        clearTimeout(timer);
        this.run = null;
        const draft = this.draft;
        this.draft = null;
        resolve(draft ? this.apply(draft) : undefined);
      };
      const frame = requestAnimationFrame(run);
      const timer = setTimeout(run, DRAFT_WAIT_MS);
    });
    return this.run;
  }

  /** Drops the pending draft: a finished load supersedes it. */
  drop(): void {
    this.draft = null;
  }
}
