/**
 * @module Reads one upload from a request, in every form the spec lists (§7): multipart form data with a file,
 * JSON `{url}` (fetched through the egress guard), JSON `{base64}` (or a data URL), or the raw body
 * (`application/octet-stream`, or any other type). Every form is cut at the limit while it streams in: over it,
 * a `too_large` error (413) and the rest of the body is never read; nothing larger than the limit is held.
 */
import { Readable } from 'node:stream';
import { KilnError } from '@kiln/core';
import busboy from 'busboy';
import { type EgressPolicy, EgressRefused, guardedFetch } from '../net/egress';

/** The sentences uploads answer with (`{error}` bodies). */
export const UPLOAD_MESSAGES = {
  tooLarge: (limit: number) => `The file is larger than this app's upload limit of ${formatBytes(limit)}.`,
  empty: 'The upload is empty: send a file, a url, base64 text or the raw bytes.',
  noFile: 'The form has no file: send it in a field named "file".',
  badJson: 'Send JSON with a url or base64 field, multipart form data with a file, or the raw bytes.',
  badBase64: 'The base64 field is not valid base64 text.',
  badUrl: 'The url field must be an http or https URL.',
  urlFailed: (status: number) => `The URL answered with status ${status}; nothing was uploaded.`,
  badForm: 'The multipart form could not be read.',
} as const;

export function formatBytes(n: number): string {
  if (n >= 1024 * 1024) return `${Math.round((n / (1024 * 1024)) * 10) / 10} MiB`;
  if (n >= 1024) return `${Math.round(n / 1024)} KiB`;
  return `${n} bytes`;
}

/** An upload's bytes, and the name the sender gave it (only ever shown, never trusted). */
export interface ReceivedUpload {
  readonly bytes: Uint8Array;
  readonly name: string | undefined;
}

const tooLarge = (max: number) => new KilnError('too_large', UPLOAD_MESSAGES.tooLarge(max));

/** Room for a JSON envelope or multipart headers around the file. */
const ENVELOPE_BYTES = 64 * 1024;

/**
 * After a refusal, at most this much more of the body is read and thrown away (and for at most `DRAIN_MS`), so a
 * client that sends its whole body before reading the answer still gets the 413 rather than a broken connection.
 * Nothing drained is kept; past either bound the connection is closed.
 */
const DRAIN_BYTES = 64 * 1024 * 1024;
const DRAIN_MS = 10_000;

/** Reads and discards the rest of a body, within the drain bounds. */
async function drain(reader: ReadableStreamDefaultReader<Uint8Array>): Promise<void> {
  const until = Date.now() + DRAIN_MS;
  let seen = 0;
  try {
    while (seen <= DRAIN_BYTES && Date.now() < until) {
      const { done, value } = await reader.read();
      if (done) return;
      seen += value.byteLength;
    }
    await reader.cancel();
  } catch {
    // the client went away: nothing to answer
  }
}

/** The upload in `req`, at most `max` bytes of file. */
export async function receiveUpload(
  req: Request,
  max: number,
  egress: EgressPolicy,
): Promise<ReceivedUpload> {
  const type = (req.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  if (type === 'multipart/form-data') return fromMultipart(req, max);
  if (type === 'application/json') return fromJson(req, max, egress);
  const bytes = await readLimited(req, max, max);
  if (bytes.byteLength === 0) throw new KilnError('validation', UPLOAD_MESSAGES.empty);
  return { bytes, name: undefined };
}

/**
 * The body, refused with 413 once it passes `cut` bytes (checked against Content-Length first, then while it
 * streams). `max` is the file limit the message names.
 */
export async function readLimited(req: Request, cut: number, max: number): Promise<Uint8Array> {
  const declared = Number(req.headers.get('content-length') ?? Number.NaN);
  if (declared > cut + DRAIN_BYTES) throw tooLarge(max);
  if (!req.body) return new Uint8Array(0);
  const reader = req.body.getReader();
  if (declared > cut) {
    await drain(reader);
    throw tooLarge(max);
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > cut) {
      await drain(reader);
      throw tooLarge(max);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks, size);
}

async function fromJson(req: Request, max: number, egress: EgressPolicy): Promise<ReceivedUpload> {
  // base64 is 4/3 of the bytes it carries.
  const text = Buffer.from(await readLimited(req, Math.ceil((max * 4) / 3) + ENVELOPE_BYTES, max)).toString(
    'utf8',
  );
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new KilnError('validation', UPLOAD_MESSAGES.badJson);
  }
  const fields = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  const name = typeof fields.name === 'string' ? fields.name : undefined;
  if (typeof fields.base64 === 'string') return { bytes: decodeBase64(fields.base64, max), name };
  if (typeof fields.url === 'string') return { bytes: await fromUrl(fields.url, max, egress), name };
  throw new KilnError('validation', UPLOAD_MESSAGES.badJson);
}

