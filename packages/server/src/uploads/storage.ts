/**
 * @module Where uploaded files live: one interface, two backends chosen by configuration. Without `S3_URL`, a
 * folder under the data directory (`{dataDir}/files`), which only this machine's processes see; with `S3_URL`,
 * any S3-compatible store through the AWS SDK v3 client, which every Kiln process pointed at it shares (several
 * processes on one PostgreSQL must use S3: a local folder is not shared between machines).
 *
 * Files are immutable: a key is written once (a random uuid) and never replaced, so it may be cached for ever.
 */
import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import type { S3Client } from '@aws-sdk/client-s3';

/** The AWS SDK, loaded when S3 is first used (it holds ~13 MiB; a server with a local folder never loads it). */
type S3Sdk = typeof import('@aws-sdk/client-s3');

/** What is kept beside a file's bytes. */
export interface StoredFileInfo {
  /** The type sniffed from the bytes when it was uploaded. */
  readonly contentType: string;
  /** The project whose app received it. */
  readonly projectId: string;
  /**
   * `chat`: an image attached to a chat message (chat-attachments.ts), served on the builder origin to the
   * project's members only, never on the files origin. Absent: an app's upload, public by its uuid.
   */
  readonly scope?: 'chat';
}

export interface StoredFile extends StoredFileInfo {
  readonly size: number;
  readonly body: ReadableStream<Uint8Array>;
}

/** The store behind uploads. Keys are uuids Kiln chose (never a visitor's file name). */
export interface FileStorage {
  /** `local` (a folder) or `s3`. */
  readonly kind: 'local' | 's3';
  /** Writes a new file. */
  put(key: string, bytes: Uint8Array, info: StoredFileInfo): Promise<void>;
  /** The file and what is kept beside it, or null when there is no such key. */
  get(key: string): Promise<StoredFile | null>;
  /** Removes a file and its info; a key that is not there is no error. */
  delete(key: string): Promise<void>;
  close(): void;
}

/** Keys are uuids: nothing that could leave the folder or name another bucket's object. */
export const FILE_KEY = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A file folder: `{dir}/{key}` with its bytes and `{dir}/{key}.json` with its info, each written atomically. */
export class LocalFileStorage implements FileStorage {
  readonly kind = 'local';
  constructor(private readonly dir: string) {}

  async put(key: string, bytes: Uint8Array, info: StoredFileInfo): Promise<void> {
    if (!FILE_KEY.test(key)) throw new Error(`Not a file key: ${key}`);
    await mkdir(this.dir, { recursive: true });
    const tmp = join(this.dir, `.${key}.${randomUUID()}.tmp`);
    // The info goes first: a file whose bytes exist always has its info.
    await writeFile(`${tmp}.json`, JSON.stringify(info));
    await rename(`${tmp}.json`, join(this.dir, `${key}.json`));
    await writeFile(tmp, bytes);
    await rename(tmp, join(this.dir, key));
  }

  async get(key: string): Promise<StoredFile | null> {
    if (!FILE_KEY.test(key)) return null;
    const path = join(this.dir, key);
    try {
      const [info, st] = await Promise.all([readFile(`${path}.json`, 'utf8'), stat(path)]);
      const { contentType, projectId, scope } = JSON.parse(info) as StoredFileInfo;
      const body = Readable.toWeb(createReadStream(path)) as ReadableStream<Uint8Array>;
      return { contentType, projectId, ...(scope ? { scope } : {}), size: st.size, body };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    if (!FILE_KEY.test(key)) return;
    const path = join(this.dir, key);
    // The bytes first: a file whose bytes exist always has its info.
    await rm(path, { force: true });
    await rm(`${path}.json`, { force: true });
  }

  close(): void {}
}

/** Where an S3-compatible store is, parsed from `S3_URL`. */
export interface S3Location {
  /** Endpoint (`http(s)://host:port`), or undefined for AWS itself. */
  readonly endpoint: string | undefined;
  readonly bucket: string;
  readonly region: string;
  /** Keys from the URL; undefined: the AWS SDK's own chain (environment, profile, instance role). */
  readonly credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  /** Key prefix inside the bucket (default none). */
  readonly prefix: string;
}

/**
 * `S3_URL` in one of two forms:
 * - `http(s)://KEY:SECRET@host:port/bucket[/prefix][?region=…]` — any S3-compatible server (MinIO, R2, Garage,
 *   Ceph…), path-style addressing;
 * - `s3://KEY:SECRET@bucket[/prefix]?region=eu-west-1` — AWS S3 itself (keys optional: the SDK's chain).
 * Region defaults to us-east-1. Throws a sentence naming the variable when the URL does not fit.
 */
export function parseS3Url(value: string): S3Location {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error('S3_URL must be a URL: https://KEY:SECRET@host/bucket or s3://KEY:SECRET@bucket');
  }
  const credentials =
    url.username && url.password
      ? {
          accessKeyId: decodeURIComponent(url.username),
          secretAccessKey: decodeURIComponent(url.password),
        }
      : undefined;
  const region = url.searchParams.get('region') || 'us-east-1';
  const parts = url.pathname.split('/').filter(Boolean);
  if (url.protocol === 's3:') {
    return { endpoint: undefined, bucket: url.hostname, region, credentials, prefix: prefixOf(parts) };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new Error('S3_URL must start with https://, http:// or s3://');
  const [bucket, ...rest] = parts;
  if (!bucket) throw new Error('S3_URL names no bucket: https://KEY:SECRET@host/bucket');
  return { endpoint: `${url.protocol}//${url.host}`, bucket, region, credentials, prefix: prefixOf(rest) };
}

const prefixOf = (parts: string[]) => (parts.length ? `${parts.join('/')}/` : '');

/** Files as objects in a bucket; the info travels as the object's Content-Type and metadata. */
export class S3FileStorage implements FileStorage {
  readonly kind = 's3';
  #sdk: Promise<{ sdk: S3Sdk; client: S3Client }> | null = null;
  #bucketChecked: Promise<void> | null = null;

