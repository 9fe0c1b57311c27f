/**
 * Analytics of published apps on PGlite and PostgreSQL: the ingest route on the app's origin (JSON only, streamed
 * body limit, batch checks, rate limit, crawlers, the preview never counted), visitors counted by a hash that
 * changes daily, the summary and CSV `project.analytics(days)` answers to VIEWER+ members only, and retention.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyticsCsv, analyticsSummary, pruneAnalytics, recordEvents, utcDay } from '../src/analytics/store';
import { analyticsEvents, analyticsSalts } from '../src/db/schema';
import {
  type Backend,
  joinAsMember,
  postgresAvailable,
  signUp,
  startTestKiln,
  type TestKiln,
  waitFor,
} from './harness';
import { publishedApp } from './published-fixture';

const backends: Backend[] = ['pglite', ...((await postgresAvailable()) ? (['postgres'] as const) : [])];

const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

const ANALYTICS = `query($p: ID!, $d: Int) { project(id: $p) { analytics(days: $d) {
  days visitors pageviews events enabled retentionDays csv
  daily { date visitors pageviews events }
  topPages { name count visitors } topEvents { name count visitors } devices { name count visitors }
  referrers { name count }
} } }`;

function send(
  t: TestKiln,
  host: string,
  body: unknown,
  opts: { ua?: string; address?: string; type?: string } = {},
) {
  return t.client().send('POST', '/_kiln/analytics', {
    host,
    body,
    headers: {
      'user-agent': opts.ua ?? CHROME,
      'x-forwarded-for': opts.address ?? '203.0.113.7',
      ...(opts.type ? { 'content-type': opts.type } : {}),
    },
  });
}

describe.each(backends)('analytics of published apps (%s)', (backend) => {
  // One server per backend (every test makes its own organisation and app): starting one is the slow part.
  let t: TestKiln;
  beforeAll(async () => {
    t = await startTestKiln(backend, {
      KILN_WORKERS: '0',
      KILN_TRUST_PROXY: '1',
      KILN_ANALYTICS_RETENTION_DAYS: '30',
    });
  });
  afterAll(() => t[Symbol.asyncDispose]());

  it('counts page views, visitors and events, shows them to members only, and exports CSV', async () => {
    const me = await signUp(t, `owner-${backend}@example.com`);
    const app = await publishedApp(t, me.client, me.organizationId);
    // A row past the 30-day retention: the first write of this process deletes it (checked at the end).
    const old = new Date(Date.now() - 40 * 86_400_000);
    const oldView = { type: 'pageview' as const, name: '', path: '/old', referrer: null, props: null };
    await recordEvents(
      t.kiln.database.db,
      app.id,
      { address: '192.0.2.1', userAgent: CHROME },
      [oldView],
      old,
    );

    // Visitor A: two pages from a search engine, one event. Visitor B on a phone: one page. A crawler: ignored.
    const a = await send(t, app.host, {
      events: [
        {
          type: 'pageview',
          path: '/?email=someone@example.com',
          referrer: 'https://www.google.com/search?q=x',
        },
        { type: 'pageview', path: '/notes#top', referrer: `http://${app.host}/` },
        { type: 'track', name: 'note_added', path: '/notes', props: { words: 12, pinned: true } },
        { type: 'identify', path: '/notes', props: { email: 'someone@example.com' } },
      ],
    });
    expect(a.status).toBe(204);
    expect(
      (
        await send(
          t,
          app.host,
          { events: [{ type: 'pageview', path: '/' }] },
          { ua: IPHONE, address: '198.51.100.2' },
        )
      ).status,
    ).toBe(204);
    expect(
      (await send(t, app.host, { events: [{ type: 'pageview', path: '/' }] }, { ua: GOOGLEBOT })).status,
    ).toBe(204);

    const { data, errors } = await me.client.gql(ANALYTICS, { p: app.id, d: 7 });
    expect(errors).toBeUndefined();
    const s = data.project.analytics;
    expect(s).toMatchObject({
      days: 7,
      visitors: 2,
      pageviews: 3,
      events: 1,
      enabled: true,
      retentionDays: 30,
    });
    expect(s.daily).toHaveLength(7);
    expect(s.daily[6]).toEqual({ date: utcDay(new Date()), visitors: 2, pageviews: 3, events: 1 });
    expect(s.daily[0]).toMatchObject({ visitors: 0, pageviews: 0 });
    expect(s.topPages).toEqual([
      { name: '/', count: 2, visitors: 2 },
      { name: '/notes', count: 1, visitors: 1 },
    ]);
    expect(s.topEvents).toEqual([{ name: 'note_added', count: 1, visitors: 1 }]);
    expect(s.devices).toEqual(
      expect.arrayContaining([
        { name: 'desktop', count: 2, visitors: 1 },
        { name: 'mobile', count: 1, visitors: 1 },
      ]),
    );
    // Only other sites count as referrers; the app's own pages do not.
    expect(s.referrers).toEqual([{ name: 'www.google.com', count: 1 }]);
    expect(s.csv).toContain(`date,visitors,pageviews,events\r\n`);
    expect(s.csv).toContain(`${utcDay(new Date())},2,3,1\r\n`);
    expect(s.csv).toContain('page,pageviews,visitors\r\n/,2,2\r\n/notes,1,1\r\n');
    expect(s.csv).toContain('event,count,visitors\r\nnote_added,1,1\r\n');

    // Nothing personal is stored: no query strings, no identify traits, no address or agent.
    const rows = await t.kiln.database.db
      .select()
      .from(analyticsEvents)
      .where(eq(analyticsEvents.projectId, app.id));
    expect(rows.filter((r) => r.path !== '/old')).toHaveLength(5);
    const stored = JSON.stringify(rows);
    expect(stored).not.toContain('someone@example.com');
    expect(stored).not.toContain('203.0.113.7');
    expect(stored).not.toContain('Win64');
    expect(rows.find((r) => r.type === 'identify')).toMatchObject({ name: 'identify', props: null });
    expect(rows.find((r) => r.type === 'track')?.props).toEqual({ words: 12, pinned: true });

    // A member who is a VIEWER sees it; someone outside the organisation does not.
    const viewer = await joinAsMember(t, me.client, me.organizationId, `viewer-${backend}@example.com`, {
      role: 'VIEWER',
    });
    const seen = await viewer.client.gql(ANALYTICS, { p: app.id, d: 7 });
    expect(seen.data.project.analytics).toMatchObject({ visitors: 2, pageviews: 3 });
    const stranger = await signUp(t, `stranger-${backend}@example.com`);
    const refused = await stranger.client.gql(ANALYTICS, { p: app.id, d: 7 });
    expect(refused.data.project).toBeNull();
    await waitFor(async () => {
      const gone = await t.kiln.database.db
        .select()
        .from(analyticsEvents)
        .where(eq(analyticsEvents.path, '/old'));
      return gone.length === 0;
    });
  });

  it('rate-limits one address per app', async () => {
    const me = await signUp(t, `limits-${backend}@example.com`);
    const app = await publishedApp(t, me.client, me.organizationId);
    const batch = { events: [{ type: 'pageview', path: '/' }] };
    const statuses = await Promise.all(
      Array.from({ length: 120 }, () =>
        send(t, app.host, batch, { address: '192.0.2.9' }).then((r) => r.status),
      ),
    );
    expect(statuses.every((s) => s === 204)).toBe(true);
    const limited = await send(t, app.host, batch, { address: '192.0.2.9' });
    expect(limited.status).toBe(429);
    expect(limited.json<{ error: { message: string } }>().error.message).toMatch(
      /^Too many analytics events\. Try again in/,
    );
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is not affected.
    expect((await send(t, app.host, batch, { address: '192.0.2.10' })).status).toBe(204);
  });

  it('refuses bad batches with a clear error, and never counts the preview', async () => {
    const me = await signUp(t, `bad-${backend}@example.com`);
    const app = await publishedApp(t, me.client, me.organizationId);
    const cases: [unknown, string | undefined, number][] = [
      [{ events: [] }, undefined, 400],
      [{ events: [{ type: 'click', path: '/' }] }, undefined, 400],
      [{ events: Array.from({ length: 21 }, () => ({ type: 'pageview', path: '/' })) }, undefined, 400],
      [{ events: [{ type: 'track', path: '/' }] }, undefined, 400],
      [{ events: [{ type: 'pageview', path: '/' }] }, 'text/plain', 400],
    ];
    for (const [body, type, status] of cases) {
      const res = await send(t, app.host, body, { type });
      expect(res.status, JSON.stringify(body).slice(0, 60)).toBe(status);
      expect(res.json<{ error: { message: string } }>().error.message).toMatch(/event/i);
    }
    // Over 16 KiB is refused while it streams, before anything is parsed.
    const big = await send(t, app.host, {
      events: [{ type: 'track', name: 'x', path: '/', props: { a: 'y'.repeat(200) } }],
      pad: 'z'.repeat(17 * 1024),
    });
    expect(big.status).toBe(413);
    // The preview origin has no ingest route, and an unknown app answers 404.
    const preview = await send(t, `${app.id}.preview.localhost`, {
      events: [{ type: 'pageview', path: '/' }],
    });
    expect(preview.status).toBe(404);
    expect((await send(t, 'nope.apps.localhost', { events: [{ type: 'pageview', path: '/' }] })).status).toBe(
      404,
    );
    const s = (await me.client.gql(ANALYTICS, { p: app.id, d: 1 })).data.project.analytics;
    expect(s).toMatchObject({ visitors: 0, pageviews: 0, events: 0 });
  });

  it('rotates the visitor salt daily, keeps no salt older than yesterday, and deletes rows past retention', async () => {
    const me = await signUp(t, `salt-${backend}@example.com`);
    const app = await publishedApp(t, me.client, me.organizationId);
    const db = t.kiln.database.db;
    const client = { address: '192.0.2.1', userAgent: CHROME };
    const view = { type: 'pageview' as const, name: '', path: '/', referrer: null, props: null };
    const day = (n: number) => new Date(Date.now() - n * 86_400_000);
    for (const n of [40, 3, 2, 2]) await recordEvents(db, app.id, client, [view], day(n));
    const rows = await db.select().from(analyticsEvents).where(eq(analyticsEvents.projectId, app.id));
    const hashes = new Map(rows.map((r) => [utcDay(r.createdAt), r.visitorHash]));
    // The same visitor: one hash within a day, another the next day.
    expect(new Set(rows.map((r) => r.visitorHash)).size).toBe(3);
    expect(hashes.get(utcDay(day(3)))).not.toBe(hashes.get(utcDay(day(2))));
    const salts = (await db.select().from(analyticsSalts)).map((s) => s.day);
    expect(salts).toEqual(expect.arrayContaining([utcDay(day(3)), utcDay(day(2))]));
    expect(salts.every((d) => d >= utcDay(day(3)))).toBe(true);

    const summary = await analyticsSummary(db, app.id, 7);
    expect(summary).toMatchObject({ visitors: 2, pageviews: 3 });
    expect(analyticsCsv(summary).split('\r\n')[1]).toMatch(/^\d{4}-\d\d-\d\d,0,0,0$/);
    // Retention (30 days here): the 40-day-old row goes.
    expect(await pruneAnalytics(db, 30)).toBe(1);
    const left = await db.select().from(analyticsEvents).where(eq(analyticsEvents.projectId, app.id));
    expect(left).toHaveLength(3);
  });
});

describe('analytics turned off (pglite)', () => {
  it('records nothing when KILN_ANALYTICS=off, and says so', async () => {
    await using off = await startTestKiln('pglite', { KILN_WORKERS: '0', KILN_ANALYTICS: 'off' });
    const me = await signUp(off, 'off@example.com');
    const app = await publishedApp(off, me.client, me.organizationId);
    expect((await send(off, app.host, { events: [{ type: 'pageview', path: '/' }] })).status).toBe(204);
    const s = (await me.client.gql(ANALYTICS, { p: app.id, d: 1 })).data.project.analytics;
    expect(s).toMatchObject({ enabled: false, pageviews: 0 });
  });
});
