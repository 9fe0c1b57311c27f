/**
 * @module
 * Images without a real source get Kiln's placeholder (spec §2, §7; rules in `../ai-image.ts`): the JSX
 * factory passes every `<img>` and react-native `Image` through here, and a `src` / `source.uri` that is
 * neither an absolute URL nor a file of the project becomes `/api/ai-img?prompt={alt or file name words}`.
 */
import { imageSource } from '../ai-image.ts';

/** react-native(-web) `Image` components, registered when the library loads. */
const nativeImages = new WeakSet<object>();
let projectFiles: readonly string[] = [];

/** Remembers the `FILE` modules of the loaded revision: an image pointing at one of them is real. */
export function setProjectFiles(filePaths: readonly string[]): void {
  projectFiles = filePaths;
}

function isProjectFile(src: string): boolean {
  const wanted = src
    .split(/[?#]/)[0]!
    .replace(/^(?:\.{0,2}\/)+/, '')
    .replace(/^@\//, '');
  return wanted.length > 0 && projectFiles.some((p) => p === wanted || p.endsWith(`/${wanted}`));
}

/** Marks a react-native `Image` component so its `source` is checked like an `<img src>`. */
export function registerNativeImage(component: unknown): void {
  if (component && (typeof component === 'object' || typeof component === 'function')) {
    nativeImages.add(component);
  }
}

/** True for the element types whose image source the factory checks. */
export function isImageType(type: unknown): boolean {
  return (
    type === 'img' ||
    (type !== null && (typeof type === 'object' || typeof type === 'function') && nativeImages.has(type))
  );
}

/** `props` with the image source replaced by the placeholder URL when it is not real; else `props` itself. */
export function withImageSource(
  type: unknown,
  props: Record<string, unknown> | null,
): Record<string, unknown> | null {
  if (type === 'img') {
    const url = imageSource(props?.src, props?.alt, isProjectFile);
    if (url === undefined) return props;
    const { srcSet: _srcSet, ...rest } = props ?? {};
    return { ...rest, src: url };
  }
  const source = props?.source;
  if (typeof source === 'number' || Array.isArray(source)) return props; // require(...) assets, multiple sizes
  const uri =
    typeof source === 'string'
      ? source
      : source && typeof source === 'object'
        ? (source as { uri?: unknown }).uri
        : undefined;
  const label = props?.alt ?? props?.accessibilityLabel ?? props?.['aria-label'];
  const url = imageSource(uri, label, isProjectFile);
  if (url === undefined) return props;
  const base = source && typeof source === 'object' ? source : {};
  return { ...props, source: { ...base, uri: url } };
}
