/**
 * @module Static files as browsers get them: Kiln's runtime (`/_kiln/*` from the preview's dist, on preview and
 * app origins) and the builder UI (the builder's dist). Read once per process, with an ETag; content-hashed
 * chunks are immutable. Text and wasm go brotli- or gzip-encoded: from the `.br`/`.gz` files `npm run build`
 * writes beside each one (`precompressAssets`), else encoded on first request. Fonts (woff2) and images are
 * already compressed and are sent as they are.
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { copyFile, mkdir, readdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { documentEtag } from './build';
import { etagMatches, preferredEncoding } from './serve';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.map': 'application/json',
  '.svg': 'image/svg+xml',
  '.wasm': 'application/wasm',
  '.woff2': 'font/woff2',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
};
/** Worth encoding: text and wasm. */
const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.map', '.svg', '.wasm', '.txt']);
/** Smaller files are sent as they are. */
const MIN_COMPRESSED_BYTES = 512;
/** Brotli quality for these files: 9 is within ~1 % of 11 on these bundles at a fraction of the time. */
const ASSET_BROTLI_QUALITY = 9;
/** What `precompressAssets` writes beside a file: its brotli and gzip encodings. */
const BR_SUFFIX = '.br';
const GZIP_SUFFIX = '.gz';

/**
 * Brotli's window for a file of `bytes`: the smallest that holds it (brotli's own limits are 10 and 24 bits). At
 * quality 9 the default window (22 bits) costs far more than the file's size warrants: the runtime's 732 files
 * took 7.5 s of CPU with it and 1.4 s with the window fitted, to within 0.02 % of the same bytes.
 */
const brotliWindow = (bytes: number) => Math.min(24, Math.max(10, Math.ceil(Math.log2(bytes))));

