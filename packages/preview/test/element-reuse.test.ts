/**
 * @module
 * Element reuse (runtime/jsx.ts) in the real runtime: unchanged DOM markup is not rendered again, and nothing a
 * person can see goes stale — state changes, controlled inputs, components inside reused markup that read
 * changing data, lists mutated in place, and edits all show up. Also: the builder's messages travel over the
 * runtime's MessagePort. Real Chromium.
 */
import { describe, expect, test } from 'vitest';
import type { PreviewModule } from '../src/protocol.ts';
import { openBuilder, setupHarness } from './harness.ts';

setupHarness();

function page(title: string): PreviewModule[] {
  return [
    {
      filePath: 'apps/web/src/app/page.tsx',
      moduleType: 'PAGE',
      name: 'Homepage',
      content: `import { useState } from 'react';
import { Star } from 'lucide-react';

let ticks = 0;
const shelf: string[] = ['tea'];

function Ticker() {
  ticks += 1;
  return <span data-testid="ticks">{ticks}</span>;
}

export default function Home() {
  const [n, setN] = useState(0);
  const [text, setText] = useState('');
  return (
    <main>
      <h1 data-testid="heading">${title}</h1>
      <section className="static">
        <p data-testid="static">Always the same</p>
        <Star className="h-4 w-4" />
      </section>
      <div className="wrap"><Ticker /></div>
      <button type="button" data-testid="more" onClick={() => { shelf.push('jam'); setN(n + 1); }}>More {n}</button>
      <ul data-testid="shelf">{shelf.map((s, i) => <li key={i}>{s}</li>)}</ul>
      <p data-testid="count">{shelf}</p>
      <input data-testid="input" value={text} onChange={(e) => setText(e.target.value)} />
      <p data-testid="echo">{text}</p>
    </main>
  );
}
`,
    },
  ];
}

