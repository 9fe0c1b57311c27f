/**
 * @module The screenshots of verification reports (issue 22, jobs/verification.ts): JPEGs stored in the
 * platform database, so every process serves them, at `/v0/verification/screenshots/{id}` on the builder
 * origin, to users who may see the project (VIEWER and up); anyone else gets the same 404 as for no screenshot.
 */
import { KilnError } from '@kiln/core';
import { eq } from 'drizzle-orm';
import type { Context, Hono } from 'hono';
import type { User } from './accounts';
import type { Db } from './db/index';
import { revisions, verificationScreenshots } from './db/schema';
import { getProject } from './projects';

const PREFIX = '/v0/verification/screenshots/';
const NOT_FOUND = 'No such screenshot.';

/** Where a screenshot is served (a path on the builder origin). */
export function screenshotPath(id: string): string {
  return `${PREFIX}${encodeURIComponent(id)}`;
}

/** Mounts `GET /v0/verification/screenshots/:id` (one line in http/app.ts). */
export function verificationScreenshotRoute(
  // biome-ignore lint/suspicious/noExplicitAny: any Hono app (its bindings differ per origin)
  app: Hono<any>,
  db: Db,
  userOf: (c: Context) => Promise<User | null>,
): void {
  app.get(`${PREFIX}:id`, async (c) => {
    const user = await userOf(c);
    if (!user) throw new KilnError('unauthenticated', 'Sign in to see this screenshot.');
    const [row] = await db
      .select({ jpeg: verificationScreenshots.jpeg, projectId: revisions.projectId })
      .from(verificationScreenshots)
      .innerJoin(revisions, eq(revisions.id, verificationScreenshots.revisionId))
      .where(eq(verificationScreenshots.id, c.req.param('id')));
    if (!row) throw new KilnError('not_found', NOT_FOUND);
    await getProject(db, user, row.projectId).catch(() => {
      throw new KilnError('not_found', NOT_FOUND);
    });
    return new Response(new Uint8Array(row.jpeg), {
      headers: {
        'content-type': 'image/jpeg',
        // A screenshot never changes; only its viewers may keep it.
        'cache-control': 'private, max-age=86400, immutable',
        'x-content-type-options': 'nosniff',
      },
    });
  });
}
