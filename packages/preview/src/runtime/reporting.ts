/**
 * What the engine tells the builder about renders: `kiln:error` once per load and module (never while code is
 * being generated), `kiln:rendered` the first time a revision's page rendered with no module failing (once for
 * its drafts, once for its finished code), `kiln:fix` when the user presses "Fix it", and errors thrown outside
 * render attributed to a module by their stack.
 * @module
 */

import type { PreviewMode, PreviewToBuilder } from '../protocol.ts';
import { errorData } from './error-data.ts';

/** What reporting needs from the engine: the load being shown and where to post. */
export interface ReportingHost {
  readonly kind: 'preview' | 'app';
  readonly revisionId: string;
  readonly generating: boolean;
  readonly mode: PreviewMode;
  readonly route: string;
  /** The number of the load being shown: an error is reported once per load. */
  readonly seq: number;
  /** Whether a load has been applied yet. */
  readonly loaded: boolean;
  post(message: PreviewToBuilder): void;
  /** Whether `filePath` is a module of the shown load. */
  hasModule(filePath: string): boolean;
  currentPage(): { filePath: string } | null;
}

export class Reporter {
  private readonly failing = new Set<string>();
  private readonly reportedErrors = new Set<string>();
  private readonly renderedRevisions = new Set<string>();
  private loadStartedAt = 0;

  constructor(private readonly host: ReportingHost) {}

  /** A load started: `kiln:rendered` measures from here. */
  loadStarted(): void {
    this.loadStartedAt = performance.now();
  }

  /** A new load's modules replace the old ones: its errors are reported afresh. */
  clearReported(): void {
    this.reportedErrors.clear();
  }

  /** A new load renders: no module is failing until a boundary says so. */
  clearFailing(): void {
    this.failing.clear();
  }

  /** A boundary caught an error in `filePath`. Reports it once per load unless code is being generated. */
  reportError(filePath: string, error: unknown): void {
    this.failing.add(filePath);
    const host = this.host;
    if (host.generating) return;
    const data = errorData(error, filePath);
    const key = `${host.seq}\n${filePath}`;
    if (this.reportedErrors.has(key)) return;
    this.reportedErrors.add(key);
    if (host.kind === 'app') console.error(`[kiln] ${filePath}:`, error);
    host.post({
      kind: 'kiln:error',
      revisionId: host.revisionId,
      filePath,
      mode: host.mode,
      message: data.message,
      ...(data.stack ? { stack: data.stack } : {}),
      ...(data.line ? { line: data.line } : {}),
      ...(data.column ? { column: data.column } : {}),
    });
  }

  /** A boundary of `filePath` committed without error. */
  moduleRendered(filePath: string): void {
    this.failing.delete(filePath);
  }

  /**
   * Posts `kiln:rendered` the first time a revision's page rendered with no module failing: once for its drafts
   * and once for its finished code, so the revision's first render is never a partial draft.
   */
  checkRendered(): void {
    const host = this.host;
    const key = `${host.revisionId}\n${host.generating}`;
    if (!host.loaded || this.failing.size > 0 || this.renderedRevisions.has(key)) return;
    if (!host.currentPage()) return;
    this.renderedRevisions.add(key);
    host.post({
      kind: 'kiln:rendered',
      revisionId: host.revisionId,
      route: host.route,
      ms: Math.round((performance.now() - this.loadStartedAt) * 10) / 10,
      generating: host.generating,
    });
  }

  requestFix(filePath: string, message: string): void {
    this.host.post({ kind: 'kiln:fix', revisionId: this.host.revisionId, filePath, message });
  }

  /** Errors outside render (event handlers, timers): attributed to a module by the stack's source URL. */
  reportUncaught(error: unknown): void {
    const stack = error instanceof Error ? (error.stack ?? '') : '';
    const filePath = /kiln:\/\/\/([^\s:)]+)/.exec(stack)?.[1];
    if (filePath && this.host.hasModule(filePath)) this.reportError(filePath, error);
    else if (this.host.kind === 'app') console.error(error);
  }
}
