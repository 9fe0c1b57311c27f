/**
 * @module Analytics of published apps in the platform database: recording page views and identify/track events
 * without cookies or personal data, the daily-rotating salt behind visitor counting, the summary the workspace's
 * Analytics panel shows, its CSV, and retention. Every step is a statement on the shared database, so several
 * Kiln processes on one PostgreSQL count the same visitors and agree on the salt.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gte, lt, ne, sql } from 'drizzle-orm';
import type { Db } from '../db/index';
import { analyticsEvents, analyticsSalts } from '../db/schema';
import { newId } from '../ids';
import { type DeviceInfo, deviceOf } from './device';

/** `KILN_ANALYTICS` and `KILN_ANALYTICS_RETENTION_DAYS`. */
export interface AnalyticsOptions {
  /** Off: the ingest route records nothing and published apps send nothing (default on). */
  readonly enabled: boolean;
  /** Rows older than this are deleted (default 365). */
  readonly retentionDays: number;
}

export const DEFAULT_ANALYTICS: AnalyticsOptions = Object.freeze({ enabled: true, retentionDays: 365 });

const DAY_MS = 24 * 60 * 60 * 1000;

/** One event as the ingest route accepted it (already checked, see ingest.ts). */
export interface AnalyticsInput {
  type: 'pageview' | 'track' | 'identify';
  name: string;
  path: string;
  referrer: string | null;
  props: Record<string, string | number | boolean | null> | null;
}

/** Who sent a batch: the client's address and user agent, used only to make the day's visitor hash. */
export interface AnalyticsClient {
  address: string;
  userAgent: string;
}

/** The UTC day of a time: `2026-11-25`. */
export const utcDay = (at: Date): string => at.toISOString().slice(0, 10);

/**
 * The salt of `day`: made by the first process to need it (the insert that loses the race changes nothing), read
 * by all. Salts of days before yesterday are deleted, so old hashes cannot be recomputed from an address.
 */
