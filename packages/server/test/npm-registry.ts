/**
 * @module A local npm registry for tests: packages written by the test, packed into real gzipped tarballs
 * (`package/…`, as `npm pack` makes them) and served over HTTP with the registry's JSON shape (packuments
 * with `dist.tarball`, `dist.integrity` sha512, dist-tags). Counts requests per path, can be stopped and
 * restarted on the same port, can serve a tarball that does not match its integrity, and can drop a
 * request's connection or answer it 503.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { c as pack } from 'tar';

export interface TestPackage {
  name: string;
  version: string;
  /** Files besides package.json, by path inside the package. */
  files: Record<string, string>;
  /** Extra package.json fields (main, module, exports, dependencies, peerDependencies, browser, …). */
  json?: Record<string, unknown>;
}

interface Stored {
  pkg: TestPackage;
  tarball: Buffer;
  integrity: string;
  shasum: string;
}

async function packTarball(p: TestPackage): Promise<Buffer> {
  const dir = mkdtempSync(join(tmpdir(), 'kiln-pack-'));
  try {
    const files: Record<string, string> = {
      'package.json': JSON.stringify({ name: p.name, version: p.version, ...p.json }, null, 2),
      ...p.files,
    };
    for (const [path, text] of Object.entries(files)) {
      const file = join(dir, 'package', path);
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, text);
    }
    const chunks: Buffer[] = [];
    const stream = pack(
      { gzip: true, cwd: dir, portable: true },
      Object.keys(files).map((f) => `package/${f}`),
    );
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export class TestRegistry {
  private readonly packages = new Map<string, Stored[]>();
  private server: Server | null = null;
  port = 0;
  /** Requests by path, to see what was fetched. */
  readonly hits = new Map<string, number>();
  /** Names whose tarball is served with one byte changed (integrity must fail). */
  readonly corrupt = new Set<string>();
  /** Paths whose next n requests lose their connection before any answer (a dropped connection). */
  readonly drop = new Map<string, number>();
  /** Paths whose next n requests are answered 503 (a registry under load). */
  readonly busy = new Map<string, number>();
  /** When set, every request must carry `authorization: Bearer <token>` (a private registry), else 401. */
  token: string | null = null;

  get url(): string {
    return `http://127.0.0.1:${this.port}/`;
  }

  async add(...pkgs: TestPackage[]): Promise<void> {
    for (const pkg of pkgs) {
      const tarball = await packTarball(pkg);
      const stored: Stored = {
        pkg,
        tarball,
        integrity: `sha512-${createHash('sha512').update(tarball).digest('base64')}`,
        shasum: createHash('sha1').update(tarball).digest('hex'),
      };
      this.packages.set(pkg.name, [...(this.packages.get(pkg.name) ?? []), stored]);
    }
  }

  private packument(name: string): unknown {
    const versions = this.packages.get(name) ?? [];
    const latest = versions[versions.length - 1]?.pkg.version;
    const base = name.split('/').pop();
    return {
      name,
      'dist-tags': { latest },
      versions: Object.fromEntries(
        versions.map((s) => [
          s.pkg.version,
          {
            name,
            version: s.pkg.version,
            ...s.pkg.json,
            dist: {
              tarball: `${this.url}${name}/-/${base}-${s.pkg.version}.tgz`,
              integrity: s.integrity,
              shasum: s.shasum,
            },
          },
        ]),
      ),
    };
  }

  /** Starts (or restarts, on the same port) the HTTP server. */
  async start(): Promise<void> {
    const server = createServer((req, res) => {
      const path = decodeURIComponent((req.url ?? '/').split('?')[0] ?? '/');
      this.hits.set(path, (this.hits.get(path) ?? 0) + 1);
      const dropping = this.drop.get(path) ?? 0;
      if (dropping > 0) {
        this.drop.set(path, dropping - 1);
        return void req.socket.destroy();
      }
      const busy = this.busy.get(path) ?? 0;
      if (busy > 0) {
        this.busy.set(path, busy - 1);
        res.writeHead(503, { 'content-type': 'text/plain' });
        return void res.end('Service Unavailable');
      }
      if (this.token && req.headers.authorization !== `Bearer ${this.token}`) {
        res.writeHead(401, { 'content-type': 'application/json', 'www-authenticate': 'Bearer' });
        return void res.end(JSON.stringify({ error: 'authentication required' }));
      }
      const tgz = /^\/(.+)\/-\/[^/]+-(\d[^/]*)\.tgz$/.exec(path);
      if (tgz) {
        const stored = this.packages.get(tgz[1] ?? '')?.find((s) => s.pkg.version === tgz[2]);
        if (!stored) return void res.writeHead(404).end('{}');
        let body = stored.tarball;
        if (this.corrupt.has(stored.pkg.name)) {
          body = Buffer.from(body);
          body[body.length - 5] = (body[body.length - 5] ?? 0) ^ 0xff;
        }
        res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': body.length });
        return void res.end(body);
      }
      const name = path.slice(1);
      if (!this.packages.has(name)) {
        res.writeHead(404, { 'content-type': 'application/json' });
        return void res.end(JSON.stringify({ error: 'Not found' }));
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(this.packument(name)));
    });
    await new Promise<void>((resolve) => server.listen(this.port, '127.0.0.1', resolve));
    this.port = (server.address() as AddressInfo).port;
    this.server = server;
  }

  /** Stops answering: connections to the port are refused. */
  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