  constructor(private readonly where: S3Location) {}

  /** The SDK and the client, made at first use. */
  #s3(): Promise<{ sdk: S3Sdk; client: S3Client }> {
    this.#sdk ??= import('@aws-sdk/client-s3').then((sdk) => {
      const where = this.where;
      const client = new sdk.S3Client({
        region: where.region,
        ...(where.endpoint ? { endpoint: where.endpoint, forcePathStyle: true } : {}),
        ...(where.credentials ? { credentials: where.credentials } : {}),
      });
      return { sdk, client };
    });
    return this.#sdk;
  }

  /** Makes the bucket when it is missing (a fresh MinIO or test server); an existing one is left as it is. */
  #ensureBucket(): Promise<void> {
    this.#bucketChecked ??= (async () => {
      const { sdk, client } = await this.#s3();
      try {
        await client.send(new sdk.HeadBucketCommand({ Bucket: this.where.bucket }));
      } catch (err) {
        if (!(err instanceof sdk.S3ServiceException) || err.$metadata.httpStatusCode !== 404) throw err;
        await client.send(new sdk.CreateBucketCommand({ Bucket: this.where.bucket }));
      }
    })().catch((err) => {
      this.#bucketChecked = null;
      throw err;
    });
    return this.#bucketChecked;
  }

  async put(key: string, bytes: Uint8Array, info: StoredFileInfo): Promise<void> {
    if (!FILE_KEY.test(key)) throw new Error(`Not a file key: ${key}`);
    await this.#ensureBucket();
    const { sdk, client } = await this.#s3();
    await client.send(
      new sdk.PutObjectCommand({
        Bucket: this.where.bucket,
        Key: this.where.prefix + key,
        Body: bytes,
        ContentType: info.contentType,
        Metadata: { project: info.projectId, ...(info.scope ? { scope: info.scope } : {}) },
      }),
    );
  }

  async get(key: string): Promise<StoredFile | null> {
    if (!FILE_KEY.test(key)) return null;
    const { sdk, client } = await this.#s3();
    try {
      const res = await client.send(
        new sdk.GetObjectCommand({ Bucket: this.where.bucket, Key: this.where.prefix + key }),
      );
      if (!res.Body) return null;
      return {
        contentType: res.ContentType ?? 'application/octet-stream',
        projectId: res.Metadata?.project ?? '',
        ...(res.Metadata?.scope === 'chat' ? { scope: 'chat' as const } : {}),
        size: res.ContentLength ?? 0,
        body: res.Body.transformToWebStream() as ReadableStream<Uint8Array>,
      };
    } catch (err) {
      if (err instanceof sdk.NoSuchKey) return null;
      if (err instanceof sdk.S3ServiceException && err.$metadata.httpStatusCode === 404) return null;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    if (!FILE_KEY.test(key)) return;
    const { sdk, client } = await this.#s3();
    // S3 answers a missing key with success.
    await client.send(
      new sdk.DeleteObjectCommand({ Bucket: this.where.bucket, Key: this.where.prefix + key }),
    );
  }

  close(): void {
    // A client still being made (the SDK loading) is destroyed once it exists.
    void this.#sdk?.then(
      ({ client }) => client.destroy(),
      () => {},
    );
  }
}

/** The configured storage: S3 when `s3Url` is set, else the `files` folder under the data directory. */
export function createFileStorage(opts: { dataDir: string; s3Url: string | undefined }): FileStorage {
  return opts.s3Url
    ? new S3FileStorage(parseS3Url(opts.s3Url))
    : new LocalFileStorage(join(opts.dataDir, 'files'));
}