export async function saltOf(db: Db, day: string): Promise<string> {
  await db
    .insert(analyticsSalts)
    .values({ day, salt: randomBytes(32).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select().from(analyticsSalts).where(eq(analyticsSalts.day, day));
  const yesterday = utcDay(new Date(Date.parse(day) - DAY_MS));
  await db.delete(analyticsSalts).where(lt(analyticsSalts.day, yesterday));
  return row!.salt;
}

/** The visitor's hash for one project and day: no cookie, and nothing that leads back to the address. */
export function visitorHash(salt: string, projectId: string, client: AnalyticsClient): string {
  return createHash('sha256')
    .update(`${salt}\u0000${projectId}\u0000${client.address}\u0000${client.userAgent}`)
    .digest('base64url')
    .slice(0, 22);
}

/**
 * Stores a batch of a published app's events. Bots (by user agent) are not counted. Answers how many rows were
 * written.
 */
export async function recordEvents(
  db: Db,
  projectId: string,
  client: AnalyticsClient,
  events: readonly AnalyticsInput[],
  now = new Date(),
): Promise<number> {
  const device: DeviceInfo | null = deviceOf(client.userAgent);
  if (!device || events.length === 0) return 0;
  const hash = visitorHash(await saltOf(db, utcDay(now)), projectId, client);
  await db.insert(analyticsEvents).values(
    events.map((e) => ({
      id: newId(),
      projectId,
      type: e.type,
      name: e.name,
      path: e.path,
      referrer: e.referrer,
      ...device,
      visitorHash: hash,
      props: e.props,
      createdAt: now,
    })),
  );
  return events.length;
}

/** Deletes rows older than the retention; answers how many went. */
export async function pruneAnalytics(db: Db, retentionDays: number, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - retentionDays * DAY_MS);
  const gone = await db
    .delete(analyticsEvents)
    .where(lt(analyticsEvents.createdAt, cutoff))
    .returning({ id: analyticsEvents.id });
  return gone.length;
}

export interface AnalyticsDay {
  /** UTC day, `YYYY-MM-DD`. */
  date: string;
  visitors: number;
  pageviews: number;
  events: number;
}

export interface AnalyticsCount {
  name: string;
  count: number;
  visitors: number;
}

export interface AnalyticsSummary {
  days: number;
  /** Visitors counted per day, added up (a visitor's hash changes every day, as in Plausible). */
  visitors: number;
  pageviews: number;
  events: number;
  /** One entry per day of the range, oldest first, days without traffic included. */
  daily: AnalyticsDay[];
  topPages: AnalyticsCount[];
  topEvents: AnalyticsCount[];
  devices: AnalyticsCount[];
  referrers: AnalyticsCount[];
}

/** The longest range the panel asks for. */
export const MAX_ANALYTICS_DAYS = 366;
const TOP = 10;

/** The last `days` UTC days (today included) of one project's published traffic. */
export async function analyticsSummary(
  db: Db,
  projectId: string,
  days: number,
  now = new Date(),
): Promise<AnalyticsSummary> {
  const span = Math.min(MAX_ANALYTICS_DAYS, Math.max(1, Math.floor(days)));
  const today = Date.parse(utcDay(now));
  const from = new Date(today - (span - 1) * DAY_MS);
  const inRange = and(eq(analyticsEvents.projectId, projectId), gte(analyticsEvents.createdAt, from));
  const day = sql<string>`to_char(${analyticsEvents.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`;
  const visitors = sql<number>`count(distinct ${analyticsEvents.visitorHash})::int`;
  const pageviews = sql<number>`(count(*) filter (where ${analyticsEvents.type} = 'pageview'))::int`;
  const tracked = sql<number>`(count(*) filter (where ${analyticsEvents.type} = 'track'))::int`;
  const count = sql<number>`count(*)::int`;
  const top = (column: typeof analyticsEvents.path | typeof analyticsEvents.name, where = inRange) =>
    db
      .select({ name: sql<string>`${column}`, count, visitors })
      .from(analyticsEvents)
      .where(where)
      .groupBy(column)
      .orderBy(sql`count(*) desc`, column)
      .limit(TOP);
  const [perDay, topPages, topEvents, devices, referrers] = await Promise.all([
    db
      .select({ date: day, visitors, pageviews, events: tracked })
      .from(analyticsEvents)
      .where(inRange)
      .groupBy(day),
    top(analyticsEvents.path, and(inRange, eq(analyticsEvents.type, 'pageview'))),
    top(analyticsEvents.name, and(inRange, eq(analyticsEvents.type, 'track'))),
    db
      .select({ name: analyticsEvents.device, count, visitors })
      .from(analyticsEvents)
      .where(and(inRange, eq(analyticsEvents.type, 'pageview')))
      .groupBy(analyticsEvents.device)
      .orderBy(sql`count(*) desc`),
    db
      .select({ name: sql<string>`coalesce(${analyticsEvents.referrer}, '')`, count, visitors })
      .from(analyticsEvents)
      .where(and(inRange, eq(analyticsEvents.type, 'pageview'), ne(analyticsEvents.referrer, '')))
      .groupBy(analyticsEvents.referrer)
      .orderBy(sql`count(*) desc`)
      .limit(TOP),
  ]);
  const byDate = new Map(perDay.map((d) => [d.date, d]));
  const daily: AnalyticsDay[] = [];
  for (let i = 0; i < span; i++) {
    const date = utcDay(new Date(from.getTime() + i * DAY_MS));
    const d = byDate.get(date);
    daily.push({ date, visitors: d?.visitors ?? 0, pageviews: d?.pageviews ?? 0, events: d?.events ?? 0 });
  }
  return {
    days: span,
    visitors: daily.reduce((n, d) => n + d.visitors, 0),
    pageviews: daily.reduce((n, d) => n + d.pageviews, 0),
    events: daily.reduce((n, d) => n + d.events, 0),
    daily,
    topPages,
    topEvents,
    devices,
    referrers,
  };
}

/** A CSV field: quoted when it holds a comma, quote or line break; formula-leading text defused for spreadsheets. */
function csvField(value: string | number): string {
  let s = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** The summary as CSV: the days, then the top pages and events, each a section with its own header row. */
export function analyticsCsv(summary: AnalyticsSummary): string {
  const rows: (string | number)[][] = [['date', 'visitors', 'pageviews', 'events']];
  for (const d of summary.daily) rows.push([d.date, d.visitors, d.pageviews, d.events]);
  rows.push([], ['page', 'pageviews', 'visitors']);
  for (const p of summary.topPages) rows.push([p.name, p.count, p.visitors]);
  rows.push([], ['event', 'count', 'visitors']);
  for (const e of summary.topEvents) rows.push([e.name, e.count, e.visitors]);
  return `${rows.map((r) => r.map(csvField).join(',')).join('\r\n')}\r\n`;
}
