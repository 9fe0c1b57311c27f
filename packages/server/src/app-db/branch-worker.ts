/**
 * The worker thread that holds one app branch's PGlite (./pglite-worker.mjs), seen from the server: jobs run
 * one at a time in arrival order, each with a wall-clock limit measured from when it starts; a job past its
 * limit terminates the thread (PGlite cannot be interrupted otherwise) and the next job starts a new one on
 * the same data directory. Up to PIPELINE jobs are sent ahead: the thread starts the next job as soon as one
 * ends instead of waiting for the answer's round trip through the server's busy event loop (the thread sat
 * idle ~58 % of a database-read bench). Idle workers are stopped with a clean close.
 * @module
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { KilnError } from '@kiln/core';
import { PGLITE_START_PARAMS } from '../db/index';

const WORKER_URL = new URL('./pglite-worker.mjs', import.meta.url);

let compiled:
  | Promise<{ pgliteWasmModule: WebAssembly.Module; initdbWasmModule: WebAssembly.Module }>
  | undefined;

/** PGlite's WASM compiled once per process and handed to every worker (modules are shared, not copied). */
const pgliteDist = () => dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));

/** The installed PGlite's version: a data directory made by one is what another may open. */
export async function pgliteVersion(): Promise<string> {
  const pkg = JSON.parse(await readFile(join(pgliteDist(), '..', 'package.json'), 'utf8')) as {
    version: string;
  };
  return pkg.version;
}

function wasmModules() {
  compiled ??= (async () => {
    const dist = pgliteDist();
    const [pglite, initdb] = await Promise.all(
      ['pglite.wasm', 'initdb.wasm'].map(async (f) => WebAssembly.compile(await readFile(join(dist, f)))),
    );
    return { pgliteWasmModule: pglite!, initdbWasmModule: initdb! };
  })();
  return compiled;
}

/** How long opening a branch may take (a new branch runs initdb: ~1.5–2.5 s). */
const START_TIMEOUT_MS = 30_000;
/**
 * How long making the template data directory may take: initdb once per server, ~2 s when idle but over 30 s on
 * a machine at load ~20, where the old 30 s limit left the server with no app databases at all.
 */
const INIT_TIMEOUT_MS = 180_000;
/** How long a clean close may take before the thread is terminated anyway. */
const CLOSE_TIMEOUT_MS = 5_000;
/** Jobs that may wait for one branch; more are refused rather than queued without end. */
const MAX_QUEUED = 256;
/** Jobs sent to the thread ahead of their turn (the first of them runs; the others wait there in order). */
const PIPELINE = 8;
/**
 * The JavaScript heap one branch's thread may use (results as they are parsed): past it Node ends the thread,
 * the job fails and the next one starts a new thread on the same data. PGlite's WASM memory is bounded apart
 * (the thread recycles itself past 256 MiB, see ./pglite-worker.mjs).
 */
const WORKER_HEAP_MB = 256;
const OUT_OF_MEMORY_MESSAGE =
  'The query needed more memory than an app database may use: select fewer rows or columns.';

/** What Postgres said about a statement that failed (message, SQLSTATE code, …). */
export interface PostgresErrorData {
  message: string;
  code?: string;
  detail?: string;
  hint?: string;
  position?: string;
}

/** A statement Postgres refused; the message is Postgres's own. */
export class PostgresError extends Error {
  readonly code: string | undefined;
  readonly detail: string | undefined;
  readonly hint: string | undefined;
  readonly position: string | undefined;

  constructor(data: PostgresErrorData) {
    super(data.message);
    this.name = 'PostgresError';
    this.code = data.code;
    this.detail = data.detail;
    this.hint = data.hint;
    this.position = data.position;
  }
}

export type WorkerOp =
  | {
      op: 'query';
      text: string;
      values: unknown[];
      rowCap: number;
      /** Refuse (`tooLarge`) a result whose rows take more bytes than this as JSON; 0: no limit. */
      maxBytes?: number;
      /** Run in a read-only transaction. */
      readOnly?: boolean;
    }
  | { op: 'migrate'; name: string; sql: string }
  | { op: 'close' };

export interface QueryResult {
  rows: Record<string, unknown>[];
  /** Rows Postgres returned before the cap. */
  total: number;
  affectedRows: number;
  /** The rows (up to the row cap) were larger than `maxBytes`; none were sent. */
  tooLarge?: boolean;
}

