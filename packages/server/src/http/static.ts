/** @module Serves files from one directory, never outside it, with a content type by extension. */
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.map': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.wasm': 'application/wasm',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

/** The file at `urlPath` under `root` as a Response, or null when there is none. */
export async function serveFile(root: string, urlPath: string, immutable = false): Promise<Response | null> {
  let rel: string;
  try {
    rel = normalize(decodeURIComponent(urlPath)).replace(/^([/\\])+/, '');
  } catch {
    return null;
  }
  const file = join(root, rel);
  if (!file.startsWith(root.endsWith(sep) ? root : root + sep)) return null;
  try {
    if (!(await stat(file)).isFile()) return null;
    const body = await readFile(file);
    return new Response(body, {
      headers: {
        'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
        'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
        'x-content-type-options': 'nosniff',
      },
    });
  } catch {
    return null;
  }
}