/** Bytes of base64 text, with or without a `data:…;base64,` prefix. */
function decodeBase64(text: string, max: number): Uint8Array {
  const bare = text.replace(/^data:[^,]*;base64,/i, '').replace(/\s+/g, '');
  if (!bare) throw new KilnError('validation', UPLOAD_MESSAGES.empty);
  if (!/^[A-Za-z0-9+/_-]*={0,2}$/.test(bare) || bare.length % 4 === 1)
    throw new KilnError('validation', UPLOAD_MESSAGES.badBase64);
  const bytes = Buffer.from(bare, 'base64');
  if (bytes.byteLength > max) throw tooLarge(max);
  return bytes;
}

/** A visitor's URL fetched through the egress guard: no address inside the machine or its network. */
async function fromUrl(raw: string, max: number, egress: EgressPolicy): Promise<Uint8Array> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new KilnError('validation', UPLOAD_MESSAGES.badUrl);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new KilnError('validation', UPLOAD_MESSAGES.badUrl);
  try {
    const res = await guardedFetch(url, {}, egress, { maxResponseBytes: max, timeoutMs: 20_000 });
    if (!res.ok) {
      await res.body?.cancel();
      throw new KilnError('validation', UPLOAD_MESSAGES.urlFailed(res.status));
    }
    const bytes = new Uint8Array(await res.arrayBuffer());
    if (bytes.byteLength === 0) throw new KilnError('validation', UPLOAD_MESSAGES.empty);
    return bytes;
  } catch (err) {
    if (err instanceof EgressRefused) {
      if (/larger than/.test(err.message)) throw tooLarge(max);
      throw new KilnError('forbidden', err.message);
    }
    if (err instanceof KilnError) throw err;
    throw new KilnError('validation', `The URL could not be fetched: ${(err as Error).message}`);
  }
}

/** A limit known up front, or decided from the form fields sent before the file (a presigned upload's signature). */
export type MultipartLimit = number | ((fields: Readonly<Record<string, string>>) => Promise<number>);

/**
 * The first file of a multipart form (the field `file`, or else any file field) and the fields before it, cut
 * at the limit as it streams. With a limit decided from the fields, the file waits until it is decided.
 */
export function fromMultipart(
  req: Request,
  limit: MultipartLimit,
): Promise<ReceivedUpload & { fields: Record<string, string> }> {
  const fixed = typeof limit === 'number' ? limit : null;
  const declared = Number(req.headers.get('content-length') ?? Number.NaN);
  if (fixed !== null && declared > fixed + ENVELOPE_BYTES + DRAIN_BYTES)
    return Promise.reject(tooLarge(fixed));
  if (!req.body) return Promise.reject(new KilnError('validation', UPLOAD_MESSAGES.noFile));
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: { 'content-type': req.headers.get('content-type') ?? '' },
        limits: { files: 1, fields: 50, fieldSize: 64 * 1024, parts: 60 },
      });
    } catch {
      reject(new KilnError('validation', UPLOAD_MESSAGES.badForm));
      return;
    }
    const input = Readable.fromWeb(req.body as import('node:stream/web').ReadableStream<Uint8Array>);
    const fields: Record<string, string> = {};
    let settled = false;
    const finish = (err: unknown, value?: ReceivedUpload) => {
      if (settled) return;
      settled = true;
      input.unpipe(parser);
      if (err) {
        // The rest of the body is read and thrown away (within bounds), then the refusal is answered.
        let seen = 0;
        const done = () => {
          clearTimeout(timer);
          input.off('data', count);
          reject(err);
        };
        const count = (chunk: Buffer) => {
          seen += chunk.byteLength;
          if (seen > DRAIN_BYTES) {
            input.destroy();
            done();
          }
        };
        const timer = setTimeout(() => {
          input.destroy();
          done();
        }, DRAIN_MS);
        if (input.readableEnded) return done();
        input.on('data', count);
        input.once('end', done);
        input.once('error', done);
        input.resume();
      } else resolve({ ...value!, fields });
    };
    let file: ReceivedUpload | null = null;
    let reading: Promise<void> | null = null;
    parser.on('field', (name, value) => {
      fields[name] = value;
    });
    parser.on('file', (_field, stream, info) => {
      const chunks: Buffer[] = [];
      let size = 0;
      let max = fixed ?? 0;
      stream.on('data', (chunk: Buffer) => {
        size += chunk.byteLength;
        if (size > max) return finish(tooLarge(max));
        chunks.push(chunk);
      });
      reading = new Promise((done) =>
        stream.on('end', () => {
          file = { bytes: Buffer.concat(chunks, size), name: info.filename || undefined };
          done();
        }),
      );
      if (typeof limit === 'function') {
        stream.pause();
        limit({ ...fields }).then(
          (decided) => {
            max = decided;
            stream.resume();
          },
          (err) => finish(err),
        );
      }
    });
    parser.on('error', () => finish(new KilnError('validation', UPLOAD_MESSAGES.badForm)));
    parser.on('close', async () => {
      await reading;
      if (!file) return finish(new KilnError('validation', UPLOAD_MESSAGES.noFile));
      if (file.bytes.byteLength === 0) return finish(new KilnError('validation', UPLOAD_MESSAGES.empty));
      finish(null, file);
    });
    input.on('error', (err) => finish(err));
    input.pipe(parser);
  });
}
