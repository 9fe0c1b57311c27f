/** @module `next/image` for code written against Next.js: a plain img (`fill` covers the positioned parent). */
import type { ImgHTMLAttributes } from 'react';

export default function Image({
  src,
  fill,
  priority: _priority,
  placeholder: _placeholder,
  blurDataURL: _blur,
  quality: _quality,
  style,
  alt,
  ...rest
}: Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'placeholder'> & {
  src: string | { src: string };
  fill?: boolean;
  priority?: unknown;
  placeholder?: unknown;
  blurDataURL?: unknown;
  quality?: unknown;
}) {
  const fillStyle = fill ? { position: 'absolute' as const, inset: 0, width: '100%', height: '100%' } : {};
  const url = typeof src === 'string' ? src : src?.src;
  return <img {...rest} alt={alt ?? ''} src={url} style={{ ...fillStyle, ...style }} />;
}
