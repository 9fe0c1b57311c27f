/**
 * `expo-image-picker` for the preview and published web builds: the browser's file chooser (with `capture`
 * for the camera), returning Expo's result shape — `{ canceled, assets: [{ uri, width, height, type,
 * fileName, mimeType, fileSize, base64 }] }`. The web asks for no permission to choose a file, so the
 * permission calls answer granted.
 */
import { useCallback, useState } from 'react';
import { type PermissionResponse, permission } from './permissions';

export const MediaTypeOptions = { All: 'All', Images: 'Images', Videos: 'Videos' } as const;
type MediaTypes =
  | (typeof MediaTypeOptions)[keyof typeof MediaTypeOptions]
  | 'images'
  | 'videos'
  | 'livePhotos'
  | readonly string[];

export interface ImagePickerOptions {
  mediaTypes?: MediaTypes;
  allowsMultipleSelection?: boolean;
  selectionLimit?: number;
  base64?: boolean;
  quality?: number;
  allowsEditing?: boolean;
  aspect?: [number, number];
}

export interface ImagePickerAsset {
  uri: string;
  width: number;
  height: number;
  type: 'image' | 'video';
  fileName: string;
  mimeType: string;
  fileSize: number;
  base64: string | null;
  assetId: null;
}

export type ImagePickerResult =
  | { canceled: true; assets: null }
  | { canceled: false; assets: ImagePickerAsset[] };

/** The `accept` attribute for Expo's media types (images by default). */
export function acceptFor(mediaTypes: MediaTypes | undefined): string {
  const kinds = (Array.isArray(mediaTypes) ? mediaTypes : [mediaTypes ?? 'Images']).map((k) =>
    String(k).toLowerCase(),
  );
  const images = kinds.some((k) => k === 'all' || k === 'images' || k === 'livephotos');
  const videos = kinds.some((k) => k === 'all' || k === 'videos');
  return [images ? 'image/*' : '', videos ? 'video/*' : ''].filter(Boolean).join(',') || 'image/*';
}

function dimensions(file: File, uri: string): Promise<{ width: number; height: number }> {
  return new Promise((resolve) => {
    if (file.type.startsWith('video/')) {
      const video = document.createElement('video');
      video.onloadedmetadata = () => resolve({ width: video.videoWidth, height: video.videoHeight });
      video.onerror = () => resolve({ width: 0, height: 0 });
      video.src = uri;
      return;
    }
    const img = new Image();
    img.onload = () => resolve({ width: img.naturalWidth, height: img.naturalHeight });
    img.onerror = () => resolve({ width: 0, height: 0 });
    img.src = uri;
  });
}

function base64Of(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

/** One picked file as Expo's asset. */
export async function toAsset(file: File, withBase64: boolean): Promise<ImagePickerAsset> {
  const uri = URL.createObjectURL(file);
  const { width, height } = await dimensions(file, uri);
  return {
    uri,
    width,
    height,
    type: file.type.startsWith('video/') ? 'video' : 'image',
    fileName: file.name,
    mimeType: file.type,
    fileSize: file.size,
    base64: withBase64 ? await base64Of(file) : null,
    assetId: null,
  };
}

function choose(options: ImagePickerOptions, capture: boolean): Promise<ImagePickerResult> {
  return new Promise((resolve, reject) => {
    const input = document.createElement('input');
    input.type = 'file';
    input.accept = acceptFor(options.mediaTypes);
    input.multiple = options.allowsMultipleSelection === true;
    if (capture) input.setAttribute('capture', 'environment');
    input.style.display = 'none';
    const done = () => input.remove();
    input.addEventListener('cancel', () => {
      done();
      resolve({ canceled: true, assets: null });
    });
    input.addEventListener('change', () => {
      const limit = options.allowsMultipleSelection ? options.selectionLimit || Number.POSITIVE_INFINITY : 1;
      const files = [...(input.files ?? [])].slice(0, limit);
      done();
      if (files.length === 0) return resolve({ canceled: true, assets: null });
      Promise.all(files.map((f) => toAsset(f, options.base64 === true))).then(
        (assets) => resolve({ canceled: false, assets }),
        reject,
      );
    });
    document.body.append(input);
    input.click();
  });
}

export function launchImageLibraryAsync(options: ImagePickerOptions = {}): Promise<ImagePickerResult> {
  return choose(options, false);
}

export function launchCameraAsync(options: ImagePickerOptions = {}): Promise<ImagePickerResult> {
  return choose(options, true);
}

const granted = async (): Promise<PermissionResponse> => permission('granted');
export const requestMediaLibraryPermissionsAsync = granted;
export const getMediaLibraryPermissionsAsync = granted;
export const requestCameraPermissionsAsync = granted;
export const getCameraPermissionsAsync = granted;

function usePermission(): [
  PermissionResponse | null,
  () => Promise<PermissionResponse>,
  () => Promise<PermissionResponse>,
] {
  const [status, setStatus] = useState<PermissionResponse | null>(null);
  const ask = useCallback(async () => {
    const next = permission('granted');
    setStatus(next);
    return next;
  }, []);
  return [status, ask, ask];
}

export const useMediaLibraryPermissions = usePermission;
export const useCameraPermissions = usePermission;
