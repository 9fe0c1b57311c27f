/**
 * @module The npm package resolver: an import source outside the preview's catalogue (`pkg`, `@scope/pkg`,
 * `pkg/sub/path`, `pkg@1.2.3`) becomes one browser ES module, cached content-addressed under
 * `{dataDir}/npm/bundles/{sha256}.js`.
 *
 * 1. The version: `pacote.manifest` against the registry npm is configured for (registry.ts); with the
 *    registry unreachable, from pacote's cache (`{dataDir}/npm/cache`) when it has the package.
 * 2. The tree: the package and its dependencies (and non-optional peers), hoisted like npm does, each tarball
 *    fetched by pacote with its registry integrity checked (sha512), unpacked with `tar` (no links, paths
 *    kept inside the folder). No lifecycle script ever runs. Caps on total tarball bytes, files and packages.
 * 3. The bundle: esbuild (bundle.ts), React external.
 *
 * The result is remembered by `name@version` + sub-path (`{dataDir}/npm/index/`), so a pinned or already
 * bundled version needs no network. Concurrent requests for the same import share one resolution.
 */
import { createHash, randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join, resolve as resolvePath } from 'node:path';
import { KilnError } from '@kiln/core';
import semver from 'semver';
import { x as untar } from 'tar';
import { BUILTIN_STAND_INS, type BundlePlatform, bundlePackage, SHARED_MODULES, standInPath } from './bundle';
import { PACKAGE_MESSAGES as M } from './messages';
import { defaultRange } from './model-era';
import { type RegistryConfig, registryConfig } from './registry';
import type { SharedBundleStore } from './shared-cache';
import { nodeBuiltin, type PackageSpecifier, parseSpecifier } from './specifier';

/** pacote (and npm's registry client under it) loaded on the first package asked for: ~17 MiB a server without npm imports never needs. */
let pacoteModule: Promise<typeof import('pacote')> | undefined;
const loadPacote = () => {
  pacoteModule ??= import('pacote').then((m) => m.default ?? m);
  return pacoteModule;
};

/** Unpacked bytes may be this many times the tarball cap (`KILN_NPM_MAX_BYTES`): a gzip bomb stops there. */
const UNPACKED_FACTOR = 8;

/** Dependency specs fetched from the registry only: versions, ranges, dist-tags and `npm:` aliases. */
function registrySpec(range: string): boolean {
  return range === '' || range.startsWith('npm:') || !/^(?:[a-z+]+:|[^@/\s]+\/|\.|\/|~\/)/i.test(range);
}

/** Bumped when the bundle format changes, so older bundles are not reused for the same version. */
const BUNDLE_FORMAT = 2;
/** The index key of a server (functions) bundle: a different format, so the two never stand in for each other. */
const SERVER_BUNDLE_FORMAT = `${BUNDLE_FORMAT}-server`;

export interface PackageLimits {
  /** Total bytes of the (gzipped) tarballs of a package and its dependencies. */
  maxBytes: number;
  /** Total files unpacked from them. */
  maxFiles: number;
  /** Packages in the tree, the requested one included. */
  maxPackages: number;
}

export const DEFAULT_PACKAGE_LIMITS: Readonly<PackageLimits> = Object.freeze({
  maxBytes: 30 * 1024 * 1024,
  maxFiles: 10_000,
  maxPackages: 200,
});

export interface PackageResolverOptions {
  dataDir: string;
  /** `KILN_NPM_REGISTRY`; unset: npm's configured registry. */
  registry?: string | undefined;
  /** `KILN_NPM_TOKEN`: a bearer token for that registry (npmrc credentials are read besides). */
  token?: string | undefined;
  limits?: Partial<PackageLimits>;
  /** Package names (or `@scope/*`) never resolved (`KILN_NPM_DENY`). */
  deny?: readonly string[];
  log?: (msg: string, err?: unknown) => void;
  /** The cache shared with other processes (S3 when `S3_URL` is set; packages/shared-cache.ts). */
  shared?: SharedBundleStore | undefined;
}

