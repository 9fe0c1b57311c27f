/**
 * The ad-attribution record (spec §3): click ids and UTM parameters grouped by network, saved locally with
 * a `savedAt` timestamp, valid for 90 days, sent as JSON in a header or a query parameter.
 * @module
 */
import { z } from 'zod';
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

function groupSchema<const K extends readonly string[]>(keys: K) {
  return z
    .object(
      Object.fromEntries(keys.map((k) => [k, z.string().optional()])) as {
        [P in K[number]]: z.ZodOptional<z.ZodString>;
      },
    )
    .strict();
}

export const AdAttributionSchema = z
  .object({
    savedAt: z.number().finite(),
    shared: groupSchema(AD_ATTRIBUTION_KEYS.shared).optional(),
    google: groupSchema(AD_ATTRIBUTION_KEYS.google).optional(),
    meta: groupSchema(AD_ATTRIBUTION_KEYS.meta).optional(),
    tiktok: groupSchema(AD_ATTRIBUTION_KEYS.tiktok).optional(),
    linkedin: groupSchema(AD_ATTRIBUTION_KEYS.linkedin).optional(),
    twitter: groupSchema(AD_ATTRIBUTION_KEYS.twitter).optional(),
    microsoft: groupSchema(AD_ATTRIBUTION_KEYS.microsoft).optional(),
    pinterest: groupSchema(AD_ATTRIBUTION_KEYS.pinterest).optional(),
    snapchat: groupSchema(AD_ATTRIBUTION_KEYS.snapchat).optional(),
  })
  .strict();
export type AdAttribution = z.infer<typeof AdAttributionSchema>;

/**
 * Collects ad attribution from a URL's query (a `URLSearchParams`, a query string or a full URL). Empty
 * values are ignored; groups with no values are left out. Null when nothing was found.
 */
export function captureAdAttribution(query: URLSearchParams | string, now: number): AdAttribution | null {
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
  return found ? (record as AdAttribution) : null;
}

/** Whether a record saved at `savedAt` is still valid at `now` (younger than 90 days). */
export function isAdAttributionFresh(record: Pick<AdAttribution, 'savedAt'>, now: number): boolean {
  return now - record.savedAt < AD_ATTRIBUTION_LIFETIME_MS && record.savedAt <= now;
}

/**
 * Encodes a record as JSON for a header or a query parameter. Non-ASCII characters are written as `\uXXXX`
 * escapes so the value is a valid header value; `JSON.parse` reads it back unchanged.
 */
export function encodeAdAttribution(record: AdAttribution): string {
  return JSON.stringify(record).replace(
    /[\u007f-\uffff]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/** Decodes a header or parameter value; null when it is not a valid record. */
export function decodeAdAttribution(value: string | null | undefined): AdAttribution | null {
  if (typeof value !== 'string' || value === '') return null;
  try {
    const parsed = AdAttributionSchema.safeParse(JSON.parse(value));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Decodes a stored record and keeps it only while it is fresh at `now`. */
export function readStoredAdAttribution(value: string | null | undefined, now: number): AdAttribution | null {
  const record = decodeAdAttribution(value);
  return record !== null && isAdAttributionFresh(record, now) ? record : null;
}
