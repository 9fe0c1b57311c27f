/**
 * npm packages outside the preview's catalogue (issue 16), without the public registry: a local registry
 * (test/npm-registry.ts) serves real tarballs made by the test over HTTP, and Kiln's resolver is pointed at
 * it with KILN_NPM_REGISTRY. The resolver alone (versions, dependencies, caps, errors, concurrency, offline),
 * then a real Kiln server whose preview renders components importing such packages in Chromium — pinned per
 * revision, and again with the registry stopped.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { packageDocumentationWithNpm } from '@kiln/codegen';
import { launchChromium } from '@kiln/preview/node';
import { eq } from 'drizzle-orm';
import { build } from 'esbuild';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { revisionPackages, revisions } from '../src/db/schema';
import { closeValidation, validateRevision } from '../src/jobs/validate';
import { npmDocsFrom } from '../src/packages/docs';
import { PACKAGE_MESSAGES } from '../src/packages/messages';
import { PackageResolver } from '../src/packages/resolver';
import { generatedProject, publish, signUp, startTestKiln, type TestKiln } from './harness';
import { type TestPackage, TestRegistry } from './npm-registry';

/** The packages of the local registry: small but real (ESM, CommonJS, scoped, CSS, React, dependencies). */
const PACKAGES: TestPackage[] = [
  {
    name: 'tiny-case',
    version: '1.0.0',
    json: { main: 'index.js' },
    files: {
      'index.js': 'exports.upper = (s) => s.toUpperCase();\nexports.lower = (s) => s.toLowerCase();\n',
    },
  },
  {
    name: 'tiny-case',
    version: '2.0.0',
    json: { type: 'module', main: 'index.js', types: 'index.d.ts' },
    files: {
      'index.js': "export const upper = (s) => 'v2:' + s.toUpperCase();\n",
      'index.d.ts': '/** Upper-cases a string. */\nexport declare function upper(s: string): string;\n',
      'README.md': '# tiny-case\n\nUpper-case text: `upper("a")` is `"V2:A"`.\n',
    },
  },
  {
    // A React component library: a hook (needs the page's one React), its own CSS, a dependency, `path`.
    name: '@acme/badge',
    version: '1.2.0',
    json: {
      type: 'module',
      exports: { '.': './index.js', './style.css': './style.css', './format': './format.js' },
      dependencies: { 'tiny-case': '^1.0.0' },
      peerDependencies: { react: '>=18' },
    },
    files: {
      'index.js': `import { useState } from 'react';
import { jsx } from 'react/jsx-runtime';
import { upper } from 'tiny-case';
import path from 'path';
import './style.css';
export function Badge({ label }) {
  const [n, setN] = useState(0);
  return jsx('button', { className: 'acme-badge', 'data-testid': 'badge', onClick: () => setN(n + 1),
    children: upper(label) + ' ' + n + ' ' + path.join('a', 'b') });
}
export default Badge;
`,
      'format.js': `export const stars = (n) => '*'.repeat(n);\n`,
      'style.css': '.acme-badge { color: rgb(1, 2, 3); }\n',
    },
  },
  {
    // CommonJS with named members on module.exports (read as named imports), like lodash.
    name: 'cjs-utils',
    version: '3.1.4',
    json: { main: 'lib/index.js' },
    files: {
      'lib/index.js':
        'function sum(a, b) { return a + b; }\nmodule.exports = { sum, version: require("../package.json").version };\n',
    },
  },
  {
    name: 'uses-fs',
    version: '1.0.0',
    files: {
      'index.js': 'const fs = require("fs");\nexports.read = () => fs.readFileSync("/etc/hosts", "utf8");\n',
    },
  },
  { name: 'broken-syntax', version: '1.0.0', files: { 'index.js': 'export const x = ;\n' } },
  {
    name: 'big-files',
    version: '1.0.0',
    files: Object.fromEntries(
      Array.from({ length: 30 }, (_, i) => [`f${i}.js`, `export const v${i} = ${i};`]),
    ),
  },
  {
    // Over the file cap in one dependency while its siblings are still unpacking (like @headlessui/react).
    name: 'wide-deps',
    version: '1.0.0',
    json: { dependencies: { 'big-files': '1.0.0', 'tiny-case': '^1.0.0', '@acme/badge': '^1.2.0' } },
    files: { 'index.js': 'export const wide = true;\n' },
  },
  { name: 'tampered', version: '1.0.0', files: { 'index.js': 'export const ok = true;\n' } },
  {
    // A plugin registry, and a React wrapper that takes it as a peer (like chart.js and react-chartjs-2).
    name: 'chart-core',
    version: '4.0.0',
    json: { type: 'module', main: 'index.js' },
    files: {
      'index.js':
        'const plugins = [];\nexport function register(p) { plugins.push(p); }\nexport function registered() { return plugins.join(","); }\n',
    },
  },
  {
    name: 'react-chart-core',
    version: '5.0.0',
    json: { type: 'module', main: 'index.js', peerDependencies: { 'chart-core': '^4', react: '>=18' } },
    files: {
      'index.js':
        "import { createElement } from 'react';\nimport { registered } from 'chart-core';\nexport function Chart() { return createElement('p', { 'data-testid': 'chart' }, 'plugins: ' + registered()); }\n",
    },
  },
  {
    // Sources maps, declarations and Markdown beside the code, as most packages ship (@headlessui/react's tree).
    name: 'mapped-files',
    version: '1.0.0',
    json: { type: 'module', main: 'index.js', types: 'index.d.ts' },
    files: Object.fromEntries([
      ['index.js', 'export const mapped = 10;\n//# sourceMappingURL=index.js.map\n'],
      ['index.d.ts', 'export declare const mapped: number;\n'],
      ['README.md', '# mapped-files\n'],
      ...Array.from({ length: 12 }, (_, i) => [`lib/f${i}.js.map`, '{"version":3,"mappings":""}']),
      ...Array.from({ length: 12 }, (_, i) => [`lib/f${i}.d.ts`, `export declare const v${i}: number;`]),
    ]),
  },
  // A package whose newest major dropped the API models write (model-era.ts): v8's hook, v9 without it.
  {
    name: '@tanstack/react-table',
    version: '8.21.3',
    json: { type: 'module', main: 'index.js' },
    files: { 'index.js': 'export function useReactTable(o) { return { v: 8, o }; }\n' },
  },
  {
    name: '@tanstack/react-table',
    version: '9.0.0',
    json: { type: 'module', main: 'index.js' },
    files: { 'index.js': 'export function useTable(o) { return { v: 9, o }; }\n' },
  },
  {
    name: 'git-dep',
    version: '1.0.0',
    json: { dependencies: { helper: 'github:someone/helper' } },
    files: { 'index.js': 'module.exports = require("helper");\n' },
  },
];

