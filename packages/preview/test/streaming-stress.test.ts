/**
 * @module
 * Streaming under load, in real Chromium: a 350-line page and two components streamed into the preview the
 * way the project's room delivers drafts while a model writes (a few dozen characters more per draft, many
 * drafts a second, the builder posting a `kiln:load` for each, faster than the preview can render), then the
 * final code. The preview's renderer must survive every run and show the final page; the streaming repair
 * (web-tree-sitter) must stay alive (no wasm abort) and keep showing the newest code that parses.
 */
import { describe, expect, test } from 'vitest';
import { dashboardPage } from '../../../bench/preview-page.ts';
import type { PreviewModule } from '../src/index.ts';
import { openBuilder, setupHarness } from './harness.ts';

setupHarness();

const card = `import { Star } from 'lucide-react';

export default function FeatureCard({ title, text }: { title: string; text: string }) {
  return (
    <div className="rounded-xl border bg-white p-4 shadow-sm">
      <div className="flex items-center gap-2">
        <Star className="h-4 w-4 text-yellow-500" />
        <h3 className="font-semibold">{title}</h3>
      </div>
      <p className="mt-1 text-sm text-gray-600">{text}</p>
    </div>
  );
}
`;

const footer = `export default function SiteFooter() {
  const year = 2026;
  const links = ['About', 'Pricing', 'Blog', 'Careers', 'Contact'];
  return (
    <footer className="border-t py-6 text-center text-sm text-gray-500">
      <nav className="flex justify-center gap-4">
        {links.map((l) => (
          <a key={l} href={'#' + l.toLowerCase()}>{l}</a>
        ))}
      </nav>
      <p>© {year} Streaming Inc.</p>
    </footer>
  );
}
`;

// In the order a model writes them: the page first, then the components it uses. Each component's first
// drafts are only its imports, so the page renders them while their modules export nothing yet.
const FILES = [
  {
    filePath: 'apps/web/src/app/page.tsx',
    moduleType: 'PAGE',
    name: 'Homepage',
    // The dashboard, using both components at its end.
    content: dashboardPage('STREAMED').replace(
      '      </main>',
      '        <FeatureCard title="Fast" text="Renders while it streams" />\n      </main>\n      <SiteFooter />',
    ),
  },
  {
    filePath: 'apps/web/src/components/FeatureCard.tsx',
    moduleType: 'COMPONENT',
    name: 'FeatureCard',
    content: card,
  },
  {
    filePath: 'apps/web/src/components/SiteFooter.tsx',
    moduleType: 'COMPONENT',
    name: 'SiteFooter',
    content: footer,
  },
] satisfies PreviewModule[];

/**
 * The drafts a room delivers while the files above are written one after the other, `step` chars each, and
 * how long the stream then goes quiet (ms): after the first draft of each file, as when a model pauses.
 */
function drafts(step: number): { modules: PreviewModule[]; pause: number }[] {
  const out: { modules: PreviewModule[]; pause: number }[] = [];
  for (let f = 0; f < FILES.length; f++) {
    const file = FILES[f] as PreviewModule;
    for (let n = step; n < file.content.length + step; n += step) {
      out.push({
        modules: [...FILES.slice(0, f), { ...file, content: file.content.slice(0, n) }],
        pause: n === step ? 1500 : 10,
      });
    }
  }
  return out;
}

describe('streaming under load', () => {
  test('hundreds of drafts, many a second, never crash the preview and end on the final page', {
    timeout: 120_000,
  }, async () => {
    const b = await openBuilder();
    const p = b.preview;
    const problems: string[] = [];
    b.page.on('crash', () => problems.push('builder page crashed'));
    b.page.on('framedetached', (f) => {
      if (f === p) problems.push('preview frame detached');
    });
    b.page.on('console', (m) => {
      if (/RuntimeError|Aborted|out of bounds|unreachable/i.test(m.text())) problems.push(m.text());
    });
    // Records whether the page's heading showed while the drafts were still streaming.
    await p.evaluate(() => {
      const w = window as unknown as { __headingWhileStreaming: boolean };
      w.__headingWhileStreaming = false;
      new MutationObserver(() => {
        if (document.querySelector('[data-testid=heading]')) w.__headingWhileStreaming = true;
      }).observe(document, { subtree: true, childList: true, characterData: true });
    });
    const list = drafts(40);
    expect(list.length).toBeGreaterThan(300);
    // Post every draft from inside the builder page, 10 ms apart (the room sends one every 50 ms). A
    // component's first draft is only its imports; while the stream pauses there, the page renders it.
    await b.page.evaluate(async (all) => {
      const w = window as unknown as { client: { load(m: unknown): void } };
      for (const { modules, pause } of all) {
        w.client.load({ revisionId: 'r-load', modules, css: '', route: '/', generating: true, mode: 'web' });
        await new Promise((r) => setTimeout(r, pause));
      }
    }, list);
    // The preview got them all and is still alive (a crashed renderer does not answer).
    await p.waitForFunction((n) => Number(document.documentElement.dataset.kilnAccepted) >= n, list.length, {
      timeout: 60_000,
    });
    await p.getByText('© 2026 Streaming Inc.').first().waitFor({ timeout: 30_000 });
    // The page rendered from its drafts, cut and closed by the repair, before generation ended.
    expect(
      await p.evaluate(
        () => (window as unknown as { __headingWhileStreaming: boolean }).__headingWhileStreaming,
      ),
    ).toBe(true);
    await b.load(FILES, { revisionId: 'r-load', generating: false });
    await p.getByTestId('heading').filter({ hasText: 'Dashboard STREAMED' }).waitFor({ timeout: 30_000 });
    await b.waitForMessage('kiln:rendered', { revisionId: 'r-load' });
    expect((await b.messages()).filter((m) => m.kind === 'kiln:error')).toEqual([]);
    expect(problems).toEqual([]);
    await b.page.context().close();
  });

  test('components that render each other without end fail with an error box instead of crashing', {
    timeout: 60_000,
  }, async () => {
    const b = await openBuilder();
    const component = (name: string, other: string): PreviewModule => ({
      filePath: `apps/web/src/components/${name}.tsx`,
      moduleType: 'COMPONENT',
      name,
      content: `export default function ${name}() {\n  return <div className="p-1"><${other} /></div>;\n}\n`,
    });
    const page: PreviewModule = {
      filePath: 'apps/web/src/app/page.tsx',
      moduleType: 'PAGE',
      name: 'Homepage',
      content: 'export default function Home() {\n  return <main><h1>Loop page</h1><Ping /></main>;\n}\n',
    };
    await b.load([page, component('Ping', 'Pong'), component('Pong', 'Ping')], { revisionId: 'r-loop' });
    await b.preview.getByRole('heading', { name: 'Loop page' }).waitFor({ timeout: 20_000 });
    const error = await b.waitForMessage('kiln:error', { revisionId: 'r-loop' });
    expect(error.message).toMatch(/renders itself without end/);
    expect(await b.preview.getByText('Error in generated code').count()).toBe(1);
    await b.page.context().close();
  });
});
