/**
 * @module
 * Edits re-render in place, as Vite's Fast Refresh does: a page's own components (declared beside its
 * default export) keep their component type, DOM and state across an edit that keeps the module's hook
 * calls; an edit that changes them starts afresh; going back to earlier code shows that code. Real Chromium.
 */
import { describe, expect, test } from 'vitest';
import type { PreviewModule } from '../src/protocol.ts';
import { openBuilder, setupHarness } from './harness.ts';

setupHarness();

function page(label: string, extraHook = ''): PreviewModule[] {
  return [
    {
      filePath: 'apps/web/src/app/page.tsx',
      moduleType: 'PAGE',
      name: 'Homepage',
      content: `import { useState } from 'react';

function Counter({ label }: { label: string }) {
  const [n, setN] = useState(0);${extraHook}
  return <button type="button" data-testid="counter" onClick={() => setN(n + 1)}>{label} {n}</button>;
}

function Badge() {
  return <span data-testid="badge">${label}</span>;
}
Badge.displayName = 'Badge';

export default function Home() {
  return (
    <main>
      <h1 data-testid="heading">${label}</h1>
      <Counter label="${label}" />
      <Badge />
    </main>
  );
}
`,
    },
  ];
}

describe('edits keep the page’s own components', () => {
  test('state and DOM of a local component survive an edit; a hook change resets it; old code comes back whole', async () => {
    const b = await openBuilder();
    const p = b.preview;
    await b.load(page('One'));
    const counter = p.getByTestId('counter');
    await counter.click();
    await counter.click();
    await expect.poll(() => counter.textContent()).toBe('One 2');
    await counter.evaluate((el) => {
      (el as unknown as { __marked: boolean }).__marked = true;
    });

    // Same hooks: re-rendered in place — the same button element, the count kept, the new text shown.
    await b.load(page('Two'));
    await p.getByTestId('heading').filter({ hasText: 'Two' }).waitFor();
    expect(await counter.textContent()).toBe('Two 2');
    expect(await counter.evaluate((el) => (el as unknown as { __marked?: boolean }).__marked)).toBe(true);
    // A component the module touches otherwise (`Badge.displayName`) is left as it was, and still renders.
    expect(await p.getByTestId('badge').textContent()).toBe('Two');

    // Back to the first code (a cached evaluation): its own component code again, state still kept.
    await b.load(page('One'));
    await p.getByTestId('heading').filter({ hasText: 'One' }).waitFor();
    expect(await counter.textContent()).toBe('One 2');

    // Another hook in the module: a fresh component, as Fast Refresh does.
    await b.load(page('Three', '\n  const [, setOther] = useState(false);\n  void setOther;'));
    await p.getByTestId('heading').filter({ hasText: 'Three' }).waitFor();
    expect(await counter.textContent()).toBe('Three 0');
    expect(
      await counter.evaluate((el) => (el as unknown as { __marked?: boolean }).__marked),
    ).toBeUndefined();
    await counter.click();
    await expect.poll(() => counter.textContent()).toBe('Three 1');
    const errors = (await b.messages()).filter((m) => m.kind === 'kiln:error');
    expect(errors).toEqual([]);
    await b.page.context().close();
  });

  test('edits patched into the previous output render right: code, markup, and TypeScript a patch cannot hold', async () => {
    const shelf = (expr: string, markup: string) => [
      {
        filePath: 'apps/web/src/app/page.tsx',
        moduleType: 'PAGE' as const,
        name: 'Homepage',
        content: `import { useState } from 'react';

export default function Home() {
  const [items, setItems] = useState<string[] | null>(['tea', 'jam', 'bread']);
  const count = ${expr};
  return (
    <main className="p-8">
      <h1 data-testid="heading">Items on the shelf today</h1>
      ${markup}
      <button type="button" data-testid="add" onClick={() => setItems((xs) => [...(xs ?? []), 'milk'])}>Add</button>
    </main>
  );
}
`,
      },
    ];
    const b = await openBuilder();
    const p = b.preview;
    await b.load(shelf('(items?.length ?? 0) * 1', '<p data-testid="count">{count} items</p>'));
    await expect.poll(() => p.getByTestId('count').textContent()).toBe('3 items');
    await p.getByTestId('add').click();
    await expect.poll(() => p.getByTestId('count').textContent()).toBe('4 items');
    // From here on, an error box that shows even for a moment is recorded.
    await p.evaluate(() => {
      new MutationObserver(() => {
        if (document.querySelector('[data-kiln-error]')) document.body.dataset.sawError = '1';
      }).observe(document.body, { subtree: true, childList: true });
    });
    // A code edit (patched: the expression is JavaScript in the output too), state kept.
    await b.load(shelf('(items?.length ?? 0) * 2', '<p data-testid="count">{count} items</p>'));
    await expect.poll(() => p.getByTestId('count').textContent()).toBe('8 items');
    // A markup edit (patched: the one element transpiled on its own).
    await b.load(shelf('(items?.length ?? 0) * 2', '<p data-testid="count"><b>{count}</b> items</p>'));
    await expect.poll(() => p.getByTestId('count').innerHTML()).toBe('<b>8</b> items');
    // A non-null assertion passes the code patch's rules but is TypeScript: the patched module does not parse,
    // so it is compiled again before anything renders.
    await b.load(shelf('(items!.length ?? 0) * 3', '<p data-testid="count"><b>{count}</b> items</p>'));
    await expect.poll(() => p.getByTestId('count').innerHTML()).toBe('<b>12</b> items');
    expect(await p.evaluate(() => document.body.dataset.sawError)).toBeUndefined();
    expect(await p.locator('[data-kiln-error]').count()).toBe(0);
    expect((await b.messages()).filter((m) => m.kind === 'kiln:error')).toEqual([]);
    await b.page.context().close();
  });

  test('an edit keeps the module’s unchanged functions, and a function that reads a changed const runs anew', async () => {
    const module = (title: string, factor: number) => [
      {
        filePath: 'apps/web/src/app/page.tsx',
        moduleType: 'PAGE' as const,
        name: 'Homepage',
        content: `import { useState } from 'react';

const FACTOR = ${factor};

function scaled(n: number) {
  return n * FACTOR;
}

function Tag() {
  Tag.renders = (Tag.renders ?? 0) + 1;
  return <span data-testid="tag">{Tag.renders}</span>;
}

export default function Home() {
  const [n, setN] = useState(1);
  return (
    <main>
      <h1 data-testid="heading">${title}</h1>
      <p data-testid="scaled">{scaled(n)}</p>
      <Tag />
      <button type="button" data-testid="inc" onClick={() => setN(n + 1)}>+</button>
    </main>
  );
}
`,
      },
    ];
    const b = await openBuilder();
    const p = b.preview;
    await b.load(module('One', 2));
    await expect.poll(() => p.getByTestId('scaled').textContent()).toBe('2');
    const first = Number(await p.getByTestId('tag').textContent());
    // An edit of the page only: `Tag` is the same function object as before (its count goes on; a new one
    // would start again at 1), and `scaled` still reads FACTOR.
    await b.load(module('Two', 2));
    await p.getByTestId('heading').filter({ hasText: 'Two' }).waitFor();
    expect(Number(await p.getByTestId('tag').textContent())).toBeGreaterThan(first);
    expect(await p.getByTestId('scaled').textContent()).toBe('2');
    // FACTOR changed: `scaled`, which reads it, is evaluated anew and sees 3.
    await b.load(module('Two', 3));
    await expect.poll(() => p.getByTestId('scaled').textContent()).toBe('3');
    await p.getByTestId('inc').click();
    await expect.poll(() => p.getByTestId('scaled').textContent()).toBe('6');
    expect((await b.messages()).filter((m) => m.kind === 'kiln:error')).toEqual([]);
    await b.page.context().close();
  });
});
