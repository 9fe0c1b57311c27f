/**
 * Issue 15, deployments in the builder: publish twice, open the Deployments dialog, roll back to the first
 * deployment in one click, unpublish (the app's address answers 404 to a visitor) and republish — in Debian
 * Chromium against Kiln started like `npm start`.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newProjectFromDashboard, useBrowser, useSharedKiln } from './harness';

const browser = useBrowser();
const kiln = useSharedKiln();

/** What a visitor without the builder's cookie gets at the app's address. */
async function visit(url: string): Promise<{ status: number; page: Page }> {
  const page = await (await browser().newContext()).newPage();
  const res = await page.goto(url);
  return { status: res?.status() ?? 0, page };
}

describe('deployments', () => {
  it('rolls back, unpublishes and republishes from the Deployments dialog', {
    timeout: 240_000,
  }, async () => {
    const page = await (await browser().newContext()).newPage();
    await newProjectFromDashboard(page, kiln().url, 'dee@example.com', 'A todo list app with due dates', {
      timeout: 120_000,
    });

    // Never published: no Deployments button yet. Publish twice.
    const header = page.getByRole('banner');
    expect(await header.getByRole('button', { name: 'Deployments' }).count()).toBe(0);
    await header.getByRole('button', { name: 'Publish' }).click();
    const link = page.getByTestId('published-url');
    await link.waitFor();
    const appUrl = (await link.textContent())!.trim();
    await header.getByRole('button', { name: 'Publish' }).click();
    await expect.poll(() => header.getByRole('button', { name: 'Publish' }).isEnabled()).toBe(true);

    await header.getByRole('button', { name: 'Deployments' }).click();
    const dialog = page.getByRole('dialog', { name: 'Deployments' });
    const rows = dialog.getByTestId('deployments').locator('tbody tr');
    await expect.poll(() => rows.count()).toBe(2);
    expect(await rows.nth(0).getAttribute('data-live')).toBe('true');
    expect(await rows.nth(1).getAttribute('data-live')).toBe('false');
    await expect.poll(() => rows.nth(0).textContent()).toMatch(/by \S+/);
    expect(await rows.nth(0).textContent()).toContain('#1');

    // One click: the older deployment is live.
    await rows.nth(1).getByRole('button', { name: 'Roll back' }).click();
    await expect.poll(() => rows.nth(1).getAttribute('data-live')).toBe('true');
    expect(await rows.nth(0).getAttribute('data-live')).toBe('false');
    const live = await visit(appUrl);
    expect(live.status).toBe(200);
    await live.page.getByRole('heading', { level: 1 }).filter({ hasText: /todo/i }).first().waitFor();

    // Unpublish (confirmed): visitors get 404, the header drops the URL, the deployments stay.
    await dialog.getByRole('button', { name: 'Unpublish' }).click();
    const confirm = page.getByRole('dialog', { name: 'Unpublish this app?' });
    await confirm.getByRole('button', { name: 'Unpublish' }).click();
    await dialog.getByRole('button', { name: 'Republish' }).waitFor();
    expect(await rows.count()).toBe(2);
    expect(await dialog.locator('tbody tr[data-live="true"]').count()).toBe(0);
    await expect.poll(() => page.getByTestId('published-url').count()).toBe(0);
    expect((await visit(appUrl)).status).toBe(404);

    // Republish: the deployment it served last is back.
    await dialog.getByRole('button', { name: 'Republish' }).click();
    await expect.poll(() => rows.nth(1).getAttribute('data-live')).toBe('true');
    expect((await visit(appUrl)).status).toBe(200);
    await dialog.getByRole('button', { name: 'Close' }).click();
    expect((await page.getByTestId('published-url').textContent())!.trim()).toBe(appUrl);
  });
});
