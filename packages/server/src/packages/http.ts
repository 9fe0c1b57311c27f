/**
 * @module The npm routes of preview and app origins:
 * - `GET /_kiln/npm/resolve?source={import source}&revision={revisionId}` → `{ url, name, version }` for the
 *   revision's pinned bundle (resolved and pinned on first use), or `{ error: { code, message } }` naming the
 *   package. A preview origin takes the revision from the query (it must belong to the preview's project); an
 *   app origin always uses its live revision.
 * - `GET /_kiln/npm/{sha256}.js`: a bundle, immutable (content-addressed).
 * Package code is only ever sent to these origins' browsers; nothing of it runs in Kiln's process.
 */
import { readFile } from 'node:fs/promises';
import { KilnError } from '@kiln/core';
import { and, eq } from 'drizzle-orm';
import type { Context, Hono } from 'hono';
import type { Db } from '../db/index';
import { revisions } from '../db/schema';
import { resolveForRevision } from './locks';
import { PACKAGE_MESSAGES as M } from './messages';
import type { PackageResolver } from './resolver';

export const NPM_BUNDLE_PATH = '/_kiln/npm/';

/** Which revision a request's packages are pinned to (null: none, answered 404). */
export type RevisionOf = (c: Context) => Promise<string | null>;

/** Adds the npm routes to a preview or app origin; before its `/_kiln/*` catch-all. */
export function npmRoutes(
  // biome-ignore lint/suspicious/noExplicitAny: the preview's and the app origin's apps
  app: Hono<any>,
  db: Db,
  resolver: PackageResolver | undefined,
  revisionOf: RevisionOf,
  opts: { importedOnly?: boolean } = {},
): void {
  app.get(`${NPM_BUNDLE_PATH}resolve`, async (c) => {
    if (!resolver) throw new KilnError('not_found', M.bundleNotFound);
    const source = c.req.query('source') ?? '';
    const revisionId = await revisionOf(c);
    if (!revisionId) throw new KilnError('not_found', M.noRevision(source));
    const r = await resolveForRevision(db, resolver, revisionId, source, opts);
    c.header('cache-control', 'no-cache');
    return c.json({
      url: `${NPM_BUNDLE_PATH}${r.bundle}.js`,
      name: r.name,
      version: r.version,
      peers: r.peers,
    });
  });
  app.get(`${NPM_BUNDLE_PATH}:file`, async (c) => {
    const hash = /^([0-9a-f]{64})\.js$/.exec(c.req.param('file'))?.[1];
    const file = hash ? await resolver?.bundleFileShared(hash) : null;
    if (!file) throw new KilnError('not_found', M.bundleNotFound);
    return new Response(await readFile(file), {
      headers: {
        'content-type': 'text/javascript; charset=utf-8',
        'cache-control': 'public, max-age=31536000, immutable',
        'x-content-type-options': 'nosniff',
      },
    });
  });
}

/** The preview's revision from the query, when it belongs to `projectId`. */
export async function previewRevision(db: Db, projectId: string, revisionId: string): Promise<string | null> {
  if (!projectId || !revisionId) return null;
  const [row] = await db
    .select({ id: revisions.id })
    .from(revisions)
    .where(and(eq(revisions.id, revisionId), eq(revisions.projectId, projectId)));
  return row?.id ?? null;
}
