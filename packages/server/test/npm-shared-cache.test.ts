/**
 * @module
 * The npm bundle cache shared through S3 (issue 16, `S3_URL`): one process builds a package from a local
 * registry, and a second process with its own data directory serves the same pinned version from S3 with
 * the registry stopped. A shared bundle that does not match its hash is not used. Real S3 server (s3rver).
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PackageResolver } from '../src/packages/resolver';
import { S3BundleStore } from '../src/packages/shared-cache';
import { parseS3Url } from '../src/uploads/storage';
import { TestRegistry } from './npm-registry';

const dirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'kiln-npm-shared-'));
  dirs.push(dir);
  return dir;
}

let s3: S3rver;
let s3Url: string;
let registry: TestRegistry;

beforeAll(async () => {
  s3 = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: tempDir() });
  const { port } = await s3.run();
  s3Url = `http://S3RVER:S3RVER@127.0.0.1:${port}/kiln-npm/cache?region=us-east-1`;
  registry = new TestRegistry();
  await registry.add(
    {
      name: 'shout',
      version: '1.2.3',
      files: { 'index.js': 'export const shout = (s) => s.toUpperCase() + "!";\n' },
      json: { type: 'module', main: 'index.js' },
    },
    {
      name: 'whisper',
      version: '2.0.0',
      files: { 'index.js': 'export const whisper = (s) => s.toLowerCase();\n' },
      json: { type: 'module', main: 'index.js' },
    },
  );
  await registry.start();
});

afterAll(async () => {
  await registry?.stop();
  await s3?.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('the npm bundle cache shared through S3', () => {
  it('lets a second process serve a pinned bundle from S3 with the registry stopped, and ignores a bundle that does not match its hash', async () => {
    const storeA = new S3BundleStore(parseS3Url(s3Url));
    const storeB = new S3BundleStore(parseS3Url(s3Url));
    try {
      const a = new PackageResolver({ dataDir: tempDir(), registry: registry.url, shared: storeA });
      const built = await a.resolve('shout');
      const tampered = await a.resolve('whisper');
      expect(built.version).toBe('1.2.3');
      expect(await storeB.get(`npm/bundles/${built.bundle}.js`)).toBe(
        readFileSync(a.bundleFile(built.bundle) ?? '', 'utf8'),
      );
      // One shared bundle changed in the store: its hash no longer matches.
      await storeA.put(`npm/bundles/${tampered.bundle}.js`, 'export const whisper = () => "evil";');

      await registry.stop();
      const b = new PackageResolver({ dataDir: tempDir(), registry: registry.url, shared: storeB });
      const pinned = await b.resolve('shout', { version: built.version, integrity: built.integrity });
      expect(pinned).toMatchObject({ name: 'shout', version: '1.2.3', bundle: built.bundle });
      const file = b.bundleFile(pinned.bundle);
      expect(file && existsSync(file)).toBe(true);
      expect(readFileSync(file ?? '', 'utf8')).toContain('toUpperCase');
      await expect(
        b.resolve('whisper', { version: tampered.version, integrity: tampered.integrity }),
      ).rejects.toMatchObject({ kind: 'external' });
      expect(b.bundleFile(tampered.bundle)).toBeNull();

      // A bundle requested by hash only (its resolve went to another process) comes from S3 as well.
      const built2 = await a.resolve('whisper@2.0.0').catch(() => null);
      expect(built2?.bundle).toBe(tampered.bundle); // process A still has it locally
      const c = new PackageResolver({ dataDir: tempDir(), registry: registry.url, shared: storeB });
      expect(c.bundleFile(built.bundle)).toBeNull();
      const fetched = await c.bundleFileShared(built.bundle);
      expect(fetched && readFileSync(fetched, 'utf8')).toBe(
        readFileSync(a.bundleFile(built.bundle) ?? '', 'utf8'),
      );
      expect(await c.bundleFileShared(tampered.bundle)).toBeNull();
    } finally {
      storeA.close();
      storeB.close();
    }
  }, 120_000);

  it('rejects keys outside the npm cache', async () => {
    const store = new S3BundleStore(parseS3Url(s3Url));
    try {
      await expect(store.put('../uploads/x', 'x')).rejects.toThrow('Not an npm cache key');
      expect(await store.get('npm/bundles/nothere.js')).toBeNull();
      expect(await store.get(`npm/bundles/${'0'.repeat(64)}.js`)).toBeNull();
    } finally {
      store.close();
    }
  });
});
