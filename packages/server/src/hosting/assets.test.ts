import { mkdtempSync, readdirSync, readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync, gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { CompressedAssets, precompressAssets } from './assets';

const dirs: string[] = [];
afterEach(async () => {
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

/** A dist folder with `files` (path → content) and an empty encoding cache beside it. */
async function dist(files: Record<string, string>): Promise<{ root: string; cache: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'kiln-assets-'));
  dirs.push(dir);
  for (const [path, content] of Object.entries(files)) {
    await mkdir(join(dir, 'dist', path, '..'), { recursive: true });
    writeFileSync(join(dir, 'dist', path), content);
  }
  return { root: join(dir, 'dist'), cache: join(dir, 'cache') };
}

/** Text that compresses well and is well over the 512 bytes below which files are sent as they are. */
const SCRIPT = `export function hello(name) { return 'Hello, ' + name; }\n`.repeat(60);
const BR = { acceptEncoding: 'gzip, deflate, br', ifNoneMatch: undefined };

const bytes = async (res: Response | null) => Buffer.from(await res!.arrayBuffer());

describe('precompressAssets', () => {
  it('writes brotli and gzip beside each compressible file, and reuses what it encoded before', async () => {
    const { root, cache } = await dist({
      'assets/app.js': SCRIPT,
      'assets/app.js.map': SCRIPT,
      'assets/tiny.js': 'export {};',
      'fonts/a.woff2': SCRIPT,
      'index.html': `<!doctype html><title>${SCRIPT}</title>`,
      'copy/same.js': SCRIPT,
    });
    expect(await precompressAssets(root, cache)).toEqual({ files: 3, encoded: 2 });
    expect(readdirSync(join(root, 'assets')).sort()).toEqual([
      'app.js',
      'app.js.br',
      'app.js.gz',
      'app.js.map',
      'tiny.js',
    ]);
    expect(readdirSync(join(root, 'fonts'))).toEqual(['a.woff2']);
    expect(brotliDecompressSync(readFileSync(join(root, 'assets/app.js.br'))).toString()).toBe(SCRIPT);
    expect(gunzipSync(readFileSync(join(root, 'index.html.gz'))).toString()).toContain(SCRIPT);

    // A build writes the same files again: their encodings are copied from the cache, not encoded again.
    await rm(join(root, 'assets/app.js.br'));
    writeFileSync(join(root, 'assets/app.js'), SCRIPT);
    expect(await precompressAssets(root, cache)).toEqual({ files: 3, encoded: 0 });
    expect(brotliDecompressSync(readFileSync(join(root, 'assets/app.js.br'))).toString()).toBe(SCRIPT);
  });
});

describe('CompressedAssets', () => {
  it('sends the encodings written beside a file instead of encoding it again', async () => {
    const { root } = await dist({ 'app.js': SCRIPT });
    // Encoded at other settings than the server's, so the bytes tell which were sent.
    const br = brotliCompressSync(SCRIPT, { params: { [constants.BROTLI_PARAM_QUALITY]: 1 } });
    const gz = gzipSync(SCRIPT, { level: 1 });
    writeFileSync(join(root, 'app.js.br'), br);
    writeFileSync(join(root, 'app.js.gz'), gz);
    const assets = new CompressedAssets(root);
    const res = await assets.response('/app.js', true, BR);
    expect(res!.headers.get('content-encoding')).toBe('br');
    expect((await bytes(res)).equals(br)).toBe(true);
    const gzRes = await assets.response('/app.js', true, { acceptEncoding: 'gzip', ifNoneMatch: undefined });
    expect((await bytes(gzRes)).equals(gz)).toBe(true);
  });

  it('encodes a file itself when the encodings beside it are older than the file', async () => {
    const { root, cache } = await dist({ 'app.js': SCRIPT });
    await precompressAssets(root, cache);
    const changed = SCRIPT.replaceAll('Hello', 'Goodbye');
    writeFileSync(join(root, 'app.js'), changed);
    const later = statSync(join(root, 'app.js')).mtime.getTime() / 1000 + 10;
    utimesSync(join(root, 'app.js'), later, later);
    const res = await new CompressedAssets(root).response('/app.js', false, BR);
    expect(res!.headers.get('content-encoding')).toBe('br');
    expect(brotliDecompressSync(await bytes(res)).toString()).toBe(changed);
  });

  it('serves nothing outside its folder', async () => {
    const { root } = await dist({ 'app.js': SCRIPT, '../secret.txt': SCRIPT });
    const assets = new CompressedAssets(root);
    expect(await assets.response('/../secret.txt', false, BR)).toBeNull();
    expect(await assets.response('/%2e%2e/secret.txt', false, BR)).toBeNull();
    expect(await assets.response('/missing.js', false, BR)).toBeNull();
  });
});
