/**
 * @module The four origins (ARCHITECTURE §2): the builder, `{projectId}.preview.{base}`, `{slug}.apps.{base}`,
 * `files.{base}`. Builds their URLs and tells which one a request's Host header names.
 */
import type { KilnConfig } from './config';

export type OriginMatch =
  | { kind: 'builder' }
  | { kind: 'preview'; projectId: string }
  | { kind: 'app'; slug: string }
  | { kind: 'files' };

export interface Origins {
  readonly builderOrigin: string;
  previewUrl(projectId: string): string;
  appUrl(slug: string): string;
  /** The files origin, `{scheme}//files.{base}{:port}` (uploaded files; no slash at the end). */
  readonly filesOrigin: string;
  match(host: string | undefined): OriginMatch;
  /** Is this Host (name and port) the builder's own: the public URL's host name, or the base domain itself? */
  isBuilderHostName(host: string): boolean;
  /** A CSP source matching every project's preview origin (the builder frames them). */
  readonly previewFrameSource: string;
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Origins for a config; `port` is the port actually listened on (it may differ from config when 0). */
export function createOrigins(config: KilnConfig, port: number): Origins {
  const publicUrl = new URL(config.publicUrl ?? `http://localhost:${port}`);
  const base = config.baseDomain;
  const portPart = publicUrl.port ? `:${publicUrl.port}` : '';
  const scheme = publicUrl.protocol;
  const preview = new RegExp(`^([a-z0-9-]{1,63})\\.preview\\.${escapeRegExp(base)}(:\\d+)?$`, 'i');
  const app = new RegExp(`^([a-z0-9-]{1,63})\\.apps\\.${escapeRegExp(base)}(:\\d+)?$`, 'i');
  const files = new RegExp(`^files\\.${escapeRegExp(base)}(:\\d+)?$`, 'i');
  const builderNames = new Set([
    publicUrl.hostname.toLowerCase(),
    base.toLowerCase(),
    'localhost',
    '127.0.0.1',
    '[::1]',
  ]);
  return {
    builderOrigin: publicUrl.origin,
    previewFrameSource: `${scheme}//*.preview.${base}${portPart}`,
    isBuilderHostName: (host) => builderNames.has(host.toLowerCase().replace(/:\d+$/, '')),
    previewUrl: (projectId) => `${scheme}//${projectId}.preview.${base}${portPart}/`,
    appUrl: (slug) => `${scheme}//${slug}.apps.${base}${portPart}/`,
    filesOrigin: `${scheme}//files.${base}${portPart}`,
    match(host) {
      const h = (host ?? '').toLowerCase();
      let m = preview.exec(h);
      if (m) return { kind: 'preview', projectId: m[1]! };
      m = app.exec(h);
      if (m) return { kind: 'app', slug: m[1]! };
      if (files.test(h)) return { kind: 'files' };
      return { kind: 'builder' };
    },
  };
}