/** A file's brotli and gzip encodings, as `CompressedAssets` sends them (the same at build and on request). */
async function encode(body: Buffer): Promise<{ br: Buffer; gzip: Buffer }> {
  const [br, gz] = await Promise.all([
    brotli(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: ASSET_BROTLI_QUALITY,
        [constants.BROTLI_PARAM_LGWIN]: brotliWindow(body.length),
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
    gzipAsync(body, { level: 9 }),
  ]);
  return { br, gzip: gz };
}

const compressible = (file: string, size: number) =>
  COMPRESSIBLE.has(extname(file)) && size > MIN_COMPRESSED_BYTES;

interface Asset {
  body: Buffer;
  br: Buffer | null;
  gzip: Buffer | null;
  headers: Record<string, string>;
  etag: string;
}

/** Serves files under `root` (never outside it) from memory, encoded once. */
export class CompressedAssets {
  readonly #root: string;
  readonly #assets = new Map<string, Promise<Asset | null>>();

  constructor(root: string) {
    this.#root = root;
  }

  /** The file at `urlPath` for this request, or null when there is none. */
  async response(
    urlPath: string,
    immutable: boolean,
    request: { acceptEncoding: string | undefined; ifNoneMatch: string | undefined },
  ): Promise<Response | null> {
    const file = this.#file(urlPath);
    if (!file) return null;
    let asset = this.#assets.get(file);
    if (!asset) {
      asset = this.#load(file, immutable);
      this.#assets.set(file, asset);
      // A missing file is asked again next time (a rebuild may add it); a read error too.
      asset.then(
        (a) => a ?? this.#assets.delete(file),
        () => this.#assets.delete(file),
      );
    }
    const a = await asset;
    if (!a) return null;
    if (etagMatches(request.ifNoneMatch, a.etag)) {
      return new Response(null, {
        status: 304,
        headers: { etag: a.etag, 'cache-control': a.headers['cache-control']!, vary: 'accept-encoding' },
      });
    }
    const encoding = preferredEncoding(request.acceptEncoding);
    const [body, extra] =
      encoding === 'br' && a.br
        ? [a.br, { 'content-encoding': 'br' }]
        : encoding === 'gzip' && a.gzip
          ? [a.gzip, { 'content-encoding': 'gzip' }]
          : [a.body, {}];
    return new Response(body as Uint8Array<ArrayBuffer>, {
      headers: { ...a.headers, ...extra, 'content-length': String(body.length) },
    });
  }

  #file(urlPath: string): string | null {
    let rel: string;
    try {
      rel = normalize(decodeURIComponent(urlPath)).replace(/^([/\\])+/, '');
    } catch {
      return null;
    }
    const file = join(this.#root, rel);
    return file.startsWith(this.#root.endsWith(sep) ? this.#root : this.#root + sep) ? file : null;
  }

  async #load(file: string, immutable: boolean): Promise<Asset | null> {
    let mtimeMs: number;
    try {
      const info = await stat(file);
      if (!info.isFile()) return null;
      mtimeMs = info.mtimeMs;
    } catch {
      return null;
    }
    const body = await readFile(file);
    const ext = extname(file);
    const compress = compressible(file, body.length);
    const encoded = compress ? ((await prebuilt(file, mtimeMs)) ?? (await encode(body))) : null;
    const etag = documentEtag(body);
    return {
      body,
      br: encoded?.br ?? null,
      gzip: encoded?.gzip ?? null,
      etag,
      headers: {
        'content-type': TYPES[ext] ?? 'application/octet-stream',
        'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
        'x-content-type-options': 'nosniff',
        etag,
        ...(compress ? { vary: 'accept-encoding' } : {}),
      },
    };
  }
}

/** The encodings `precompressAssets` wrote beside `file`, unless the file was written again after them. */
async function prebuilt(file: string, mtimeMs: number): Promise<{ br: Buffer; gzip: Buffer } | null> {
  try {
    const [br, gz] = [`${file}${BR_SUFFIX}`, `${file}${GZIP_SUFFIX}`];
    const [brInfo, gzInfo] = await Promise.all([stat(br), stat(gz)]);
    if (brInfo.mtimeMs < mtimeMs || gzInfo.mtimeMs < mtimeMs) return null;
    const [brBody, gzBody] = await Promise.all([readFile(br), readFile(gz)]);
    return { br: brBody, gzip: gzBody };
  } catch {
    return null;
  }
}

/** Files encoded at once while precompressing (zlib's threads do the work). */
const PRECOMPRESS_PARALLEL = 4;

/**
 * Writes each compressible file's encodings under `root` beside it (`name.br`, `name.gz`), so a server process
 * sends them without encoding them itself: `npm run build` runs it on the builder's and the runtime's dist.
 * Source maps are left to be encoded on request (only developer tools ask for them). Encodings are kept in
 * `cacheDir` by the file's content hash, so a build that rewrites a file unchanged copies them instead of
 * encoding again. Returns how many files it wrote encodings for and how many of those it had to encode.
 */
export async function precompressAssets(
  root: string,
  cacheDir: string,
): Promise<{ files: number; encoded: number }> {
  await mkdir(cacheDir, { recursive: true });
  const files: string[] = [];
  for (const entry of await readdir(root, { recursive: true, withFileTypes: true })) {
    // Their own encodings (`.br`, `.gz`) are not among the compressible files; maps are encoded on request.
    if (entry.isFile() && COMPRESSIBLE.has(extname(entry.name)) && !entry.name.endsWith('.map')) {
      files.push(join(entry.parentPath, entry.name));
    }
  }
  let done = 0;
  let encoded = 0;
  // Files with the same content (a chunk copied under two names) are encoded once.
  const cacheEntries = new Map<string, Promise<void>>();
  const cacheEntry = async (cached: string, body: Buffer): Promise<void> => {
    if (existsSync(`${cached}${BR_SUFFIX}`) && existsSync(`${cached}${GZIP_SUFFIX}`)) return;
    const { br, gzip: gz } = await encode(body);
    await placed(`${cached}${BR_SUFFIX}`, (aside) => writeFile(aside, br));
    await placed(`${cached}${GZIP_SUFFIX}`, (aside) => writeFile(aside, gz));
    encoded++;
  };
  const next = async (): Promise<void> => {
    for (let file = files.pop(); file !== undefined; file = files.pop()) {
      const body = await readFile(file);
      if (!compressible(file, body.length)) continue;
      const cached = join(cacheDir, createHash('sha256').update(body).digest('hex'));
      let entry = cacheEntries.get(cached);
      if (!entry) {
        entry = cacheEntry(cached, body);
        cacheEntries.set(cached, entry);
      }
      await entry;
      const [brCache, gzCache] = [`${cached}${BR_SUFFIX}`, `${cached}${GZIP_SUFFIX}`];
      await placed(`${file}${BR_SUFFIX}`, (aside) => copyFile(brCache, aside));
      await placed(`${file}${GZIP_SUFFIX}`, (aside) => copyFile(gzCache, aside));
      done++;
    }
  };
  await Promise.all(Array.from({ length: PRECOMPRESS_PARALLEL }, next));
  return { files: done, encoded };
}

/**
 * `path` written by `write` under a name aside, then renamed into place: a build running beside this one, or a
 * server reading the file, never sees half of it.
 */
async function placed(path: string, write: (aside: string) => Promise<void>): Promise<void> {
  const aside = `${path}.${process.pid}.tmp`;
  await write(aside);
  await rename(aside, path);
}
