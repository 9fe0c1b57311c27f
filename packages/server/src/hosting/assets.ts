/**
 * @module Kiln's runtime files (`/_kiln/*` from the preview's dist) as a published app's visitors get them:
 * read once per process, brotli- and gzip-encoded once, with an ETag; content-hashed chunks are immutable.
 * Fonts (woff2) and images are already compressed and are sent as they are.
 */
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { documentEtag } from './build';
import { etagMatches, preferredEncoding } from './serve';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.map': 'application/json',
  '.svg': 'image/svg+xml',
  '.wasm': 'application/wasm',
  '.woff2': 'font/woff2',
  '.png': 'image/png',
  '.txt': 'text/plain; charset=utf-8',
};
/** Worth encoding: text and wasm. */
const COMPRESSIBLE = new Set(['.js', '.mjs', '.css', '.json', '.map', '.svg', '.wasm', '.txt']);
/** Brotli quality for runtime files: 9 is within ~1 % of 11 on these bundles at a fraction of the time. */
const ASSET_BROTLI_QUALITY = 9;

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
    try {
      if (!(await stat(file)).isFile()) return null;
    } catch {
      return null;
    }
    const body = await readFile(file);
    const ext = extname(file);
    const compress = COMPRESSIBLE.has(ext) && body.length > 512;
    const [br, gz] = compress
      ? await Promise.all([
          brotli(body, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: ASSET_BROTLI_QUALITY,
              [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
            },
          }),
          gzipAsync(body, { level: 9 }),
        ])
      : [null, null];
    const etag = documentEtag(body);
    return {
      body,
      br,
      gzip: gz,
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
