/**
 * @module
 * The npm bundle cache shared between Kiln processes through S3 (when `S3_URL` is set): every bundle a
 * process builds is also put at `npm/bundles/{hash}.js|.json` and its index record at `npm/index/{key}.json`
 * (under the URL's prefix), and a process that misses a version locally takes it from there before going to
 * the registry — so a second process serves a revision's pinned packages with the registry unreachable.
 * Uploads (uploads/storage.ts) use the same store with uuid keys; these keys never look like one.
 */
import {
  CreateBucketCommand,
  GetObjectCommand,
  HeadBucketCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { S3Location } from '../uploads/storage';

/** Keys this cache writes: `npm/bundles/{sha256}.js|.json`, `npm/index/{sha256}.json`. */
export const SHARED_KEY = /^npm\/(?:bundles\/[0-9a-f]{64}\.(?:js|json)|index\/[0-9a-f]{64}\.json)$/;

/** Where bundles are shared between processes. */
export interface SharedBundleStore {
  put(key: string, body: string): Promise<void>;
  /** The object's text, or null when there is none. */
  get(key: string): Promise<string | null>;
  close(): void;
}

export class S3BundleStore implements SharedBundleStore {
  readonly #client: S3Client;
  #bucketChecked: Promise<void> | null = null;

  constructor(private readonly where: S3Location) {
    this.#client = new S3Client({
      region: where.region,
      ...(where.endpoint ? { endpoint: where.endpoint, forcePathStyle: true } : {}),
      ...(where.credentials ? { credentials: where.credentials } : {}),
    });
  }

  /** Makes the bucket when it is missing (a fresh test server); an existing one is left as it is. */
  #ensureBucket(): Promise<void> {
    this.#bucketChecked ??= (async () => {
      try {
        await this.#client.send(new HeadBucketCommand({ Bucket: this.where.bucket }));
      } catch (err) {
        if (!(err instanceof S3ServiceException) || err.$metadata.httpStatusCode !== 404) throw err;
        await this.#client.send(new CreateBucketCommand({ Bucket: this.where.bucket }));
      }
    })().catch((err) => {
      this.#bucketChecked = null;
      throw err;
    });
    return this.#bucketChecked;
  }

  async put(key: string, body: string): Promise<void> {
    if (!SHARED_KEY.test(key)) throw new Error(`Not an npm cache key: ${key}`);
    await this.#ensureBucket();
    await this.#client.send(
      new PutObjectCommand({
        Bucket: this.where.bucket,
        Key: this.where.prefix + key,
        Body: body,
        ContentType: key.endsWith('.js') ? 'text/javascript' : 'application/json',
      }),
    );
  }

  async get(key: string): Promise<string | null> {
    if (!SHARED_KEY.test(key)) return null;
    try {
      const res = await this.#client.send(
        new GetObjectCommand({ Bucket: this.where.bucket, Key: this.where.prefix + key }),
      );
      return res.Body ? await res.Body.transformToString('utf8') : null;
    } catch (err) {
      if (err instanceof NoSuchKey) return null;
      if (err instanceof S3ServiceException && err.$metadata.httpStatusCode === 404) return null;
      throw err;
    }
  }

  close(): void {
    this.#client.destroy();
  }
}
