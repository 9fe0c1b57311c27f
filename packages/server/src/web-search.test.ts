/** Web search providers' answers read into results, and the request each kind sends (a local server). */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import type { Db } from './db/index';
import type { SecretBox } from './secrets';
import { formatResults, OrganizationWebSearch, parseResults, type WebSearchKind } from './web-search';

describe('parseResults', () => {
  it.each<[string, WebSearchKind, unknown, { title: string; url: string; snippet: string }[]]>([
    [
      'SearXNG results',
      'SEARXNG',
      { results: [{ title: 'A', url: 'https://a.example', content: 'about a' }] },
      [{ title: 'A', url: 'https://a.example', snippet: 'about a' }],
    ],
    [
      'Brave web results, marks stripped',
      'BRAVE',
      {
        web: {
          results: [{ title: 'B', url: 'https://b.example', description: 'the <strong>b</strong> page' }],
        },
      },
      [{ title: 'B', url: 'https://b.example', snippet: 'the b page' }],
    ],
    [
      'results without an http(s) URL dropped',
      'SEARXNG',
      { results: [{ title: 'x', url: 'javascript:alert(1)' }, { title: 'y' }] },
      [],
    ],
    ['an answer of another shape', 'BRAVE', { results: [{ url: 'https://c.example' }] }, []],
    ['not an object', 'SEARXNG', 'oops', []],
  ])('%s', (_, kind, body, expected) => {
    expect(parseResults(kind, body)).toEqual(expected);
  });

  it('keeps the top five, snippets at most 300 characters', () => {
    const results = Array.from({ length: 8 }, (_, i) => ({
      title: `T${i}`,
      url: `https://x.example/${i}`,
      content: 'y'.repeat(1000),
    }));
    const parsed = parseResults('SEARXNG', { results });
    expect(parsed.map((r) => r.title)).toEqual(['T0', 'T1', 'T2', 'T3', 'T4']);
    expect(parsed[0]?.snippet).toHaveLength(300);
  });

  it('formats numbered results, or says there are none', () => {
    expect(formatResults('q', [{ title: 'A', url: 'https://a.example', snippet: 's' }])).toBe(
      '1. A\n   https://a.example\n   s',
    );
    expect(formatResults('q', [])).toBe('No results for "q".');
  });
});

describe('OrganizationWebSearch.search', () => {
  it('asks SearXNG for JSON and Brave with its token and a count; an error status is a failure', async () => {
    const seen: { path: string; token?: string | string[] }[] = [];
    const server = createServer((req, res) => {
      seen.push({ path: req.url ?? '', token: req.headers['x-subscription-token'] });
      if (req.url?.startsWith('/fail')) return void res.writeHead(503).end();
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({ web: { results: [{ title: 'B', url: 'https://b.example', description: 'd' }] } }),
      );
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const host = `127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const search = new OrganizationWebSearch({
        db: null as unknown as Db,
        secrets: null as unknown as SecretBox,
        egress: { enabled: true, allowHosts: [host] },
      });
      expect(await search.search('BRAVE', `http://${host}/brave`, 'tok', 'kiln app')).toEqual([
        { title: 'B', url: 'https://b.example', snippet: 'd' },
      ]);
      expect(await search.search('SEARXNG', `http://${host}`, undefined, 'kiln')).toEqual([]);
      await expect(search.search('SEARXNG', `http://${host}/fail`, undefined, 'x')).rejects.toThrow(
        'the search provider answered 503.',
      );
      expect(seen.slice(0, 2)).toEqual([
        { path: '/brave?q=kiln+app&count=5', token: 'tok' },
        { path: '/search?q=kiln&format=json', token: undefined },
      ]);
      // The egress guard still refuses a private address that is not allowed.
      const guarded = new OrganizationWebSearch({
        db: null as unknown as Db,
        secrets: null as unknown as SecretBox,
        egress: { enabled: true, allowHosts: [] },
      });
      await expect(guarded.search('SEARXNG', `http://${host}`, undefined, 'x')).rejects.toThrow(/loopback/);
    } finally {
      await new Promise<void>((r) => server.close(() => r()));
    }
  });
});
