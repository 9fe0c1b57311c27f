/**
 * The ad-attribution record (spec §3): click ids and UTM parameters grouped by network, saved locally with
 * a `savedAt` timestamp, valid for 90 days, sent as JSON in a header or a query parameter.
 * @module
 */
import { z } from 'zod';
import { AD_ATTRIBUTION_KEYS, isAdAttributionFresh } from './ad-attribution-capture';

export * from './ad-attribution-capture';

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
