/**
 * @module The functions sandbox: runs a generated app's FUNCTION modules (`apps/web/src/app/api/…/route.ts`,
 * served at `/api/…`) in a Deno subprocess per app with no permissions at all (no files, network, env,
 * subprocesses or FFI), never in this process. Each route is bundled from memory with its imports (./bundle.ts)
 * and imported in the process from a `data:` URL; its queries come back to the caller's `sql`. Processes are
 * reused per app and sources, capped in number (least recently used goes first), and replaced after a timeout,
 * out-of-memory or crash. Each process has its own folder and `DENO_DIR` (./sandbox-dirs.ts) and no storage APIs
 * (./lockdown.ts), so apps share nothing.
 */
import { createHash } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { KilnError } from '@kiln/core';
import { bundleRoute, harnessCode, type RouteBundle } from './bundle';
import { DenoProcess, jsonResponse, type Stop } from './deno-process';
import { importMapUrl } from './import-map';
import { matchFunctionRoute } from './routes';
import { defaultSandboxRoot, makeProcessDir, makeSandboxDir } from './sandbox-dirs';
import type { FunctionContext, FunctionRequest, FunctionResponse, FunctionSource } from './types';

export { bundleRoute, moduleNotAvailable } from './bundle';
export { matchFunctionRoute } from './routes';
export type {
  FunctionContext,
  FunctionRequest,
  FunctionResponse,
  FunctionSource,
  FunctionVisitor,
  OutboundRequest,
  OutboundResponse,
  SqlHandler,
} from './types';

/** The modules of a revision the sandbox loads: its functions and the plain script files they may import. */
export function functionSources(
  modules: readonly { filePath: string; moduleType: string; content: string }[],
): FunctionSource[] {
  return modules
    .filter(
      (m) => m.moduleType === 'FUNCTION' || (m.moduleType === 'FILE' && /\.(?:ts|js)$/.test(m.filePath)),
    )
    .map((m) => ({ filePath: m.filePath, code: m.content }));
}

export interface FunctionsSandboxOptions {
  /** The Deno binary; default: `deno` of the `@deno/linux-x64-glibc` package. */
  denoPath?: string;
  /** Wall-clock limit per request, and CPU time a process may use while no request is in flight; default 10 000 ms. */
  timeoutMs?: number;
  /** V8 heap cap per process; default 128 MB (resident size is capped at twice that plus 128 MB). */
  memoryMb?: number;
  /** Processes kept at once, least recently used stopped first; default 8. */
  maxProcesses?: number;
  /** Largest request or response body; default 5 MiB. */
  maxBodyBytes?: number;
  /** The parent of sandbox folders, shared with other Kiln processes; default `{os.tmpdir()}/kiln-functions`. */
  tempRoot?: string;
}

interface Prepared {
  /** This sandbox's folder, `{tempRoot}/{pid}-{random}`. */
  dir: string;
  /** The harness as a `data:` URL main module. */
  harness: string;
  importMap: string;
}

interface App {
  /** Digest of the sources: a process runs exactly one set of sources. */
  digest: string;
  sources: readonly FunctionSource[];
  bundles: Map<string, Promise<RouteBundle>>;
  process: DenoProcess | null;
}

const ORIGIN = 'http://localhost';

/** The Deno binary installed with the `deno` npm package. */
function installedDeno(): string {
  const require = createRequire(import.meta.url);
  return join(dirname(require.resolve('@deno/linux-x64-glibc/package.json')), 'deno');
}

/** Digests of source lists already seen: callers that keep a revision's sources pass the same array each time. */
const digests = new WeakMap<readonly FunctionSource[], string>();

function digestOf(sources: readonly FunctionSource[]): string {
  const known = digests.get(sources);
  if (known) return known;
  const hash = createHash('sha256');
  for (const source of sources) hash.update(`${source.filePath}\0${source.code.length}\0${source.code}`);
  const digest = hash.digest('base64url');
  // Only frozen lists: a caller could change an array it passed earlier, and its digest with it.
  if (Object.isFrozen(sources)) digests.set(sources, digest);
  return digest;
}

export class FunctionsSandbox {
  readonly #denoPath: string | undefined;
  readonly #timeoutMs: number;
  readonly #memoryMb: number;
  readonly #maxProcesses: number;
  readonly #maxBodyBytes: number;
  readonly #tempRoot: string;
  /** By app key, least recently used first (an app is moved to the end on every use). */
  readonly #apps = new Map<string, App>();
  /** Processes of replaced sources, finishing what they had in flight. */
  readonly #retired = new Set<DenoProcess>();
  #ready: Promise<Prepared> | null = null;
  #dir: Promise<string> | null = null;
  #closed = false;
  /** Numbers the processes' folders. */
  #started = 0;

  constructor(options: FunctionsSandboxOptions = {}) {
    this.#denoPath = options.denoPath;
    this.#timeoutMs = options.timeoutMs ?? 10_000;
    this.#memoryMb = options.memoryMb ?? 128;
    this.#maxProcesses = Math.max(1, options.maxProcesses ?? 8);
    this.#maxBodyBytes = options.maxBodyBytes ?? 5 * 1024 * 1024;
    this.#tempRoot = options.tempRoot ?? defaultSandboxRoot();
    // At start, not at the first request: folders of crashed servers go as soon as a server is back. The
    // harness is bundled at the first request: esbuild's service process is not started for a server whose apps
    // have no functions (it idles at ~12 MiB).
    void this.#folder();
  }

