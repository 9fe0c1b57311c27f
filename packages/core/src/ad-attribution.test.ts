import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  AD_ATTRIBUTION_GROUPS,
  AD_ATTRIBUTION_KEYS,
  type AdAttribution,
  captureAdAttribution,
  decodeAdAttribution,
  encodeAdAttribution,
  isAdAttributionFresh,
  readStoredAdAttribution,
} from './ad-attribution';
import { AD_ATTRIBUTION_LIFETIME_MS } from './constants';

const DAY = 24 * 60 * 60 * 1000;
const NOW = Date.UTC(2026, 0, 1);

describe('ad attribution record', () => {
  it('groups the spec keys by network', () => {
    expect(AD_ATTRIBUTION_KEYS).toEqual({
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
    });
  });

  it.each<[string, string, AdAttribution | null]>([
    ['nothing to capture', 'https://app.example.com/?q=1', null],
    ['empty values are ignored', '?utm_source=&gclid=', null],
    [
      'a full URL with UTM and a Google click id',
      'https://app.example.com/landing?utm_source=google&utm_medium=cpc&gclid=abc#top',
      { savedAt: NOW, shared: { utm_source: 'google', utm_medium: 'cpc' }, google: { gclid: 'abc' } },
    ],
    [
      'a bare query string with one id per network',
      'fbclid=f&ttclid=t&li_fat_id=l&twclid=w&msclkid=m&epik=p&scclid=s',
      {
        savedAt: NOW,
        meta: { fbclid: 'f' },
        tiktok: { ttclid: 't' },
        linkedin: { li_fat_id: 'l' },
        twitter: { twclid: 'w' },
        microsoft: { msclkid: 'm' },
        pinterest: { epik: 'p' },
        snapchat: { scclid: 's' },
      },
    ],
  ])('captures %s', (_name, query, record) => {
    expect(captureAdAttribution(query, NOW)).toEqual(record);
  });

  it('captures from URLSearchParams', () => {
    expect(captureAdAttribution(new URLSearchParams({ wbraid: 'w' }), NOW)).toEqual({
      savedAt: NOW,
      google: { wbraid: 'w' },
    });
  });

  it.each([
    [0, true],
    [89 * DAY, true],
    [90 * DAY - 1, true],
    [90 * DAY, false],
    [365 * DAY, false],
    [-DAY, false],
  ])('saved %d ms ago: fresh=%s', (age, fresh) => {
    expect(isAdAttributionFresh({ savedAt: NOW - age }, NOW)).toBe(fresh);
  });

  it('lives 90 days', () => {
    expect(AD_ATTRIBUTION_LIFETIME_MS).toBe(90 * DAY);
  });

  it('encodes as an ASCII-only JSON header value and decodes back', () => {
    const record: AdAttribution = { savedAt: NOW, shared: { utm_campaign: 'été 🎉' } };
    const encoded = encodeAdAttribution(record);
    expect(encoded).toMatch(/^[\x20-\x7e]*$/);
    expect(JSON.parse(encoded)).toEqual(record);
    expect(decodeAdAttribution(encoded)).toEqual(record);
    expect(
      decodeAdAttribution(new URLSearchParams({ ad_attribution: encoded }).get('ad_attribution')),
    ).toEqual(record);
  });

  it.each([
    null,
    undefined,
    '',
    'not json',
    '{}',
    '{"savedAt":"x"}',
    '{"savedAt":1,"google":{"nope":"x"}}',
    '[]',
  ])('decodes %j as null', (value) => {
    expect(decodeAdAttribution(value)).toBeNull();
  });

  it('reads a stored record only while it is fresh', () => {
    const encoded = encodeAdAttribution({ savedAt: NOW, meta: { fbclid: 'f' } });
    expect(readStoredAdAttribution(encoded, NOW + DAY)).toEqual({ savedAt: NOW, meta: { fbclid: 'f' } });
    expect(readStoredAdAttribution(encoded, NOW + 91 * DAY)).toBeNull();
  });

  it('round trips every captured record through its encoding (property)', () => {
    const key = fc.constantFrom(...AD_ATTRIBUTION_GROUPS.flatMap((g) => [...AD_ATTRIBUTION_KEYS[g]]));
    const params = fc.dictionary(key, fc.string({ unit: 'binary', minLength: 1, maxLength: 20 }));
    fc.assert(
      fc.property(params, fc.integer({ min: 0, max: 2 ** 42 }), (p, now) => {
        const record = captureAdAttribution(new URLSearchParams(p), now);
        if (record === null) {
          expect(Object.keys(p)).toHaveLength(0);
          return;
        }
        const encoded = encodeAdAttribution(record);
        expect(encoded).toMatch(/^[\x20-\x7e]*$/);
        expect(decodeAdAttribution(encoded)).toEqual(record);
      }),
    );
  });
});