let registry: TestRegistry;

beforeAll(async () => {
  registry = new TestRegistry();
  await registry.add(...PACKAGES);
  registry.corrupt.add('tampered');
  await registry.start();
});

afterAll(async () => {
  await registry.stop();
});

function tempDir(): { dir: string } & Disposable {
  const dir = mkdtempSync(join(tmpdir(), 'kiln-npm-'));
  return { dir, [Symbol.dispose]: () => rmSync(dir, { recursive: true, force: true }) };
}

const bundleText = (r: PackageResolver, hash: string) => readFileSync(r.bundleFile(hash) ?? '', 'utf8');

describe('the npm package resolver against a local registry', () => {
  it('bundles a scoped package with its dependency, CSS and a sub-path into one ES module, React left out', async () => {
    using data = tempDir();
    const resolver = new PackageResolver({ dataDir: data.dir, registry: registry.url });
    const badge = await resolver.resolve('@acme/badge');
    expect(badge).toMatchObject({ name: '@acme/badge', version: '1.2.0' });
    expect(badge.integrity).toMatch(/^sha512-/);
    const code = bundleText(resolver, badge.bundle);
    expect(code).toContain('.acme-badge{color:#010203}'); // its CSS, added to the page by the module
    expect(code).toContain('__kiln_shared'); // React is the runtime's
    expect(code).not.toContain('useState=function'); // and not bundled
    const sub = await resolver.resolve('@acme/badge/format');
    expect(bundleText(resolver, sub.bundle)).toContain('repeat');
    expect(sub.bundle).not.toBe(badge.bundle);
  });

  it('resolves `pkg@range` pins to the matching version and `pkg` to the newest', async () => {
    using data = tempDir();
    const resolver = new PackageResolver({ dataDir: data.dir, registry: registry.url });
    expect((await resolver.resolve('tiny-case')).version).toBe('2.0.0');
    expect((await resolver.resolve('tiny-case@^1')).version).toBe('1.0.0');
    expect((await resolver.resolve('tiny-case', { version: '1.0.0' })).version).toBe('1.0.0');
  });

  it('resolves a package whose newest major dropped what models write to the major they know, unless the import names one', async () => {
    using data = tempDir();
    const resolver = new PackageResolver({ dataDir: data.dir, registry: registry.url });
    const v8 = await resolver.resolve('@tanstack/react-table');
    expect(v8.version).toBe('8.21.3');
    expect(bundleText(resolver, v8.bundle)).toContain('useReactTable');
    expect((await resolver.resolve('@tanstack/react-table@9')).version).toBe('9.0.0');
    expect((await resolver.resolve('@tanstack/react-table', { version: '9.0.0' })).version).toBe('9.0.0');
    expect((await resolver.documentation('@tanstack/react-table')).version).toBe('8.21.3');
  });

  it('retries a registry GET after a dropped connection or a 503, so neither fails the import', async () => {
    using data = tempDir();
    const resolver = new PackageResolver({ dataDir: data.dir, registry: registry.url });
    const tarball = '/cjs-utils/-/cjs-utils-3.1.4.tgz';
    const before = registry.hits.get(tarball) ?? 0;
    registry.drop.set('/cjs-utils', 1);
    registry.busy.set(tarball, 1);
    registry.drop.set(tarball, 1);
    expect((await resolver.resolve('cjs-utils')).version).toBe('3.1.4');
    // Each failure was met once, then asked again: the tarball three times (503, dropped, served).
    expect([registry.drop.get('/cjs-utils'), registry.drop.get(tarball), registry.busy.get(tarball)]).toEqual(
      [0, 0, 0],
    );
    expect((registry.hits.get(tarball) ?? 0) - before).toBe(3);
  });

  it('neither unpacks nor counts source maps, declarations and Markdown for a bundle; documentation keeps them', async () => {
    using data = tempDir();
    const resolver = new PackageResolver({
      dataDir: data.dir,
      registry: registry.url,
      limits: { maxFiles: 5 },
    });
    const mapped = await resolver.resolve('mapped-files');
    expect(bundleText(resolver, mapped.bundle)).toContain('10');
    const full = new PackageResolver({ dataDir: data.dir, registry: registry.url });
    const docs = await full.documentation('mapped-files');
    expect(docs.readme).toContain('# mapped-files');
    expect(docs.types).toContain('declare const mapped');
  });

  it('resolves concurrent requests for the same package once', async () => {
    using data = tempDir();
    const resolver = new PackageResolver({ dataDir: data.dir, registry: registry.url });
    const before = registry.hits.get('/cjs-utils/-/cjs-utils-3.1.4.tgz') ?? 0;
    const all = await Promise.all(Array.from({ length: 8 }, () => resolver.resolve('cjs-utils')));
    expect(new Set(all.map((r) => r.bundle)).size).toBe(1);
    expect((registry.hits.get('/cjs-utils/-/cjs-utils-3.1.4.tgz') ?? 0) - before).toBe(1);
  });

  it('gives errors that name the package: missing, no such version, not bundling, over a cap, tampered, denied, git dependency, server-only', async () => {
    using data = tempDir();
    const resolver = new PackageResolver({
      dataDir: data.dir,
      registry: registry.url,
      limits: { maxFiles: 20 },
      deny: ['@evil/*', 'cjs-utils'],
    });
    const failure = (source: string) =>
      resolver.resolve(source).then(
        () => null,
        (e: { kind: string; message: string }) => ({ kind: e.kind, message: e.message }),
      );
    expect(await failure('no-such-package')).toEqual({
      kind: 'not_found',
      message: 'Package "no-such-package" does not exist on the npm registry.',
    });
    expect(await failure('tiny-case@^7')).toEqual({
      kind: 'not_found',
      message: 'Package "tiny-case" has no version matching "^7".',
    });
    expect(await failure('broken-syntax')).toMatchObject({
      kind: 'validation',
      message: expect.stringMatching(/^Package "broken-syntax" could not be bundled: /),
    });
    expect(await failure('big-files')).toEqual({
      kind: 'too_large',
      message:
        'Package "big-files" has too many files: more than 20 with its dependencies (KILN_NPM_MAX_FILES).',
    });
    // The cap's own error, not a clean-up race over a half-unpacked tree (ENOTEMPTY); nothing is left behind.
    expect(await failure('wide-deps')).toEqual({
      kind: 'too_large',
      message:
        'Package "wide-deps" has too many files: more than 20 with its dependencies (KILN_NPM_MAX_FILES).',
    });
    expect(readdirSync(join(data.dir, 'npm', 'work'))).toEqual([]);
    expect(await failure('tampered')).toEqual({
      kind: 'external',
      message:
        'Package "tampered" could not be downloaded: the tarball of tampered failed its integrity check',
    });
    expect(await failure('cjs-utils')).toMatchObject({
      kind: 'validation',
      message: expect.stringContaining('not allowed'),
    });
    expect(await failure('@evil/thing')).toMatchObject({
      kind: 'validation',
      message: expect.stringContaining('"@evil/thing"'),
    });
    expect(await failure('fs')).toEqual({
      kind: 'validation',
      message:
        '"fs" is Node\'s "fs" module, which a browser does not have: app code runs in the browser (use a function for server work).',
    });
    expect(await failure('../etc/passwd')).toMatchObject({ kind: 'validation' });
    // A git dependency could run its prepare script when fetched: never fetched.
    expect(await failure('git-dep')).toEqual({
      kind: 'validation',
      message:
        'Package "git-dep" depends on "helper" from "github:someone/helper"; Kiln fetches registry versions only.',
    });
    const tiny = new PackageResolver({
      dataDir: data.dir,
      registry: registry.url,
      limits: { maxBytes: 300 },
    });
    await expect(tiny.resolve('@acme/badge')).rejects.toMatchObject({
      kind: 'too_large',
      message: expect.stringMatching(/^Package "@acme\/badge" is too large: /),
    });
    // A package that needs `fs` still bundles; using it throws an error naming it and why.
    const usesFs = await resolver.resolve('uses-fs');
    expect(bundleText(resolver, usesFs.bundle)).toContain(
      `Package "uses-fs" needs Node's "fs" module, which a browser does not have: it is a server-only package.`,
    );
  });

  it('reaches a private registry with KILN_NPM_TOKEN, and says so plainly without it', async () => {
    using data = tempDir();
    const private_ = new TestRegistry();
    await private_.add(...PACKAGES.filter((p) => p.name === 'tiny-case'));
    private_.token = 's3cret-token';
    await private_.start();
    try {
      const anonymous = new PackageResolver({ dataDir: data.dir, registry: private_.url });
      await expect(anonymous.resolve('tiny-case')).rejects.toMatchObject({
        kind: 'external',
        message: PACKAGE_MESSAGES.registryRefused('tiny-case', private_.url),
      });
      const signedIn = new PackageResolver({
        dataDir: data.dir,
        registry: private_.url,
        token: 's3cret-token',
      });
      expect((await signedIn.resolve('tiny-case')).version).toBe('2.0.0');
    } finally {
      await private_.stop();
    }
  });

  it("reads a package's README and type declarations for package_documentation (issue 16)", async () => {
    using data = tempDir();
    const resolver = new PackageResolver({ dataDir: data.dir, registry: registry.url });
    const answer = await packageDocumentationWithNpm(
      'recharts, tiny-case, no-such-package',
      ['web'],
      npmDocsFrom(resolver),
    );
    expect(answer.status).toBe('success');
    expect(answer.found).toEqual(['recharts', 'tiny-case']);
    expect(answer.output).toContain('<kiln:doc name="tiny-case" version="2.0.0" source="npm">');
    expect(answer.output).toContain('Upper-case text: `upper("a")` is `"V2:A"`.');
    expect(answer.output).toContain('export declare function upper(s: string): string;');
    expect(answer.output).toContain(
      'Not available: no-such-package: Package "no-such-package" does not exist on the npm registry.',
    );
    // The pinned range written by the model, and the deny-list.
    expect((await resolver.documentation('tiny-case@1')).version).toBe('1.0.0');
    const denied = new PackageResolver({ dataDir: data.dir, registry: registry.url, deny: ['tiny-case'] });
    await expect(denied.documentation('tiny-case')).rejects.toMatchObject({ kind: 'validation' });
  });

  it('works offline from its cache and says the registry is unreachable for a package it never saw', async () => {
    using data = tempDir();
    const offline = new TestRegistry();
    await offline.add(...PACKAGES.filter((p) => p.name === 'tiny-case' || p.name === '@acme/badge'));
    await offline.start();
    const resolver = new PackageResolver({ dataDir: data.dir, registry: offline.url });
    const warm = await resolver.resolve('@acme/badge');
    await offline.stop();
    const cold = new PackageResolver({ dataDir: data.dir, registry: offline.url });
    const started = performance.now();
    expect((await cold.resolve('@acme/badge')).bundle).toBe(warm.bundle);
    expect((await cold.resolve('@acme/badge', { version: '1.2.0' })).bundle).toBe(warm.bundle);
    expect(performance.now() - started).toBeLessThan(1000);
    // A version of a package whose metadata is cached, bundled for the first time offline (tarball cached).
    expect((await cold.resolve('tiny-case@1.0.0')).version).toBe('1.0.0');
    await expect(cold.resolve('cjs-utils')).rejects.toMatchObject({
      kind: 'external',
      message: `Package "cjs-utils" is not in Kiln's cache and the npm registry (${offline.url}) is unreachable.`,
    });
  });
});

