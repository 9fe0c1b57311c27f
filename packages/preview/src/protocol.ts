/**
 * @module
 * The preview protocol: the typed messages the builder and the preview runtime exchange over
 * `postMessage` (docs/contracts.md §3). Messages are plain data; both sides check `event.origin`.
 */
import type { ModuleType } from '@kiln/core';

/** One module of a project revision as the preview receives it: its path, type, display name and source. */
export interface PreviewModule {
  filePath: string;
  moduleType: ModuleType;
  name: string;
  content: string;
}

/** Which pages the preview renders: web pages (`PAGE`, auth pages) or mobile pages (`EXPO_PAGE`). */
export type PreviewMode = 'web' | 'mobile';

/**
 * The session user generated code sees in the builder's preview (spec §3 "Session user in preview"): the
 * builder's own account — `name` is its display name, `image` its photo URL.
 */
export interface PreviewUser {
  id: string;
  email: string;
  name: string;
  image: string | null;
}

/** The `kiln:load` message: everything the preview needs to render one state of a revision. */
export interface LoadMessage {
  kind: 'kiln:load';
  revisionId: string;
  modules: PreviewModule[];
  /** Tailwind output compiled by the server; replaces the previous stylesheet. */
  css: string;
  /** The route to show, e.g. `/` or `/todos/3`. */
  route: string;
  /** True while the model is still writing code: errors are suppressed and the last good render stays. */
  generating: boolean;
  mode: PreviewMode;
  /**
   * The builder's user, signed in for the preview (`@/utils/useUser`, `@/utils/useAuth`, spec §6). Absent or
   * null: the preview session is unauthenticated and sign-in fails with `MESSAGES.authNotEnabled`.
   */
  user?: PreviewUser | null;
  /**
   * Lets the runtime call the revision's functions and database (`/sandbox/api/{revisionId}/…`, `/api/db/…`) as
   * the builder's user; sent in the `x-kiln-sandbox-token` header. Absent: those calls answer 401.
   */
  sandboxToken?: string;
}

/** The header the runtime sends the sandbox token in (the server's app backend checks it). */
export const SANDBOX_TOKEN_HEADER = 'x-kiln-sandbox-token';

/**
 * Hands the runtime a `MessagePort` (the message's first transferred port) over which the builder sends every
 * later message. Sent with `window.postMessage` (origin-checked like every message) once per `kiln:ready`.
 * Why: a window message between the builder and the out-of-process preview frame hops through the browser
 * process's UI thread; a port's messages go from renderer to renderer (an 18 KB load, sent → received on a
 * 2-core machine: 1.6–2.0 ms median, p90 up to 5.8 ms, against 0.7–0.8 ms, p90 1.0–1.2 ms; preview README).
 */
export interface ConnectMessage {
  kind: 'kiln:connect';
}

/** Turns the preview's Select mode on or off (both ways: the preview says so when Escape leaves it). */
export interface SelectModeMessage {
  kind: 'kiln:select-mode';
  on: boolean;
}

/**
 * An element clicked in Select mode: where its opening tag starts in the source (`data-kiln-loc`, 1-based), its
 * tag, what it shows (text, `src`, `href`: the literal is found by it when the text is written as code), and
 * its box in the preview's viewport (CSS pixels) for the panel beside it.
 */
export interface ElementSelectedMessage {
  kind: 'kiln:element-selected';
  revisionId: string;
  filePath: string;
  line: number;
  column: number;
  tag: string;
  text: string;
  src: string | null;
  href: string | null;
  rect: { x: number; y: number; width: number; height: number };
}

/**
 * An image the builder's visual-edit panel uploads through the preview: the runtime posts it to its own origin's
 * upload route (the project's store, as the app's own uploads) and answers `kiln:uploaded` with the same `id`.
 */
export interface UploadMessage {
  kind: 'kiln:upload';
  id: string;
  file: Blob;
}

/** Messages from the builder to the preview iframe. */
export type BuilderToPreview =
  | LoadMessage
  | { kind: 'kiln:navigate'; route: string }
  | ConnectMessage
  | SelectModeMessage
  | UploadMessage;

