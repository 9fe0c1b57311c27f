/**
 * @module
 * A published app split per page (issue 15) in real Chromium, served as the server publishes it (`appBuild`):
 * each page's document carries only its own code and what several pages share; moving to another page loads
 * that page's chunk once, keeps the shared modules running (their module-level state too), and a chunk that is
 * gone (a newer publish) opens the page from the server instead.
 */
import { afterEach, describe, expect, test } from 'vitest';
import type { PreviewModule } from '../src/index.ts';
import { todoModules } from './fixtures/todo-app.ts';
import { app, browser, origin, setupHarness } from './harness.ts';

setupHarness();

/** A shared component with module-level state: it must survive moving between pages. */
const counter = `let clicks = 0;
export default function Counter() {
  const [, redraw] = React.useState(0);
  return <button type="button" onClick={() => { clicks += 1; redraw((n) => n + 1); }}>Clicked {clicks}</button>;
}
`;
const aboutCard = `export default function AboutCard() {
  return <section data-testid="about-card">Only the about page uses this card.</section>;
}
`;
const about = `export default function AboutPage() {
  return <div><h1>About this app</h1><AboutCard /><Counter /><a href="/">Back home</a></div>;
}
`;
const home = `export default function HomePage() {
  return <main><h1>My Todos</h1><EmptyState /><Counter /><a href="/about">About</a></main>;
}
`;

function modules(): PreviewModule[] {
  return [
    ...todoModules({ page: home, about }).filter((m) => !m.filePath.endsWith('TodoItem.tsx')),
    {
      filePath: 'apps/web/src/components/Counter.tsx',
      moduleType: 'COMPONENT',
      name: 'Counter',
      content: counter,
    },
    {
      filePath: 'apps/web/src/components/AboutCard.tsx',
      moduleType: 'COMPONENT',
      name: 'About Card',
      content: aboutCard,
    },
  ] as PreviewModule[];
}

afterEach(() => {
  app.split = false;
  app.chunksGone = false;
  app.chunkRequests.length = 0;
});

describe('a published app split per page', () => {
  test('ships each page its own code, loads another page once when moved to, and keeps shared state', async () => {
    app.modules = modules();
    app.split = true;
    const context = await browser.newContext();
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));

    const document = await (await page.goto(`${origin('todo.apps')}/`))!.text();
    expect(document).toContain('My Todos');
    expect(document).toContain('Clicked');
    expect(document).not.toContain('Only the about page uses this card.');
    expect(document).not.toContain('About this app');

    await page.getByRole('heading', { name: 'My Todos' }).waitFor();
    await page.getByTestId('empty').waitFor();
    await page.getByRole('button', { name: 'Clicked 0' }).click();
    await page.getByRole('button', { name: 'Clicked 1' }).waitFor();
    expect(app.chunkRequests).toEqual([]);

    await page.getByRole('link', { name: 'About' }).click();
    await page.getByRole('heading', { name: 'About this app' }).waitFor();
    await page.getByTestId('about-card').waitFor();
    expect(new URL(page.url()).pathname).toBe('/about');
    expect(app.chunkRequests).toHaveLength(1);
    // The shared Counter module kept running: its module-level count is still 1.
    await page.getByRole('button', { name: 'Clicked 1' }).waitFor();

    await page.goBack();
    await page.getByRole('heading', { name: 'My Todos' }).waitFor();
    await page.getByRole('link', { name: 'About' }).click();
    await page.getByTestId('about-card').waitFor();
    expect(app.chunkRequests).toHaveLength(1);
    expect(errors).toEqual([]);
    await context.close();
  });

  test('a path without its own document loads its page chunk before the first render', async () => {
    app.modules = modules();
    app.split = true;
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${origin('todo.apps')}/about?from=mail`);
    await page.getByTestId('about-card').waitFor();
    expect(app.chunkRequests).toHaveLength(1);
    await page.goto(`${origin('todo.apps')}/nope`);
    await page.getByText('There is no page at /nope.').waitFor();
    await context.close();
  });

  test('a chunk a newer publish replaced opens the page from the server instead', async () => {
    app.modules = modules();
    app.split = true;
    app.chunksGone = true;
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${origin('todo.apps')}/`);
    await page.getByRole('heading', { name: 'My Todos' }).waitFor();
    await page.getByRole('link', { name: 'About' }).click();
    await page.getByTestId('about-card').waitFor();
    expect(new URL(page.url()).pathname).toBe('/about');
    expect(app.chunkRequests).toHaveLength(1);
    await context.close();
  });
});