describe("the server's render check of a revision", () => {
  afterAll(async () => {
    await closeValidation();
  });

  it('marks code importing npm packages VALID, and a missing package INVALID_CODE naming it', async () => {
    using data = tempDir();
    const resolver = new PackageResolver({ dataDir: data.dir, registry: registry.url });
    const packages = {
      resolve: (s: string) => resolver.resolve(s),
      bundleFile: (h: string) => resolver.bundleFile(h),
    };
    const page = (content: string) => [
      { filePath: 'apps/web/src/app/page.tsx', moduleType: 'PAGE', content },
    ];
    expect(await validateRevision(page(PAGE), { packages })).toEqual({ status: 'VALID' });
    const missing = `import { x } from 'left-pad-ui';\nexport default function Home() { return <p>{x}</p>; }\n`;
    expect(await validateRevision(page(missing), { packages })).toEqual({
      status: 'INVALID_CODE',
      error: {
        filePath: 'apps/web/src/app/page.tsx',
        message: 'Package "left-pad-ui" does not exist on the npm registry.',
      },
    });
  }, 120_000);
});

/** A builder page on the builder origin that drives the real preview origin through `PreviewClient`. */
async function clientBundle(): Promise<string> {
  const entry = resolve(import.meta.dirname, '../../preview/src/client.ts');
  const out = await build({
    entryPoints: [entry],
    bundle: true,
    format: 'iife',
    globalName: 'KilnPreview',
    write: false,
    target: 'es2022',
  });
  return out.outputFiles[0]?.text ?? '';
}

