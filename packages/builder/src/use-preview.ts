/**
 * @module Binds a preview iframe to a `PreviewClient`: pushes the revision's modules (and the signed-in user,
 * whom generated code sees through `@/utils/useUser`) on every change and reports what the runtime says back
 * (route changes, render errors, Fix it presses).
 */
import { PreviewClient } from '@kiln/preview/client';
import type { ElementSelectedMessage, PreviewMode, PreviewUser } from '@kiln/preview/protocol';
import { type RefObject, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { Me, Module, Revision } from './queries.ts';
import { useSession } from './use-session.ts';

export interface PreviewError {
  revisionId: string;
  filePath: string;
  message: string;
  /** 1-based line (and column) in the module's source, when the preview knows it. */
  line?: number;
  column?: number;
}

export interface PreviewHandlers {
  onRoute: (route: string) => void;
  onError: (error: PreviewError) => void;
  onFix: (error: PreviewError) => void;
  /** The revision rendered; `generating` while its code is still being written (not its first render yet). */
  onRendered: (revisionId: string, generating: boolean) => void;
  /** The runtime inside the iframe has loaded (again, after a reload). */
  onReady: () => void;
  /** Select mode: an element was clicked (issue 17). */
  onElementSelected?: (element: ElementSelectedMessage) => void;
  /** Select mode was left inside the preview (Escape), or could not start. */
  onSelectMode?: (on: boolean) => void;
}

function previewOrigin(previewUrl: string): string | null {
  try {
    return new URL(previewUrl).origin;
  } catch {
    return null;
  }
}

/** FNV-1a over everything the runtime renders, so identical polls do not re-render the preview. */
function fingerprint(parts: string[]): string {
  let hash = 0x811c9dc5;
  for (const part of parts) {
    for (let i = 0; i < part.length; i++) {
      hash ^= part.charCodeAt(i);
      hash = Math.imul(hash, 0x01000193);
    }
    hash ^= 0xff;
    hash = Math.imul(hash, 0x01000193);
  }
  return `${parts.length}:${(hash >>> 0).toString(36)}`;
}

/** The builder's user as generated code sees it in the preview (spec §3 "Session user in preview"). */
export function previewUser(me: Me | null): PreviewUser | null {
  if (!me) return null;
  return { id: me.id, email: me.email, name: me.displayName, image: me.profile.photoURL };
}

function toPreviewModules(modules: Module[]) {
  return modules.map(({ filePath, moduleType, name, content }) => ({ filePath, moduleType, name, content }));
}

/** Returns `navigate(route)` for the route bar. */
export function usePreview(options: {
  iframe: RefObject<HTMLIFrameElement | null>;
  previewUrl: string;
  /** Lets the preview call the app's functions and database. */
  sandboxToken?: string;
  revision: Revision | null;
  generating: boolean;
  mode: PreviewMode;
  handlers: PreviewHandlers;
  /** Bumped when the iframe element is replaced (the workspace's layout changed), so the client follows it. */
  frameVersion?: number;
  /** Whether the preview's Select mode is on (default off). */
  selecting?: boolean;
}): { navigate: (route: string) => void; upload: (file: Blob) => Promise<string> } {
  const { iframe, previewUrl, sandboxToken, revision, generating, mode, handlers, frameVersion } = options;
  const selecting = options.selecting ?? false;
  // Inside the builder's preview the user is always signed in as themself (spec §6).
  const { me } = useSession();
  const user = useMemo(() => previewUser(me), [me]);
  const client = useRef<PreviewClient | null>(null);
  const route = useRef('/');
  const handlersRef = useRef(handlers);
  const pushed = useRef('');
  // Bumped when a new client exists, so the current revision is pushed to it.
  const [clientVersion, setClientVersion] = useState(0);

  useLayoutEffect(() => {
    handlersRef.current = handlers;
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: `frameVersion` says `iframe.current` changed.
  useEffect(() => {
    const element = iframe.current;
    const origin = previewOrigin(previewUrl);
    if (!element || !origin) return;
    const current = new PreviewClient(element, origin);
    client.current = current;
    pushed.current = '';
    setClientVersion((n) => n + 1);
    const unsubscribe = [
      current.on('kiln:route', (message) => {
        route.current = message.route;
        handlersRef.current.onRoute(message.route);
      }),
      current.on('kiln:error', (message) =>
        handlersRef.current.onError({
          revisionId: message.revisionId,
          filePath: message.filePath,
          message: message.message,
          ...(message.line ? { line: message.line } : {}),
          ...(message.column ? { column: message.column } : {}),
        }),
      ),
      current.on('kiln:ready', () => handlersRef.current.onReady()),
      current.on('kiln:rendered', (message) =>
        handlersRef.current.onRendered(message.revisionId, message.generating),
      ),
      current.on('kiln:element-selected', (message) => handlersRef.current.onElementSelected?.(message)),
      current.on('kiln:select-mode', (message) => handlersRef.current.onSelectMode?.(message.on)),
      current.on('kiln:fix', (message) =>
        handlersRef.current.onFix({
          revisionId: message.revisionId,
          filePath: message.filePath,
          message: message.message,
        }),
      ),
    ];
    return () => {
      for (const off of unsubscribe) off();
      current.dispose();
      if (client.current === current) client.current = null;
    };
  }, [iframe, previewUrl, frameVersion]);

  const load = useMemo(() => {
    if (!revision) return null;
    const modules = toPreviewModules(revision.modules);
    const key = fingerprint([
      revision.id,
      String(generating),
      mode,
      revision.css,
      user ? JSON.stringify(user) : '',
      sandboxToken ?? '',
      ...modules.flatMap((m) => [m.filePath, m.moduleType, m.name, m.content]),
    ]);
    return {
      key,
      message: {
        revisionId: revision.id,
        modules,
        css: revision.css,
        generating,
        mode,
        user,
        ...(sandboxToken ? { sandboxToken } : {}),
      },
    };
  }, [revision, generating, mode, user, sandboxToken]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `clientVersion` re-pushes to a fresh client.
  useEffect(() => {
    if (!client.current || !load || load.key === pushed.current) return;
    pushed.current = load.key;
    client.current.load({ ...load.message, route: route.current });
  }, [load, clientVersion]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `clientVersion` tells a fresh client the mode.
  useEffect(() => {
    client.current?.setSelectMode(selecting);
  }, [selecting, clientVersion]);

  const navigate = useCallback((to: string) => {
    route.current = to;
    client.current?.navigate(to);
  }, []);

  /** Uploads a file through the preview runtime to the project's store (the visual-edit panel's images). */
  const upload = useCallback(
    (file: Blob) =>
      client.current?.upload(file) ?? Promise.reject(new Error('The preview is not ready yet.')),
    [],
  );

  return { navigate, upload };
}
