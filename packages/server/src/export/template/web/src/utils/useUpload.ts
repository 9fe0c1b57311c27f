/**
 * @module `@/utils/useUpload` outside Kiln: files go to the app's own server (`POST /api/_uploads`, stored in
 * `uploads/` and served at `/uploads/…`); the answer is `{ url, mimeType }` or `{ error }` as in Kiln.
 */
import { useCallback, useState } from 'react';

export type UploadInput =
  | { file: Blob }
  | { url: string }
  | { base64: string }
  | { buffer: ArrayBuffer | ArrayBufferView }
  | { reactNativeAsset: { uri: string; name?: string; mimeType?: string } };

export type UploadResult =
  | { url: string; mimeType: string; error?: undefined }
  | { error: string; url?: undefined; mimeType?: undefined };

/** Where uploads are posted (server/app.ts). */
export const UPLOAD_ROUTE = '/api/_uploads';

async function bodyOf(input: UploadInput): Promise<Blob> {
  if ('file' in input) return input.file;
  if ('buffer' in input) {
    const view = input.buffer instanceof ArrayBuffer ? new Uint8Array(input.buffer) : input.buffer;
    const copy = new Uint8Array(view.byteLength);
    copy.set(new Uint8Array(view.buffer, view.byteOffset, view.byteLength));
    return new Blob([copy]);
  }
  if ('base64' in input) {
    const data = input.base64.replace(/^data:[^,]*,/, '');
    return new Blob([Uint8Array.from(atob(data), (c) => c.charCodeAt(0))]);
  }
  const from = 'url' in input ? input.url : input.reactNativeAsset.uri;
  return (await fetch(from)).blob();
}

/** Uploads one file; `{ error }` says why not (413: too large). */
export async function upload(input: UploadInput): Promise<UploadResult> {
  try {
    const res = await fetch(UPLOAD_ROUTE, { method: 'POST', body: await bodyOf(input) });
    if (res.status === 413) return { error: 'The file is too large.' };
    const data = (await res.json().catch(() => null)) as { url?: unknown; mimeType?: unknown } | null;
    if (!res.ok || typeof data?.url !== 'string') return { error: 'The upload failed.' };
    return { url: data.url, mimeType: String(data.mimeType ?? '') };
  } catch {
    return { error: 'The upload failed.' };
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

export default useUpload;
