/**
 * The harness the builtin app tests share (`builtin-apps-a/b/c.test.ts`, `builtin-backend.test.ts`): building a
 * project with the builtin provider, a backend that runs its migrations and FUNCTION modules on PGlite (route
 * handlers called as the server would), and a local server that serves the project as a published app for
 * headless Chromium.
 * @module
 */
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, extname, join, normalize, sep } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { moduleName } from '@kiln/core';
import { aiImageResponse, appShellHtml, PREVIEW_DIST_DIR } from '@kiln/preview';
import { transform } from 'sucrase';
import { createBuiltinProvider } from '../src/builtin/provider.ts';
import { generate } from '../src/generate.ts';
import type { GenMigration, GenModule } from '../src/types.ts';

export type Sql = (strings: TemplateStringsArray, ...values: unknown[]) => Promise<Record<string, unknown>[]>;
type Handler = (
  request: Request,
  context: { params: Record<string, string> },
) => Promise<Response> | Response;
export type Row = Record<string, unknown>;

/** A project the builtin generator built, and what its reply said. */
export interface Built {
  appType: string | undefined;
  modules: GenModule[];
  /** Every migration so far, in order (a follow-up's new ones last). */
  migrations: GenMigration[];
  message: string;
  /** The suggestions the reply offers as buttons (its `<kiln:choices>` block). */
  choices: string[];
}

export interface AppBackend {
  /** Calls `/api/…` as the page does; an object `body` is sent as JSON, a string as it is. */
  call<T = { error?: string }>(
    method: string,
    path: string,
    body?: unknown,
  ): Promise<{ status: number; data: T }>;
  /** Runs SQL on the app database directly (for assertions). */
  query(text: string, values?: unknown[]): Promise<Row[]>;
  /** Who `auth()` from `@/auth` answers for in the following calls: a visitor's user id, or null (signed out). */
  signInAs(userId: string | null): void;
}

/** The project the builtin generator builds for `prompt` on `modules` (an INITIAL request when empty). */
export async function build(prompt: string, modules: GenModule[] = []): Promise<Built> {
  for await (const e of generate({ prompt, modules }, createBuiltinProvider({ chunkSize: 4096 }))) {
    if (e.type === 'done') {
      return {
        appType: e.appType,
        modules: e.modules,
        migrations: e.migrations ?? [],
        message: e.message,
        choices: e.blocks.flatMap((b) => (b.kind === 'choices' ? b.choices : [])),
      };
    }
  }
  throw new Error('no done event');
}

/** The project after a follow-up, with every migration so far in order (the new ones last). */
export async function followUp(app: Pick<Built, 'modules' | 'migrations'>, prompt: string): Promise<Built> {
  const next = await build(prompt, app.modules);
  return { ...next, migrations: [...app.migrations, ...next.migrations] };
}

let database: PGlite | null = null;
let schemas = 0;

/**
 * An empty database's data directory as a tarball: made once per machine and PGlite version (initdb costs 2–4 s
 * of CPU; loading the tarball ~0.5 s) and kept beside the server tests' snapshots in the temporary folder.
 */
let emptyDatabase: Promise<Blob> | undefined;

function emptyDatabaseDump(): Promise<Blob> {
  emptyDatabase ??= (async () => {
    const pglite = dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
    const { version } = JSON.parse(await readFile(join(pglite, '..', 'package.json'), 'utf8'));
    const file = join(tmpdir(), 'kiln-test-snapshots', `pglite-empty-${version}.tar`);
    const saved = await readFile(file).catch(() => null);
    if (saved) return new Blob([saved]);
    const db = await PGlite.create();
    try {
      const dump = await db.dumpDataDir('none');
      // Written aside and renamed: a file under its name is whole.
      await mkdir(dirname(file), { recursive: true });
      await writeFile(`${file}.${process.pid}`, Buffer.from(await dump.arrayBuffer()));
      await rename(`${file}.${process.pid}`, file);
      return dump;
    } finally {
      await db.close();
    }
  })();
  return emptyDatabase;
}

/**
 * A backend with the migrations applied and the FUNCTION modules loaded. Every backend gets a schema of its
 * own in one PGlite per test file (starting PGlite takes a second; a schema takes milliseconds).
 */
