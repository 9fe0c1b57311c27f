/**
 * Visual edits in the preview (issue 17), in Debian Chromium against Kiln started like `npm start`: Select mode
 * outlines and picks elements in the preview; the panel beside a clicked element changes a heading's text, an
 * image and a link, and deletes an element, each a revision that lands in the preview; Escape leaves the mode;
 * an element from a loop says which literal its text comes from and a change edits it there, a computed text says
 * it can only be described; "describe a change" queues a UI_PATCH revision naming the element; restoring the
 * version before the edits brings the page back as it was; the published page carries no source locations.
 */
import type { FrameLocator, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { axeViolations, newProjectFromDashboard, pageGql, useBrowser, useSharedKiln } from './harness';

const browser = useBrowser();
const kiln = useSharedKiln();

/** A 1×1 PNG. */
const PNG_1PX =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

const PAGE = `export default function Page() {
  return (
    <main className="p-8">
      <h1 className="text-3xl font-bold">Welcome to Acme</h1>
      <img src="https://example.com/logo.png" alt="Acme logo" width="64" height="64" />
      <a href="/about">About us</a>
      <p>A paragraph to delete.</p>
      <ul>
        {PLANS.map((plan) => (
          <li key={plan}>{plan}</li>
        ))}
      </ul>
      <footer>{new Date().getFullYear()}</footer>
    </main>
  );
}

const PLANS = ['Starter', 'Team'];
`;

/** A GraphQL call from the builder's page, with its session. */
async function gql<T>(page: Page, query: string, variables: Record<string, unknown>): Promise<T> {
  const body = await pageGql<T>(page, query, variables);
  if (body.errors) throw new Error(JSON.stringify(body.errors));
  return body.data;
}

async function waitValid(page: Page, number: number): Promise<void> {
  await expect
    .poll(
      async () => {
        const data = await gql<{ project: { latestRevision: { number: number; status: string } } }>(
          page,
          'query($id: ID!) { project(id: $id) { latestRevision { number status } } }',
          { id: page.url().split('/').pop() },
        );
        return `${data.project.latestRevision.number}:${data.project.latestRevision.status}`;
      },
      { timeout: 90_000, interval: 300 },
    )
    .toBe(`${number}:VALID`);
  await page
    .getByTestId('revision-status')
    .filter({ hasText: /^VALID$/ })
    .waitFor({ state: 'attached', timeout: 30_000 });
}

/** Clicks `element` in Select mode (waiting for its source location) and waits for the panel. */
async function pick(page: Page, preview: FrameLocator, selector: string, tag: string): Promise<void> {
  const target = preview.locator(`${selector}[data-kiln-loc]`);
  await target.waitFor({ timeout: 60_000 });
  await target.click();
  await page.getByRole('dialog', { name: `Edit <${tag}>` }).waitFor();
}

it('changes text, image and link by clicking, deletes an element, and restores the version before', {
  timeout: 300_000,
}, async () => {
  // CSP bypassed for the axe-core script only (see builder-daily-use.test.ts); the server's policy stays.
  const context = await browser().newContext({ viewport: { width: 1440, height: 900 }, bypassCSP: true });
  const page = await context.newPage();
  await newProjectFromDashboard(
    page,
    kiln().url,
    'visual@example.com',
    'A personal website for Ada, a painter',
  );
  const projectId = page.url().split('/').pop()!;

  // A known page, saved by hand (revision 2): the starting point the edits change and Restore returns to.
  const { project } = await gql<{
    project: { latestRevision: { id: string; modules: { filePath: string; moduleType: string }[] } };
  }>(page, 'query($id: ID!) { project(id: $id) { latestRevision { id modules { filePath moduleType } } } }', {
    id: projectId,
  });
  const filePath = project.latestRevision.modules.find(
    (m) => m.moduleType === 'PAGE' && /app\/page\.tsx$/.test(m.filePath),
  )!.filePath;
  await gql(
    page,
    'mutation($p: ID!, $f: String!, $c: String!, $b: ID) { saveModule(projectId: $p, filePath: $f, content: $c, baseRevisionId: $b) { id } }',
    {
      p: projectId,
      f: filePath,
      c: PAGE,
      b: project.latestRevision.id,
    },
  );
  await waitValid(page, 2);
  const preview = page.frameLocator('iframe[title="Preview"]');
  await preview.getByRole('heading', { name: 'Welcome to Acme' }).waitFor({ timeout: 60_000 });

  // Select mode: a toolbar button with its state; hovering outlines the element under the pointer.
  const toggle = page.getByRole('button', { name: 'Select' });
  await toggle.click();
  expect(await toggle.getAttribute('aria-pressed')).toBe('true');
  await preview.locator('h1[data-kiln-loc]').hover({ timeout: 60_000 });
  await expect.poll(() => preview.locator('#kiln-select-outline').isVisible()).toBe(true);

  // 1. The heading's text.
  await pick(page, preview, 'h1', 'h1');
  const panel = page.getByRole('dialog', { name: 'Edit <h1>' });
  expect(await panel.getByLabel('Text').inputValue()).toBe('Welcome to Acme');
  // The panel sits beside the element, focus starts in its first field, and axe finds nothing serious.
  expect(await panel.getByLabel('Text').evaluate((el) => el === document.activeElement)).toBe(true);
  const box = await panel.boundingBox();
  const frameBox = await page.locator('iframe[title="Preview"]').boundingBox();
  const headingBox = await preview.locator('h1').boundingBox();
  // Right of the element, or under it when the element is as wide as the page: never over it.
  const right = box!.x >= headingBox!.x + headingBox!.width - 1;
  const under = box!.y >= headingBox!.y + headingBox!.height - 1;
  expect(right || under).toBe(true);
  expect(box!.y).toBeLessThan(frameBox!.y + frameBox!.height);
  expect(await axeViolations(page)).toEqual([]);
  await panel.getByLabel('Text').fill('Hello from Acme');
  await panel.getByRole('button', { name: 'Change text' }).click();
  await waitValid(page, 3);
  await preview.getByRole('heading', { name: 'Hello from Acme' }).waitFor({ timeout: 60_000 });

  // 2. The image: uploaded from the panel (stored like the app's uploads), then applied.
  await pick(page, preview, 'img', 'img');
  const imagePanel = page.getByRole('dialog', { name: 'Edit <img>' });
  await imagePanel.getByLabel('Or upload an image').setInputFiles({
    name: 'logo.png',
    mimeType: 'image/png',
    buffer: Buffer.from(PNG_1PX, 'base64'),
  });
  await expect
    .poll(() => imagePanel.getByLabel('Image URL').inputValue(), { timeout: 30_000 })
    .toMatch(new RegExp(`^http://files\\.localhost:${kiln().port}/`));
  const uploaded = await imagePanel.getByLabel('Image URL').inputValue();
  await imagePanel.getByRole('button', { name: 'Change image' }).click();
  await waitValid(page, 4);
  await expect
    .poll(() => preview.getByRole('img', { name: 'Acme logo' }).getAttribute('src'), { timeout: 60_000 })
    .toBe(uploaded);

  // 3. The link.
  await pick(page, preview, 'a', 'a');
  const linkPanel = page.getByRole('dialog', { name: 'Edit <a>' });
  expect(await linkPanel.getByLabel('Link URL').inputValue()).toBe('/about');
  await linkPanel.getByLabel('Link URL').fill('https://acme.example/about');
  await linkPanel.getByRole('button', { name: 'Change link' }).click();
  await waitValid(page, 5);
  await expect
    .poll(() => preview.getByRole('link', { name: 'About us' }).getAttribute('href'), { timeout: 60_000 })
    .toBe('https://acme.example/about');

  // 4. Delete an element.
  await pick(page, preview, 'p', 'p');
  await page
    .getByRole('dialog', { name: 'Edit <p>' })
    .getByRole('button', { name: 'Delete element' })
    .click();
  await waitValid(page, 6);
  await expect.poll(() => preview.getByText('A paragraph to delete.').count(), { timeout: 60_000 }).toBe(0);

  // 5. An element from a loop: the panel says where its text is written (the array), and the change edits it there.
  const item = preview.locator('li[data-kiln-loc]').filter({ hasText: 'Team' });
  await item.waitFor({ timeout: 60_000 });
  await item.click();
  const itemPanel = page.getByRole('dialog', { name: 'Edit <li>' });
  const note = itemPanel.getByText('This text comes from {plan}');
  await note.waitFor({ timeout: 30_000 });
  expect(await note.textContent()).toBe(
    `This text comes from {plan}: a change here edits "Team" where it is written, in ${filePath} (line 17).`,
  );
  // The note describes the field (screen readers hear it with the label).
  expect(await itemPanel.getByLabel('Text').getAttribute('aria-describedby')).toBe(
    await note.getAttribute('id'),
  );
  await itemPanel.getByLabel('Text').fill('Business');
  await itemPanel.getByRole('button', { name: 'Change text' }).click();
  await waitValid(page, 7);
  await preview.getByRole('listitem').filter({ hasText: 'Business' }).waitFor({ timeout: 60_000 });
  const traced = await gql<{
    project: { latestRevision: { modules: { filePath: string; content: string }[] } };
  }>(page, 'query($id: ID!) { project(id: $id) { latestRevision { modules { filePath content } } } }', {
    id: projectId,
  });
  expect(traced.project.latestRevision.modules.find((m) => m.filePath === filePath)?.content).toContain(
    "const PLANS = ['Starter', 'Business'];",
  );

  // A computed text: the panel says where it comes from and that it can only be described; Change text stays off.
  await pick(page, preview, 'footer', 'footer');
  const footerPanel = page.getByRole('dialog', { name: 'Edit <footer>' });
  await footerPanel
    .getByText(/^No literal in the code holds "\d{4}": it comes from \{new Date\(\)\.getFullYear\(\)\}/)
    .waitFor({ timeout: 30_000 });
  await footerPanel.getByLabel('Text').fill('1999');
  expect(await footerPanel.getByRole('button', { name: 'Change text' }).isDisabled()).toBe(true);
  await footerPanel.getByRole('button', { name: 'Close' }).click();
  await footerPanel.waitFor({ state: 'detached' });

  // 6. Describe a change to one element: a UI_PATCH revision generated for it (the builtin model here).
  await pick(page, preview, 'h1', 'h1');
  const describe = page.getByRole('dialog', { name: 'Edit <h1>' });
  await describe.getByLabel('Describe a change').fill('Make the heading blue');
  await describe.getByRole('button', { name: 'Apply with AI' }).click();
  await waitValid(page, 8);
  const action = await gql<{ project: { latestRevision: { action: string; prompt: string } } }>(
    page,
    'query($id: ID!) { project(id: $id) { latestRevision { action prompt } } }',
    { id: projectId },
  );
  expect(action.project.latestRevision.action).toBe('UI_PATCH');
  expect(action.project.latestRevision.prompt).toContain(
    `Change only the <h1> element at ${filePath}, line 4`,
  );

  // Escape leaves Select mode: links are links again.
  await preview.locator('h1[data-kiln-loc]').waitFor({ timeout: 60_000 });
  await page.keyboard.press('Escape');
  await expect.poll(() => toggle.getAttribute('aria-pressed')).toBe('false');

  // 7. Restore the version before the edits (version 2): the page is back as it was.
  await page.getByRole('tab', { name: 'History' }).click();
  await page.getByRole('navigation', { name: 'Revisions' }).getByRole('button', { name: /#2\b/ }).click();
  await page.getByRole('button', { name: 'Restore code', exact: true }).click();
  await waitValid(page, 9);
  await page.getByRole('tab', { name: 'Preview' }).click();
  await preview.getByRole('heading', { name: 'Welcome to Acme' }).waitFor({ timeout: 60_000 });
  await preview.getByText('A paragraph to delete.').waitFor();
  expect(await preview.getByRole('link', { name: 'About us' }).getAttribute('href')).toBe('/about');
  await preview.getByRole('listitem').filter({ hasText: 'Team' }).waitFor();
  // Out of Select mode the preview carries no source locations.
  expect(await preview.locator('[data-kiln-loc]').count()).toBe(0);

  // 8. Published, the page carries none either: not in the document the server sends, not in the DOM.
  await page.getByRole('banner').getByRole('button', { name: 'Publish' }).click();
  const link = page.getByTestId('published-url');
  await link.waitFor({ timeout: 60_000 });
  const publishedUrl = (await link.textContent())!.trim();
  const visitor = await browser().newContext();
  const visitorPage = await visitor.newPage();
  const documentResponse = await visitorPage.goto(publishedUrl);
  const html = (await documentResponse?.text()) ?? '';
  expect(html).toContain('Welcome to Acme');
  expect(html).not.toContain('data-kiln-loc');
  await visitorPage.getByRole('heading', { name: 'Welcome to Acme' }).waitFor({ timeout: 30_000 });
  await visitorPage.getByText('A paragraph to delete.').waitFor();
  expect(await visitorPage.locator('[data-kiln-loc]').count()).toBe(0);
  await visitor.close();
  await context.close();
});
