/**
 * `prerenderPages` in headless Chromium: a page that needs no data keeps its markup; a page that calls its API,
 * reads the visitor's storage, fails or moves elsewhere is served as before (no markup).
 */
import { describe, expect, it } from 'vitest';
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
      routes: ['/', '/todos', '/prefs', '/broken', '/old', '/nowhere'],
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
    expect(by.get('/old')).toMatchObject({ html: null, reason: 'moved to /' });
    expect(by.get('/nowhere')?.html ?? null).not.toBeNull(); // the app's own 404 page needs no data
  });
});
