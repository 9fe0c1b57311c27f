/**
 * @module
 * Streaming in real Chromium: while `generating` is true, the preview shows the newest code that parses —
 * a truncated page renders its complete part, the partial element at the end is dropped — and the parser's
 * wasm files are fetched once.
 */
import { describe, expect, test } from 'vitest';
import type { PreviewModule } from '../src/index.ts';
import { openBuilder, setupHarness } from './harness.ts';

setupHarness();

const full = `import { useState } from 'react';
export default function Home() {
  const [n, setN] = useState(0);
  return (
    <main className="p-6">
      <h1>Streaming page</h1>
      <section>
        <p>First paragraph</p>
        <button onClick={() => setN(n + 1)}>Clicked {n}</button>
        <p>Second paragraph</p>
      </section>
      <footer>The end</footer>
    </main>
  );
}
`;

const home = (content: string): PreviewModule => ({
  filePath: 'apps/web/src/app/page.tsx',
  moduleType: 'PAGE',
  name: 'Homepage',
  content,
});

const upTo = (marker: string, extra = 0) => full.slice(0, full.indexOf(marker) + extra);

describe('streaming', () => {
  test('partial code renders its complete part while generating, and the final code replaces it', async () => {
    const b = await openBuilder();
    const p = b.preview;
    await b.load([home(upTo('<p>First', 5))], { revisionId: 'r-stream', generating: true });
    await p.getByRole('heading', { name: 'Streaming page' }).waitFor();
    expect(await p.getByText('First paragraph').count()).toBe(0);
    // Mid-attribute: the unfinished button is dropped, the paragraph before it shows.
    await b.load([home(upTo('setN(n + 1)', 4))], { revisionId: 'r-stream', generating: true });
    await p.getByText('First paragraph').waitFor();
    expect(await p.getByRole('button').count()).toBe(0);
    await b.load([home(upTo('<footer>', 12))], { revisionId: 'r-stream', generating: true });
    await p.getByText('Second paragraph').waitFor();
    await p.getByRole('button', { name: 'Clicked 0' }).click();
    await p.getByRole('button', { name: 'Clicked 1' }).waitFor();
    await b.load([home(full)], { revisionId: 'r-stream', generating: false });
    await p.getByText('The end').waitFor();
    await b.waitForMessage('kiln:rendered', { revisionId: 'r-stream' });
    expect((await b.messages()).filter((m) => m.kind === 'kiln:error')).toEqual([]);
    const wasm = await p.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map((e) => e.name)
        .filter((n) => n.endsWith('.wasm')),
    );
    expect(wasm.map((n) => n.slice(n.lastIndexOf('/') + 1)).sort()).toEqual([
      'tree-sitter-tsx.wasm',
      'web-tree-sitter.wasm',
    ]);
    await b.page.context().close();
  });
});
