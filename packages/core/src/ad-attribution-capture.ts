/**
 * The zod-free half of ad attribution (spec §3): the parameter names, capture from a landing URL, freshness
 * and encoding. The published app's runtime imports this (`@kiln/core/ad-attribution-capture`) without zod;
 * `ad-attribution.ts` adds the schema and decoding for the server.
 * @module
 */
import { AD_ATTRIBUTION_LIFETIME_MS } from './constants';

/** The query parameters collected, by group. */
export const AD_ATTRIBUTION_KEYS = Object.freeze({
  shared: ['utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content'],
  google: [
    'gclid',
    'wbraid',
    'gbraid',
    'gad_source',
    'gad_campaignid',
    'gad_adgroupid',
    'gad_term',
    'gad_content',
  ],
  meta: ['fbclid'],
  tiktok: ['ttclid'],
  linkedin: ['li_fat_id'],
  twitter: ['twclid'],
  microsoft: ['msclkid'],
  pinterest: ['epik'],
  snapchat: ['scclid'],
} as const);
export type AdAttributionGroup = keyof typeof AD_ATTRIBUTION_KEYS;
export const AD_ATTRIBUTION_GROUPS = Object.keys(AD_ATTRIBUTION_KEYS) as AdAttributionGroup[];

/** A stored record: `savedAt` (ms since the epoch) and the groups that had values. */
export type CapturedAdAttribution = { savedAt: number } & Partial<
  Record<AdAttributionGroup, Record<string, string>>
>;

/**
 * Collects ad attribution from a URL's query (a `URLSearchParams`, a query string or a full URL). Empty
 * values are ignored; groups with no values are left out. Null when nothing was found.
 */
export function captureAdAttribution(
  query: URLSearchParams | string,
  now: number,
): CapturedAdAttribution | null {
  const params =
    typeof query === 'string'
      ? new URLSearchParams(query.includes('?') ? query.slice(query.indexOf('?') + 1).split('#')[0] : query)
      : query;
  const record: Record<string, unknown> = { savedAt: now };
  let found = false;
  for (const group of AD_ATTRIBUTION_GROUPS) {
    const values: Record<string, string> = {};
    for (const key of AD_ATTRIBUTION_KEYS[group]) {
      const value = params.get(key);
      if (value !== null && value !== '') values[key] = value;
    }
    if (Object.keys(values).length > 0) {
      record[group] = values;
      found = true;
    }
  }
  return found ? (record as CapturedAdAttribution) : null;
}

/** Whether a record saved at `savedAt` is still valid at `now` (younger than 90 days). */
export function isAdAttributionFresh(record: Pick<CapturedAdAttribution, 'savedAt'>, now: number): boolean {
  return now - record.savedAt < AD_ATTRIBUTION_LIFETIME_MS && record.savedAt <= now;
}

/**
 * Encodes a record as JSON for a header or a query parameter. Non-ASCII characters are written as `\uXXXX`
 * escapes so the value is a valid header value; `JSON.parse` reads it back unchanged.
 */
export function encodeAdAttribution(record: CapturedAdAttribution): string {
  return JSON.stringify(record).replace(
    /[\u007f-\uffff]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}
