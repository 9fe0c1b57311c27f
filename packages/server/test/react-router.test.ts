/**
 * @module
 * `react-router-dom` in the preview (issue 16, spec §2 navigation): the real package (react-router 7, copied
 * from the workspace's devDependency into a local registry — never the public one) resolved by a real Kiln
 * server and rendered in Chromium through the builder's `PreviewClient`. Route changes inside a
 * `BrowserRouter` reach the builder as `kiln:route`, `kiln:navigate` and the initial route reach the router,
 * hash links scroll, absolute URLs pass through, hooks used without a router in the code still work, data
 * routers (`createBrowserRouter` + `RouterProvider`) are bound the same way, and the
 * published app moves the same router through the browser's history.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { launchChromium } from '@kiln/preview/node';
import { eq } from 'drizzle-orm';
import { build } from 'esbuild';
import type { Browser, Frame, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { revisions } from '../src/db/schema';
import { generatedProject, publish, signUp, startTestKiln, type TestKiln } from './harness';
import { type TestPackage, TestRegistry } from './npm-registry';

/** The real packages, as installed in the workspace: runtime files only (no type declarations or docs). */
const REAL_PACKAGES = ['react-router-dom', 'react-router', 'cookie', 'set-cookie-parser'];
const RUNTIME_FILE = /\.(?:m?js|cjs|json)$/;

