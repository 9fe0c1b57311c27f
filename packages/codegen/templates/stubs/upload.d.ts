/** Stub of the runtime's upload hook a generated app imports (`packages/preview/src/runtime/upload.ts`). */
declare module '@/utils/useUpload' {
  type UploadInput =
    | { file: Blob }
    | { url: string }
    | { base64: string }
    | { buffer: ArrayBuffer | ArrayBufferView }
    | { reactNativeAsset: { uri: string; name?: string; mimeType?: string } };
  type UploadResult =
    | { url: string; mimeType: string; error?: undefined }
    | { error: string; url?: undefined; mimeType?: undefined };
  const useUpload: () => [(input: UploadInput) => Promise<UploadResult>, { loading: boolean }];
  export default useUpload;
}
