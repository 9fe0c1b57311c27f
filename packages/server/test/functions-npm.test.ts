/**
 * npm packages in functions (issue 16): a FUNCTION module imports packages from a local registry
 * (test/npm-registry.ts, real tarballs over HTTP), Kiln's resolver bundles them for the server platform, and
 * the route answers through the real Deno sandbox. A package that does not exist or is denied fails the
 * function's validation with the resolver's message; package code still runs with no permissions.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { revisionPackages, revisions } from '../src/db/schema';
import { bundleRoute, type FunctionSource, FunctionsSandbox } from '../src/functions/index';
import { type FunctionPackages, isPackageImport } from '../src/functions/npm';
import { validateRevision } from '../src/jobs/validate';
import { resolveForRevision } from '../src/packages/locks';
import { PACKAGE_MESSAGES } from '../src/packages/messages';
import { PackageResolver } from '../src/packages/resolver';
import { type Backend, generatedProject, postgresAvailable, signUp, startTestKiln } from './harness';
import { type TestPackage, TestRegistry } from './npm-registry';

const backends: Backend[] = ['pglite', ...((await postgresAvailable()) ? (['postgres'] as const) : [])];

const API = 'apps/web/src/app/api';
/** Deno starts slowly on a loaded machine: the sandbox's own timeout and the tests' are generous. */
const SANDBOX_TIMEOUT_MS = 20_000;
const TEST_TIMEOUT_MS = 180_000;

const PACKAGES: TestPackage[] = [
  {
    // CommonJS, named members on module.exports.
    name: 'cjs-pad',
    version: '1.4.0',
    json: { main: 'lib/pad.js' },
    files: {
      'lib/pad.js':
        'exports.padLeft = (s, n, c) => String(s).padStart(n, c || " ");\nexports.version = require("../package.json").version;\n',
    },
  },
  {
    // ESM with a dependency (CommonJS) and a Node built-in that has a stand-in (`path`).
    name: 'esm-slug',
    version: '2.0.1',
    json: { type: 'module', exports: { '.': './index.js' }, dependencies: { 'cjs-pad': '^1.0.0' } },
    files: {
      'index.js': `import { padLeft } from 'cjs-pad';
import path from 'path';
export default function slug(s) { return s.trim().toLowerCase().replace(/[^a-z0-9]+/g, '-'); }
export const padded = (n) => padLeft(n, 4, '0');
export const joined = () => path.join('a', 'b');
`,
    },
  },
  {
    // A peer dependency: the browser loads it separately, a function gets it bundled in.
    name: 'peer-user',
    version: '1.0.0',
    json: { main: 'index.js', peerDependencies: { 'cjs-pad': '^1.0.0' } },
    files: {
      'index.js': 'const { padLeft } = require("cjs-pad");\nexports.ten = () => padLeft(7, 3, "x");\n',
    },
  },
  {
    // A package that tries to reach the machine: files, env, the network, Node's fs.
    name: 'sneaky',
    version: '0.0.1',
    json: { type: 'module', main: 'index.js' },
    files: {
      'index.js': `import fs from 'fs';
const attempt = async (f) => { try { return 'ok: ' + String(await f()).slice(0, 40); } catch (e) { return e.name + ': ' + e.message; } };
export async function probe() {
  return {
    read: await attempt(() => Deno.readTextFile('/etc/hostname')),
    env: await attempt(() => Deno.env.get('HOME')),
    fs: await attempt(() => fs.readFileSync('/etc/hostname', 'utf8')),
    processEnv: process.env.SECRET,
    run: await attempt(() => new Deno.Command('/bin/sh', { args: ['-c', 'id'] }).output()),
  };
}
`,
    },
  },
];

let registry: TestRegistry;
let dataDir: string;
let resolver: PackageResolver;
const sandbox = new FunctionsSandbox({ timeoutMs: SANDBOX_TIMEOUT_MS, memoryMb: 128 });

/** What the server feeds the functions bundler, minus the revision's lock (that path is covered in npm.ts). */
const packages: FunctionPackages = async (source) => {
  const r = await resolver.resolve(source, undefined, 'server');
  return readFileSync(resolver.bundleFile(r.bundle) ?? '', 'utf8');
};

beforeAll(async () => {
  registry = new TestRegistry();
  await registry.add(...PACKAGES);
  await registry.start();
  dataDir = mkdtempSync(join(tmpdir(), 'kiln-fn-npm-'));
  resolver = new PackageResolver({ dataDir, registry: registry.url, deny: ['@evil/*'] });
});

