/**
 * @module The analytics ingest route on a published app's origin: `POST /_kiln/analytics` takes a batch of the
 * app runtime's page views and identify/track events (runtime/analytics.ts in @kiln/preview). JSON only (a
 * cross-site form cannot post it), at most 16 KiB read as it streams, 20 events a batch, rate-limited per app and
 * client address. It answers 204 whether or not anything was kept (analytics off, a crawler), so the page never
 * waits on it. The preview origin has no such route: the builder's own traffic is never counted.
 */
import { KilnError } from '@kiln/core';
import type { Context, Hono } from 'hono';
import { z } from 'zod';
import type { Db } from '../db/index';
import { clientAddress, type NodeBindings } from '../http/client-address';
import { limitBody } from '../http/security';
import { type RateLimits, rateLimited, tryAgainIn } from '../rate-limits';
import { type AnalyticsInput, type AnalyticsOptions, pruneAnalytics, recordEvents } from './store';

export const ANALYTICS_PATH = '/_kiln/analytics';
/** Largest batch body, in bytes. */
export const MAX_ANALYTICS_BODY_BYTES = 16 * 1024;
const MAX_EVENTS = 20;
const HOUR_MS = 60 * 60 * 1000;

const Scalar = z.union([z.string().max(200), z.number().finite(), z.boolean(), z.null()]);

const EventSchema = z.object({
  type: z.enum(['pageview', 'track', 'identify']),
  name: z.string().trim().max(100).optional(),
  path: z.string().max(1000),
  referrer: z.string().max(2000).optional(),
  props: z
    .record(z.string().max(100), Scalar)
    .refine((p) => Object.keys(p).length <= 20, 'At most 20 properties an event.')
    .optional(),
});

const BatchSchema = z.object({ events: z.array(EventSchema).min(1).max(MAX_EVENTS) });

export const ANALYTICS_BATCH_MESSAGE =
  'Send JSON {"events": [...]}: 1 to 20 events, each {type: pageview|track|identify, path, name?, referrer?, props?}.';

export interface AnalyticsRouteDeps {
  db: Db;
  options: AnalyticsOptions;
  rateLimits: RateLimits;
  trustProxy: boolean;
  /** The live app this request is for (throws not_found / forbidden like its pages). */
  project(c: Context): Promise<{ projectId: string }>;
  log(msg: string, err?: unknown): void;
}

/** The page's path alone: no query (it may carry tokens or e-mail addresses) and no hash. */
function pathOnly(raw: string): string {
  const path = raw.split(/[?#]/, 1)[0] ?? '';
  return path.startsWith('/') ? path : `/${path}`;
}

/** Another site's host name, or null for none, an unreadable one or the app itself. */
function referrerHost(raw: string | undefined, ownHost: string): string | null {
  if (!raw) return null;
  try {
    const host = new URL(raw).hostname;
    return host && host !== ownHost ? host : null;
  } catch {
    return null;
  }
}

/** Registers the ingest route on the published app's Hono app (before its `/api/*` functions route). */
export function analyticsRoutes(app: Hono, deps: AnalyticsRouteDeps): void {
  let prunedAt = 0;
  app.post(
    ANALYTICS_PATH,
    limitBody(() => ({ max: MAX_ANALYTICS_BODY_BYTES, utf8: true })),
    async (c) => {
      const { projectId } = await deps.project(c);
      if (!deps.options.enabled) return c.body(null, 204);
      const type = (c.req.header('content-type') ?? '').split(';')[0]?.trim().toLowerCase();
      if (type !== 'application/json') throw new KilnError('validation', ANALYTICS_BATCH_MESSAGE);
      let body: unknown;
      try {
        body = await c.req.json();
      } catch {
        throw new KilnError('validation', ANALYTICS_BATCH_MESSAGE);
      }
      const parsed = BatchSchema.safeParse(body);
      if (!parsed.success) throw new KilnError('validation', ANALYTICS_BATCH_MESSAGE);
      const address = clientAddress(c.req.raw, c.env as NodeBindings | undefined, deps.trustProxy);
      const wait = await deps.rateLimits.take('analyticsPerAppAndAddress', projectId, address);
      if (wait !== null) throw rateLimited(`Too many analytics events. ${tryAgainIn(wait)}`, wait);
      const host = new URL(`http://${c.req.header('host') ?? new URL(c.req.url).host}`).hostname;
      const events: AnalyticsInput[] = parsed.data.events.map((e) => ({
        type: e.type,
        name: e.type === 'track' ? (e.name ?? '') : e.type === 'identify' ? 'identify' : '',
        path: pathOnly(e.path),
        referrer: e.type === 'pageview' ? referrerHost(e.referrer, host) : null,
        // identify's traits would be personal data: only the fact that a visitor signed in is kept.
        props: e.type === 'track' && e.props ? e.props : null,
      }));
      if (events.some((e) => e.type === 'track' && e.name === '')) {
        throw new KilnError('validation', 'A track event needs a name.');
      }
      await recordEvents(
        deps.db,
        projectId,
        { address, userAgent: c.req.header('user-agent') ?? '' },
        events,
      );
      // Retention: each process deletes expired rows at most once an hour, after a write.
      if (Date.now() - prunedAt > HOUR_MS) {
        prunedAt = Date.now();
        void pruneAnalytics(deps.db, deps.options.retentionDays).catch((e) =>
          deps.log('analytics retention failed', e),
        );
      }
      return c.body(null, 204);
    },
  );
}
