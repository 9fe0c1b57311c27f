/**
 * Functions' `fetch` on the host (issue 19): through the egress guard, with the per-app limits, each call logged.
 * A real HTTP server on loopback stands in for a public API (allowed by the policy, as KILN_EGRESS_ALLOW_HOSTS).
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FunctionLogEntry } from '../function-logs';
import { RateLimits } from '../rate-limits';
import { OutboundFetch } from './outbound';

let server: Server;
let base: string;
let host: string;
const seen: { method?: string; headers: IncomingHttpHeaders; body: string }[] = [];

beforeAll(async () => {
  server = createServer(async (req, res) => {
    let body = '';
    for await (const chunk of req) body += chunk;
    seen.push({ method: req.method, headers: req.headers, body });
    if (req.url === '/big') {
      res.end('x'.repeat(2048));
      return;
    }
    res.writeHead(201, { 'content-type': 'application/json', 'x-upstream': 'yes' });
    res.end(JSON.stringify({ ok: true }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  host = `127.0.0.1:${(server.address() as AddressInfo).port}`;
  base = `http://${host}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

function collect() {
  const entries: FunctionLogEntry[] = [];
  return { entries, log: (e: FunctionLogEntry) => entries.push(e) };
}

const request = (url: string, init: { method?: string; body?: string } = {}) => ({
  url,
  method: init.method ?? 'GET',
  headers: [
    ['content-type', 'application/json'],
    ['host', 'evil.example'],
  ] as [string, string][],
  body: init.body === undefined ? null : new TextEncoder().encode(init.body),
});

describe('OutboundFetch', () => {
  it('sends an allowed call with its method, headers and body, and logs it', async () => {
    const outbound = new OutboundFetch({ enabled: true, allowHosts: [host] }, null);
    const { entries, log } = collect();
    const res = await outbound.fetch(
      'app:main',
      request(`${base}/orders`, { method: 'POST', body: '{"n":1}' }),
      log,
    );
    expect(res.status).toBe(201);
    expect(new TextDecoder().decode(res.body)).toBe('{"ok":true}');
    expect(res.headers).toContainEqual(['x-upstream', 'yes']);
    const last = seen.at(-1);
    expect(last).toMatchObject({ method: 'POST', body: '{"n":1}' });
    expect(last?.headers.host).toBe(host);
    expect(entries).toEqual([
      expect.objectContaining({
        level: 'INFO',
        source: 'FETCH',
        status: 201,
        method: 'POST',
        path: `${base}/orders`,
      }),
    ]);
    expect(entries[0]?.message).toMatch(
      new RegExp(`^fetch POST ${base}/orders → 201 \\(\\d+ ms, 11 bytes\\)$`),
    );
  });

  it('refuses loopback without the allowance, with the guard’s sentence, and logs an ERROR', async () => {
    const outbound = new OutboundFetch({ enabled: true, allowHosts: [] }, null);
    const { entries, log } = collect();
    const before = seen.length;
    await expect(outbound.fetch('app:main', request(`${base}/`), log)).rejects.toThrow(
      "Outbound request refused by Kiln's egress guard: 127.0.0.1 is a loopback address.",
    );
    expect(seen.length).toBe(before);
    expect(entries[0]).toMatchObject({ level: 'ERROR', source: 'FETCH' });
  });

  it('refuses everything when egress is off', async () => {
    const outbound = new OutboundFetch({ enabled: false, allowHosts: [host] }, null);
    await expect(outbound.fetch('app:main', request(`${base}/`), () => {})).rejects.toThrow(
      'Outbound requests are turned off on this Kiln server (KILN_EGRESS=off).',
    );
  });

  it('caps the response bytes of one call', async () => {
    const outbound = new OutboundFetch({ enabled: true, allowHosts: [host] }, null, {
      maxResponseBytes: 1024,
    });
    await expect(outbound.fetch('app:main', request(`${base}/big`), () => {})).rejects.toThrow(
      'Outbound response is larger than 1024 bytes.',
    );
  });

  it('allows 120 calls a minute per app, then refuses that app (and not another)', async () => {
    const limits = RateLimits.memory();
    const outbound = new OutboundFetch({ enabled: true, allowHosts: [host] }, limits);
    for (let i = 0; i < 120; i++) await outbound.fetch('busy:main', request(`${base}/`), () => {});
    await expect(outbound.fetch('busy:main', request(`${base}/`), () => {})).rejects.toThrow(
      /^Outbound request refused: this app made more than 120 requests in a minute\. Try again in \d+ s\.$/,
    );
    expect((await outbound.fetch('quiet:main', request(`${base}/`), () => {})).status).toBe(201);
    await limits.close();
  });
});
