/**
 * Issue 2, steps 1–5, as a new user does them, in Debian Chromium against Kiln started like `npm start`:
 * sign up, describe a todo app, use it in the preview iframe, publish, open the published URL with no
 * builder cookie, restart the server and find everything again.
 */
import type { FrameLocator, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { type KilnProcess, startKilnProcess, useBrowser } from './harness';

const browser = useBrowser();
let kiln: KilnProcess | undefined;
/** The defaults of `npm start`, which the harness changes for other tests. */
const AS_STARTED = { KILN_VERIFY: 'on', KILN_DATA_SNAPSHOTS: '10', KILN_GIT_BACKGROUND: 'on' };

afterAll(async () => {
  await kiln?.stop();
});

/** Add a todo with a due date and tick it off; waits for what a person would see. */
async function useTodoApp(app: FrameLocator | Page, title: string) {
  await app.getByRole('heading', { level: 1 }).filter({ hasText: /todo/i }).first().waitFor();
  await app.getByPlaceholder(/what needs to be done/i).fill(title);
  await app.locator('input[type="date"]').first().fill('2030-01-15');
  await app.getByRole('button', { name: /^add/i }).click();
  const item = app.getByRole('listitem').filter({ hasText: title });
  await item.waitFor();
  await item.getByRole('button', { name: 'Mark as done' }).click();
  await item.getByRole('button', { name: 'Mark as not done' }).waitFor();
  return item;
}

describe('walking skeleton', () => {
  it('describe an app, see it live, publish it, and keep it across a restart', {
    timeout: 240_000,
  }, async () => {
    // Slow enough typing (10 ms a chunk) that the workspace is open while the app is being written.
    // A server as `npm start` runs it: verification and data snapshots on (the harness turns them off).
    kiln = await startKilnProcess({
      env: { ...AS_STARTED, KILN_BUILTIN_DELAY_MS: '10' },
      renderCache: false,
    });
    const context = await browser().newContext();
    const page = await context.newPage();
    let draftFrames = 0;
    page.on('websocket', (ws) => {
      ws.on('framereceived', (f) => {
        if (String(f.payload).includes('"type":"drafts"')) draftFrames++;
      });
    });

    // 2. Sign up.
    await page.goto(`${kiln.url}/`);
    await page.waitForURL(/\/login$/);
    await page.getByRole('link', { name: 'Create an account' }).click();
    await page.getByLabel('Email').fill('ada@example.com');
    await page.getByLabel('Password').fill('analytical engine');
    await page.getByRole('button', { name: 'Create account' }).click();

    // Bad input: an empty prompt is refused in the UI with a clear message.
    const prompt = page.getByLabel('Describe your app');
    await prompt.waitFor();
    await prompt.press('Enter');
    await expect
      .poll(() => page.getByRole('alert').textContent())
      .toContain('Describe what you want to build.');

    // 3. Describe the app and press Enter.
    await prompt.fill('A todo list app with due dates');
    await prompt.press('Enter');
    await page.waitForURL(/\/projects\/[0-9a-f-]{36}$/);
    const projectUrl = page.url();
    const projectId = projectUrl.split('/').pop()!;

    const status = page.getByTestId('revision-status');
    await expect.poll(() => status.textContent(), { timeout: 60_000 }).toBe('VALID');
    expect(draftFrames).toBeGreaterThan(0); // the code streamed to the workspace through its room
    const modules = page.getByRole('navigation', { name: 'Modules' });
    await expect.poll(() => modules.textContent()).toContain('Homepage');

    const frameEl = page.locator('iframe[title="Preview"]');
    expect(await frameEl.getAttribute('src')).toBe(`http://${projectId}.preview.localhost:${kiln.port}/`);
    const preview = page.frameLocator('iframe[title="Preview"]');
    const item = await useTodoApp(preview, 'Write the report');
    await item.getByRole('button', { name: 'Delete task' }).click();
    await expect
      .poll(() => preview.getByRole('listitem').filter({ hasText: 'Write the report' }).count())
      .toBe(0);

    // 4. Publish and open the URL in a fresh context, with no builder cookie.
    await page.getByRole('banner').getByRole('button', { name: 'Publish' }).click();
    const link = page.getByTestId('published-url');
    await link.waitFor();
    const publishedUrl = (await link.textContent())!.trim();
    expect(publishedUrl).toMatch(new RegExp(`^http://[a-z0-9-]+\\.apps\\.localhost:${kiln.port}/$`));

    const visitor = await browser().newContext();
    const visitorPage = await visitor.newPage();
    await visitorPage.goto(publishedUrl);
    expect(await visitor.cookies()).toEqual([]);
    await useTodoApp(visitorPage, 'Buy milk');
    await visitor.close();

    // 5. Ctrl-C and start again on the same data: account, project, revision, published app are there.
    const { port, dataDir } = kiln;
    expect(await kiln.stop()).toBe(0);
    kiln = await startKilnProcess({ port, dataDir, env: AS_STARTED, renderCache: false });

    await page.goto(projectUrl);
    await expect
      .poll(() => page.getByTestId('revision-status').textContent(), { timeout: 30_000 })
      .toBe('VALID');
    await expect
      .poll(() => page.getByRole('navigation', { name: 'Modules' }).textContent())
      .toContain('Homepage');
    await page
      .frameLocator('iframe[title="Preview"]')
      .getByPlaceholder(/what needs to be done/i)
      .waitFor();
    expect((await page.getByTestId('published-url').textContent())!.trim()).toBe(publishedUrl);

    const later = await browser().newContext();
    const laterPage = await later.newPage();
    await laterPage.goto(publishedUrl);
    await laterPage.getByPlaceholder(/what needs to be done/i).waitFor();
    await later.close();
    await context.close();
  });
});
