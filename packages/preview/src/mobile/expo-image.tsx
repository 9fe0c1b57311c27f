/**
 * @module
 * `expo-image` for the mobile preview: models reach for it by habit (it is in Expo's own templates), and the npm
 * package is over the download caps with its native dependencies. Its `Image` is react-native-web's, with
 * expo-image's props mapped: `source` as a URL string, `{ uri }` or a list; `contentFit` → `resizeMode`;
 * `placeholder`, `transition`, `cachePolicy` are accepted and ignored.
 */
import { createElement, type ReactNode } from 'react';
import { Image as RNImage, ImageBackground as RNImageBackground } from 'react-native-web';

type Source = string | number | { uri?: string; [key: string]: unknown } | null | undefined;
type ContentFit = 'cover' | 'contain' | 'fill' | 'none' | 'scale-down';

/** expo-image's `contentFit` as react-native's `resizeMode`. */
const RESIZE_MODE: Record<ContentFit, string> = {
  cover: 'cover',
  contain: 'contain',
  fill: 'stretch',
  none: 'center',
  'scale-down': 'contain',
};

interface ExpoImageProps {
  source?: Source | Source[];
  contentFit?: ContentFit;
  children?: ReactNode;
  [prop: string]: unknown;
}

/** The first usable source in react-native's shape. */
function toSource(source: Source | Source[]): unknown {
  const first = Array.isArray(source) ? source[0] : source;
  return typeof first === 'string' ? { uri: first } : (first ?? undefined);
}

function mapProps({
  source,
  contentFit,
  placeholder: _p,
  transition: _t,
  cachePolicy: _c,
  ...rest
}: ExpoImageProps) {
  return {
    ...rest,
    source: toSource(source),
    resizeMode: RESIZE_MODE[contentFit ?? 'cover'] ?? 'cover',
  };
}

export function Image(props: ExpoImageProps) {
  return createElement(RNImage, mapProps(props));
}
/** Nothing is cached by the stand-in: these resolve at once. */
Image.prefetch = async (_urls: string | string[]): Promise<boolean> => true;
Image.clearMemoryCache = async (): Promise<boolean> => true;
Image.clearDiskCache = async (): Promise<boolean> => true;

export function ImageBackground(props: ExpoImageProps) {
  return createElement(RNImageBackground, mapProps(props), props.children);
}

export default Image;
