/**
 * @module Uploads for generated apps (spec §7): a visitor's file becomes an immutable object in the file storage
 * (`storage.ts`), served from the files origin `files.{base}` at `/{uuid}/`. The size limit is the plan's of the
 * app's organisation (`plan-limits.ts`, `KILN_UPLOAD_LIMITS`); the type is sniffed from the bytes. Presign hands
 * out a time-limited HMAC (`secureSignature`, `secureExpire`) with which a mobile app sends an asset straight to
 * the files origin's upload endpoint; the link is then `{userContentBase}{uuid}/`.
 */
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { KilnError, type OrganizationPlan } from '@kiln/core';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/index';
import { organizations, projects } from '../db/schema';
import type { EgressPolicy } from '../net/egress';
import { type PlanLimit, uploadLimitFor } from '../plan-limits';
import { fromMultipart, receiveUpload } from './receive';
import { sniffMimeType } from './sniff';
import type { FileStorage } from './storage';

export { createFileStorage, type FileStorage, LocalFileStorage, parseS3Url, S3FileStorage } from './storage';

/** What an upload answers (spec §3 "Upload response"). */
export interface UploadResult {
  url: string;
  mimeType: string;
}

/** What presign answers: the spec's two fields, and where to send the file and find it afterwards. */
export interface PresignResult {
  secureSignature: string;
  secureExpire: string;
  /** POST multipart form data here: `signature`, `expire`, `file`. The answer carries `file` (the uuid). */
  uploadUrl: string;
  /** The file's link is this base followed by the uuid and a slash. */
  userContentBase: string;
}

/** How long a presigned upload may be used (30 minutes, in seconds). */
export const PRESIGN_LIFETIME_S = 30 * 60;

export const PRESIGN_MESSAGES = {
  invalid: 'The upload signature is not valid.',
  expired: 'The upload signature has expired: ask for a new one.',
} as const;

export interface UploadsOptions {
  db: Db;
  storage: FileStorage;
  /** Bytes per file per plan (config.uploads.limits). */
  limits: PlanLimit;
  egress: EgressPolicy;
  /** Kiln's secret key; presign signatures are an HMAC under a key derived from it. */
  secretKey: Buffer;
  /** The files origin (`http://files.{base}:port`), read per call (the port is known only after listening). */
  filesOrigin: () => string;
}

export class Uploads {
  readonly storage: FileStorage;
  readonly #opts: UploadsOptions;
  readonly #presignKey: Buffer;

  constructor(opts: UploadsOptions) {
    this.#opts = opts;
    this.storage = opts.storage;
    this.#presignKey = createHmac('sha256', opts.secretKey).update('kiln:upload-presign').digest();
  }

  /** The largest file (bytes) an app of this project accepts: its organisation's plan's limit. */
  async limitFor(projectId: string): Promise<number> {
    const [row] = await this.#opts.db
      .select({ plan: organizations.plan })
      .from(projects)
      .innerJoin(organizations, eq(organizations.id, projects.organizationId))
      .where(eq(projects.id, projectId));
    if (!row) throw new KilnError('not_found', 'No such app.');
    return uploadLimitFor(this.#opts.limits, row.plan as OrganizationPlan);
  }

  /** Receives the upload in `req` (any spec form) for the project's app and stores it. */
  async upload(projectId: string, req: Request): Promise<UploadResult> {
    const max = await this.limitFor(projectId);
    const { bytes } = await receiveUpload(req, max, this.#opts.egress);
    return this.store(projectId, bytes);
  }

  /** Receives a presigned upload (multipart: `signature`, `expire`, then `file`; or the two in the query). */
  async presignedUpload(req: Request): Promise<UploadResult & { uuid: string }> {
    const query = new URL(req.url).searchParams;
    let projectId = '';
    const { bytes } = await fromMultipart(req, async (fields) => {
      const signature = fields.signature ?? query.get('signature') ?? '';
      const expire = fields.expire ?? query.get('expire') ?? '';
      projectId = this.verifyPresign(signature, expire);
      return this.limitFor(projectId);
    });
    return this.store(projectId, bytes);
  }

  /** Stores bytes under a new uuid; the answer names the sniffed type and the file's immutable URL. */
  async store(projectId: string, bytes: Uint8Array): Promise<UploadResult & { uuid: string }> {
    const mimeType = await sniffMimeType(bytes);
    const uuid = randomUUID();
    try {
      await this.storage.put(uuid, bytes, { contentType: mimeType, projectId });
    } catch (err) {
      throw new KilnError('external', `The file could not be stored: ${(err as Error).message}`);
    }
    return { uuid, url: this.fileUrl(uuid), mimeType };
  }

  /** The public, immutable URL of a stored file. */
  fileUrl(uuid: string): string {
    return `${this.userContentBase()}${uuid}/`;
  }

  userContentBase(): string {
    return `${this.#opts.filesOrigin()}/`;
  }

  /** A signature that lets its holder upload one or more files to this project for `PRESIGN_LIFETIME_S`. */
  presign(projectId: string, now = Date.now()): PresignResult {
    const expire = String(Math.floor(now / 1000) + PRESIGN_LIFETIME_S);
    return {
      secureSignature: `${projectId}.${this.#mac(projectId, expire)}`,
      secureExpire: expire,
      uploadUrl: `${this.#opts.filesOrigin()}/base/`,
      userContentBase: this.userContentBase(),
    };
  }

  /** The project a presigned upload is for; `unauthenticated` when the signature is wrong or expired. */
  verifyPresign(signature: string, expire: string, now = Date.now()): string {
    const dot = signature.lastIndexOf('.');
    const projectId = signature.slice(0, dot);
    const mac = signature.slice(dot + 1);
    if (dot <= 0 || !/^\d{1,12}$/.test(expire))
      throw new KilnError('unauthenticated', PRESIGN_MESSAGES.invalid);
    const want = Buffer.from(this.#mac(projectId, expire), 'hex');
    const got = Buffer.from(mac, 'hex');
    if (got.length !== want.length || !timingSafeEqual(got, want))
      throw new KilnError('unauthenticated', PRESIGN_MESSAGES.invalid);
    if (Number(expire) * 1000 < now) throw new KilnError('unauthenticated', PRESIGN_MESSAGES.expired);
    return projectId;
  }

  #mac(projectId: string, expire: string): string {
    return createHmac('sha256', this.#presignKey).update(`${projectId}\u0000${expire}`).digest('hex');
  }

  close(): void {
    this.storage.close();
  }
}