  /**
   * Runs the request against the app's functions. `appKey` identifies one set of sources (e.g. a revision
   * id); a process is reused for the same appKey and sources, and recycled on timeout, crash or out-of-memory.
   */
  async invoke(
    appKey: string,
    sources: readonly FunctionSource[],
    request: FunctionRequest,
    context: FunctionContext,
  ): Promise<FunctionResponse> {
    this.#assertOpen();
    const match = matchFunctionRoute(sources, request.path);
    if (!match) {
      const pathname = request.path.split(/[?#]/, 1)[0];
      return jsonResponse(404, { error: `No function at ${pathname}` });
    }
    if (request.body && request.body.byteLength > this.#maxBodyBytes) {
      return jsonResponse(413, { error: `The request body is larger than ${this.#maxBodyBytes} bytes` });
    }
    const app = this.#app(appKey, sources);
    const route = match.source.filePath;
    let bundle = app.bundles.get(route);
    if (!bundle) {
      bundle = bundleRoute(app.sources, route, context.packages);
      app.bundles.set(route, bundle);
    }
    const [built, ready] = await Promise.all([bundle, this.#prepare()]);
    if ('error' in built) return jsonResponse(500, { error: built.error });
    this.#assertOpen();
    // The app may have been evicted or replaced while its route was bundled: use whatever holds the key now.
    const current = this.#apps.get(appKey) === app ? app : this.#app(appKey, sources);
    const process = this.#processFor(current, ready);
    const first = !process.sentRoutes.has(route);
    process.sentRoutes.add(route);
    return process.request(
      {
        route,
        ...(first ? { code: built.code } : {}),
        method: request.method.toUpperCase(),
        url: ORIGIN + request.path,
        headers: request.headers,
        body: request.body ? Buffer.from(request.body).toString('base64') : null,
        params: match.params,
        user: request.visitor ?? null,
      },
      context,
      this.#timeoutMs,
    );
  }

  /** Stops every process and removes the sandbox's folder. */
  async close(): Promise<void> {
    this.#closed = true;
    const stop: Stop = { status: 503, error: 'The functions sandbox is closed' };
    const processes = [...this.#retired];
    for (const app of this.#apps.values()) if (app.process) processes.push(app.process);
    this.#apps.clear();
    this.#retired.clear();
    await Promise.all(processes.map((p) => p.stop(stop)));
    const made = this.#dir;
    this.#ready = null;
    this.#dir = null;
    if (made) {
      const dir = await made.catch(() => null);
      if (dir) await rm(dir, { recursive: true, force: true });
    }
  }

  #assertOpen(): void {
    if (this.#closed) throw new KilnError('internal', 'The functions sandbox is closed.');
  }

  /** The sandbox's folder, made once after removing those of crashed servers (a failure is tried again). */
  #folder(): Promise<string> {
    if (this.#dir) return this.#dir;
    const dir = makeSandboxDir(this.#tempRoot);
    dir.catch(() => {
      if (this.#dir === dir) this.#dir = null;
    });
    this.#dir = dir;
    return dir;
  }

  /** The sandbox's folder and the harness. */
  #prepare(): Promise<Prepared> {
    if (this.#ready) return this.#ready;
    const ready = (async () => {
      const [dir, code] = await Promise.all([this.#folder(), harnessCode()]);
      const harness = `data:text/javascript;base64,${Buffer.from(code).toString('base64')}`;
      return { dir, harness, importMap: importMapUrl() };
    })();
    // A failure is told to the request that waits for it; the next request tries again.
    ready.catch(() => {
      if (this.#ready === ready) this.#ready = null;
    });
    this.#ready = ready;
    return ready;
  }

  /** The app for a key and its sources, most recently used from now; other sources under the key retire. */
  #app(appKey: string, sources: readonly FunctionSource[]): App {
    const digest = digestOf(sources);
    let app = this.#apps.get(appKey);
    if (app && app.digest !== digest) {
      if (app.process) {
        this.#retired.add(app.process);
        app.process.retire();
      }
      app = undefined;
    }
    this.#apps.delete(appKey);
    app ??= { digest, sources: [...sources], bundles: new Map(), process: null };
    this.#apps.set(appKey, app);
    // Forget the oldest apps that no longer have a process (their bundles) once there are many.
    for (const [key, old] of this.#apps) {
      if (this.#apps.size <= this.#maxProcesses * 4) break;
      if (!old.process) this.#apps.delete(key);
    }
    return app;
  }

  #processFor(app: App, ready: Prepared): DenoProcess {
    if (app.process?.alive) return app.process;
    this.#makeRoom(app);
    const { dir, denoDir } = makeProcessDir(ready.dir, ++this.#started);
    const process = new DenoProcess({
      denoPath: this.#denoPath ?? installedDeno(),
      dir,
      denoDir,
      harness: ready.harness,
      importMap: ready.importMap,
      memoryMb: this.#memoryMb,
      idleCpuMs: this.#timeoutMs,
      maxBodyBytes: this.#maxBodyBytes,
    });
    process.onStop = () => {
      if (app.process === process) app.process = null;
      this.#retired.delete(process);
    };
    // The folder goes with its process: a new process of the app starts from nothing.
    void process.exited.then(() => rm(dir, { recursive: true, force: true })).catch(() => {});
    app.process = process;
    return process;
  }

  /** Stops least recently used processes until there is room for one more: idle ones first. */
  #makeRoom(keep: App): void {
    const running = () => [...this.#apps.values()].filter((a) => a !== keep && a.process?.alive);
    let others = running();
    while (others.length + this.#retired.size >= this.#maxProcesses && others.length > 0) {
      const victim = others.find((a) => !a.process?.busy) ?? (others[0] as App);
      void victim.process?.stop({
        status: 503,
        error: 'The function was stopped to make room for another app; try again',
      });
      victim.process = null;
      others = running();
    }
  }
}
