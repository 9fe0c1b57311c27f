/**
 * `prerenderPages` in headless Chromium: a page that needs no data keeps its markup; a page that calls its API,
 * reads the visitor's storage, fails or moves elsewhere is served as before (no markup).
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PREVIEW_DIST_DIR } from '../src/dist-dir.ts';
import { launchChromium } from '../src/node/headless.ts';
import { prerenderPages } from '../src/node/prerender.ts';
import type { PreviewModule } from '../src/protocol.ts';
import { appShellHtml } from '../src/shell.ts';

const page = (route: string, content: string): PreviewModule => ({
  filePath: `apps/web/src/app${route === '/' ? '' : route}/page.tsx`,
  moduleType: 'PAGE',
  name: 'Page',
  content,
});

const html = appShellHtml({
  title: 'Prerender',
  revisionId: 'r-prerender',
  css: '',
  modules: [
    page(
      '/',
      `export default function Home() {
  return <main><h1>Welcome to Lumen</h1><Card title="Fast" /><script>{"window.ran = 1"}</script></main>;
}`,
    ),
    {
      filePath: 'apps/web/src/components/Card.tsx',
      moduleType: 'COMPONENT',
      name: 'Card',
      content: `export default function Card({ title }) { return <section className="p-4">{title} by default</section>; }`,
    },
    page(
      '/todos',
      `import { useEffect, useState } from 'react';
export default function Todos() {
  const [items, setItems] = useState([]);
  useEffect(() => { fetch('/api/todos').then((r) => r.json()).then(setItems).catch(() => {}); }, []);
  return <ul>{items.map((t) => <li key={t.id}>{t.title}</li>)}<li>Loading todos</li></ul>;
}`,
    ),
    page(
      '/prefs',
      `export default function Prefs() {
  const theme = localStorage.getItem('theme') ?? 'light';
  return <p>Theme: {theme}</p>;
}`,
    ),
    page('/broken', `export default function Broken() { const data = null; return <p>{data.value}</p>; }`),
    page(
      '/live',
      `import { useEffect } from 'react';
export default function Live() {
  useEffect(() => { const ws = new WebSocket('ws://127.0.0.1:5432/'); return () => ws.close(); }, []);
  return <p>Live prices</p>;
}`,
    ),
    page(
      '/old',
      `import { useEffect } from 'react';
export default function Old() { useEffect(() => { history.replaceState(null, '', '/'); }, []); return <p>Moved</p>; }`,
    ),
  ],
});

describe('prerenderPages', () => {
  it('keeps the markup of pages that need no data and only of those', { timeout: 60_000 }, async () => {
    const pages = await prerenderPages({
      html,
      routes: ['/', '/todos', '/prefs', '/broken', '/live', '/old', '/nowhere'],
    });
    const by = new Map(pages.map((p) => [p.route, p]));
    expect(by.get('/')?.reason).toBeNull();
    expect(by.get('/')?.html).toContain('<h1>Welcome to Lumen</h1>');
    expect(by.get('/')?.html).toContain('Fast by default');
    // A script in the page's markup would run from the document, where React never runs it.
    expect(by.get('/')?.html).not.toContain('<script');
    expect(by.get('/todos')).toMatchObject({ html: null, reason: 'needs data (GET /api/todos)' });
    expect(by.get('/prefs')).toMatchObject({ html: null, reason: `reads the visitor's storage "theme"` });
    expect(by.get('/broken')).toMatchObject({ html: null, reason: 'a module failed to render' });
    // Never connected: a WebSocket is answered inside the browser, like every other request.
    expect(by.get('/live')).toMatchObject({
      html: null,
      reason: 'needs data (a WebSocket to ws://127.0.0.1:5432/)',
    });
    expect(by.get('/old')).toMatchObject({ html: null, reason: 'moved to /' });
    expect(by.get('/nowhere')?.html ?? null).not.toBeNull(); // the app's own 404 page needs no data
  });

  it('the runtime renders over prerendered markup in one step: never an empty root, interactive after', {
    timeout: 60_000,
  }, async () => {
    const app = appShellHtml({
      title: 'Counter',
      revisionId: 'r-counter',
      css: '',
      modules: [
        page(
          '/',
          `import { useState } from 'react';
export default function Counter() {
  const [n, setN] = useState(0);
  return <main><h1>Counter</h1><button onClick={() => setN(n + 1)}>Count {n}</button></main>;
}`,
        ),
      ],
    });
    const [home] = await prerenderPages({ html: app, routes: ['/'] });
    expect(home?.html).toBe('<main><h1>Counter</h1><button>Count 0</button></main>');
    const empty = '<div id="kiln-root"></div>';
    const at = app.lastIndexOf(empty);
    const prerendered = `${app.slice(0, at)}<div id="kiln-root">${home?.html}</div>${app.slice(at + empty.length)}`;

    const browser = await launchChromium();
    try {
      const open = async (javaScriptEnabled: boolean) => {
        const context = await browser.newContext({ javaScriptEnabled });
        await context.route('**/*', async (route) => {
          const url = new URL(route.request().url());
          if (url.pathname.startsWith('/_kiln/')) {
            const body = await readFile(join(PREVIEW_DIST_DIR, url.pathname.slice('/_kiln/'.length))).catch(
              () => null,
            );
            return body
              ? route.fulfill({ body, contentType: 'text/javascript; charset=utf-8' })
              : route.fulfill({ status: 404 });
          }
          if (url.pathname === '/') return route.fulfill({ body: prerendered, contentType: 'text/html' });
          return route.abort();
        });
        // Every state of the root the browser could paint: observers run after each task's DOM changes.
        await context.addInitScript(() => {
          const w = window as unknown as { rootStates: number[] };
          w.rootStates = [];
          document.addEventListener('DOMContentLoaded', () => {
            const root = document.getElementById('kiln-root')!;
            w.rootStates.push(root.childNodes.length);
            new MutationObserver(() => w.rootStates.push(root.childNodes.length)).observe(root, {
              childList: true,
              subtree: true,
            });
          });
        });
        const p = await context.newPage();
        await p.goto('http://app.prerender.localhost/');
        return { context, page: p };
      };

      // Before any script runs (none at all here), the page is already there: what a crawler reads.
      const noScript = await open(false);
      expect(await noScript.page.locator('h1').textContent()).toBe('Counter');
      await noScript.context.close();

      const live = await open(true);
      // The runtime's first commit replaced the markup (one mutation); then the page is React's.
      await live.page.waitForFunction(
        () => (window as unknown as { rootStates: number[] }).rootStates.length > 1,
      );
      await live.page.getByRole('button', { name: 'Count 0' }).click();
      await live.page.getByRole('button', { name: 'Count 1' }).waitFor();
      expect(await live.page.locator('h1').count()).toBe(1);
      const states = await live.page.evaluate(
        () => (window as unknown as { rootStates: number[] }).rootStates,
      );
      expect(states.length).toBeGreaterThan(1);
      expect(states.every((n) => n > 0)).toBe(true);
      await live.context.close();
    } finally {
      await browser.close();
    }
  });
});