function installedPackage(name: string): TestPackage {
  const dir = resolve(import.meta.dirname, '../../../node_modules', name);
  const {
    name: _n,
    version,
    ...json
  } = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as {
    name: string;
    version: string;
  } & Record<string, unknown>;
  const files: Record<string, string> = {};
  const walk = (d: string) => {
    for (const entry of readdirSync(d, { withFileTypes: true })) {
      const path = join(d, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (RUNTIME_FILE.test(entry.name) && d !== dir)
        files[relative(dir, path)] = readFileSync(path, 'utf8');
      else if (RUNTIME_FILE.test(entry.name) && entry.name !== 'package.json')
        files[entry.name] = readFileSync(path, 'utf8');
    }
  };
  walk(dir);
  return { name, version, files, json };
}

const PAGE_FILE = 'apps/web/src/app/page.tsx';

/** A single-page app: its routes live in a `BrowserRouter` of the root page. */
const ROUTER_APP = `import { BrowserRouter, Routes, Route, Link, useLocation, useParams } from 'react-router-dom';

function Home() {
  return <h1 data-testid="title">Home</h1>;
}

function About() {
  const location = useLocation();
  return (
    <section>
      <h1 data-testid="title">About{location.search}</h1>
      <Link to="#details" data-testid="to-details">Details</Link>
      <Link to="https://example.com/docs" data-testid="external">Docs</Link>
      <div style={{ height: 3000 }} />
      <p id="details" data-testid="details">The details</p>
    </section>
  );
}

function User() {
  const { id } = useParams();
  return <h1 data-testid="title">User {id}</h1>;
}

export default function App() {
  return (
    <BrowserRouter>
      <nav>
        <Link to="/" data-testid="to-home">Home</Link>
        <Link to="/about" data-testid="to-about">About</Link>
        <Link to="/users/7" data-testid="to-user">User</Link>
      </nav>
      <Routes>
        <Route path="/" element={<Home />} />
        <Route path="/about" element={<About />} />
        <Route path="/users/:id" element={<User />} />
        <Route path="*" element={<h1 data-testid="title">No route</h1>} />
      </Routes>
    </BrowserRouter>
  );
}
`;

/** Model code that calls react-router hooks with no router around them, between file pages. */
const HOOKS_HOME = `import { useNavigate, useLocation } from 'react-router-dom';

export default function Home() {
  const navigate = useNavigate();
  const location = useLocation();
  return (
    <main>
      <p data-testid="where">home at {location.pathname}</p>
      <button data-testid="go" onClick={() => navigate('/settings')}>Settings</button>
    </main>
  );
}
`;

const HOOKS_SETTINGS = `import { Link, useLocation } from 'react-router-dom';

export default function Settings() {
  const location = useLocation();
  return (
    <main>
      <p data-testid="where">settings at {location.pathname}</p>
      <Link to="/" data-testid="back-home">Home</Link>
    </main>
  );
}
`;

/** A data router (`createBrowserRouter` + `RouterProvider`), made when the module is evaluated. */
const DATA_ROUTER_APP = `import { createBrowserRouter, RouterProvider, Link, useParams } from 'react-router-dom';

function Item() {
  const { id } = useParams();
  return <h1 data-testid="title">Item {id}</h1>;
}

const router = createBrowserRouter([
  { path: '/', element: <div><h1 data-testid="title">Data home</h1><Link to="/items/3" data-testid="to-item">Item</Link></div> },
  { path: '/items/:id', element: <Item /> },
]);

export default function App() {
  return <RouterProvider router={router} />;
}
`;

interface Module {
  filePath: string;
  moduleType: string;
  name: string;
  content: string;
}

interface Message {
  kind: string;
  revisionId?: string;
  route?: string;
  message?: string;
}

async function clientBundle(): Promise<string> {
  const out = await build({
    entryPoints: [resolve(import.meta.dirname, '../../preview/src/client.ts')],
    bundle: true,
    format: 'iife',
    globalName: 'KilnPreview',
    write: false,
    target: 'es2022',
  });
  return out.outputFiles[0]?.text ?? '';
}

/** The test's stand-in for the builder: a page of the builder origin driving the real preview origin. */
async function openPreview(browser: Browser, t: TestKiln, projectId: string) {
  const context = await browser.newContext({ bypassCSP: true });
  const page: Page = await context.newPage();
  const previewOrigin = new URL(t.kiln.origins.previewUrl(projectId)).origin;
  await page.goto(`${t.kiln.origins.builderOrigin}/healthz`);
  await page.setContent(`<!doctype html><iframe id="preview" src="${previewOrigin}/" style="width:900px;height:600px"></iframe>
<script>${await clientBundle()}</script><script>
window.__messages = [];
window.client = new KilnPreview.PreviewClient(document.getElementById('preview'), ${JSON.stringify(previewOrigin)});
for (const k of ['kiln:rendered', 'kiln:error', 'kiln:route']) client.on(k, (m) => window.__messages.push(m));
</script>`);
  const messages = () => page.evaluate(() => (window as unknown as { __messages: Message[] }).__messages);
  return {
    page,
    context,
    messages,
    frame(): Frame {
      const f = page.frames().find((fr) => fr.url().includes('.preview.'));
      if (!f) throw new Error('no preview frame');
      return f;
    },
    async load(revisionId: string, modules: Module[], route: string) {
      await page.evaluate(
        (msg) => (window as unknown as { client: { load(m: unknown): void } }).client.load(msg),
        { revisionId, modules, css: '', route, generating: false, mode: 'web' },
      );
    },
    async navigate(route: string) {
      await page.evaluate(
        (r) => (window as unknown as { client: { navigate(r: string): void } }).client.navigate(r),
        route,
      );
    },
    async routes(): Promise<string[]> {
      return (await messages()).flatMap((m) => (m.kind === 'kiln:route' && m.route ? [m.route] : []));
    },
    async waitRendered(revisionId: string) {
      await expect
        .poll(
          async () => {
            const all = await messages();
            const error = all.find((m) => m.kind === 'kiln:error' && m.revisionId === revisionId);
            if (error) throw new Error(`preview error: ${error.message}`);
            return all.some((m) => m.kind === 'kiln:rendered' && m.revisionId === revisionId);
          },
          { timeout: 60_000 },
        )
        .toBe(true);
    },
  };
}

let registry: TestRegistry;
let browser: Browser;

beforeAll(async () => {
  registry = new TestRegistry();
  await registry.add(...REAL_PACKAGES.map(installedPackage));
  await registry.start();
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await registry?.stop();
});

describe('react-router-dom in the preview (real package, real server, Chromium)', () => {
  it('reports BrowserRouter navigation as kiln:route, follows kiln:navigate and the initial route, scrolls hash links, passes absolute URLs through, and gives hooks a router when the code has none', async () => {
    await using t = await startTestKiln('pglite', { KILN_NPM_REGISTRY: registry.url });
    const { client: c } = await signUp(t, 'router@example.com');
    const { id: projectId, revision } = await generatedProject(c, 'A todo list app');
    expect(revision.status).toBe('VALID');
    const db = t.kiln.database.db;
    const [rev] = await db.select().from(revisions).where(eq(revisions.id, revision.id));
    const revisionId = rev?.id ?? '';
    const preview = await openPreview(browser, t, projectId);
    const title = () => preview.frame().getByTestId('title').textContent();

    // The initial route the builder asks for is honoured by the router, on a page file at `/`.
    const app: Module[] = [{ filePath: PAGE_FILE, moduleType: 'PAGE', name: 'Home', content: ROUTER_APP }];
    await preview.load(revisionId, app, '/users/42');
    await preview.waitRendered(revisionId);
    expect(await title()).toBe('User 42');

    // A <Link> inside the BrowserRouter: the route changes in memory and the builder's address hears of it.
    const frame = preview.frame();
    const iframeUrl = frame.url();
    await frame.getByTestId('to-home').click();
    await expect.poll(title).toBe('Home');
    await frame.getByTestId('to-about').click();
    await expect.poll(title).toBe('About');
    // The route report is a postMessage to the builder's page: it can land after the frame shows the page.
    await expect.poll(() => preview.routes()).toEqual(['/', '/about']);
    expect(frame.url()).toBe(iframeUrl); // the iframe itself never navigates

    // A hash link scrolls to its anchor without changing the route.
    const details = frame.getByTestId('details');
    expect(await details.evaluate((el) => el.getBoundingClientRect().top)).toBeGreaterThan(600);
    await frame.getByTestId('to-details').click();
    await expect
      .poll(() => details.evaluate((el) => el.getBoundingClientRect().top), { timeout: 10_000 })
      .toBeLessThan(600);
    expect(await preview.routes()).toEqual(['/', '/about']);

    // An absolute URL passes through: a new tab, the preview stays where it is.
    await preview.context.route('https://example.com/**', (r) => r.fulfill({ body: 'docs' }));
    const popup = preview.context.waitForEvent('page');
    await frame.getByTestId('external').click();
    const tab = await popup;
    await tab.waitForLoadState();
    expect(tab.url()).toBe('https://example.com/docs');
    expect(await title()).toBe('About');

    // The builder's address bar (kiln:navigate) moves the router, including to a route no page file serves.
    await preview.navigate('/users/7');
    await expect.poll(title).toBe('User 7');
    await preview.navigate('/about?tab=team');
    await expect.poll(title).toBe('About?tab=team');
    await preview.navigate('/nowhere');
    await expect.poll(title).toBe('No route');

    // Hooks without a router in the code (common in model code), across two page files.
    const hooks: Module[] = [
      { filePath: PAGE_FILE, moduleType: 'PAGE', name: 'Home', content: HOOKS_HOME },
      {
        filePath: 'apps/web/src/app/settings/page.tsx',
        moduleType: 'PAGE',
        name: 'Settings',
        content: HOOKS_SETTINGS,
      },
    ];
    // The same revision (its packages pinned already) with other code: waits on what the page shows.
    await preview.load(revisionId, hooks, '/');
    await expect.poll(() => preview.frame().getByTestId('where').textContent()).toBe('home at /');
    await preview.frame().getByTestId('go').click();
    await expect.poll(() => preview.frame().getByTestId('where').textContent()).toBe('settings at /settings');
    await preview.frame().getByTestId('back-home').click();
    await expect.poll(() => preview.frame().getByTestId('where').textContent()).toBe('home at /');
    await expect.poll(async () => (await preview.routes()).slice(-2)).toEqual(['/settings', '/']);

    // A data router: it starts at the builder's route, follows the address field, and reports its links.
    await preview.load(
      revisionId,
      [{ filePath: PAGE_FILE, moduleType: 'PAGE', name: 'Home', content: DATA_ROUTER_APP }],
      '/items/5',
    );
    await expect.poll(title).toBe('Item 5');
    await preview.navigate('/');
    await expect.poll(title).toBe('Data home');
    await preview.frame().getByTestId('to-item').click();
    await expect.poll(title).toBe('Item 3');
    await expect.poll(async () => (await preview.routes()).at(-1)).toBe('/items/3');
    expect((await preview.messages()).filter((m) => m.kind === 'kiln:error')).toEqual([]);

    // Published: the same router moves through the browser's history (back included), and a route no page file
    // serves, opened directly, is shown by the router's page.
    await db
      .update(revisions)
      .set({
        modules: [
          ...(rev?.modules ?? []).filter((m) => m.filePath !== PAGE_FILE),
          { filePath: PAGE_FILE, moduleType: 'PAGE', content: ROUTER_APP },
        ],
      })
      .where(eq(revisions.id, revisionId));
    const appUrl = (await publish(c, projectId)).url;
    const site = await (await browser.newContext()).newPage();
    await site.goto(appUrl);
    const siteTitle = () => site.getByTestId('title').textContent();
    await expect.poll(siteTitle, { timeout: 30_000 }).toBe('Home');
    await site.getByTestId('to-user').click();
    await expect.poll(siteTitle).toBe('User 7');
    expect(new URL(site.url()).pathname).toBe('/users/7');
    await site.goBack();
    await expect.poll(siteTitle).toBe('Home');
    await site.goto(new URL('/users/9', appUrl).href);
    await expect.poll(siteTitle, { timeout: 30_000 }).toBe('User 9');
    await site.context().close();
  }, 240_000);
});
