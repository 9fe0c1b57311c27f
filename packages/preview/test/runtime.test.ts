/**
 * @module
 * The preview runtime in real Chromium: a builder page on `builder.localhost` drives the preview iframe on
 * `p1.preview.localhost` through `PreviewClient`, and a published app is served on `todo.apps.localhost`.
 * Everything waits for conditions; nothing sleeps.
 */
import { describe, expect, test } from 'vitest';
import { todoModules } from './fixtures/todo-app.ts';
import { app, browser, openBuilder, origin, setupHarness } from './harness.ts';

setupHarness();

describe('preview runtime in Chromium', () => {
  test('renders a generated todo page with its component, icons and css, and reports ready and rendered once', async () => {
    const b = await openBuilder();
    await b.waitForMessage('kiln:ready');
    await b.load(todoModules(), { revisionId: 'r-render' });
    await b.preview.getByRole('heading', { name: 'My Todos' }).waitFor();
    await b.preview.getByTestId('empty').waitFor();
    const rendered = await b.waitForMessage('kiln:rendered', { revisionId: 'r-render' });
    expect(rendered.route).toBe('/');
    expect(rendered.ms).toBeGreaterThanOrEqual(0);
    // Tailwind output from kiln:load is applied.
    const color = await b.preview.locator('h1').evaluate((el) => getComputedStyle(el).color);
    expect(color).toBe('rgb(220, 38, 38)');
    // The lucide icons loaded and rendered as SVG.
    await b.preview.locator('button[type=submit] svg.lucide').waitFor();
    // A second load of the same revision does not report rendered again.
    await b.load(todoModules(), { revisionId: 'r-render' });
    await b.load(todoModules(), { revisionId: 'r-render-2' });
    await b.waitForMessage('kiln:rendered', { revisionId: 'r-render-2' });
    const renders = (await b.messages()).filter(
      (m) => m.kind === 'kiln:rendered' && m.revisionId === 'r-render',
    );
    expect(renders).toHaveLength(1);
    await b.page.context().close();
  });

  test('adding, ticking and deleting todos works through clicks and persists in localStorage', async () => {
    const b = await openBuilder();
    await b.load(todoModules());
    const p = b.preview;
    await p.getByLabel('Title').fill('Buy milk');
    await p.getByLabel('Due date').fill('2026-12-01');
    await p.getByRole('button', { name: 'Add' }).click();
    await p.getByLabel('Title').fill('Walk the dog');
    await p.getByRole('button', { name: 'Add' }).click();
    await expect.poll(() => p.getByTestId('todo').count()).toBe(2);
    await p.getByText('due 2026-12-01').waitFor();
    await p.getByLabel('Done: Buy milk').check();
    await p.locator('span.line-through', { hasText: 'Buy milk' }).waitFor();
    await p.getByText('1 open').waitFor();
    await p.getByRole('button', { name: 'Delete Walk the dog' }).click();
    await expect.poll(() => p.getByTestId('todo').count()).toBe(1);
    const stored = await p.evaluate(() => JSON.parse(localStorage.getItem('todos') ?? '[]'));
    expect(stored).toMatchObject([{ title: 'Buy milk', due: '2026-12-01', done: true }]);
    await b.page.context().close();
  });

  test('a module that throws shows "Error in generated code", posts kiln:error, and Fix it posts kiln:fix once', async () => {
    const b = await openBuilder();
    const broken = `export default function TodoItem() { const items = undefined; return <li>{items.length}</li>; }`;
    await b.load(
      todoModules({
        page: todoModules()[0]!.content.replace(
          'useState<Todo[]>(() => {',
          'useState<Todo[]>(() => { return [{ id: "1", title: "x", due: "", done: false }];',
        ),
        item: broken,
      }),
      {
        revisionId: 'r-broken',
      },
    );
    const box = b.preview.getByText('Error in generated code', { exact: true });
    await box.waitFor();
    const error = await b.waitForMessage('kiln:error', { revisionId: 'r-broken' });
    expect(error).toMatchObject({ filePath: 'apps/web/src/components/TodoItem.tsx', mode: 'web' });
    expect(error.message).toMatch(/length/);
    // The rest of the page still renders around the failing component.
    await b.preview.getByRole('heading', { name: 'My Todos' }).waitFor();
    const fix = b.preview.getByRole('button', { name: 'Fix it' });
    await fix.click();
    const fixMsg = await b.waitForMessage('kiln:fix', { revisionId: 'r-broken' });
    expect(fixMsg.filePath).toBe('apps/web/src/components/TodoItem.tsx');
    expect(await fix.isDisabled()).toBe(true);
    await b.page.context().close();
  });

  test('while generating, a broken module keeps the last good render; when generation ends the error shows', async () => {
    const b = await openBuilder();
    await b.load(todoModules(), { revisionId: 'r-gen', generating: true });
    await b.preview.getByRole('heading', { name: 'My Todos' }).waitFor();
    const partial = todoModules()[0]!.content.replace('My Todos', 'My Tasks').slice(0, 900);
    await b.load(todoModules({ page: partial }), { revisionId: 'r-gen', generating: true });
    const throwing = todoModules()[0]!
      .content.replace('My Todos', 'My Tasks')
      .replace('const STORAGE_KEY', 'null.x; const STORAGE_KEY');
    await b.load(todoModules({ page: throwing }), { revisionId: 'r-gen', generating: true });
    const good = todoModules()[0]!.content.replace('My Todos', 'Still generating');
    await b.load(todoModules({ page: good }), { revisionId: 'r-gen', generating: true });
    await b.preview.getByRole('heading', { name: 'Still generating' }).waitFor();
    await b.load(todoModules({ page: throwing }), { revisionId: 'r-gen', generating: true });
    await b.load(todoModules({ page: partial }), { revisionId: 'r-gen', generating: true });
    // Round trip: once a later good load renders, the broken ones before it were processed.
    await b.load(
      todoModules({ page: partial, about: todoModules()[1]!.content.replace('About this app', 'About v2') }),
      {
        revisionId: 'r-gen',
        generating: true,
        route: '/about',
      },
    );
    await b.preview.getByRole('heading', { name: 'About v2' }).waitFor();
    await b.load(todoModules({ page: partial }), { revisionId: 'r-gen', generating: true, route: '/' });
    await b.preview.getByRole('heading', { name: 'Still generating' }).waitFor();
    expect(await b.preview.getByText('Error in generated code').count()).toBe(0);
    expect((await b.messages()).filter((m) => m.kind === 'kiln:error')).toHaveLength(0);
    // Generation ends with the code still broken: now the error is shown and reported.
    await b.load(todoModules({ page: partial }), { revisionId: 'r-gen', generating: false });
    await b.preview.getByText('Error in generated code', { exact: true }).waitFor();
    const error = await b.waitForMessage('kiln:error', { revisionId: 'r-gen' });
    expect(error.filePath).toBe('apps/web/src/app/page.tsx');
    await b.page.context().close();
  });

  test('a component generated after the page that uses it renders once it arrives', async () => {
    const b = await openBuilder();
    const [page, , item] = todoModules();
    // Used without importing it, so the first render stands in for it and the second must not.
    const pageUsingItem = page!.content
      .replace("import TodoItem from '@/components/TodoItem';", '')
      .replace(
        '{todos.length === 0 && <EmptyState />}',
        '<TodoItem todo={{ id: "a", title: "Early bird", due: "", done: false }} onToggle={() => {}} onDelete={() => {}} />',
      );
    await b.load([{ ...page!, content: pageUsingItem }], { revisionId: 'r-order', generating: true });
    await b.preview.getByRole('heading', { name: 'My Todos' }).waitFor();
    await b.load([{ ...page!, content: pageUsingItem }, item!], { revisionId: 'r-order', generating: false });
    await b.preview.getByTestId('todo').filter({ hasText: 'Early bird' }).waitFor();
    await b.page.context().close();
  });

  test('links navigate between pages and report kiln:route; #, #anchor, 404 and kiln:navigate behave', async () => {
    const b = await openBuilder();
    await b.load(todoModules());
    const p = b.preview;
    await p.getByRole('link', { name: 'Nowhere' }).click();
    await p.getByRole('link', { name: 'About' }).click();
    await p.getByRole('heading', { name: 'About this app' }).waitFor();
    expect(await b.waitForMessage('kiln:route', { route: '/about' })).toBeTruthy();
    expect(p.url()).toBe(`${origin('p1.preview')}/`);
    await p.getByRole('link', { name: 'Jump to details' }).click();
    await p.waitForFunction(
      () => (document.getElementById('details')?.getBoundingClientRect().top ?? 9999) < 700,
    );
    await p.getByRole('link', { name: 'Back home' }).click();
    await p.getByRole('heading', { name: 'My Todos' }).waitFor();
    await b.waitForMessage('kiln:route', { route: '/' });
    await p.getByRole('link', { name: 'Missing' }).click();
    await p.getByText('There is no page at /missing-page.').waitFor();
    await b.page.evaluate(() =>
      (window as unknown as { client: { navigate(r: string): void } }).client.navigate('/about'),
    );
    await p.getByRole('heading', { name: 'About this app' }).waitFor();
    // The hash-only link did not navigate, so the kinds of route messages are exactly these.
    const routes = (await b.messages()).flatMap((m) => (m.kind === 'kiln:route' ? [m.route] : []));
    expect(routes).toEqual(['/about', '/', '/missing-page']);
    await b.page.context().close();
  });

  test('messages from a wrong origin are ignored by the runtime', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${origin('evil')}/`);
    const frame = (await (await page.waitForSelector('#preview')).contentFrame())!;
    await frame.waitForFunction(() => document.getElementById('kiln-root') !== null);
    // A listener in the preview frame marks when the evil page's messages have been dispatched.
    await frame.evaluate(() => {
      window.addEventListener('message', (e) => {
        if (e.data === 'ping') document.body.dataset.pinged = '1';
      });
    });
    await page.evaluate((mods) => {
      const w = (document.getElementById('preview') as HTMLIFrameElement).contentWindow!;
      w.postMessage(
        {
          kind: 'kiln:load',
          revisionId: 'evil',
          modules: mods,
          css: '',
          route: '/',
          generating: false,
          mode: 'web',
        },
        '*',
      );
      // A port handed over by another origin is refused too: nothing sent through it is accepted.
      const channel = new MessageChannel();
      w.postMessage({ kind: 'kiln:connect' }, '*', [channel.port2]);
      channel.port1.postMessage({
        kind: 'kiln:load',
        revisionId: 'evil-port',
        modules: mods,
        css: '',
        route: '/',
        generating: false,
        mode: 'web',
      });
      w.postMessage('ping', '*');
    }, todoModules());
    await frame.waitForFunction(() => document.body.dataset.pinged === '1');
    expect(await frame.evaluate(() => document.documentElement.dataset.kilnAccepted ?? '0')).toBe('0');
    expect(await frame.locator('h1').count()).toBe(0);
    await context.close();
  });

  test('PreviewClient ignores messages from other origins and windows', async () => {
    const b = await openBuilder();
    await b.waitForMessage('kiln:ready');
    await b.page.evaluate(
      (src) => {
        window.addEventListener('message', (e) => {
          if (e.data === 'forged-done') document.body.dataset.forged = '1';
        });
        const frame = document.createElement('iframe');
        frame.src = src;
        document.body.appendChild(frame);
      },
      `${origin('evil')}/forge`,
    );
    await b.page.waitForFunction(() => document.body.dataset.forged === '1');
    expect((await b.messages()).filter((m) => m.kind === 'kiln:fix')).toEqual([]);
    await b.page.context().close();
  });

  test('undefined names get stand-ins (icons load by name), next/link works, adjacent JSX is wrapped, and a non-node export fails with the spec message', async () => {
    const b = await openBuilder();
    const page = `import Link from 'next/link';
    export default function HomePage() {
      const data = useFancyHook();
      return (<Card><h1>Stand-ins work</h1><Star className="implicit-icon" /></Card>
        <Link href="/about">Next link</Link>);
    }`;
    const about = 'const x = { not: "a component" };\nexport default x;';
    await b.load(todoModules({ page, about }), { revisionId: 'r-standin' });
    await b.preview.getByRole('heading', { name: 'Stand-ins work' }).waitFor();
    // A lucide icon used without importing it is loaded by its name.
    await b.preview.locator('svg.lucide-star.implicit-icon').waitFor();
    await b.waitForMessage('kiln:rendered', { revisionId: 'r-standin' });
    await b.preview.getByRole('link', { name: 'Next link' }).click();
    await b.waitForMessage('kiln:route', { route: '/about' });
    const error = await b.waitForMessage('kiln:error', { revisionId: 'r-standin' });
    expect(error).toMatchObject({
      filePath: 'apps/web/src/app/about/page.tsx',
      message: 'Value is not a valid ReactNode',
    });
    await b.page.context().close();
  });

  test('a published app renders standalone with real URL routing and safely inlined data', async () => {
    app.modules = todoModules({
      about: `export default function AboutPage() {
        return <div><h1>About this app</h1><p data-testid="tricky">{"</script><script>window.__pwned = 1</script>"}</p><a href="/">Back home</a></div>;
      }`,
    });
    const context = await browser.newContext();
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await page.goto(`${origin('todo.apps')}/`);
    expect(await page.title()).toBe('Todos </title>');
    await page.getByRole('heading', { name: 'My Todos' }).waitFor();
    await page.getByLabel('Title').fill('Publish it');
    await page.getByRole('button', { name: 'Add' }).click();
    await page.getByTestId('todo').waitFor();
    await page.getByRole('link', { name: 'About' }).click();
    await page.getByRole('heading', { name: 'About this app' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/about');
    expect(await page.getByTestId('tricky').textContent()).toBe(
      '</script><script>window.__pwned = 1</script>',
    );
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    await page.goBack();
    await page.getByRole('heading', { name: 'My Todos' }).waitFor();
    await page.getByText('Publish it').waitFor();
    await page.goto(`${origin('todo.apps')}/about`);
    await page.getByRole('heading', { name: 'About this app' }).waitFor();
    await page.goto(`${origin('todo.apps')}/nope`);
    await page.getByText('There is no page at /nope.').waitFor();
    // Published apps never load the compiler.
    const scripts = await page.evaluate(() => performance.getEntriesByType('resource').map((e) => e.name));
    expect(scripts.some((s) => s.includes('/compile-'))).toBe(false);
    expect(errors).toEqual([]);
    await context.close();
  });
});