/** One resolved import: what the lock records and where its bundle is. */
export interface ResolvedPackage {
  /** The import source as written (`lodash/debounce`). */
  source: string;
  name: string;
  /** The exact version (`builtin` for a Node built-in's stand-in). */
  version: string;
  /** The tarball's integrity as the registry published it (`sha512-…`), '' for a stand-in. */
  integrity: string;
  /** sha256 of the bundle: its file is `bundles/{bundle}.js`, served at `/_kiln/npm/{bundle}.js`. */
  bundle: string;
  /** Peer dependencies left out of the bundle: the page loads them first (`globalThis.__kiln_npm`). */
  peers: string[];
}

/** A pin from a lock record: resolve exactly this version. */
export interface PackagePin {
  version: string;
  integrity?: string;
}

interface Manifest {
  name: string;
  version: string;
  _integrity?: string;
  _resolved?: string;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
}

const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ERR_SOCKET_TIMEOUT',
  'FETCH_ERROR',
]);

function isNetworkError(err: unknown): boolean {
  const e = err as { code?: string; errno?: string; type?: string };
  return NETWORK_CODES.has(e?.code ?? '') || NETWORK_CODES.has(e?.errno ?? '') || e?.type === 'system';
}

/**
 * Failures of a registry GET that asking again may cure: a dropped or timed-out connection, a DNS hiccup, a
 * busy or failing registry (408, 429, 5xx). A refused connection or an unknown host is not retried: that is a
 * registry that is down or absent, and the cache answers at once (offline use stays fast).
 */
const TRANSIENT_CODES = new Set([
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ECONNABORTED',
  'EAI_AGAIN',
  'ERR_SOCKET_TIMEOUT',
  'ERR_STREAM_PREMATURE_CLOSE',
  'ECONNECTIONTIMEOUT',
  'EIDLETIMEOUT',
  'ERESPONSETIMEOUT',
  'ETRANSFERTIMEOUT',
]);

function isTransient(err: unknown): boolean {
  const e = err as { code?: string; errno?: string; statusCode?: number };
  if (TRANSIENT_CODES.has(e?.code ?? '') || TRANSIENT_CODES.has(e?.errno ?? '')) return true;
  const status = e?.statusCode ?? 0;
  return status === 408 || status === 429 || status >= 500;
}

/**
 * Waits before the second and third attempt of a registry GET (manifests and tarballs are idempotent), each
 * stretched by up to half again at random so concurrent retries spread out. Worst case ~1.9 s more per GET.
 */
export const RETRY_DELAYS_MS: readonly number[] = [250, 1_000];

/** Runs a registry GET again after a transient failure (`isTransient`), with RETRY_DELAYS_MS between attempts. */
async function withRetries<T>(get: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await get();
    } catch (err) {
      const delay = RETRY_DELAYS_MS[attempt];
      if (delay === undefined || !isTransient(err)) throw err;
      await new Promise((resolve) => setTimeout(resolve, delay * (1 + Math.random() / 2)));
    }
  }
}

/**
 * Files a bundle never reads: source maps (bundles are made without them), type declarations and Markdown.
 * They are not unpacked for a build and do not count against `KILN_NPM_MAX_FILES` — @headlessui/react's
 * tree is 10,027 files, 4,054 of them `.map` and ~870 declarations. Package documentation keeps them.
 */
const NOT_BUNDLED = /(?:\.map|\.d\.[cm]?ts|\.md|\.markdown)$/i;

/** Packages downloaded and bundled at once per process; more wait their turn (2 cores are easily saturated). */
const MAX_BUILDS = 3;

/** A counting semaphore. */
class Slots {
  private free: number;
  private readonly waiting: (() => void)[] = [];
  constructor(n: number) {
    this.free = n;
  }
  async acquire(): Promise<void> {
    if (this.free > 0) {
      this.free--;
      return;
    }
    await new Promise<void>((resolve) => this.waiting.push(resolve));
  }
  release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.free++;
  }
}