interface PreviewPage {
  page: Page;
  load(revisionId: string, content: string): Promise<void>;
  waitFor(kind: 'kiln:rendered' | 'kiln:error', revisionId: string): Promise<{ message?: string }>;
}

async function openPreview(browser: Browser, t: TestKiln, projectId: string): Promise<PreviewPage> {
  // The builder origin's CSP allows only its own scripts; this page is the test's stand-in for the builder UI.
  const context = await browser.newContext({ bypassCSP: true });
  const page = await context.newPage();
  const builder = t.kiln.origins.builderOrigin;
  const previewOrigin = new URL(t.kiln.origins.previewUrl(projectId)).origin;
  const bundle = await clientBundle();
  // The builder's page is the test's own, written into a real page of the builder origin; everything on the
  // preview origin is the real Kiln server.
  await page.goto(`${builder}/healthz`);
  await page.setContent(`<!doctype html><iframe id="preview" src="${previewOrigin}/" style="width:900px;height:600px"></iframe>
<script>${bundle}</script><script>
window.__messages = [];
window.client = new KilnPreview.PreviewClient(document.getElementById('preview'), ${JSON.stringify(previewOrigin)});
for (const k of ['kiln:rendered', 'kiln:error']) client.on(k, (m) => window.__messages.push(m));
</script>`);
  return {
    page,
    async load(revisionId, content) {
      await page.evaluate(
        (msg) => (window as unknown as { client: { load(m: unknown): void } }).client.load(msg),
        {
          revisionId,
          modules: [{ filePath: 'apps/web/src/app/page.tsx', moduleType: 'PAGE', name: 'Home', content }],
          css: '',
          route: '/',
          generating: false,
          mode: 'web',
        },
      );
    },
    async waitFor(kind, revisionId) {
      const handle = await page.waitForFunction(
        ([k, r]) =>
          (window as unknown as { __messages: { kind: string; revisionId: string }[] }).__messages.find(
            (m) => m.kind === k && m.revisionId === r,
          ),
        [kind, revisionId] as const,
        { timeout: 20_000 },
      );
      return (await handle.jsonValue()) as { message?: string };
    },
  };
}