type WorkerMessage =
  | { type: 'ready' }
  | { type: 'failed'; error: PostgresErrorData }
  | { type: 'result'; id: number; ok: true; result: unknown; recycle?: boolean }
  | {
      type: 'result';
      id: number;
      ok: false;
      error: PostgresErrorData;
      recycle?: boolean;
      /** Not run: the thread is recycling; the job goes to the next thread. */
      requeue?: boolean;
    };

interface Job {
  msg: WorkerOp;
  timeoutMs: number;
  /** Names the job in a timeout message: "Query", "Migration". */
  label: string;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/** A job sent to the thread and not answered yet. */
interface Sent {
  id: number;
  job: Job;
  /** The job's time limit, armed when it becomes the first one waiting for an answer (it runs then). */
  timer: NodeJS.Timeout | null;
}

interface Live {
  worker: Worker;
  /** Jobs sent to the thread and not answered yet, in order: the first one is running. */
  sent: Sent[];
  /** The thread ended or was given up: its unanswered jobs were settled or queued again. */
  gone: boolean;
  /** Wakes the pump waiting for room in `sent`. */
  wake?: () => void;
}

export interface BranchWorkerOptions {
  /** The branch's data directory; null keeps it in the worker's memory (lost when the worker ends). */
  dataDir: string | null;
  /** Stop the worker after this long without a job; null never (in-memory branches). */
  idleMs: number | null;
  /** Called before a thread starts (the owner may stop others to stay under its worker limit). */
  beforeStart?: () => Promise<void>;
  /** Called next, to make sure the data directory exists (a new branch is copied from a template). */
  prepare?: () => Promise<void>;
}

async function spawn(data: { dataDir: string | null; initOnly?: boolean }): Promise<Worker> {
  const worker = new Worker(WORKER_URL, {
    workerData: { ...data, startParams: [...PGLITE_START_PARAMS], ...(await wasmModules()) },
    // The thread needs none of the server's environment (secrets included).
    env: {},
    resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB },
  });
  worker.unref();
  return worker;
}

/** Creates a PGlite data directory with Kiln's set-up (role, `_kiln_migrations`) in a throwaway thread. */
export async function initDataDir(dataDir: string): Promise<void> {
  const worker = await spawn({ dataDir, initOnly: true });
  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new KilnError('external', 'The app database took too long to create.')),
        INIT_TIMEOUT_MS,
      );
      worker.on('message', (m: WorkerMessage) => {
        clearTimeout(timer);
        if (m.type === 'ready') resolve();
        else if (m.type === 'failed') {
          reject(new KilnError('external', `The app database could not be created: ${m.error.message}`));
        }
      });
      worker.on('error', () => {});
      worker.on('exit', () => {
        clearTimeout(timer);
        reject(new KilnError('external', 'The app database could not be created.'));
      });
    });
  } finally {
    await worker.terminate();
  }
}

export class BranchWorker {
  readonly #opts: BranchWorkerOptions;
  #live: Live | null = null;
  #starting: Promise<Live> | null = null;
  #stopping: Promise<void> | null = null;
  /** The last terminated thread's end: a new thread must not open the directory before the old one let go. */
  #ended: Promise<unknown> = Promise.resolve();
  readonly #queue: Job[] = [];
  #pumping = false;
  #nextId = 1;
  #idleTimer: NodeJS.Timeout | null = null;
  /** When the last job finished (for least-recently-used eviction). */
  lastUsed = Date.now();

  constructor(opts: BranchWorkerOptions) {
    this.#opts = opts;
  }

  /** Whether a thread is running or starting. */
  get live(): boolean {
    return this.#live !== null || this.#starting !== null;
  }

  /** Whether jobs are running or waiting. */
  get busy(): boolean {
    return this.#pumping || this.#queue.length > 0 || (this.#live?.sent.length ?? 0) > 0;
  }