/** The package's required peer dependencies the page provides: every one but React's and type packages. */
function externalPeers(m: Manifest): string[] {
  return Object.keys(m.peerDependencies ?? {}).filter(
    (n) =>
      !m.peerDependenciesMeta?.[n]?.optional &&
      !SHARED_MODULES.some((s) => s === n || s.startsWith(`${n}/`)) &&
      !n.startsWith('@types/') &&
      !(n in BUILTIN_STAND_INS),
  );
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

export class PackageResolver {
  private readonly opts: PackageResolverOptions;
  readonly limits: Readonly<PackageLimits>;
  private readonly root: string;
  private readonly inflight = new Map<string, Promise<ResolvedPackage>>();
  private registry: RegistryConfig | null = null;
  private readonly slots = new Slots(MAX_BUILDS);
  /** Package documentation already read, by name@version. */
  private readonly docs = new Map<string, { name: string; version: string; readme: string; types: string }>();

  constructor(opts: PackageResolverOptions) {
    this.opts = opts;
    this.limits = Object.freeze({ ...DEFAULT_PACKAGE_LIMITS, ...opts.limits });
    this.root = join(opts.dataDir, 'npm');
  }

  /** The bundle file of a hash, or null when the hash is malformed or unknown. */
  bundleFile(hash: string): string | null {
    if (!/^[0-9a-f]{64}$/.test(hash)) return null;
    const file = join(this.root, 'bundles', `${hash}.js`);
    return existsSync(file) ? file : null;
  }

  /**
   * The bundle file of a hash, taken from the shared cache (hash-checked) when this process lacks it: behind a
   * load balancer, a page's bundle request may reach another process than its resolve request did.
   */
  async bundleFileShared(hash: string): Promise<string | null> {
    const local = this.bundleFile(hash);
    const shared = this.opts.shared;
    if (local || !shared || !/^[0-9a-f]{64}$/.test(hash)) return local;
    try {
      const keys = PackageResolver.sharedKeys(hash, '');
      const [code, meta] = await Promise.all([shared.get(keys.js), shared.get(keys.meta)]);
      if (code === null || meta === null) return null;
      const peers = (JSON.parse(meta) as { peers?: string[] }).peers ?? [];
      return (await this.writeBundle(code, peers)) === hash ? this.bundleFile(hash) : null;
    } catch (err) {
      this.opts.log?.(`npm: shared cache unavailable for bundle ${hash}`, err);
      return null;
    }
  }

  /** The peer dependencies a bundle expects the page to provide (its `bundles/{hash}.json`). */
  bundlePeers(hash: string): string[] {
    if (!/^[0-9a-f]{64}$/.test(hash)) return [];
    try {
      const meta = JSON.parse(readFileSync(join(this.root, 'bundles', `${hash}.json`), 'utf8')) as {
        peers?: string[];
      };
      return meta.peers ?? [];
    } catch {
      return [];
    }
  }

  /**
   * Resolves one import source to a bundle; with a pin, that exact version. Throws a KilnError whose message
   * names the package: validation (not a package, denied, server-only built-in), not_found (no such package
   * or version), too_large (over a cap), external (registry unreachable and not cached, download failed),
   * or validation when esbuild cannot bundle it. `platform` `server`: the bundle an app's functions run
   * (packages/bundle.ts), cached beside the browser's under its own key.
   */
  async resolve(
    source: string,
    pin?: PackagePin,
    platform: BundlePlatform = 'browser',
  ): Promise<ResolvedPackage> {
    const builtin = nodeBuiltin(source);
    if (builtin) {
      if (platform === 'server') throw new KilnError('validation', M.invalidSpecifier(source));
      return this.resolveBuiltin(source, builtin);
    }
    const spec = parseSpecifier(source);
    if (this.denied(spec.name)) throw new KilnError('validation', M.denied(spec.name));
    if ((SHARED_MODULES as readonly string[]).includes(source)) {
      throw new KilnError('validation', M.invalidSpecifier(source));
    }
    const range = pin?.version ?? spec.range ?? defaultRange(spec.name);
    const key = `${platform}:${spec.name}@${range}/${spec.subpath}`;
    let p = this.inflight.get(key);
    if (!p) {
      p = this.resolveUncached(spec, range, pin?.integrity, platform).finally(() =>
        this.inflight.delete(key),
      );
      this.inflight.set(key, p);
    }
    return p;
  }

  /**
   * What the model reads about a package outside the catalogue (`package_documentation`): its README and type
   * declarations, from the newest version (or the range written, `pkg@2`), fetched and unpacked like any package
   * (integrity, caps, deny-list) into a folder that is removed again. Kept per name@version in memory.
   */
  async documentation(
    source: string,
  ): Promise<{ name: string; version: string; readme: string; types: string }> {
    const spec = parseSpecifier(source);
    if (this.denied(spec.name)) throw new KilnError('validation', M.denied(spec.name));
    const manifest = await this.manifest(spec.name, spec.name, spec.range ?? defaultRange(spec.name));
    const key = `docs:${manifest.name}@${manifest.version}`;
    const known = this.docs.get(key);
    if (known) return known;
    await mkdir(this.root, { recursive: true });
    const dir = await mkdtemp(join(this.root, 'docs-'));
    try {
      await this.fetchPackage(spec.name, manifest, dir, { bytes: 0, files: 0, unpacked: 0 });
      const doc = { name: manifest.name, version: manifest.version, ...(await readDocs(dir)) };
      this.docs.set(key, doc);
      return doc;
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  private denied(name: string): boolean {
    return (this.opts.deny ?? []).some(
      (d) => d === name || (d.endsWith('/*') && name.startsWith(`${d.slice(0, -1)}`)),
    );
  }

  private async resolveBuiltin(source: string, builtin: string): Promise<ResolvedPackage> {
    const path = standInPath(builtin);
    if (!path) throw new KilnError('validation', M.serverOnlyBuiltin(source, builtin));
    const key = `builtin:${builtin}`;
    let p = this.inflight.get(key);
    if (!p) {
      p = (async () => {
        await mkdir(this.root, { recursive: true });
        const code = await bundlePackage(this.root, path);
        const bundle = await this.writeBundle(code);
        return { source, name: builtin, version: 'builtin', integrity: '', bundle, peers: [] };
      })().finally(() => this.inflight.delete(key));
      this.inflight.set(key, p);
    }
    return { ...(await p), source };
  }

  private indexFile(name: string, version: string, subpath: string, platform: BundlePlatform): string {
    const format = platform === 'server' ? SERVER_BUNDLE_FORMAT : BUNDLE_FORMAT;
    return join(this.root, 'index', `${sha256(`${format}\n${name}@${version}\n${subpath}`)}.json`);
  }

  private async fromIndex(
    spec: PackageSpecifier,
    version: string,
    platform: BundlePlatform,
  ): Promise<ResolvedPackage | null> {
    try {
      const file = this.indexFile(spec.name, version, spec.subpath, platform);
      const rec = JSON.parse(await readFile(file, 'utf8')) as {
        integrity: string;
        bundle: string;
      };
      if (!this.bundleFile(rec.bundle)) return null;
      return {
        source: spec.source,
        name: spec.name,
        version,
        integrity: rec.integrity,
        bundle: rec.bundle,
        peers: this.bundlePeers(rec.bundle),
      };
    } catch {
      return null;
    }
  }

  private async pacoteOpts(): Promise<Record<string, unknown>> {
    this.registry ??= await registryConfig(this.opts.registry, this.opts.token).catch((err) => {
      throw new KilnError(
        'external',
        `Kiln could not read npm's registry setting: ${(err as Error).message}`,
      );
    });
    return {
      registry: this.registry.registry,
      ...this.registry.scoped,
      // Registry credentials by npm's nerf-darted keys; npm-registry-fetch sends them only to their registry.
      ...this.registry.auth,
      cache: join(this.root, 'cache'),
      fullMetadata: false,
      // Never run lifecycle scripts (pacote runs none for registry tarballs; this also covers git deps' prepare).
      ignoreScripts: true,
      Arborist: undefined,
    };
  }

  /** A manifest from the registry, or from pacote's cache when the registry is unreachable. */
  private async manifest(top: string, name: string, range: string): Promise<Manifest> {
    const opts = await this.pacoteOpts();
    const registry = String(opts.registry);
    const pacote = await loadPacote();
    const ask = (offline: boolean) =>
      pacote.manifest(`${name}@${range}`, { ...opts, offline }) as unknown as Promise<Manifest>;
    try {
      return await withRetries(() => ask(false));
    } catch (err) {
      if (isNetworkError(err)) {
        try {
          return await ask(true);
        } catch {
          throw new KilnError('external', M.registryUnreachable(top === name ? name : top, registry));
        }
      }
      throw this.registryError(top, name, range, err);
    }
  }

  private registryError(top: string, name: string, range: string, err: unknown): KilnError {
    const e = err as { code?: string; statusCode?: number; message?: string };
    if (e.code === 'E404' || e.statusCode === 404) return new KilnError('not_found', M.notFound(name));
    if (e.code === 'ETARGET') return new KilnError('not_found', M.noVersion(name, range));
    if (e.code === 'E401' || e.code === 'E403' || e.statusCode === 401 || e.statusCode === 403)
      return new KilnError('external', M.registryRefused(top, this.registry?.registry ?? 'npm'));
    if (e.code === 'EINTEGRITY') {
      return new KilnError(
        'external',
        M.registryFailed(top, `the tarball of ${name} failed its integrity check`),
      );
    }
    this.opts.log?.(`npm: ${name}@${range} failed`, err);
    return new KilnError('external', M.registryFailed(top, e.message ?? String(err)));
  }

  private async resolveUncached(
    spec: PackageSpecifier,
    range: string,
    integrity: string | undefined,
    platform: BundlePlatform,
  ): Promise<ResolvedPackage> {
    if (semver.valid(range)) {
      // A pinned version: this process's cache, then the shared one, before the registry.
      const hit =
        (await this.fromIndex(spec, range, platform)) ?? (await this.fromShared(spec, range, platform));
      if (hit) return hit;
    }
    const manifest = await this.manifest(spec.name, spec.name, range);
    const hit =
      (await this.fromIndex(spec, manifest.version, platform)) ??
      (await this.fromShared(spec, manifest.version, platform));
    if (hit) return hit;
    await this.slots.acquire();
    try {
      return (
        (await this.fromIndex(spec, manifest.version, platform)) ??
        (await this.build(spec, manifest, integrity, platform))
      );
    } finally {
      this.slots.release();
    }
  }

  /** Downloads, bundles and records one version (at most MAX_BUILDS at once per process). */
  private async build(
    spec: PackageSpecifier,
    manifest: Manifest,
    integrity: string | undefined,
    platform: BundlePlatform,
  ): Promise<ResolvedPackage> {
    const work = join(this.root, 'work', randomUUID());
    try {
      const topIntegrity = integrity ?? manifest._integrity ?? '';
      // A function has no page to load peers from: they are installed and bundled in.
      const peers = platform === 'server' ? [] : externalPeers(manifest);
      await this.installTree(spec.name, { ...manifest, _integrity: topIntegrity }, work, peers);
      let code: string;
      try {
        const entry = spec.source.replace(/^((?:@[^/]+\/)?[^/@]+)@[^/]+/, '$1');
        code = await bundlePackage(work, entry, peers, platform);
      } catch (err) {
        const errors = (err as { errors?: { text: string }[] }).errors;
        const detail = errors?.[0]?.text ?? (err as Error).message;
        throw new KilnError('validation', M.bundleFailed(spec.source, detail));
      }
      const bundle = await this.writeBundle(code, peers);
      const rec = { name: spec.name, version: manifest.version, integrity: topIntegrity, bundle, peers };
      await mkdir(join(this.root, 'index'), { recursive: true });
      const file = this.indexFile(spec.name, manifest.version, spec.subpath, platform);
      const tmp = `${file}.${randomUUID()}.tmp`;
      await writeFile(tmp, JSON.stringify(rec));
      await rename(tmp, file);
      await this.share(bundle, file, JSON.stringify(rec), code, peers);
      return { source: spec.source, ...rec };
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  }

  /** The shared cache's object keys of a bundle and of an index file. */
  private static sharedKeys(bundle: string, indexFile: string) {
    return {
      js: `npm/bundles/${bundle}.js`,
      meta: `npm/bundles/${bundle}.json`,
      index: `npm/index/${indexFile.split('/').pop() ?? ''}`,
    };
  }

  /**
   * Puts a freshly built bundle and its index record into the shared cache, bundle first (so a record is
   * only ever seen with its bundle there). A failure is logged: this process has the bundle anyway.
   */
  private async share(
    bundle: string,
    indexFile: string,
    record: string,
    code: string,
    peers: readonly string[],
  ): Promise<void> {
    const shared = this.opts.shared;
    if (!shared) return;
    const keys = PackageResolver.sharedKeys(bundle, indexFile);
    try {
      await shared.put(keys.meta, JSON.stringify({ peers }));
      await shared.put(keys.js, code);
      await shared.put(keys.index, record);
    } catch (err) {
      this.opts.log?.(`npm: could not share bundle ${bundle}`, err);
    }
  }

  /**
   * A version this process never built, from the shared cache: its index record and bundle, checked against
   * the bundle's hash and written into the local cache. Null when it is not there (or the store fails).
   */
  private async fromShared(
    spec: PackageSpecifier,
    version: string,
    platform: BundlePlatform,
  ): Promise<ResolvedPackage | null> {
    const shared = this.opts.shared;
    if (!shared) return null;
    const indexFile = this.indexFile(spec.name, version, spec.subpath, platform);
    try {
      const record = await shared.get(PackageResolver.sharedKeys('', indexFile).index);
      if (!record) return null;
      const rec = JSON.parse(record) as { bundle?: unknown };
      if (typeof rec.bundle !== 'string' || !/^[0-9a-f]{64}$/.test(rec.bundle)) return null;
      const keys = PackageResolver.sharedKeys(rec.bundle, indexFile);
      const [code, meta] = await Promise.all([shared.get(keys.js), shared.get(keys.meta)]);
      if (code === null || meta === null) return null;
      const peers = (JSON.parse(meta) as { peers?: string[] }).peers ?? [];
      if ((await this.writeBundle(code, peers)) !== rec.bundle) {
        this.opts.log?.(`npm: shared bundle ${rec.bundle} does not match its hash; ignored`);
        return null;
      }
      await mkdir(join(this.root, 'index'), { recursive: true });
      const tmp = `${indexFile}.${randomUUID()}.tmp`;
      await writeFile(tmp, record);
      await rename(tmp, indexFile);
      return await this.fromIndex(spec, version, platform);
    } catch (err) {
      this.opts.log?.(`npm: shared cache unavailable for ${spec.name}@${version}`, err);
      return null;
    }
  }

  private async writeBundle(code: string, peers: readonly string[] = []): Promise<string> {
    const hash = sha256(`${code}\n/* peers: ${peers.join(',')} */`);
    const dir = join(this.root, 'bundles');
    const file = join(dir, `${hash}.js`);
    if (!existsSync(file)) {
      await mkdir(dir, { recursive: true });
      // The metadata first: a bundle file is only ever seen with its peers known.
      const metaTmp = join(dir, `${hash}.json.${randomUUID()}.tmp`);
      await writeFile(metaTmp, JSON.stringify({ peers }));
      await rename(metaTmp, join(dir, `${hash}.json`));
      const tmp = `${file}.${randomUUID()}.tmp`;
      await writeFile(tmp, code);
      await rename(tmp, file);
    }
    return hash;
  }

  /**
   * Installs `top` and its dependencies under `work/node_modules`, hoisted: a dependency goes to the top
   * unless a different version is already there, then next to the package that needs it.
   */
  private async installTree(
    top: string,
    manifest: Manifest,
    work: string,
    external: readonly string[],
  ): Promise<void> {
    const { maxPackages } = this.limits;
    const totals = { bytes: 0, files: 0, unpacked: 0, packages: 0 };
    const manifests = new Map<string, Promise<Manifest>>();
    const getManifest = (name: string, range: string) => {
      const key = `${name}@${range}`;
      let p = manifests.get(key);
      if (!p) {
        p = this.manifest(top, name, range);
        manifests.set(key, p);
      }
      return p;
    };
    /** Installed package directories → version. */
    const placed = new Map<string, string>();
    const nm = (dir: string) => join(dir, 'node_modules');
    const fetchInto = async (m: Manifest, dir: string) => {
      totals.packages++;
      if (totals.packages > maxPackages)
        throw new KilnError('too_large', M.tooManyPackages(top, maxPackages));
      await this.fetchPackage(top, m, dir, totals, true);
    };
    const topDir = join(nm(work), manifest.name);
    placed.set(topDir, manifest.version);
    await fetchInto(manifest, topDir);
    let level: { dir: string; manifest: Manifest }[] = [{ dir: topDir, manifest }];
    while (level.length > 0) {
      const wanted: { from: string; name: string; range: string; optional: boolean }[] = [];
      for (const { dir, manifest: m } of level) {
        const peers = Object.entries(m.peerDependencies ?? {}).filter(
          ([n]) => !m.peerDependenciesMeta?.[n]?.optional,
        );
        const deps: [string, string, boolean][] = [
          ...Object.entries(m.dependencies ?? {}).map(([n, r]): [string, string, boolean] => [n, r, false]),
          ...Object.entries(m.optionalDependencies ?? {}).map(([n, r]): [string, string, boolean] => [
            n,
            r,
            true,
          ]),
          ...peers.map(([n, r]): [string, string, boolean] => [n, r, false]),
        ];
        for (const [name, range, optional] of deps) {
          if (SHARED_MODULES.some((s) => s === name) || name in BUILTIN_STAND_INS) continue;
          if (external.includes(name)) continue;
          // git, file, link and tarball-URL dependencies are never fetched (a git dependency may run scripts).
          if (!registrySpec(range)) {
            if (optional) continue;
            throw new KilnError('validation', M.nonRegistryDependency(top, name, range));
          }
          wanted.push({ from: dir, name, range, optional });
        }
      }
      // Resolve every manifest of this level at once, then place them in order.
      const resolved = await Promise.all(
        wanted.map((w) =>
          getManifest(w.name, w.range).then(
            (m) => m,
            (err) => {
              if (w.optional) return null;
              throw err;
            },
          ),
        ),
      );
      const next: { dir: string; manifest: Manifest }[] = [];
      const fetches: Promise<void>[] = [];
      wanted.forEach((w, i) => {
        const m = resolved[i];
        if (!m) return;
        // Node's lookup from `w.from`: its own node_modules, then each ancestor's, up to the top.
        let at = w.from;
        let found: string | null = null;
        for (;;) {
          const candidate = join(nm(at), w.name);
          if (placed.has(candidate)) {
            found = candidate;
            break;
          }
          if (at === work) break;
          const up = at.lastIndexOf('/node_modules/');
          at = up < 0 ? work : at.slice(0, up);
        }
        if (found && semver.satisfies(placed.get(found) ?? '', w.range, { includePrerelease: true })) return;
        if (found && !semver.validRange(w.range)) return;
        const dir = found ? join(nm(w.from), w.name) : join(nm(work), w.name);
        if (placed.has(dir)) return;
        placed.set(dir, m.version);
        next.push({ dir, manifest: m });
        fetches.push(fetchInto(m, dir));
      });
      // Every fetch settles before the first failure is thrown: one still unpacking into `work` would race the
      // caller's clean-up (ENOTEMPTY) and hide the real error (a cap, a bad tarball).
      const failed = (await Promise.allSettled(fetches)).find((r) => r.status === 'rejected');
      if (failed) throw failed.reason;
      level = next;
    }
  }

  /**
   * Downloads one tarball (integrity checked by pacote) and unpacks it into `dir`, within the caps; for a build
   * (`forBundle`), without the files no bundle reads (NOT_BUNDLED), which are not counted either.
   */
  private async fetchPackage(
    top: string,
    m: Manifest,
    dir: string,
    totals: { bytes: number; files: number; unpacked: number },
    forBundle = false,
  ): Promise<void> {
    const opts = await this.pacoteOpts();
    const spec = `${m.name}@${m.version}`;
    const pacote = await loadPacote();
    const get = (offline: boolean) =>
      pacote.tarball(spec, { ...opts, offline, ...(m._integrity ? { integrity: m._integrity } : {}) });
    let data: Buffer;
    try {
      data = await withRetries(() => get(false));
    } catch (err) {
      if (!isNetworkError(err)) throw this.registryError(top, m.name, m.version, err);
      try {
        data = await get(true);
      } catch {
        throw new KilnError('external', M.registryUnreachable(top, String(opts.registry)));
      }
    }
    totals.bytes += data.length;
    if (totals.bytes > this.limits.maxBytes) {
      throw new KilnError('too_large', M.tooLarge(top, totals.bytes, this.limits.maxBytes));
    }
    await mkdir(dir, { recursive: true });
    let overFiles = false;
    let overBytes = false;
    await new Promise<void>((resolve, reject) => {
      const extractor = untar({
        cwd: dir,
        strip: 1,
        noChmod: true,
        noMtime: true,
        filter: (path, entry) => {
          const type = (entry as { type?: string }).type ?? '';
          if (/Link$/.test(type)) return false;
          if (forBundle && type !== 'Directory' && NOT_BUNDLED.test(path)) return false;
          if (type !== 'Directory') totals.files++;
          totals.unpacked += (entry as { size?: number }).size ?? 0;
          if (totals.files > this.limits.maxFiles) overFiles = true;
          if (totals.unpacked > UNPACKED_FACTOR * this.limits.maxBytes) overBytes = true;
          return !overFiles && !overBytes;
        },
      });
      extractor.on('end', () => resolve());
      extractor.on('close', () => resolve());
      extractor.on('error', reject);
      extractor.end(data);
    });
    if (overFiles) throw new KilnError('too_large', M.tooManyFiles(top, this.limits.maxFiles));
    if (overBytes) {
      throw new KilnError('too_large', M.tooLargeUnpacked(top, UNPACKED_FACTOR * this.limits.maxBytes));
    }
  }
}

/** Longest README or declaration text kept from a package (the model is sent less: codegen trims again). */
const MAX_DOC_CHARS = 20_000;

/** The README and the type declarations of an unpacked package (`types`/`typings`, else `index.d.ts`). */
async function readDocs(dir: string): Promise<{ readme: string; types: string }> {
  const files = await readdir(dir);
  const readmeFile = files.find((f) => /^readme(\.(md|markdown|txt))?$/i.test(f));
  const readme = readmeFile ? (await readFile(join(dir, readmeFile), 'utf8')).slice(0, MAX_DOC_CHARS) : '';
  let types = '';
  try {
    const pkg = JSON.parse(await readFile(join(dir, 'package.json'), 'utf8')) as {
      types?: string;
      typings?: string;
    };
    const entry = pkg.types ?? pkg.typings ?? 'index.d.ts';
    const file = resolvePath(dir, entry);
    if (file.startsWith(`${dir}/`)) types = (await readFile(file, 'utf8')).slice(0, MAX_DOC_CHARS);
  } catch {
    // No declarations: the README is what there is.
  }
  return { readme, types };
}