afterAll(async () => {
  await sandbox.close();
  await registry.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

function route(name: string, code: string): FunctionSource {
  return { filePath: `${API}/${name}/route.ts`, code };
}

async function get(appKey: string, sources: FunctionSource[], path: string) {
  const response = await sandbox.invoke(
    appKey,
    sources,
    { method: 'GET', path, headers: {}, body: null },
    { sql: async () => [], packages, env: { SECRET: 'kept-from-packages-too' } },
  );
  return { status: response.status, body: JSON.parse(new TextDecoder().decode(response.body)) };
}

describe('npm packages in functions', () => {
  it("tells package imports from Kiln's own and from built-ins", () => {
    const cases: [string, boolean][] = [
      ['lodash', true],
      ['lodash/debounce', true],
      ['@scope/pkg@2/sub', true],
      ['tiny-case@1.0.0', true],
      ['./x', false],
      ['@/lib/db', false],
      ['node:fs', false],
      ['fs', false],
      ['https://esm.sh/x', false],
    ];
    for (const [source, expected] of cases)
      expect([source, isPackageImport(source)]).toEqual([source, expected]);
  });

  it(
    'runs an ESM package with a CommonJS dependency, and a package with a peer, in the real sandbox',
    async () => {
      const sources = [
        route(
          'slug',
          `import slug, { padded, joined } from 'esm-slug';
import { padLeft, version } from 'cjs-pad';
import { ten } from 'peer-user';
export async function GET() {
  return Response.json({ slug: slug(' Hello World '), padded: padded(7), joined: joined(), pad: padLeft('a', 3, '.'), version, ten: ten() });
}`,
        ),
      ];
      const res = await get('app-ok', sources, '/api/slug');
      expect(res).toEqual({
        status: 200,
        body: {
          slug: 'hello-world',
          padded: '0007',
          joined: 'a/b',
          pad: '..a',
          version: '1.4.0',
          ten: 'xx7',
        },
      });
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'bundles for the server apart from the browser: its own cache key, peers inside',
    async () => {
      const browser = await resolver.resolve('peer-user');
      const server = await resolver.resolve('peer-user', undefined, 'server');
      expect(server.version).toBe(browser.version);
      expect(server.bundle).not.toBe(browser.bundle);
      expect(browser.peers).toEqual(['cjs-pad']);
      expect(server.peers).toEqual([]);
      const code = readFileSync(resolver.bundleFile(server.bundle) ?? '', 'utf8');
      expect(code).not.toContain('__kiln_npm');
      // Asked again: from the index, no new download.
      const before = registry.hits.get('/peer-user/-/peer-user-1.0.0.tgz') ?? 0;
      expect((await resolver.resolve('peer-user', { version: '1.0.0' }, 'server')).bundle).toBe(
        server.bundle,
      );
      expect(registry.hits.get('/peer-user/-/peer-user-1.0.0.tgz') ?? 0).toBe(before);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'keeps package code without permissions: no files, env, subprocess, and Node fs names the package',
    async () => {
      const sources = [
        route(
          'probe',
          `import { probe } from 'sneaky';\nexport async function GET() { return Response.json(await probe()); }`,
        ),
      ];
      const res = await get('app-sneaky', sources, '/api/probe');
      expect(res.status).toBe(200);
      expect(res.body.read).toMatch(/^(NotCapable|PermissionDenied)/);
      expect(res.body.env).toMatch(/^(NotCapable|PermissionDenied)/);
      expect(res.body.run).toMatch(/^(NotCapable|PermissionDenied)/);
      // \`process\` is the function's own (its env, the project's secrets), not a browser stand-in.
      expect(res.body.processEnv).toBe('kept-from-packages-too');
      expect(res.body.fs).toBe(`Error: ${PACKAGE_MESSAGES.functionBuiltin('sneaky', 'fs')}`);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    "fails validation with the resolver's message naming a missing or denied package (INVALID_CODE)",
    async () => {
      const missing = [
        route('missing', `import x from 'no-such-package';\nexport const GET = () => Response.json(x);`),
      ];
      expect(await bundleRoute(missing, missing[0]!.filePath, packages)).toEqual({
        error: PACKAGE_MESSAGES.notFound('no-such-package'),
      });
      const modules = [{ filePath: missing[0]!.filePath, moduleType: 'FUNCTION', content: missing[0]!.code }];
      expect(await validateRevision(modules, { render: false, functionPackages: packages })).toEqual({
        status: 'INVALID_CODE',
        error: { filePath: missing[0]!.filePath, message: PACKAGE_MESSAGES.notFound('no-such-package') },
      });
      const denied = [
        route('denied', `import x from '@evil/pkg';\nexport const GET = () => Response.json(x);`),
      ];
      expect(await bundleRoute(denied, denied[0]!.filePath, packages)).toEqual({
        error: PACKAGE_MESSAGES.denied('@evil/pkg'),
      });
      // Through the sandbox the caller sees the same message (a 500), and no process ran the route.
      expect(await get('app-missing', missing, '/api/missing')).toEqual({
        status: 500,
        body: { error: PACKAGE_MESSAGES.notFound('no-such-package') },
      });
      // Without a resolver (a server without packages) a package import is not available, as before.
      expect(await bundleRoute(missing, missing[0]!.filePath)).toEqual({
        error: 'Module "no-such-package" is not available in functions',
      });
    },
    TEST_TIMEOUT_MS,
  );
});

describe.each(backends)("npm packages in a Kiln server's functions (%s)", (backend) => {
  it(
    'answers /api through the sandbox with a package, pinned per revision in revision_packages',
    async () => {
      await using t = await startTestKiln(backend, { KILN_NPM_REGISTRY: registry.url });
      // A package of this test's own: a newer version is published half-way through.
      const pinned = `pinned-${backend}`;
      await registry.add(versioned(pinned, '1.0.0'));
      const { client: c } = await signUp(t, 'fn-npm@example.com');
      const { id: projectId, revision, sandboxToken: token } = await generatedProject(c, 'A todo list app');
      expect(revision.status).toBe('VALID');
      const db = t.kiln.database.db;
      const [rev] = await db.select().from(revisions).where(eq(revisions.id, revision.id));
      const fn = {
        filePath: `${API}/version/route.ts`,
        moduleType: 'FUNCTION' as const,
        content: `import slug from 'esm-slug';
import { VERSION } from '${pinned}';
import { padLeft } from 'cjs-pad';
export const GET = () => Response.json({ slug: slug('A B'), version: VERSION, pad: padLeft(1, 2, '0') });`,
      };
      const addRevision = async (id: string, parentId: string, number: number) => {
        await db.insert(revisions).values({
          id,
          projectId,
          parentId,
          number,
          status: 'VALID',
          action: 'PROMPT_CHANGE',
          modules: [...(rev?.modules ?? []), fn],
        });
      };
      const call = (revisionId: string) =>
        c.send('GET', `/sandbox/api/${revisionId}/version`, {
          host: `${projectId}.preview.localhost`,
          headers: { 'x-kiln-sandbox-token': token },
        });
      const first = `${rev?.id}-fn`;
      await addRevision(first, rev?.id ?? '', 90);
      const res = await call(first);
      expect([res.status, res.json()]).toEqual([200, { slug: 'a-b', version: '1.0.0', pad: '01' }]);
      const lock = await db.select().from(revisionPackages).where(eq(revisionPackages.revisionId, first));
      expect(Object.fromEntries(lock.map((l) => [l.source, [l.version, l.bundle]]))).toEqual({
        'esm-slug': ['2.0.1', ''],
        'cjs-pad': ['1.4.0', ''],
        [pinned]: ['1.0.0', ''],
      });
      expect(lock.every((l) => l.integrity.startsWith('sha512-'))).toBe(true);

      // A published app's visitors cannot load a package only its functions import.
      const pages = new PackageResolver({ dataDir: t.dataDir, registry: registry.url });
      await expect(resolveForRevision(db, pages, first, 'cjs-pad', { importedOnly: true })).rejects.toThrow(
        PACKAGE_MESSAGES.notImported('cjs-pad'),
      );

      // A newer version is published: the next revision keeps its parent's pin.
      await registry.add(versioned(pinned, '1.1.0'));
      const second = `${rev?.id}-fn2`;
      await addRevision(second, first, 91);
      const again = await call(second);
      expect([again.status, (again.json() as { version: string }).version]).toEqual([200, '1.0.0']);
      // The browser gets the pinned version too (its own bundle, made when a page asks).
      const browser = await c.send('GET', `/_kiln/npm/resolve?source=${pinned}&revision=${second}`, {
        host: `${projectId}.preview.localhost`,
      });
      expect(browser.status).toBe(200);
      expect(browser.json()).toMatchObject({ version: '1.0.0' });
      // …and the lock row gets that browser bundle, the server bundle staying in the cache only.
      const rows = await db.select().from(revisionPackages).where(eq(revisionPackages.revisionId, second));
      const bundle = rows.find((r) => r.source === pinned)?.bundle ?? '';
      expect(bundle).not.toBe('');
      expect((browser.json() as { url: string }).url).toBe(`/_kiln/npm/${bundle}.js`);
    },
    TEST_TIMEOUT_MS,
  );
});

/** A CommonJS package whose one export is its version. */
function versioned(name: string, version: string): TestPackage {
  return {
    name,
    version,
    json: { main: 'index.js' },
    files: { 'index.js': `exports.VERSION = '${version}';\n` },
  };
}