/** Messages from the preview iframe to the builder. */
export type PreviewToBuilder =
  | { kind: 'kiln:ready' }
  /** The first successful render of a revision, reported once per revision id. */
  /**
   * A revision rendered with no module failing: once while its code is still generated (`generating: true`, the
   * preview shows something) and once for its finished code (`generating: false`, the revision's first render).
   */
  | { kind: 'kiln:rendered'; revisionId: string; route: string; ms: number; generating: boolean }
  | {
      kind: 'kiln:error';
      revisionId: string;
      filePath: string;
      mode: PreviewMode;
      message: string;
      stack?: string;
      /** Where in the module's source (1-based), when known: a compile error's position, a render error's frame. */
      line?: number;
      column?: number;
    }
  /** The preview changed its route itself (a link was followed). */
  | { kind: 'kiln:route'; route: string }
  /** The user pressed "Fix it" on an error box. */
  | { kind: 'kiln:fix'; revisionId: string; filePath: string; message: string }
  /** Select mode was left in the preview (Escape) or could not start. */
  | SelectModeMessage
  | ElementSelectedMessage
  /** The answer to `kiln:upload`: the file's URL, or the catalogue's message for why it failed. */
  | { kind: 'kiln:uploaded'; id: string; url: string | null; error: string | null };

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

const isString = (v: unknown): v is string => typeof v === 'string';
const isPositive = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v > 0;
const isMode = (v: unknown): v is PreviewMode => v === 'web' || v === 'mobile';

function isPreviewModule(v: unknown): v is PreviewModule {
  return (
    isRecord(v) && isString(v.filePath) && isString(v.moduleType) && isString(v.name) && isString(v.content)
  );
}

function isPreviewUser(v: unknown): v is PreviewUser {
  return (
    isRecord(v) &&
    isString(v.id) &&
    isString(v.email) &&
    isString(v.name) &&
    (v.image === null || isString(v.image))
  );
}

/** True when `v` is a well-formed builder → preview message. */
export function isBuilderToPreview(v: unknown): v is BuilderToPreview {
  if (!isRecord(v)) return false;
  switch (v.kind) {
    case 'kiln:load':
      return (
        isString(v.revisionId) &&
        Array.isArray(v.modules) &&
        v.modules.every(isPreviewModule) &&
        isString(v.css) &&
        isString(v.route) &&
        typeof v.generating === 'boolean' &&
        isMode(v.mode) &&
        (v.user === undefined || v.user === null || isPreviewUser(v.user)) &&
        (v.sandboxToken === undefined || isString(v.sandboxToken))
      );
    case 'kiln:navigate':
      return isString(v.route);
    case 'kiln:connect':
      return true;
    case 'kiln:select-mode':
      return typeof v.on === 'boolean';
    case 'kiln:upload':
      return isString(v.id) && typeof Blob !== 'undefined' && v.file instanceof Blob;
    default:
      return false;
  }
}

const isCount = (v: unknown): v is number => Number.isInteger(v) && (v as number) > 0;
const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const isStringOrNull = (v: unknown): v is string | null => v === null || isString(v);

function isRect(v: unknown): v is ElementSelectedMessage['rect'] {
  return isRecord(v) && isNumber(v.x) && isNumber(v.y) && isNumber(v.width) && isNumber(v.height);
}

/** True when `v` is a well-formed preview → builder message. */
export function isPreviewToBuilder(v: unknown): v is PreviewToBuilder {
  if (!isRecord(v)) return false;
  switch (v.kind) {
    case 'kiln:ready':
      return true;
    case 'kiln:rendered':
      return (
        isString(v.revisionId) &&
        isString(v.route) &&
        typeof v.ms === 'number' &&
        typeof v.generating === 'boolean'
      );
    case 'kiln:error':
      return (
        isString(v.revisionId) &&
        isString(v.filePath) &&
        isMode(v.mode) &&
        isString(v.message) &&
        (v.stack === undefined || isString(v.stack)) &&
        (v.line === undefined || isPositive(v.line)) &&
        (v.column === undefined || isPositive(v.column))
      );
    case 'kiln:route':
      return isString(v.route);
    case 'kiln:fix':
      return isString(v.revisionId) && isString(v.filePath) && isString(v.message);
    case 'kiln:select-mode':
      return typeof v.on === 'boolean';
    case 'kiln:uploaded':
      return isString(v.id) && isStringOrNull(v.url) && isStringOrNull(v.error);
    case 'kiln:element-selected':
      return (
        isString(v.revisionId) &&
        isString(v.filePath) &&
        isCount(v.line) &&
        isCount(v.column) &&
        isString(v.tag) &&
        isString(v.text) &&
        isStringOrNull(v.src) &&
        isStringOrNull(v.href) &&
        isRect(v.rect)
      );
    default:
      return false;
  }
}
