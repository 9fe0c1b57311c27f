/** What GenerationWorkers take (worker.ts), in its own module so that a run (run.ts) can name it without
 * importing worker.ts, which imports run.ts. */
import type { GenWebSearch, ModelProvider } from '@kiln/codegen';
import type { AppBackend } from '../app-backend';
import type { PackageResolver } from '../packages/resolver';
import type { RoomEvent } from '../rooms';
import type { FileStorage } from '../uploads/storage';

export interface WorkerOptions {
  /** Parallel generations in this process (default 2). */
  concurrency?: number;
  /** Idle poll interval when no wake-up arrives (default 500 ms). */
  pollMs?: number;
  log?: (msg: string, extra?: unknown) => void;
  /** A project's latest revision changed (status, result): tell its room (reads the database). */
  onProjectChanged?: (projectId: string) => void;
  /** Push an event to a project's room straight from memory (drafts while they stream, status changes). */
  publish?: (target: { organizationId: string; projectId: string }, event: RoomEvent) => void;
  /** The provider for an organisation's generations (default: the one passed to the constructor). */
  providerFor?: (organizationId: string) => Promise<ModelProvider>;
  /** The organisation's expert model (EXPERT_SWE), for messages that ask for it; null when it names none. */
  expertProviderFor?: (organizationId: string) => Promise<ModelProvider | null>;
  /**
   * At start, treat every RUNNING job as stalled at once (default false). Right for the embedded PGlite, which
   * only one process can own: its RUNNING jobs belong to a process that died. Never for a shared PostgreSQL.
   */
  recoverRunningAtStart?: boolean;
  /**
   * The shared PostgreSQL's URL: this process holds a liveness lock there while it lives and takes over, within
   * seconds, the jobs of processes that lost theirs (killed). Unset (PGlite): only the heartbeat counts.
   */
  databaseUrl?: string | null;
  /** Generated apps' databases: migrations a generation writes are applied to the development branch. */
  backend?: AppBackend | null;
  /** npm packages the code imports outside the catalogue: pinned to the revision when it is checked. */
  packages?: PackageResolver | null;
  /**
   * The `web_search` tool for one generation (charged to its revision id) or one discussion (charged to its
   * question's id), or undefined when the organisation has no search provider: the tool is then not offered
   * (default: never offered).
   */
  webSearchFor?: (
    organizationId: string,
    chargeTo: string | { discussionMessageId: string },
  ) => Promise<GenWebSearch | undefined>;
  /** Verify every generated revision in headless Chromium (jobs/verification.ts; default true, `KILN_VERIFY`). */
  verify?: boolean;
  /** The upload file storage, where chat messages' images are (default none: images are not sent). */
  files?: FileStorage | null;
}

/** What a run needs from its worker: the options, and the worker's bookkeeping of running generations. */
export interface RunDeps
  extends Pick<
    Required<WorkerOptions>,
    | 'log'
    | 'onProjectChanged'
    | 'publish'
    | 'providerFor'
    | 'expertProviderFor'
    | 'backend'
    | 'packages'
    | 'webSearchFor'
    | 'verify'
    | 'files'
  > {
  /** The run started: `ctrl` aborts it (cancel, shutdown). */
  track: (ctrl: AbortController, revisionId: string) => void;
  /** The run ended. */
  untrack: () => void;
  /** A job was queued (the automatic fix). */
  wake: () => void;
}