describe('element reuse', () => {
  test('unchanged markup keeps its DOM; state, inputs, lists, inner components and edits still update', async () => {
    const b = await openBuilder();
    const p = b.preview;
    await b.load(page('First'));
    await p.getByTestId('heading').filter({ hasText: 'First' }).waitFor();
    // The static paragraph's text node is marked: it must survive every re-render below.
    await p.getByTestId('static').evaluate((el) => {
      (el.firstChild as unknown as { __mark: boolean }).__mark = true;
    });
    const ticks = Number(await p.getByTestId('ticks').textContent());

    await p.getByTestId('more').click();
    await expect.poll(() => p.getByTestId('more').textContent()).toBe('More 1');
    // The component inside reused markup rendered again (it reads a module variable, as it did before).
    expect(Number(await p.getByTestId('ticks').textContent())).toBe(ticks + 1);
    // A list mutated in place shows its new item, in a map and passed as children directly.
    expect(await p.getByTestId('shelf').locator('li').allTextContents()).toEqual(['tea', 'jam']);
    expect(await p.getByTestId('count').textContent()).toBe('teajam');

    await p.getByTestId('input').fill('hello');
    await expect.poll(() => p.getByTestId('echo').textContent()).toBe('hello');
    expect(await p.getByTestId('input').inputValue()).toBe('hello');

    // An edit of the page renders the new text and keeps the state; the static markup was never redone.
    await b.load(page('Second'));
    await p.getByTestId('heading').filter({ hasText: 'Second' }).waitFor();
    expect(await p.getByTestId('more').textContent()).toBe('More 1');
    expect(await p.getByTestId('echo').textContent()).toBe('hello');
    expect(
      await p
        .getByTestId('static')
        .evaluate((el) => (el.firstChild as unknown as { __mark?: boolean }).__mark === true),
    ).toBe(true);
    expect(await p.locator('svg.lucide-star, svg.h-4').count()).toBe(1);
    await b.page.context().close();
  });

  test('reused elements call the newest handlers: counters count, each row deletes itself', async () => {
    const b = await openBuilder();
    const p = b.preview;
    await b.load([
      {
        filePath: 'apps/web/src/app/page.tsx',
        moduleType: 'PAGE',
        name: 'Homepage',
        content: `import { useState } from 'react';
import { Trash2 } from 'lucide-react';

function Row({ name, onRemove }: { name: string; onRemove: () => void }) {
  const [likes, setLikes] = useState(0);
  return (
    <li className="row">
      <span className="name">{name}</span>
      <button type="button" className="like" onClick={() => setLikes(likes + 1)}>{likes}</button>
      <button type="button" aria-label="Remove" onClick={onRemove}><Trash2 className="h-4 w-4" /></button>
    </li>
  );
}

export default function Home() {
  const [n, setN] = useState(0);
  const [names, setNames] = useState(['Ada', 'Grace', 'Linus', 'Grace', 'Ken']);
  return (
    <main>
      <button type="button" data-testid="count" onClick={() => setN(n + 1)}>Clicked</button>
      <p data-testid="n">{n}</p>
      <ul data-testid="list">
        {names.map((name, i) => (
          <li key={i} className="plain">
            <span>{name}</span>
            <button type="button" onClick={() => setNames(names.filter((_, j) => j !== i))}>x</button>
          </li>
        ))}
      </ul>
      <ul data-testid="rows">
        {names.map((name, i) => <Row key={name + i} name={name} onRemove={() => setNames(names.filter((_, j) => j !== i))} />)}
      </ul>
    </main>
  );
}
`,
      },
    ]);
    const count = p.getByTestId('count');
    await count.click();
    await count.click();
    await count.click();
    // The button is the same element every render; its handler saw each new n.
    await expect.poll(() => p.getByTestId('n').textContent()).toBe('3');
    const list = p.getByTestId('list').locator('li');
    // Remove the second "Grace" (index 3), then "Ada" (index 0): each button removes its own row.
    await list.nth(3).getByRole('button').click();
    await expect.poll(() => list.locator('span').allTextContents()).toEqual(['Ada', 'Grace', 'Linus', 'Ken']);
    await list.nth(0).getByRole('button').click();
    await expect.poll(() => list.locator('span').allTextContents()).toEqual(['Grace', 'Linus', 'Ken']);
    // Rows of a component: their own handlers and state, each instance its own.
    const rows = p.getByTestId('rows').locator('li');
    await rows.nth(1).locator('.like').click();
    await rows.nth(1).locator('.like').click();
    await rows.nth(2).locator('.like').click();
    await expect.poll(() => rows.locator('.like').allTextContents()).toEqual(['0', '2', '1']);
    await rows.nth(1).getByRole('button', { name: 'Remove' }).click();
    await expect.poll(() => rows.locator('.name').allTextContents()).toEqual(['Grace', 'Ken']);
    await rows.nth(1).getByRole('button', { name: 'Remove' }).click();
    await expect.poll(() => rows.locator('.name').allTextContents()).toEqual(['Grace']);
    expect((await b.messages()).filter((m) => m.kind === 'kiln:error')).toEqual([]);
    await b.page.context().close();
  });

  test('the builder hands the runtime a MessagePort and sends its loads through it', async () => {
    const b = await openBuilder();
    await b.waitForMessage('kiln:ready');
    // Count what goes out of the builder page: window messages to the frame, and port messages.
    await b.page.evaluate(() => {
      const w = window as unknown as { __viaPort: number };
      w.__viaPort = 0;
      const send = MessagePort.prototype.postMessage;
      MessagePort.prototype.postMessage = function (this: MessagePort, ...args: unknown[]) {
        w.__viaPort++;
        return (send as (...a: unknown[]) => void).apply(this, args);
      };
    });
    await b.load(page('Ported'));
    await b.preview.getByTestId('heading').filter({ hasText: 'Ported' }).waitFor();
    expect(await b.page.evaluate(() => (window as unknown as { __viaPort: number }).__viaPort)).toBe(1);
    await b.page.context().close();
  });
});
