/**
 * The file storage contract, run on both backends: the local folder, and S3 against a real S3 server (s3rver,
 * pure JS) started here on a free port. Two S3 clients stand for two Kiln processes sharing files.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFileStorage, type FileStorage, LocalFileStorage, parseS3Url, S3FileStorage } from './storage';

const dirs: string[] = [];
const tempDir = () => {
  const d = mkdtempSync(join(tmpdir(), 'kiln-files-'));
  dirs.push(d);
  return d;
};

let s3: S3rver;
let s3Url = '';

beforeAll(async () => {
  s3 = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: tempDir() });
  const { port } = await s3.run();
  s3Url = `http://S3RVER:S3RVER@127.0.0.1:${port}/kiln-files/uploads`;
});

afterAll(async () => {
  await s3?.close();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

async function text(stream: ReadableStream<Uint8Array>): Promise<Buffer> {
  return Buffer.from(await new Response(stream).arrayBuffer());
}

const backends: [string, () => FileStorage][] = [
  ['a local folder', () => new LocalFileStorage(tempDir())],
  ['S3 (s3rver)', () => createFileStorage({ dataDir: tempDir(), s3Url })],
];

describe.each(backends)('file storage on %s', (_name, make) => {
  it('gives back the exact bytes, type and project of a file it stored', async () => {
    const storage = make();
    const key = randomUUID();
    const bytes = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 255]);
    await storage.put(key, bytes, { contentType: 'image/png', projectId: 'project-1' });
    const file = await storage.get(key);
    expect(file).not.toBeNull();
    expect(file!.contentType).toBe('image/png');
    expect(file!.projectId).toBe('project-1');
    expect(file!.size).toBe(bytes.length);
    expect((await text(file!.body)).equals(bytes)).toBe(true);
    storage.close();
  });

  it('deletes a file and what is kept beside it; a key that is not there, or not a uuid, is no error', async () => {
    const storage = make();
    const key = randomUUID();
    const kept = randomUUID();
    await storage.put(key, Buffer.from('gone'), { contentType: 'image/png', projectId: 'p', scope: 'chat' });
    await storage.put(kept, Buffer.from('kept'), { contentType: 'image/png', projectId: 'p' });
    await storage.delete(key);
    expect(await storage.get(key)).toBeNull();
    expect((await text((await storage.get(kept))!.body)).toString()).toBe('kept');
    await storage.delete(key);
    await storage.delete(randomUUID());
    await storage.delete('../etc/passwd');
    storage.close();
  });

  it('answers null for a key it never stored, and for anything that is not a uuid', async () => {
    const storage = make();
    expect(await storage.get(randomUUID())).toBeNull();
    expect(await storage.get('../secret.key')).toBeNull();
    await expect(
      storage.put('../x', Buffer.from('x'), { contentType: 'text/plain', projectId: 'p' }),
    ).rejects.toThrow(/Not a file key/);
    storage.close();
  });
});

describe('S3 shared by several processes', () => {
  it('a file one process stores is served by another (they share nothing but the bucket)', async () => {
    const a = createFileStorage({ dataDir: tempDir(), s3Url });
    const b = createFileStorage({ dataDir: tempDir(), s3Url });
    const key = randomUUID();
    await a.put(key, Buffer.from('from process A'), { contentType: 'text/plain', projectId: 'p' });
    const file = await b.get(key);
    expect((await text(file!.body)).toString()).toBe('from process A');
    // Two local folders share nothing: why several processes need S3.
    const localA = new LocalFileStorage(tempDir());
    const localB = new LocalFileStorage(tempDir());
    await localA.put(key, Buffer.from('x'), { contentType: 'text/plain', projectId: 'p' });
    expect(await localB.get(key)).toBeNull();
    a.close();
    b.close();
  });
});

describe('S3_URL', () => {
  it.each([
    [
      'https://KEY:SE%2FCRET@minio.example.com:9000/bucket',
      {
        endpoint: 'https://minio.example.com:9000',
        bucket: 'bucket',
        prefix: '',
        region: 'us-east-1',
        credentials: { accessKeyId: 'KEY', secretAccessKey: 'SE/CRET' },
      },
    ],
    [
      's3://my-bucket/kiln?region=eu-west-1',
      {
        endpoint: undefined,
        bucket: 'my-bucket',
        prefix: 'kiln/',
        region: 'eu-west-1',
        credentials: undefined,
      },
    ],
  ])('%s is understood', (url, want) => {
    expect(parseS3Url(url)).toEqual(want);
  });

  it.each([
    ['not a url', /must be a URL/],
    ['ftp://host/bucket', /must start with/],
    ['https://host/', /names no bucket/],
  ])('%s is refused with a sentence', (url, message) => {
    expect(() => parseS3Url(url)).toThrow(message);
  });

  it('chooses S3 only when it is set', () => {
    expect(createFileStorage({ dataDir: tempDir(), s3Url: undefined })).toBeInstanceOf(LocalFileStorage);
    const s = createFileStorage({ dataDir: tempDir(), s3Url });
    expect(s).toBeInstanceOf(S3FileStorage);
    s.close();
  });
});
