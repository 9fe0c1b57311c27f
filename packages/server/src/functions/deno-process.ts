/**
 * One app's Deno process: spawns the harness with no permissions, speaks the line protocol (./protocol.ts)
 * with several requests in flight, answers the function's queries with the caller's `sql`, and ends the
 * process on a request's timeout, on out-of-memory (V8's heap cap, or the resident size watchdog for memory
 * outside the heap) and on crashes, answering whatever was in flight with the reason.
 * @module
 */
import { type ChildProcessByStdio, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type { Readable, Writable } from 'node:stream';
import { HANDLER_FUNCTION_NAME } from '@kiln/core';
import type { CallMessage, FetchMessage, HostMessage, RequestMessage, SandboxMessage } from './protocol';
import type { FunctionContext, FunctionResponse } from './types';

export interface DenoProcessOptions {
  denoPath: string;
  /** The process's own folder, its working directory. */
  dir: string;
  /** The process's own DENO_DIR (./sandbox-dirs.ts), so nothing Deno keeps is shared with another process. */
  denoDir: string;
  /** The harness's main module: a `data:` URL of its bundle. */
  harness: string;
  /** The import map (./import-map.ts) as a `data:` URL. */
  importMap: string;
  memoryMb: number;
  maxBodyBytes: number;
  /** CPU time the process may use while no request is in flight (work left running after a response). */
  idleCpuMs: number;
}

/** Why a process stopped: the status and message every request still in flight on it gets. */
export interface Stop {
  status: number;
  error: string;
}

interface Pending {
  resolve: (response: FunctionResponse) => void;
  context: FunctionContext;
  timer: NodeJS.Timeout;
}

const STDERR_TAIL_CHARS = 8192;
const WATCHDOG_INTERVAL_MS = 100;
const PAGE_BYTES = 4096;
/** Linux's USER_HZ, the unit of /proc/{pid}/stat's CPU times (100 on every architecture Node runs on). */
const CLOCK_TICK_MS = 10;

/** A JSON response, as the sandbox gives for its own errors. */
export function jsonResponse(
  status: number,
  value: unknown,
  headers: Record<string, string> = {},
): FunctionResponse {
  return {
    status,
    headers: { 'content-type': 'application/json', ...headers },
    body: new TextEncoder().encode(JSON.stringify(value)),
  };
}

function jsonValue(_key: string, value: unknown): unknown {
  return typeof value === 'bigint' ? value.toString() : value;
}

export class DenoProcess {
  readonly #child: ChildProcessByStdio<Writable, Readable, Readable>;
  readonly #options: DenoProcessOptions;
  readonly #pending = new Map<number, Pending>();
  readonly #maxLineBytes: number;
  /** Routes whose bundle this process has been sent. */
  readonly sentRoutes = new Set<string>();
  /** Resolves once the process has ended (or never started). */
  readonly exited: Promise<void>;
  /** Called once when the process stops, for whatever reason. */
  onStop: (() => void) | null = null;
  #nextId = 1;
  #stop: Stop | null = null;
  #stderrTail = '';
  #partial: Buffer[] = [];
  #partialBytes = 0;
  #lastContext: FunctionContext | null = null;
  /** The `env` last sent to the process, as JSON. */
  #sentEnv = '{}';
  #watchdog: NodeJS.Timeout | null = null;
  /** Lines waiting for the end of this turn of the event loop, written to stdin together. */
  #outbox: string[] = [];
  /** The process's CPU time when it last became idle (no request in flight), or null while busy. */
  #idleFromCpuMs: number | null = null;

  constructor(options: DenoProcessOptions) {
    this.#options = options;
    this.#maxLineBytes = Math.ceil((options.maxBodyBytes * 4) / 3) + 1024 * 1024;
    this.#child = spawn(
      options.denoPath,
      [
        'run',
        '--no-prompt',
        '--no-remote',
        '--no-npm',
        '--no-config',
        '--no-lock',
        // A fresh DENO_DIR per process has nothing to reuse, and the cache would be written to disk.
        '--no-code-cache',
        `--import-map=${options.importMap}`,
        `--v8-flags=--max-old-space-size=${options.memoryMb}`,
        options.harness,
        HANDLER_FUNCTION_NAME,
        String(options.maxBodyBytes),
      ],
      {
        cwd: options.dir,
        // Nothing of the server's environment: Deno only needs somewhere to keep its cache.
        env: { NO_COLOR: '1', DENO_DIR: options.denoDir, DENO_NO_UPDATE_CHECK: '1' },
        stdio: ['pipe', 'pipe', 'pipe'],
      },
    );
    this.exited = new Promise((resolve) => {
      this.#child.once('exit', (code, signal) => {
        this.#ended(code, signal);
        resolve();
      });
      this.#child.once('error', (e) => {
        this.#halt({ status: 500, error: `The functions runtime failed to start: ${e.message}` });
        resolve();
      });
    });
    this.#child.stdin.on('error', () => {}); // a dead child's EPIPE; 'exit' reports the reason
    this.#child.stdout.on('data', (chunk: Buffer) => this.#read(chunk));
    this.#child.stderr.setEncoding('utf8');
    this.#child.stderr.on('data', (text: string) => {
      this.#stderrTail = (this.#stderrTail + text).slice(-STDERR_TAIL_CHARS);
    });
    this.#startWatchdog();
  }

  /** The operating system's id of the process. */
  get pid(): number | undefined {
    return this.#child.pid;
  }

  get alive(): boolean {
    return this.#stop === null;
  }

  get busy(): boolean {
    return this.#pending.size > 0;
  }

  /**
   * Runs one request; resolves with the function's response or the sandbox's error response. The context
   * answers its queries and outbound calls and receives its console output; its `env` reaches the process
   * when it differs from what the process last got.
   */
  request(
    message: Omit<RequestMessage, 't' | 'id' | 'env'>,
    context: FunctionContext,
    timeoutMs: number,
  ): Promise<FunctionResponse> {
    if (this.#stop) return Promise.resolve(jsonResponse(this.#stop.status, { error: this.#stop.error }));
    const id = this.#nextId++;
    this.#lastContext = context;
    const env = JSON.stringify(context.env ?? {});
    const changed = env !== this.#sentEnv;
    this.#sentEnv = env;
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.#pending.delete(id);
        resolve(jsonResponse(504, { error: `Function timed out after ${timeoutMs}ms` }));
        this.stop({
          status: 500,
          error: `The function was stopped: another request to this app timed out after ${timeoutMs}ms`,
        });
      }, timeoutMs);
      this.#pending.set(id, { resolve, context, timer });
      this.#send({ t: 'req', id, ...message, ...(changed ? { env: context.env ?? {} } : {}) });
    });
  }

  /** Kills the process now; requests in flight get `stop`. */
  stop(stop: Stop): Promise<void> {
    this.#halt(stop);
    this.#child.kill('SIGKILL');
    return this.exited;
  }

  /** Lets requests in flight finish (or time out), then the process ends by itself. */
  retire(): void {
    this.#flush();
    this.#child.stdin.end();
  }

  #send(message: HostMessage): void {
    const stdin = this.#child.stdin;
    if (this.#stop || !stdin.writable) return;
    // Messages of one turn of the event loop (every request whose socket was read in it, under load) leave in
    // one write: each write to the pipe wakes the Deno process, and on a busy machine it costs a context switch.
    this.#outbox.push(`${JSON.stringify(message, jsonValue)}\n`);
    if (this.#outbox.length === 1) setImmediate(this.#flush);
  }

  readonly #flush = (): void => {
    const lines = this.#outbox;
    this.#outbox = [];
    const stdin = this.#child.stdin;
    if (this.#stop || !stdin.writable || lines.length === 0) return;
    stdin.write(lines.length === 1 ? (lines[0] as string) : lines.join(''));
  };

  /** Splits stdout into lines; one line is one message. */
  #read(chunk: Buffer): void {
    let start = 0;
    let newline = chunk.indexOf(10);
    while (newline !== -1) {
      const tail = chunk.subarray(start, newline);
      const line = this.#partial.length ? Buffer.concat([...this.#partial, tail]) : tail;
      this.#partial = [];
      this.#partialBytes = 0;
      this.#receive(line.toString('utf8'));
      start = newline + 1;
      newline = chunk.indexOf(10, start);
    }
    if (start < chunk.length) {
      this.#partial.push(chunk.subarray(start));
      this.#partialBytes += chunk.length - start;
      if (this.#partialBytes > this.#maxLineBytes) {
        void this.stop({ status: 500, error: 'The function wrote more output than a response may hold' });
      }
    }
  }

  #receive(line: string): void {
    let message: SandboxMessage;
    try {
      message = JSON.parse(line) as SandboxMessage;
    } catch {
      return; // not ours: the app wrote to stdout itself
    }
    if (message?.t === 'res') {
      const pending = this.#pending.get(message.id);
      if (!pending) return;
      this.#pending.delete(message.id);
      clearTimeout(pending.timer);
      const status = Number.isInteger(message.status) && message.status >= 100 ? message.status : 500;
      pending.resolve({
        status: status > 599 ? 500 : status,
        headers: message.headers ?? {},
        body: new Uint8Array(Buffer.from(message.body ?? '', 'base64')),
      });
    } else if (message?.t === 'sql') {
      void this.#query(message.id, message.req, message.text, message.values);
    } else if (message?.t === 'fetch') {
      void this.#fetch(message);
    } else if (message?.t === 'call') {
      void this.#call(message);
    } else if (message?.t === 'log') {
      const level = message.level === 'WARN' || message.level === 'ERROR' ? message.level : 'INFO';
      this.#contextOf(message.req)?.log?.(level, String(message.message ?? ''));
    }
  }

  /** The context of request `id`; outside any request (module start-up, work left running), the latest one's. */
  #contextOf(requestId: unknown): FunctionContext | null {
    return this.#pending.get(requestId as number)?.context ?? this.#lastContext;
  }

  async #fetch(message: FetchMessage): Promise<void> {
    const handler = this.#contextOf(message.req)?.fetch;
    try {
      if (!handler) throw new Error('Outbound requests are not available here');
      if (typeof message.url !== 'string' || typeof message.method !== 'string') {
        throw new Error('A fetch needs a URL and a method');
      }
      const reply = await handler({
        url: message.url,
        method: message.method,
        headers: Array.isArray(message.headers) ? message.headers : [],
        body: typeof message.body === 'string' ? new Uint8Array(Buffer.from(message.body, 'base64')) : null,
      });
      this.#send({
        t: 'fetch-ok',
        id: message.id,
        url: reply.url,
        status: reply.status,
        statusText: reply.statusText,
        headers: reply.headers,
        body: Buffer.from(reply.body).toString('base64'),
      });
    } catch (e) {
      this.#send({ t: 'fetch-error', id: message.id, error: e instanceof Error ? e.message : String(e) });
    }
  }

  async #call(message: CallMessage): Promise<void> {
    const handler = this.#contextOf(message.req)?.call;
    try {
      if (!handler) throw new Error('Integrations are not available here');
      if (typeof message.service !== 'string' || typeof message.method !== 'string') {
        throw new Error('An integration call needs a service and a method');
      }
      const value = await handler(message.service, message.method, message.args, (chunk) =>
        this.#send({ t: 'call-chunk', id: message.id, chunk }),
      );
      this.#send({ t: 'call-ok', id: message.id, value: value ?? null });
    } catch (e) {
      this.#send({ t: 'call-error', id: message.id, error: e instanceof Error ? e.message : String(e) });
    }
  }

  async #query(id: number, requestId: number, text: unknown, values: unknown): Promise<void> {
    const sql = this.#contextOf(requestId)?.sql;
    try {
      if (!sql) throw new Error('No database is available here');
      if (typeof text !== 'string') throw new Error('The query text must be a string');
      const rows = await sql(text, Array.isArray(values) ? values : []);
      this.#send({ t: 'sql-ok', id, rows });
    } catch (e) {
      this.#send({ t: 'sql-error', id, error: e instanceof Error ? e.message : String(e) });
    }
  }

  /**
   * Watches the process for its whole life. Memory outside V8's heap (ArrayBuffers, Deno's in-memory caches) is
   * not capped by the heap flag: the resident size is. And work left running after a response (a timer that
   * spins) is not under any request's timeout: while no request is in flight the process may use `idleCpuMs` of
   * CPU, then it is stopped, so it cannot hold a core of the server until it is evicted.
   */
  #startWatchdog(): void {
    if (this.#watchdog || this.#child.pid === undefined) return;
    const pid = this.#child.pid;
    const limitBytes = (this.#options.memoryMb * 2 + 128) * 1024 * 1024;
    this.#watchdog = setInterval(() => {
      let resident: number;
      let cpuMs: number;
      try {
        resident = Number(readFileSync(`/proc/${pid}/statm`, 'utf8').split(' ')[1]) * PAGE_BYTES;
        // After "pid (comm) ": state is field 0, utime 11 and stime 12.
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        cpuMs = (Number(fields[11]) + Number(fields[12])) * CLOCK_TICK_MS;
      } catch {
        return; // no /proc (not Linux) or the process is gone
      }
      if (resident > limitBytes) {
        void this.stop(this.#outOfMemory());
        return;
      }
      if (this.busy) {
        this.#idleFromCpuMs = null;
        return;
      }
      this.#idleFromCpuMs ??= cpuMs;
      if (cpuMs - this.#idleFromCpuMs > this.#options.idleCpuMs) {
        void this.stop({
          status: 500,
          error: `The function was stopped: work left running after a response used more than ${this.#options.idleCpuMs}ms of CPU`,
        });
      }
    }, WATCHDOG_INTERVAL_MS);
    this.#watchdog.unref();
  }

  #stopWatchdog(): void {
    if (this.#watchdog) clearInterval(this.#watchdog);
    this.#watchdog = null;
  }

  #outOfMemory(): Stop {
    return { status: 500, error: `Function ran out of memory (limit ${this.#options.memoryMb} MB)` };
  }

  #ended(code: number | null, signal: NodeJS.Signals | null): void {
    if (/out of memory/i.test(this.#stderrTail)) this.#halt(this.#outOfMemory());
    const how = signal ? `signal ${signal}` : `code ${code}`;
    // Deno reports an uncaught error on a line of its own that starts with "error: ".
    const last = this.#stderrTail
      .split('\n')
      .findLast((line) => line.startsWith('error: '))
      ?.slice('error: '.length, 500);
    this.#halt({
      status: 500,
      error: `The function's process exited unexpectedly (${how})${last ? `: ${last}` : ''}`,
    });
  }

  /** Marks the process stopped (the first reason wins) and answers everything in flight. */
  #halt(stop: Stop): void {
    if (!this.#stop) {
      this.#stop = stop;
      this.onStop?.();
    }
    this.#stopWatchdog();
    for (const [id, pending] of this.#pending) {
      this.#pending.delete(id);
      clearTimeout(pending.timer);
      pending.resolve(jsonResponse(this.#stop.status, { error: this.#stop.error }));
    }
  }
}
