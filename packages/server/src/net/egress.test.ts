import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkUrl,
  type EgressPolicy,
  EgressRefused,
  guardedFetch,
  guardedLookup,
  refusalFor,
} from './egress';

describe('refusalFor', () => {
  it.each([
    ['127.0.0.1', 'a loopback address'],
    ['127.8.9.10', 'a loopback address'],
    ['::1', 'a loopback address'],
    ['[::1]', 'a loopback address'],
    ['10.1.2.3', 'a private address'],
    ['172.20.0.1', 'a private address'],
    ['192.168.1.1', 'a private address'],
    ['169.254.169.254', 'a link-local or cloud metadata address'],
    ['100.100.1.1', 'a shared (carrier-grade NAT) address'],
    ['0.0.0.0', 'an unspecified address'],
    ['::', 'an unspecified address'],
    ['::ffff:127.0.0.1', 'a loopback address'],
    ['::ffff:7f00:1', 'a loopback address'],
    ['64:ff9b::a9fe:a9fe', 'a link-local or cloud metadata address'],
    ['fd00:ec2::254', 'a private (unique local) address'],
    ['fe80::1%eth0', 'a link-local address'],
    ['224.0.0.1', 'a multicast address'],
    ['255.255.255.255', 'a reserved address'],
  ])('refuses %s as %s', (address, words) => {
    expect(refusalFor(address)).toBe(words);
  });

  it.each(['93.184.216.34', '8.8.8.8', '2606:4700:4700::1111', '172.32.0.1', '100.128.0.1'])(
    'lets %s through',
    (a) => {
      expect(refusalFor(a)).toBeNull();
    },
  );
});

describe('checkUrl', () => {
  const policy: EgressPolicy = { enabled: true, allowHosts: ['127.0.0.1:8080', 'internal.example'] };
  const verdict = (url: string, p = policy) => {
    try {
      checkUrl(new URL(url), p);
      return 'ok';
    } catch (err) {
      return err instanceof EgressRefused ? err.message : `not a refusal: ${String(err)}`;
    }
  };

  it('refuses other protocols, credentials in URLs, IP literals and localhost names', () => {
    expect(verdict('file:///etc/passwd')).toMatch(/only http and https/);
    expect(verdict('http://user:pw@example.com/')).toMatch(/credentials/);
    expect(verdict('http://127.0.0.1:9/')).toBe(
      "Outbound request refused by Kiln's egress guard: 127.0.0.1 is a loopback address.",
    );
    expect(verdict('http://[::ffff:169.254.169.254]/')).toMatch(/metadata/);
    expect(verdict('http://localhost:3000/')).toMatch(/loopback/);
    expect(verdict('http://api.localhost/')).toMatch(/loopback/);
  });

  it('lets the operator allow a host by name, or by name and port only', () => {
    expect(verdict('http://127.0.0.1:8080/x')).toBe('ok');
    expect(verdict('http://127.0.0.1:8081/x')).toMatch(/loopback/);
    expect(verdict('https://internal.example/')).toBe('ok');
    expect(verdict('https://example.com/')).toBe('ok');
  });

  it('refuses everything when egress is off', () => {
    expect(verdict('https://example.com/', { enabled: false, allowHosts: [] })).toMatch(/turned off/);
  });
});

describe('guardedFetch', () => {
  let allowed: Server;
  let inner: Server;
  let allowedHost: string;
  let innerUrl: string;
  beforeAll(async () => {
    inner = createServer((_req, res) => res.end('secret')).listen(0, '127.0.0.1');
    allowed = createServer((req, res) => {
      if (req.url === '/to-inner') return res.writeHead(302, { location: innerUrl }).end();
      if (req.url === '/to-self') return res.writeHead(307, { location: '/hello' }).end();
      if (req.url === '/loop') return res.writeHead(302, { location: '/loop' }).end();
      if (req.url === '/big') return res.end(Buffer.alloc(64 * 1024, 97));
      if (req.url === '/big-chunked') {
        for (let i = 0; i < 64; i++) res.write(Buffer.alloc(1024, 97));
        return res.end();
      }
      if (req.url === '/slow') return void setTimeout(() => res.end('late'), 2_000);
      return res.end(`hello ${req.method}`);
    }).listen(0, '127.0.0.1');
    await Promise.all([inner, allowed].map((s) => new Promise((r) => s.once('listening', r))));
    innerUrl = `http://127.0.0.1:${(inner.address() as AddressInfo).port}/`;
    allowedHost = `127.0.0.1:${(allowed.address() as AddressInfo).port}`;
  });
  afterAll(() => {
    allowed.close();
    inner.close();
  });
  const policy = () => ({ enabled: true, allowHosts: [allowedHost] });

  it('reaches an allowed host and follows its redirects on the same host', async () => {
    const res = await guardedFetch(`http://${allowedHost}/to-self`, {}, policy());
    expect(await res.text()).toBe('hello GET');
  });

  it('refuses a loopback address that is not allowed, also when a redirect leads there', async () => {
    await expect(guardedFetch(innerUrl, {}, policy())).rejects.toThrow(
      /egress guard: 127\.0\.0\.1 is a loopback/,
    );
    await expect(guardedFetch(`http://${allowedHost}/to-inner`, {}, policy())).rejects.toThrow(/loopback/);
  });

  it('refuses a name that resolves to a loopback address, in the socket lookup after DNS', async () => {
    // `localhost` is refused by name before any connection; the lookup is what catches every other name.
    const answer = await new Promise<unknown>((resolve) =>
      guardedLookup('localhost', { all: true }, (err, address) => resolve(err ?? address)),
    );
    expect(answer).toBeInstanceOf(EgressRefused);
    expect(String(answer)).toMatch(/localhost \((127\.0\.0\.1|::1)\) is a loopback address/);
  });

  it('bounds redirects, response bytes and time', async () => {
    await expect(guardedFetch(`http://${allowedHost}/loop`, {}, policy())).rejects.toThrow(
      /after 5 redirects/,
    );
    const limit = { maxResponseBytes: 1024 };
    await expect(guardedFetch(`http://${allowedHost}/big`, {}, policy(), limit)).rejects.toThrow(
      /larger than 1024/,
    );
    const chunked = await guardedFetch(`http://${allowedHost}/big-chunked`, {}, policy(), limit);
    await expect(chunked.arrayBuffer()).rejects.toThrow(/larger than 1024 bytes/);
    await expect(
      guardedFetch(`http://${allowedHost}/slow`, {}, policy(), { timeoutMs: 200 }),
    ).rejects.toThrow(/longer than 0.2 s/);
  });
});
