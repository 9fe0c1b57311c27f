import { describe, expect, it } from 'vitest';
import { deviceOf } from './device';
import { type AnalyticsSummary, analyticsCsv, visitorHash } from './store';

describe('deviceOf keeps only device kind and browser/OS families', () => {
  it.each([
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36',
      { device: 'desktop', browser: 'Chrome', os: 'Windows' },
    ],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36 Edg/131.0',
      { device: 'desktop', browser: 'Edge', os: 'Windows' },
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
      { device: 'mobile', browser: 'Safari', os: 'iOS' },
    ],
    [
      'Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/604.1',
      { device: 'tablet', browser: 'Safari', os: 'iOS' },
    ],
    [
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36',
      { device: 'mobile', browser: 'Chrome', os: 'Android' },
    ],
    [
      'Mozilla/5.0 (Linux; Android 13; SM-X200) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36',
      { device: 'tablet', browser: 'Chrome', os: 'Android' },
    ],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.1; rv:133.0) Gecko/20100101 Firefox/133.0',
      { device: 'desktop', browser: 'Firefox', os: 'macOS' },
    ],
    [
      'Mozilla/5.0 (X11; Linux x86_64) HeadlessChrome/131.0 Safari/537.36',
      { device: 'desktop', browser: 'Chrome', os: 'Linux' },
    ],
  ])('%s', (ua, expected) => {
    expect(deviceOf(ua)).toEqual(expected);
  });

  it.each([
    'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
    'Mozilla/5.0 (compatible; bingbot/2.0)',
    'curl/8.5.0',
    'facebookexternalhit/1.1',
    '',
  ])('does not count the crawler or tool %j', (ua) => {
    expect(deviceOf(ua)).toBeNull();
  });
});

describe('visitorHash', () => {
  const client = { address: '203.0.113.7', userAgent: 'UA' };
  it('is the same within a day and app, and differs across salts, apps and clients', () => {
    const h = visitorHash('salt-a', 'p1', client);
    expect(h).toBe(visitorHash('salt-a', 'p1', client));
    expect(h).toHaveLength(22);
    expect(h).not.toContain('203.0.113.7');
    expect(visitorHash('salt-b', 'p1', client)).not.toBe(h);
    expect(visitorHash('salt-a', 'p2', client)).not.toBe(h);
    expect(visitorHash('salt-a', 'p1', { ...client, address: '203.0.113.8' })).not.toBe(h);
  });
});

describe('analyticsCsv', () => {
  it('quotes commas and quotes, and defuses spreadsheet formulas in names', () => {
    const summary: AnalyticsSummary = {
      days: 1,
      visitors: 1,
      pageviews: 1,
      events: 2,
      daily: [{ date: '2026-11-25', visitors: 1, pageviews: 1, events: 2 }],
      topPages: [{ name: '/a,b', count: 1, visitors: 1 }],
      topEvents: [
        { name: '=HYPERLINK("http://x")', count: 1, visitors: 1 },
        { name: 'say "hi"', count: 1, visitors: 1 },
      ],
      devices: [],
      referrers: [],
    };
    expect(analyticsCsv(summary)).toBe(
      [
        'date,visitors,pageviews,events',
        '2026-11-25,1,1,2',
        '',
        'page,pageviews,visitors',
        '"/a,b",1,1',
        '',
        'event,count,visitors',
        `"'=HYPERLINK(""http://x"")",1,1`,
        '"say ""hi""",1,1',
        '',
      ].join('\r\n'),
    );
  });
});
