/**
 * @module
 * `verifyRevision` (`@kiln/preview/verify`): a revision's pages opened and walked by the real runtime in
 * headless Chromium at desktop and mobile widths — the default walk and a model-written one.
 */
import { afterAll, describe, expect, test } from 'vitest';
import type { PreviewModule } from '../src/index.ts';
import { closeHeadless } from '../src/node/headless.ts';
import { verifyRevision } from '../src/node/verify.ts';
import { ensureBuilt } from './harness.ts';

afterAll(() => closeHeadless());

const page = (filePath: string, content: string): PreviewModule => ({
  filePath,
  moduleType: 'PAGE',
  name: 'Page',
  content,
});

const TASKS = page(
  'apps/web/src/app/page.tsx',
  `import { useState } from 'react';
export default function Home() {
  const [items, setItems] = useState<string[]>([]);
  const [count, setCount] = useState(0);
  return (
    <main>
      <h1>Tasks</h1>
      <form onSubmit={(e) => { e.preventDefault(); const t = new FormData(e.currentTarget).get('title'); setItems([...items, String(t)]); }}>
        <label>Title <input name="title" /></label>
        <button type="submit">Add task</button>
      </form>
      <ul>{items.map((t, i) => <li key={i}>{t}</li>)}</ul>
      <button onClick={() => setCount(count + 1)}>Count {count}</button>
    </main>
  );
}`,
);

describe('verifyRevision', () => {
  test('the default walk fills the form, presses the buttons and passes, with screenshots at both widths', async () => {
    await ensureBuilt();
    const result = await verifyRevision({ modules: [TASKS], pages: [TASKS.filePath] });
    expect(result.status).toBe('PASSED');
    const actions = result.steps.map((s) => `${s.viewport} ${s.action}`);
    expect(actions).toEqual([
      'desktop visit /',
      'mobile visit /',
      'desktop fill form "Add task"',
      'desktop submit form "Add task"',
      'desktop click "Count 0"',
    ]);
    expect(result.steps[2]?.detail).toBe('1 field with sample data');
    const shots = result.steps.filter((s) => s.screenshot);
    expect(shots.map((s) => s.viewport)).toEqual(['desktop', 'mobile']);
    // JPEG files, small.
    for (const s of shots) {
      expect([...s.screenshot!.slice(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
      expect(s.screenshot!.length).toBeLessThan(150_000);
    }
  }, 60_000);

  test('a button whose handler throws fails its step with the error, and the report', async () => {
    const broken = page(
      'apps/web/src/app/page.tsx',
      `export default function Home() {
  return <main><h1>Shop</h1><button onClick={() => { const cart = undefined; cart.items.push(1); }}>Add to cart</button></main>;
}`,
    );
    const result = await verifyRevision({ modules: [broken], pages: [broken.filePath] });
    expect(result.status).toBe('FAILED');
    const failed = result.steps.find((s) => !s.ok)!;
    expect(failed.action).toBe('click "Add to cart"');
    expect(failed.detail).toMatch(/items/);
    expect(failed.screenshot).toBeDefined();
  }, 60_000);

  test('a button that goes to another page passes, and the page opens again for the buttons after it', async () => {
    const home = page(
      'apps/web/src/app/page.tsx',
      `import { useRouter } from 'next/navigation';
import { useState } from 'react';
export default function Home() {
  const router = useRouter();
  const [n, setN] = useState(0);
  return <main><button onClick={() => router.push('/about')}>About us</button><button onClick={() => setN(n + 1)}>Like {n}</button></main>;
}`,
    );
    const about = page(
      'apps/web/src/app/about/page.tsx',
      'export default function About() { return <p>About</p>; }',
    );
    const result = await verifyRevision({ modules: [home, about], pages: [home.filePath] });
    expect(result.steps.map((s) => [s.action, s.ok, s.detail])).toEqual([
      ['visit /', true, null],
      ['visit /', true, null],
      ['click "About us"', true, 'Went to /about.'],
      ['click "Like 0"', true, null],
    ]);
    expect(result.status).toBe('PASSED');
  }, 60_000);

  test('each visit mounts the page afresh: the data it loads when it opens is requested again', async () => {
    const loads = page(
      'apps/web/src/app/page.tsx',
      `import { useEffect, useState } from 'react';
export default function Home() {
  const [n, setN] = useState(null);
  useEffect(() => { fetch('/api/count').then((r) => r.json()).then((b) => setN(b.n)); }, []);
  return <p>Count {n}</p>;
}`,
    );
    const calls: string[] = [];
    const api = async (req: { method: string; path: string }) => {
      calls.push(`${req.method} ${req.path}`);
      return Response.json({ n: calls.length });
    };
    // The render check has just shown the same code on the lent page; verification opens it again anyway.
    await verifyRevision({ modules: [loads], pages: [loads.filePath], api });
    await verifyRevision({ modules: [loads], pages: [loads.filePath], api });
    expect(calls).toEqual(['GET /api/count', 'GET /api/count']);
  }, 60_000);

  test('a model-written walk: fill, click and expect; text that never appears fails the expect step', async () => {
    const ok = await verifyRevision({
      modules: [TASKS],
      pages: [TASKS.filePath],
      walk: [
        { action: 'visit', target: '/' },
        { action: 'fill', target: 'Title', value: 'Milk' },
        { action: 'click', target: 'Add task' },
        { action: 'expect', target: 'Milk' },
      ],
    });
    expect(ok.steps.map((s) => [s.action, s.ok])).toEqual([
      ['visit /', true],
      ['fill Title=Milk', true],
      ['click Add task', true],
      ['expect Milk', true],
      ['visit /', true],
    ]);
    expect(ok.status).toBe('PASSED');
    const missing = await verifyRevision({
      modules: [TASKS],
      pages: [TASKS.filePath],
      walk: [{ action: 'expect', target: 'Bread' }],
    });
    expect(missing.status).toBe('FAILED');
    expect(missing.steps.find((s) => !s.ok)).toMatchObject({
      action: 'expect Bread',
      detail: '"Bread" is not on the page.',
    });
  }, 60_000);

  test('console errors and failed backend requests are reported beside the steps', async () => {
    const noisy = page(
      'apps/web/src/app/page.tsx',
      `import { useEffect } from 'react';
export default function Home() {
  useEffect(() => { console.error('boom from the app'); fetch('/api/items').catch(() => {}); }, []);
  return <p>Hello</p>;
}`,
    );
    const result = await verifyRevision({
      modules: [noisy],
      pages: [noisy.filePath],
      api: async (req) => Response.json({ error: `no ${req.path}` }, { status: 500 }),
    });
    expect(result.consoleErrors).toContain('boom from the app');
    expect(result.failedRequests.some((r) => /^GET \/api\/items → 500/.test(r))).toBe(true);
  }, 60_000);
});