export async function startBackend(app: Pick<Built, 'modules' | 'migrations'>): Promise<AppBackend> {
  database ??= await PGlite.create({ loadDataDir: await emptyDatabaseDump() });
  const db = database;
  const schema = `app_${++schemas}`;
  await db.exec(`CREATE SCHEMA ${schema}; SET search_path TO ${schema};`);
  for (const m of app.migrations) await db.exec(m.sql);
  const sql: Sql = async (strings, ...values) => {
    await db.exec(`SET search_path TO ${schema};`);
    let text = strings[0] ?? '';
    for (let i = 1; i < strings.length; i++) text += `$${i}${strings[i]}`;
    return (await db.query<Row>(text, values)).rows;
  };
  // `auth()` as Kiln's harness gives it to functions: the signed-in visitor's session, or null.
  let visitor: string | null = null;
  const auth = async () =>
    visitor
      ? { user: { id: visitor, email: `${visitor}@example.com`, name: visitor, image: null }, expires: '' }
      : null;
  const routes = app.modules
    .filter((m) => m.moduleType === 'FUNCTION')
    .map((m) => {
      const names: string[] = [];
      const segments = m.filePath
        .replace(/^apps\/web\/src\/app\//, '')
        .replace(/\/route\.ts$/, '')
        .split('/')
        .map((seg) => {
          const dynamic = /^\[(\w+)\]$/.exec(seg)?.[1];
          if (!dynamic) return seg;
          names.push(dynamic);
          return '([^/]+)';
        });
      return {
        pattern: new RegExp(`^/${segments.join('/')}$`),
        names,
        handlers: evaluate(m, sql, auth, app.modules),
      };
    });
  return {
    async call<T>(method: string, path: string, body?: unknown) {
      const url = new URL(path, 'http://app.localhost');
      for (const r of routes) {
        const match = r.pattern.exec(url.pathname);
        if (!match) continue;
        const params = Object.fromEntries(r.names.map((n, i) => [n, decodeURIComponent(match[i + 1] ?? '')]));
        const handler = r.handlers[method.toUpperCase()];
        if (typeof handler !== 'function') return { status: 405, data: { error: 'method' } as T };
        const request = new Request(url, {
          method,
          headers: body === undefined ? {} : { 'content-type': 'application/json' },
          body: body === undefined ? null : typeof body === 'string' ? body : JSON.stringify(body),
        });
        const res = await (handler as Handler)(request, { params });
        const text = await res.text();
        return { status: res.status, data: (text ? JSON.parse(text) : null) as T };
      }
      return { status: 404, data: { error: 'no route' } as T };
    },
    async query(text, values = []) {
      await db.exec(`SET search_path TO ${schema};`);
      return (await db.query<Row>(text, values)).rows;
    },
    signInAs(userId) {
      visitor = userId;
    },
  };
}

/** Closes the test file's PGlite (call in `afterAll`). */
export async function closeDatabase(): Promise<void> {
  await database?.close();
  database = null;
}

/**
 * A FUNCTION module's exports, with `@/app/api/utils/sql` bound to `sql`, `@/auth` to `auth` (signed out when not
 * given), any other `@/…` import to that module of `modules` (the app's shared `app/api/utils/*.ts`, as the
 * functions' bundler resolves it) and no other import allowed.
 */
export function evaluate(
  module: GenModule,
  sql: Sql,
  auth: () => Promise<unknown> = async () => null,
  modules: readonly GenModule[] = [],
  loaded = new Map<string, Record<string, unknown>>(),
): Record<string, unknown> {
  const { code } = transform(module.content, { transforms: ['typescript', 'imports'] });
  const exports: Record<string, unknown> = {};
  loaded.set(module.filePath, exports);
  const require = (id: string) => {
    if (id === '@/app/api/utils/sql') return { __esModule: true, default: sql };
    if (id === '@/auth') return { __esModule: true, auth };
    const source =
      id.startsWith('@/') && modules.find((m) => m.filePath === `apps/web/src/${id.slice(2)}.ts`);
    if (!source) throw new Error(`${module.filePath} imports ${id}, which functions cannot use`);
    return loaded.get(source.filePath) ?? evaluate(source, sql, auth, modules, loaded);
  };
  new Function('exports', 'require', code)(exports, require);
  return exports;
}

const CONTENT_TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.json': 'application/json',
  '.css': 'text/css',
  '.wasm': 'application/wasm',
  '.woff2': 'font/woff2',
};

export interface ServedApp {
  url: string;
  /** `METHOD /api/path` prefixes that answer 500, to see a failed save. */
  failing: Set<string>;
  close(): Promise<void>;
}

/**
 * Serves a project as a published app: the runtime from the preview's `dist/`, Kiln's image placeholders
 * (`/api/ai-img`), `/api/…` from `backend` (a static host's 404 page without one), every other path the app's page.
 */
export async function serveApp(modules: GenModule[], backend: AppBackend | null): Promise<ServedApp> {
  const html = appShellHtml({
    title: 'App',
    revisionId: 'rev-1',
    css: '',
    modules: modules.map((m) => ({ ...m, name: moduleName(m.filePath) })),
  });
  const failing = new Set<string>();
  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname.startsWith('/_kiln/')) {
      const file = normalize(join(PREVIEW_DIST_DIR, url.pathname.slice('/_kiln/'.length)));
      if (!file.startsWith(PREVIEW_DIST_DIR + sep)) return res.writeHead(404).end();
      try {
        const body = await readFile(file);
        res.writeHead(200, { 'content-type': CONTENT_TYPES[extname(file)] ?? 'application/octet-stream' });
        return res.end(body);
      } catch {
        return res.writeHead(404).end();
      }
    }
    if (url.pathname === '/api/ai-img') {
      // What the server answers for images without a source: a placeholder drawn from the words.
      const image = aiImageResponse(url);
      res.writeHead(image.status, Object.fromEntries(image.headers));
      return res.end(Buffer.from(await image.arrayBuffer()));
    }
    if (url.pathname.startsWith('/api/')) {
      if (!backend) return res.writeHead(404, { 'content-type': 'text/html' }).end('<h1>Not found</h1>');
      const call = `${req.method} ${url.pathname}`;
      if ([...failing].some((f) => call.startsWith(f))) {
        return res
          .writeHead(500, { 'content-type': 'application/json' })
          .end(JSON.stringify({ error: 'The database is unavailable.' }));
      }
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const body = chunks.length > 0 ? Buffer.concat(chunks).toString('utf8') : undefined;
      const answer = await backend.call(req.method ?? 'GET', url.pathname + url.search, body);
      res.writeHead(answer.status, { 'content-type': 'application/json' });
      return res.end(JSON.stringify(answer.data));
    }
    return res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    failing,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A day relative to today as YYYY-MM-DD (local time, as the generated pages compute it). */
export function isoDay(offset: number): string {
  const d = new Date();
  d.setDate(d.getDate() + offset);
  return [
    d.getFullYear(),
    String(d.getMonth() + 1).padStart(2, '0'),
    String(d.getDate()).padStart(2, '0'),
  ].join('-');
}
