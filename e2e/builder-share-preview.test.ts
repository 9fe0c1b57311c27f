/**
 * The workspace's preview buttons and Share dialog (issue 21), in Debian Chromium against Kiln started like
 * `npm start`: Copy link copies the preview's address at the current route ("Link copied"), Open in a new tab
 * shows the live preview on its own page at that route, Reload makes a new preview frame that renders again
 * (all reachable by keyboard and inside the viewport at 1024 px); Share (header and Ctrl+K) shows "Not
 * published yet" with Publish, then the address with Copy, the organisation's members and roles, and invites
 * by e-mail with the organisation's mutation (the invitation is then pending in organisation settings). axe
 * finds no serious or critical violation in the dialog or on the preview page.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations, newProjectFromDashboard, useBrowser, useSharedKiln } from './harness';

const browser = useBrowser();
const kiln = useSharedKiln();

/** Visible controls outside the viewport. */
async function outside(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const w = window.innerWidth;
    return [...document.querySelectorAll('button, a, input, [role=tab]')]
      .filter((e) => {
        const r = e.getBoundingClientRect();
        return r.width > 0 && getComputedStyle(e).visibility !== 'hidden' && (r.right > w + 1 || r.left < -1);
      })
      .map((e) => (e.getAttribute('aria-label') || e.textContent || e.tagName).trim().slice(0, 30));
  });
}

/** The text the preview frame on `page` renders, once it renders any. */
async function previewText(page: Page): Promise<string> {
  const body = page.frameLocator('iframe[title="Preview"]').locator('body');
  await expect
    .poll(async () => (await body.innerText()).trim().length, { timeout: 30_000 })
    .toBeGreaterThan(0);
  return body.innerText();
}

/** Waits until the preview frame on `page` shows `text`. */
async function previewShows(page: Page, text: string): Promise<void> {
  const body = page.frameLocator('iframe[title="Preview"]').locator('body');
  await expect.poll(() => body.innerText(), { timeout: 30_000 }).toContain(text);
}

describe('builder, preview buttons and share dialog', () => {
  it('copies, opens and reloads the preview; shares, publishes and invites', {
    timeout: 240_000,
  }, async () => {
    const context = await browser().newContext({ bypassCSP: true, viewport: { width: 1024, height: 800 } });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: kiln().url });
    const page = await context.newPage();
    const found: Record<string, string[]> = {};
    const projectId = await newProjectFromDashboard(
      page,
      kiln().url,
      'dana@example.com',
      'A todo list with due dates',
    );
    // The app's first line (its title): the loading state below it varies with timing.
    const title = (await previewText(page)).trim().split('\n')[0] ?? '';
    expect(title.length).toBeGreaterThan(0);

    // The three buttons fit at 1024 px with everything else.
    const copy = page.getByRole('button', { name: 'Copy link' });
    const reload = page.getByRole('button', { name: 'Reload preview' });
    const open = page.getByRole('link', { name: 'Open in a new tab' });
    expect(await outside(page)).toEqual([]);

    // Copy link: the preview at the route it is on.
    await page.getByLabel('Route').fill('/nowhere');
    await page.getByLabel('Route').press('Enter');
    await copy.focus();
    await page.keyboard.press('Enter');
    await page.getByText('Link copied').first().waitFor();
    const link = `${kiln().url}/projects/${projectId}/preview?route=%2Fnowhere`;
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
    expect(await open.getAttribute('href')).toBe(link);

    // Reload: a new frame, which renders again at the same route.
    await page.getByLabel('Route').fill('/');
    await page.getByLabel('Route').press('Enter');
    await page.evaluate(() => {
      (document.querySelector('iframe[title="Preview"]') as HTMLIFrameElement & { old?: boolean }).old = true;
    });
    await reload.focus();
    await page.keyboard.press('Enter');
    await expect
      .poll(() =>
        page.evaluate(
          () =>
            (document.querySelector('iframe[title="Preview"]') as HTMLIFrameElement & { old?: boolean }).old,
        ),
      )
      .toBeUndefined();
    await previewShows(page, title);

    // Open in a new tab: the live preview on its own page, at the route it is on.
    const [tab] = await Promise.all([context.waitForEvent('page'), open.click()]);
    await tab.waitForURL(`${kiln().url}/projects/${projectId}/preview`);
    await previewShows(tab, title);
    found['preview page'] = await axeViolations(tab);
    await tab.close();

    // Share, from the header: not published yet, the members, Publish.
    const share = page.getByRole('button', { name: 'Share', exact: true });
    await share.click();
    const dialog = page.getByRole('dialog', { name: /^Share / });
    await dialog.getByText('Not published yet.').waitFor();
    await dialog.getByRole('list', { name: 'Members' }).getByText('dana@example.com').waitFor();
    await dialog.getByRole('list', { name: 'Members' }).getByText('Owner').waitFor();
    found['share dialog'] = await axeViolations(page);
    await dialog.getByRole('button', { name: 'Publish' }).click();
    const address = dialog.getByLabel('Published address');
    await address.waitFor({ timeout: 60_000 });
    const published = await address.inputValue();
    expect(published).toMatch(/^http/);
    await dialog.getByRole('button', { name: 'Copy', exact: true }).click();
    await dialog.getByRole('button', { name: 'Copied' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(published);

    // Invite by e-mail: the organisation's invitation, with its link.
    await dialog.getByLabel('Email address').fill('sam@example.com');
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await dialog.getByLabel('Invitation link').waitFor();
    found['share dialog, invited'] = await axeViolations(page);

    // Escape closes it and gives focus back to Share.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent?.trim())).toBe('Share');

    // Ctrl+K → "Share project" opens it again.
    await page.keyboard.press('Control+k');
    await page.getByPlaceholder('Type a command or search projects…').fill('share');
    await page.keyboard.press('Enter');
    await dialog.getByLabel('Published address').waitFor();
    // The members link leads to organisation settings, where the invitation is pending.
    await dialog.getByRole('link', { name: 'Manage members' }).click();
    await page.getByRole('heading', { name: 'Pending invitations' }).waitFor();
    await page.getByText('sam@example.com').first().waitFor();

    expect(Object.fromEntries(Object.entries(found).filter(([, v]) => v.length))).toEqual({});
    await context.close();
  });
});