  /** Runs one job in the thread; rejects with `PostgresError` if Postgres refused it, KilnError on timeout. */
  run<T>(msg: WorkerOp, timeoutMs: number, label: string): Promise<T> {
    if (this.#queue.length >= MAX_QUEUED) {
      return Promise.reject(
        new KilnError('rate_limited', 'Too many queries are waiting for this app database.'),
      );
    }
    return new Promise<T>((resolve, reject) => {
      this.#queue.push({ msg, timeoutMs, label, resolve: resolve as (v: unknown) => void, reject });
      this.#clearIdle();
      void this.#pump();
    });
  }

  /**
   * Sends queued jobs to the thread, up to PIPELINE ahead, until none is left; a start that fails fails every
   * job waiting for it.
   */
  async #pump(): Promise<void> {
    if (this.#pumping) return;
    this.#pumping = true;
    try {
      while (this.#queue.length > 0) {
        let live: Live;
        try {
          live = await this.#ensure();
        } catch (e) {
          // Everyone waiting was waiting for this start.
          for (const job of this.#queue.splice(0)) job.reject(e);
          break;
        }
        while (this.#queue.length > 0 && live.sent.length < PIPELINE && !live.gone) {
          this.#post(live, this.#queue.shift()!);
        }
        // A thread that went meanwhile: round again, to the next one. Else wait for room (an answer came) or
        // for the thread to go.
        if (live.gone || live.sent.length === 0) continue;
        await new Promise<void>((resolve) => {
          live.wake = resolve;
        });
      }
    } finally {
      this.#pumping = false;
      if (!this.busy) {
        this.lastUsed = Date.now();
        this.#armIdle();
      }
    }
  }

  #post(live: Live, job: Job): void {
    const sent: Sent = { id: this.#nextId++, job, timer: null };
    live.sent.push(sent);
    if (live.sent.length === 1) this.#arm(live, sent);
    live.worker.postMessage({ ...job.msg, id: sent.id });
  }

  /** The first job waiting for an answer is running: its time limit counts from now. */
  #arm(live: Live, sent: Sent): void {
    sent.timer = setTimeout(() => {
      // Past its limit the thread is terminated; the jobs sent behind it have not run and go to the next one.
      this.#requeue(live, sent);
      this.#drop(live);
      sent.job.reject(new KilnError('external', `${sent.job.label} timed out after ${sent.job.timeoutMs}ms`));
    }, sent.job.timeoutMs);
  }