const PAGE = `import { useState } from 'react';
import Badge from '@acme/badge';
import { stars } from '@acme/badge/format';
import { sum, version } from 'cjs-utils';
import cjs from 'cjs-utils';
import { upper } from 'tiny-case';
import { basename } from 'path';
import { register } from 'chart-core';
import { Chart } from 'react-chart-core';

register('scales');

export default function Home() {
  const [clicks, setClicks] = useState(0);
  return (
    <main>
      <Badge label="hello" />
      <p data-testid="stars">{stars(3)}</p>
      <p data-testid="sum">{sum(2, 3)} {cjs.sum(1, 1)} v{version}</p>
      <p data-testid="case">{upper('x')}</p>
      <p data-testid="path">{basename('/a/b/file.txt')}</p>
      <Chart />
      <button data-testid="page-button" onClick={() => setClicks(clicks + 1)}>{clicks}</button>
    </main>
  );
}
`;

describe('npm packages in the preview (real server, Chromium)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('renders a page importing packages outside the catalogue in the preview and the published app, pinned to the revision, and again offline', async () => {
    await using t = await startTestKiln('pglite', { KILN_NPM_REGISTRY: registry.url });
    const { client: c } = await signUp(t, 'npm@example.com');
    const { id: projectId, revision } = await generatedProject(c, 'A todo list app');
    expect(revision.status).toBe('VALID');
    const db = t.kiln.database.db;
    // The first generation, finished (its page replaced below by one importing packages).
    const [rev] = await db.select().from(revisions).where(eq(revisions.id, revision.id));
    const revisionId = rev?.id ?? '';

    const preview = await openPreview(browser, t, projectId);
    await preview.load(revisionId, PAGE);
    await preview.waitFor('kiln:rendered', revisionId);
    const frame = preview.page.frames().find((f) => f.url().includes('.preview.'));
    if (!frame) throw new Error('no preview frame');
    const badge = frame.getByTestId('badge');
    // The package's component uses the page's React (a hook), its dependency, its CSS and `path`.
    expect(await badge.textContent()).toBe('HELLO 0 a/b');
    await badge.click();
    await expect.poll(() => badge.textContent()).toBe('HELLO 1 a/b');
    expect(await badge.evaluate((el) => getComputedStyle(el).color)).toBe('rgb(1, 2, 3)');
    expect(await frame.getByTestId('stars').textContent()).toBe('***');
    expect(await frame.getByTestId('sum').textContent()).toBe('5 2 v3.1.4');
    expect(await frame.getByTestId('case').textContent()).toBe('v2:X'); // the page's own tiny-case: the newest
    expect(await frame.getByTestId('path').textContent()).toBe('file.txt');
    // A peer dependency is one instance: what the page registered, the wrapper package sees.
    expect(await frame.getByTestId('chart').textContent()).toBe('plugins: scales');
    // The revision's lock record: name → exact version + integrity + bundle.
    const lock = await db.select().from(revisionPackages).where(eq(revisionPackages.revisionId, revisionId));
    expect(Object.fromEntries(lock.map((l) => [l.source, l.version]))).toEqual({
      '@acme/badge': '1.2.0',
      '@acme/badge/format': '1.2.0',
      'cjs-utils': '3.1.4',
      'tiny-case': '2.0.0',
      'chart-core': '4.0.0',
      'react-chart-core': '5.0.0',
      path: 'builtin',
    });
    expect(lock.find((l) => l.source === 'cjs-utils')?.integrity).toMatch(/^sha512-/);
    // Bundles are content-addressed and immutable.
    const bundle = await c.send('GET', `/_kiln/npm/${lock[0]?.bundle}.js`, {
      host: new URL(t.kiln.origins.previewUrl(projectId)).host.split(':')[0],
    });
    expect(bundle.status).toBe(200);
    expect(bundle.headers['cache-control']).toContain('immutable');
    // Another project cannot use this revision's pins through its own preview origin.
    const foreign = await c.send('GET', `/_kiln/npm/resolve?source=cjs-utils&revision=${revisionId}`, {
      host: 'other.preview.localhost',
    });
    expect(foreign.status).toBe(404);

    // A missing package fails the page with an error naming it (the preview's error box, Fix it).
    const missing = `import { x } from 'left-pad-ui';\nexport default function Home() { return <p>{x}</p>; }\n`;
    const [second] = await db
      .insert(revisions)
      .values({
        id: `${revisionId}-b`,
        projectId,
        parentId: revisionId,
        number: 99,
        status: 'VALID',
        action: 'PROMPT_CHANGE',
        modules: [],
      })
      .returning();
    await preview.load(second?.id ?? '', missing);
    expect((await preview.waitFor('kiln:error', second?.id ?? '')).message).toBe(
      'Package "left-pad-ui" does not exist on the npm registry.',
    );

    // Published: the app's revision is the one the preview pinned, and the app loads the same bundles.
    const home = 'apps/web/src/app/page.tsx';
    await db
      .update(revisions)
      .set({
        modules: [
          ...(rev?.modules ?? []).filter((m) => m.filePath !== home),
          { filePath: home, moduleType: 'PAGE', content: PAGE },
        ],
      })
      .where(eq(revisions.id, revisionId));
    const appUrl = (await publish(c, projectId)).url;
    const openApp = async () => {
      const appPage = await (await browser.newContext()).newPage();
      await appPage.goto(appUrl);
      await appPage.getByTestId('badge').waitFor();
      return appPage;
    };
    const app = await openApp();
    expect(await app.getByTestId('badge').textContent()).toBe('HELLO 0 a/b');
    expect(await app.getByTestId('sum').textContent()).toBe('5 2 v3.1.4');
    await app.context().close();
    // Visitors of the app cannot make the server fetch what its code does not import.
    const appHost = new URL(appUrl).hostname;
    const hitsBefore = registry.hits.get('/tampered') ?? 0;
    const notImported = await c.send('GET', '/_kiln/npm/resolve?source=tampered', { host: appHost });
    expect(notImported.status).toBe(404);
    expect(notImported.json()).toEqual({
      error: { code: 'not_found', message: `This app's code does not import "tampered".` },
    });
    expect(registry.hits.get('/tampered') ?? 0).toBe(hitsBefore);

    // Registry gone, server restarted, new browsers: the pinned revision renders from the cache.
    await registry.stop();
    try {
      await t.restart();
      const offlineApp = await openApp();
      expect(await offlineApp.getByTestId('case').textContent()).toBe('v2:X');
      await offlineApp.context().close();
      const again = await openPreview(browser, t, projectId);
      await again.load(revisionId, PAGE);
      await again.waitFor('kiln:rendered', revisionId);
      const f = again.page.frames().find((fr) => fr.url().includes('.preview.'));
      expect(await f?.getByTestId('badge').textContent()).toBe('HELLO 0 a/b');
      expect(await f?.getByTestId('sum').textContent()).toBe('5 2 v3.1.4');
      // A package never seen: the error names it and says the registry is unreachable.
      await again.load(
        second?.id ?? '',
        `import { y } from 'never-seen';\nexport default () => <p>{y}</p>;\n`,
      );
      expect((await again.waitFor('kiln:error', second?.id ?? '')).message).toBe(
        `Package "never-seen" is not in Kiln's cache and the npm registry (${registry.url}) is unreachable.`,
      );
    } finally {
      await registry.start();
    }
  }, 240_000);
});
