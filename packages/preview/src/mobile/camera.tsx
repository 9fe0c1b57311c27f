/**
 * `expo-camera` for the preview and published web builds: `CameraView` shows the browser camera
 * (`getUserMedia`, front or back) and `takePictureAsync` returns a JPEG frame in Expo's shape; without a camera
 * or permission the view says why and calls `onMountError`. `useCameraPermissions` asks the browser.
 */
import {
  createElement,
  forwardRef,
  type ReactNode,
  useCallback,
  useEffect,
  useImperativeHandle,
  useRef,
  useState,
} from 'react';
import { Text, View } from 'react-native-web';
import { browserPermission, type PermissionResponse, permission } from './permissions';

export type CameraType = 'front' | 'back';

export interface CameraPictureOptions {
  quality?: number;
  base64?: boolean;
}

export interface CameraCapturedPicture {
  uri: string;
  width: number;
  height: number;
  base64?: string;
}

export interface CameraViewRef {
  takePictureAsync(options?: CameraPictureOptions): Promise<CameraCapturedPicture>;
}

interface CameraViewProps {
  facing?: CameraType;
  style?: unknown;
  children?: ReactNode;
  onCameraReady?: () => void;
  onMountError?: (event: { message: string }) => void;
  testID?: string;
}

async function askCamera(): Promise<PermissionResponse> {
  try {
    const stream = await navigator.mediaDevices.getUserMedia({ video: true });
    for (const track of stream.getTracks()) track.stop();
    return permission('granted');
  } catch (e) {
    return permission((e as DOMException).name === 'NotAllowedError' ? 'denied' : 'undetermined');
  }
}

export const CameraView = forwardRef<CameraViewRef, CameraViewProps>(function CameraView(
  { facing = 'back', style, children, onCameraReady, onMountError, testID },
  ref,
) {
  const video = useRef<HTMLVideoElement | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let stream: MediaStream | undefined;
    let stopped = false;
    const media = navigator.mediaDevices;
    if (!media?.getUserMedia) {
      setError('No camera in this browser.');
      onMountError?.({ message: 'No camera in this browser.' });
      return;
    }
    media.getUserMedia({ video: { facingMode: facing === 'front' ? 'user' : 'environment' } }).then(
      (s) => {
        stream = s;
        if (stopped) {
          for (const t of s.getTracks()) t.stop();
          return;
        }
        if (video.current) video.current.srcObject = s;
        onCameraReady?.();
      },
      (e: Error) => {
        const message = `Camera unavailable: ${e.message || e.name}`;
        setError(message);
        onMountError?.({ message });
      },
    );
    return () => {
      stopped = true;
      for (const t of stream?.getTracks() ?? []) t.stop();
    };
  }, [facing, onCameraReady, onMountError]);

  useImperativeHandle(ref, () => ({
    async takePictureAsync(options = {}) {
      const v = video.current;
      if (!v?.videoWidth) throw new Error(error ?? 'The camera is not ready yet.');
      const canvas = document.createElement('canvas');
      canvas.width = v.videoWidth;
      canvas.height = v.videoHeight;
      canvas.getContext('2d')?.drawImage(v, 0, 0);
      const uri = canvas.toDataURL('image/jpeg', options.quality ?? 0.9);
      return {
        uri,
        width: canvas.width,
        height: canvas.height,
        ...(options.base64 ? { base64: uri.replace(/^data:[^,]*,/, '') } : {}),
      };
    },
  }));

  return createElement(
    View,
    { style: [{ overflow: 'hidden', backgroundColor: '#000' }, style], testID },
    error
      ? createElement(Text, { style: { color: '#fff', padding: 16 }, role: 'alert' }, error)
      : createElement('video', {
          ref: video,
          autoPlay: true,
          playsInline: true,
          muted: true,
          style: { width: '100%', height: '100%', objectFit: 'cover', position: 'absolute', inset: 0 },
        }),
    children,
  );
});

/** `[permission, request, get]` like Expo's hook; the request asks the browser for the camera. */
export function useCameraPermissions(): [
  PermissionResponse | null,
  () => Promise<PermissionResponse>,
  () => Promise<PermissionResponse>,
] {
  const [status, setStatus] = useState<PermissionResponse | null>(null);
  const get = useCallback(async () => {
    const next = await browserPermission('camera');
    setStatus(next);
    return next;
  }, []);
  const request = useCallback(async () => {
    const next = await askCamera();
    setStatus(next);
    return next;
  }, []);
  useEffect(() => {
    void get();
  }, [get]);
  return [status, request, get];
}

export const useMicrophonePermissions = useCameraPermissions;

export const Camera = {
  requestCameraPermissionsAsync: askCamera,
  getCameraPermissionsAsync: () => browserPermission('camera'),
  requestMicrophonePermissionsAsync: async () => permission('undetermined'),
};
