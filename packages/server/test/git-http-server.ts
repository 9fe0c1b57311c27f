/**
 * @module A git smart-HTTP server for tests: `git http-backend` run as a CGI program behind a node HTTP server,
 * serving bare repositories under a temporary directory. Pushes need `Authorization: Basic` with the expected
 * token (as a forge would ask); every request's Authorization header is kept for assertions.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface GitHttpServer extends AsyncDisposable {
  /** Base URL; a repository is `${url}/{name}.git`. */
  url: string;
  port: number;
  root: string;
  /** Authorization headers seen, in order. */
  authorizations: (string | undefined)[];
  /** Runs git in the server's repository `name` (e.g. `log`), returns stdout. */
  git(name: string, args: string[]): Promise<string>;
  /** Creates an empty bare repository `name`. */
  createRepository(name: string): Promise<void>;
}

function run(args: string[], cwd?: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn('git', args, {
      cwd,
      env: { PATH: process.env.PATH ?? '', GIT_CONFIG_NOSYSTEM: '1' },
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (c) => {
      out += c;
    });
    child.stderr.on('data', (c) => {
      err += c;
    });
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(out) : reject(new Error(`git ${args[0]}: ${err}`))));
  });
}

export async function startGitHttpServer(opts: { token: string }): Promise<GitHttpServer> {
  const root = mkdtempSync(join(tmpdir(), 'kiln-git-remote-'));
  const authorizations: (string | undefined)[] = [];
  const expected = `Basic ${Buffer.from(`x-access-token:${opts.token}`).toString('base64')}`;

  const handle = (req: IncomingMessage, res: ServerResponse) => {
    authorizations.push(req.headers.authorization);
    const url = new URL(req.url ?? '/', 'http://x');
    const pushing =
      url.searchParams.get('service') === 'git-receive-pack' || url.pathname.endsWith('/git-receive-pack');
    if (pushing && req.headers.authorization !== expected) {
      res.writeHead(401, { 'WWW-Authenticate': 'Basic realm="test"' }).end('unauthorized');
      return;
    }
    const cgi = spawn('git', ['http-backend'], {
      env: {
        PATH: process.env.PATH ?? '',
        GIT_CONFIG_NOSYSTEM: '1',
        GIT_PROJECT_ROOT: root,
        GIT_HTTP_EXPORT_ALL: '1',
        // http-backend allows receive-pack for an authenticated user.
        REMOTE_USER: pushing ? 'tester' : '',
        REQUEST_METHOD: req.method ?? 'GET',
        PATH_INFO: decodeURIComponent(url.pathname),
        QUERY_STRING: url.search.slice(1),
        CONTENT_TYPE: req.headers['content-type'] ?? '',
        ...(req.headers['content-encoding']
          ? { HTTP_CONTENT_ENCODING: req.headers['content-encoding'] }
          : {}),
        ...(req.headers['git-protocol'] ? { GIT_PROTOCOL: String(req.headers['git-protocol']) } : {}),
      },
    });
    req.pipe(cgi.stdin);
    let head = Buffer.alloc(0);
    let started = false;
    cgi.stdout.on('data', (chunk: Buffer) => {
      if (started) {
        res.write(chunk);
        return;
      }
      head = Buffer.concat([head, chunk]);
      const end = head.indexOf('\r\n\r\n');
      if (end < 0) return;
      started = true;
      let status = 200;
      for (const line of head.subarray(0, end).toString('latin1').split('\r\n')) {
        const at = line.indexOf(':');
        const name = line.slice(0, at).trim();
        const value = line.slice(at + 1).trim();
        if (name.toLowerCase() === 'status') status = Number.parseInt(value, 10);
        else res.setHeader(name, value);
      }
      res.writeHead(status);
      res.write(head.subarray(end + 4));
    });
    cgi.on('close', () => res.end());
    cgi.stderr.resume();
  };
  const server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    root,
    authorizations,
    git: (name, args) => run([`--git-dir=${join(root, `${name}.git`)}`, ...args]),
    createRepository: async (name) => {
      await run(['init', '--bare', '--quiet', '--initial-branch=main', join(root, `${name}.git`)]);
    },
    async [Symbol.asyncDispose]() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      rmSync(root, { recursive: true, force: true });
    },
  };
}
