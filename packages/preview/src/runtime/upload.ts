/**
 * @module
 * Uploads for generated code (spec §5, §7, §8): the module `@/utils/useUpload`. `useUpload()` answers
 * `[upload, { loading }]`; `upload({ file } | { url } | { base64 } | { buffer } | { reactNativeAsset })` posts to the app's own origin
 * (`/_create/api/upload/`, served on preview and published origins alike) and resolves `{ url, mimeType }`, or
 * `{ error }` with the catalogue's words: `MESSAGES.uploadTooLarge` on 413, else `MESSAGES.uploadFailed`. It never
 * throws, so a form can show the error where it shows others.
 */
import { MESSAGES } from '@kiln/core/messages';
import { useCallback, useState } from 'react';

/** The route uploads go to on the app's own origin. */
export const UPLOAD_PATH = '/_create/api/upload/';

/** What `upload` takes: one of the spec's forms. */
export type UploadInput =
  | { file: Blob }
  | { url: string }
  | { base64: string }
  | { buffer: ArrayBuffer | ArrayBufferView }
  /** A mobile asset (an Expo image picker result): its `uri` is read and sent as the file. */
  | { reactNativeAsset: { uri: string; name?: string; mimeType?: string } };

export type UploadResult =
  | { url: string; mimeType: string; error?: undefined }
  | { error: string; url?: undefined; mimeType?: undefined };

/** Sends one upload; resolves its URL and type, or `{ error }` with the message to show. */
export async function upload(input: UploadInput): Promise<UploadResult> {
  let body: BodyInit;
  let headers: Record<string, string> = {};
  if ('file' in input && input.file) {
    const form = new FormData();
    form.append('file', input.file);
    body = form;
  } else if ('url' in input && typeof input.url === 'string') {
    body = JSON.stringify({ url: input.url });
    headers = { 'content-type': 'application/json' };
  } else if ('base64' in input && typeof input.base64 === 'string') {
    body = JSON.stringify({ base64: input.base64 });
    headers = { 'content-type': 'application/json' };
  } else if ('reactNativeAsset' in input && input.reactNativeAsset?.uri) {
    try {
      const blob = await (await fetch(input.reactNativeAsset.uri)).blob();
      const form = new FormData();
      form.append('file', blob, input.reactNativeAsset.name ?? 'upload');
      body = form;
    } catch {
      return { error: MESSAGES.uploadFailed };
    }
  } else if ('buffer' in input && input.buffer) {
    body = new Blob([input.buffer as ArrayBuffer]);
    headers = { 'content-type': 'application/octet-stream' };
  } else {
    return { error: MESSAGES.uploadFailed };
  }
  try {
    const res = await fetch(UPLOAD_PATH, { method: 'POST', body, headers });
    if (res.status === 413) return { error: MESSAGES.uploadTooLarge };
    if (!res.ok) return { error: MESSAGES.uploadFailed };
    const data = (await res.json()) as { url?: unknown; mimeType?: unknown };
    if (typeof data.url !== 'string') return { error: MESSAGES.uploadFailed };
    return { url: data.url, mimeType: String(data.mimeType ?? '') };
  } catch {
    // A browser may report a connection the server closed after answering 413 as a network error.
    return { error: MESSAGES.uploadFailed };
  }
}

/** `[upload, { loading }]`: the upload function and whether one is under way. */
export function useUpload(): [typeof upload, { loading: boolean }] {
  const [loading, setLoading] = useState(false);
  const send = useCallback(async (input: UploadInput) => {
    setLoading(true);
    try {
      return await upload(input);
    } finally {
      setLoading(false);
    }
  }, []);
  return [send, { loading }];
}

/** `@/utils/useUpload` as a module namespace. */
export function uploadShims(): Record<string, Record<string, unknown>> {
  return { '@/utils/useUpload': { default: useUpload, useUpload, upload } };
}
