/**
 * @module `GET /api/projects/{id}/export.zip` on the builder origin: the project as a standalone app
 * (./project-export.ts) in a zip with one top folder, for any member of its organisation (VIEWER and up),
 * signed in with the builder's session cookie. A GET that changes nothing, so no CSRF check is needed.
 */
import { KilnError } from '@kiln/core';
import type { Hono } from 'hono';
import { getCookie } from 'hono/cookie';
import { userForSession } from '../accounts';
import type { Db } from '../db/index';
import { sessionCookieName } from '../http/security';
import { SERVER_MESSAGES as M } from '../messages';
import type { Origins } from '../origins';
import { getProject } from '../projects';
import { loadExport } from './load';
import { exportProject, packageName } from './project-export';
import { zipStream } from './zip';

/** The export route's path (Hono pattern). */
export const EXPORT_ROUTE = '/api/projects/:id/export.zip';

/** Mounts the export route on the builder app. */
// biome-ignore lint/suspicious/noExplicitAny: mounted on the builder app whatever its bindings.
export function mountExport(app: Hono<any>, deps: { db: Db; origins: Origins }): void {
  app.get(EXPORT_ROUTE, async (c) => {
    const user = await userForSession(deps.db, getCookie(c, sessionCookieName(deps.origins)));
    if (!user) throw new KilnError('unauthenticated', M.signInRequired);
    const project = await getProject(deps.db, user, c.req.param('id'), 'VIEWER');
    const files = await exportProject(await loadExport(deps.db, project));
    const name = packageName(project.name);
    return new Response(zipStream(files, name), {
      headers: {
        'content-type': 'application/zip',
        'content-disposition': `attachment; filename="${name}.zip"`,
        'cache-control': 'private, no-store',
      },
    });
  });
}
