/**
 * @module
 * Streaming in real Chromium (spec §4: "while a model streams, the preview shows the newest code that parses
 * (partial JSX auto-closed)"): while `generating` is true, a page cut off mid-way renders its complete part —
 * the half-written element at the end is dropped and the open ones are closed (src/partial.ts,
 * web-tree-sitter) — a cut that renders nothing keeps the last good render, and the final code replaces it.
 * Load under many drafts a second: streaming-stress.test.ts.
 */
import type { Page } from 'playwright-core';
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
  test('a finished revision renders before the parser is fetched; it is fetched once idle, and drafts use it', async () => {
    // Each wasm request is held until the test has looked at what the builder had heard by then.
    const renderedFirst: boolean[] = [];
    let builderPage: Page | undefined;
    const b = await openBuilder('web', {
      beforeOpen: (context) =>
        context.route('**/*.wasm', async (route) => {
          const heard =
            (await builderPage?.evaluate(() =>
              (window as unknown as { __messages: { kind: string }[] }).__messages.map((m) => m.kind),
            )) ?? [];
          renderedFirst.push(heard.includes('kiln:rendered'));
          await route.continue();
        }),
    });
    builderPage = b.page;
    await b.load([home(full)], { revisionId: 'r-finished', generating: false });
    await b.preview.getByText('The end').waitFor({ timeout: 10_000 });
    await expect.poll(() => renderedFirst.length, { timeout: 10_000 }).toBe(2);
    expect(renderedFirst).toEqual([true, true]);
    // A generation after it: its draft is repaired by the parser already there, with nothing fetched again.
    await b.load([home(upTo('<p>First', 5))], { revisionId: 'r-next', generating: true });
    await b.waitForMessage('kiln:rendered', { revisionId: 'r-next', generating: true });
    expect(await b.preview.getByText('First paragraph').count()).toBe(0);
    expect(await b.preview.getByRole('heading', { name: 'Streaming page' }).count()).toBe(1);
    expect(renderedFirst).toHaveLength(2);
    await b.page.context().close();
  });

  test('partial code renders its complete part while generating, and the final code replaces it', async () => {
    const b = await openBuilder();
    const p = b.preview;
    // Cut inside `<p>First…`: the heading before it renders, the half-written paragraph does not.
    await b.load([home(upTo('<p>First', 5))], { revisionId: 'r-stream', generating: true });
    await p.getByRole('heading', { name: 'Streaming page' }).waitFor({ timeout: 10_000 });
    expect(await p.getByText('First paragraph').count()).toBe(0);
    // Cut mid-attribute: the unfinished button is dropped, the paragraph before it shows.
    await b.load([home(upTo('setN(n + 1)', 4))], { revisionId: 'r-stream', generating: true });
    await p.getByText('First paragraph').waitFor({ timeout: 10_000 });
    expect(await p.getByRole('button').count()).toBe(0);
    // Cut inside `<footer>`: everything before it renders and works; the footer is not there yet.
    await b.load([home(upTo('<footer>', 12))], { revisionId: 'r-stream', generating: true });
    await p.getByText('Second paragraph').waitFor({ timeout: 10_000 });
    expect(await p.getByText('The end').count()).toBe(0);
    await p.getByRole('button', { name: 'Clicked 0' }).click();
    await p.getByRole('button', { name: 'Clicked 1' }).waitFor({ timeout: 10_000 });
    expect(await p.getByText('Error in generated code').count()).toBe(0);
    await b.load([home(full)], { revisionId: 'r-stream', generating: false });
    await p.getByText('The end').waitFor({ timeout: 10_000 });
    await b.waitForMessage('kiln:rendered', { revisionId: 'r-stream', generating: false });
    // The drafts' render and the finished code's render are reported once each.
    const rendered = (await b.messages()).filter((m) => m.kind === 'kiln:rendered');
    expect(rendered.map((m) => (m.kind === 'kiln:rendered' ? m.generating : null))).toEqual([true, false]);
    expect((await b.messages()).filter((m) => m.kind === 'kiln:error')).toEqual([]);
    // The parser's two wasm files were fetched once, for the first draft.
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

  test('a cut that renders nothing keeps the last good render while generating, with no error', async () => {
    const b = await openBuilder();
    const p = b.preview;
    const first = full.replace('<p>Second paragraph</p>', '').replace('<footer>The end</footer>', '');
    await b.load([home(first)], { revisionId: 'r-keep', generating: true });
    await p.getByText('First paragraph').waitFor({ timeout: 10_000 });
    // Cut before the component's `return`: the repaired code renders nothing, so the last render stays.
    await b.load([home(upTo('return ('))], { revisionId: 'r-keep', generating: true });
    await b.load([home(first.replace('First paragraph', 'Newer paragraph'))], {
      revisionId: 'r-keep',
      generating: true,
    });
    await p.getByText('Newer paragraph').waitFor({ timeout: 10_000 });
    await b.load([home(upTo('const [n'))], { revisionId: 'r-keep', generating: true });
    await b.load([home(upTo('return ('))], { revisionId: 'r-keep', generating: true });
    // A later draft that renders proves the ones before it were processed.
    await b.load([home(upTo('<footer>', 12))], { revisionId: 'r-keep', generating: true });
    await p.getByText('Second paragraph').waitFor({ timeout: 10_000 });
    await b.load([home(upTo('return ('))], { revisionId: 'r-keep', generating: true });
    await p.page().waitForTimeout(300);
    expect(await p.getByText('Second paragraph').count()).toBe(1);
    expect(await p.getByText('Error in generated code').count()).toBe(0);
    expect((await b.messages()).filter((m) => m.kind === 'kiln:error')).toEqual([]);
    await b.page.context().close();
  });
});
