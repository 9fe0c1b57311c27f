/**
 * @module
 * Streaming in real Chromium: while `generating` is true, a module whose code is cut off mid-way keeps its
 * last good render (no error shown, no blank page), and the final code replaces it. The tree-sitter repair
 * of partial code (src/partial.ts, tested in partial.test.ts) is switched off in the runtime: it crashed the
 * renderer under load (see runtime/entry.ts).
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
  test('cut-off code keeps the last good render while generating, and the final code replaces it', async () => {
    const b = await openBuilder();
    const p = b.preview;
    const first = full.replace('<p>Second paragraph</p>', '').replace('<footer>The end</footer>', '');
    await b.load([home(first)], { revisionId: 'r-stream', generating: true });
    await p.getByText('First paragraph').waitFor({ timeout: 10_000 });
    // Cut off mid-attribute, then mid-element: neither compiles. The last good render stays, with no error.
    await b.load([home(upTo('setN(n + 1)', 4))], { revisionId: 'r-stream', generating: true });
    await b.load([home(upTo('<footer>', 12))], { revisionId: 'r-stream', generating: true });
    await p.getByRole('button', { name: /^Clicked \d+$/ }).waitFor({ timeout: 10_000 });
    expect(await p.getByText('First paragraph').count()).toBe(1);
    expect(await p.getByText('Error in generated code').count()).toBe(0);
    await b.load([home(full)], { revisionId: 'r-stream', generating: false });
    await p.getByText('The end').waitFor({ timeout: 10_000 });
    await p.getByText('Second paragraph').waitFor({ timeout: 10_000 });
    await b.waitForMessage('kiln:rendered', { revisionId: 'r-stream' });
    expect((await b.messages()).filter((m) => m.kind === 'kiln:error')).toEqual([]);
    await b.page.context().close();
  });
});