  /** An answer: settles its job, arms the next one's limit, and lets the pump send more. */
  #answered(live: Live, id: number, settle: (job: Job) => void): void {
    const at = live.sent.findIndex((s) => s.id === id);
    if (at < 0) return;
    const [sent] = live.sent.splice(at, 1);
    if (sent!.timer) clearTimeout(sent!.timer);
    const next = live.sent[0];
    if (next && !next.timer && !live.gone) this.#arm(live, next);
    settle(sent!.job);
    this.#wake(live);
  }

  /**
   * The thread is going: every job sent to it but `except` (settled by the caller) has not run, and goes back
   * to the front of the queue in order, for the next thread.
   */
  #requeue(live: Live, except?: Sent): void {
    live.gone = true;
    const waiting = live.sent.splice(0).filter((s) => s !== except);
    for (const s of waiting) if (s.timer) clearTimeout(s.timer);
    if (except?.timer) clearTimeout(except.timer);
    this.#queue.unshift(...waiting.map((s) => s.job));
    this.#wake(live);
  }

  #wake(live: Live): void {
    const wake = live.wake;
    live.wake = undefined;
    wake?.();
    if (!this.#pumping && this.#queue.length > 0) void this.#pump();
    if (!this.busy) {
      this.lastUsed = Date.now();
      this.#armIdle();
    }
  }

  /** One job outside the queue (the clean close), when nothing else is sent. */
  #send(live: Live, msg: WorkerOp, timeoutMs: number, label: string): Promise<unknown> {
    return new Promise((resolve, reject) => {
      this.#post(live, { msg, timeoutMs, label, resolve, reject });
    });
  }

  /** The running thread, started if needed (after a stop in progress has finished). */
  async #ensure(): Promise<Live> {
    if (this.#stopping) await this.#stopping;
    if (this.#live) return this.#live;
    await this.#ended;
    this.#starting ??= this.#start().finally(() => {
      this.#starting = null;
    });
    return this.#starting;
  }

  async #start(): Promise<Live> {
    await this.#opts.beforeStart?.();
    await this.#opts.prepare?.();
    const worker = await spawn({ dataDir: this.#opts.dataDir });
    const live: Live = { worker, sent: [], gone: false };
    return new Promise<Live>((resolve, reject) => {
      let started = false;
      const timer = setTimeout(() => {
        this.#ended = worker.terminate();
        reject(new KilnError('external', 'The app database took too long to open.'));
      }, START_TIMEOUT_MS);
      worker.on('message', (m: WorkerMessage) => {
        if (m.type === 'ready') {
          started = true;
          clearTimeout(timer);
          this.#live = live;
          resolve(live);
        } else if (m.type === 'failed') {
          clearTimeout(timer);
          this.#ended = worker.terminate();
          reject(new KilnError('external', `The app database could not be opened: ${m.error.message}`));
        } else if (m.type === 'result') {
          if (m.recycle && this.#live === live) {
            // The thread grew too large and closes itself: the next job waits for its end, then starts anew.
            this.#live = null;
            this.#ended = new Promise((done) => worker.once('exit', done));
          }
          if (!m.ok && m.requeue) {
            const at = live.sent.findIndex((s) => s.id === m.id);
            if (at >= 0) {
              const [sent] = live.sent.splice(at, 1);
              if (sent!.timer) clearTimeout(sent!.timer);
              this.#queue.unshift(sent!.job);
              this.#wake(live);
            }
            return;
          }
          this.#answered(live, m.id, (job) =>
            m.ok ? job.resolve(m.result) : job.reject(new PostgresError(m.error)),
          );
          if (m.recycle) this.#requeue(live);
        }
      });
      // 'error' is followed by 'exit'; both end this thread's life.
      let outOfMemory = false;
      worker.on('error', (e: NodeJS.ErrnoException) => {
        if (e.code === 'ERR_WORKER_OUT_OF_MEMORY') outOfMemory = true;
      });
      worker.on('exit', () => {
        if (this.#live === live) this.#live = null;
        if (!started) {
          clearTimeout(timer);
          reject(new KilnError('external', 'The app database could not be opened.'));
        }
        // The job that was running fails; the ones sent behind it have not run and go to the next thread.
        const running = live.sent[0];
        this.#requeue(live, running);
        running?.job.reject(
          outOfMemory
            ? new KilnError('too_large', OUT_OF_MEMORY_MESSAGE)
            : new KilnError('external', 'The app database stopped unexpectedly.'),
        );
      });
    });
  }

  /** Forgets a thread and terminates it (its data directory is left as the last commit left it). */
  #drop(live: Live): void {
    if (this.#live === live) this.#live = null;
    this.#ended = live.worker.terminate();
  }

  #armIdle(): void {
    this.#clearIdle();
    if (this.#opts.idleMs === null || !this.#live) return;
    this.#idleTimer = setTimeout(() => {
      this.#idleTimer = null;
      if (!this.busy) void this.stop();
    }, this.#opts.idleMs);
    this.#idleTimer.unref();
  }

  #clearIdle(): void {
    if (this.#idleTimer) clearTimeout(this.#idleTimer);
    this.#idleTimer = null;
  }

  /** Closes the PGlite cleanly and ends the thread; a job arriving meanwhile starts a new one afterwards. */
  stop(): Promise<void> {
    this.#clearIdle();
    this.#stopping ??= (async () => {
      try {
        const live = this.#starting ? await this.#starting.catch(() => null) : this.#live;
        if (!live) return;
        if (live.sent.length === 0) {
          await this.#send(live, { op: 'close' }, CLOSE_TIMEOUT_MS, 'Closing').catch(() => {});
        }
        this.#drop(live);
        await this.#ended;
      } finally {
        this.#stopping = null;
      }
    })();
    return this.#stopping;
  }

  /** Ends the thread at once and fails every job waiting or running with `reason`. */
  async kill(reason: KilnError): Promise<void> {
    this.#clearIdle();
    for (const job of this.#queue.splice(0)) job.reject(reason);
    const live = this.#starting ? await this.#starting.catch(() => null) : this.#live;
    if (!live) return;
    live.gone = true;
    for (const sent of live.sent.splice(0)) {
      if (sent.timer) clearTimeout(sent.timer);
      sent.job.reject(reason);
    }
    this.#wake(live);
    this.#drop(live);
    await this.#ended;
  }
}
