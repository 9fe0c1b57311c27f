/**
 * The builder for daily use (issue 21), in Debian Chromium against Kiln started like `npm start`: axe-core
 * finds no serious or critical violation on sign-in, sign-up (with its errors), the dashboard, every
 * workspace tab, organisation settings and the admin screen; at 1024 and 1280 px every workspace control is
 * inside the viewport with no sideways scroll, and a phone gets one view at a time; Ctrl+K opens the command
 * palette and runs an action; dark mode follows the system; the dashboard and organisation settings
 * recover by themselves after the network goes away and comes back.
 *
 * axe-core is injected as an inline script with the CSP in force: a local development server's policy allows
 * inline scripts for such tools (KILN_STRICT_CSP; a deployment with a public URL or base domain does not).
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations, describeApp, signUp, useBrowser, useKiln, waitUntilValid } from './harness';

const browser = useBrowser();
const kiln = useKiln({ env: { KILN_BUILTIN_DELAY_MS: '0' } });

/** Visible controls outside the viewport, and whether the page scrolls sideways. */
async function outside(page: Page): Promise<{ bad: string[]; scroll: boolean }> {
  return page.evaluate(() => {
    const w = window.innerWidth;
    const bad = [...document.querySelectorAll('button, a, input, [role=tab]')]
      .filter((e) => {
        const r = e.getBoundingClientRect();
        return r.width > 0 && getComputedStyle(e).visibility !== 'hidden' && (r.right > w + 1 || r.left < -1);
      })
      .map((e) => (e.getAttribute('aria-label') || e.textContent || e.tagName).trim().slice(0, 30));
    return { bad, scroll: document.documentElement.scrollWidth > w + 1 };
  });
}

describe('builder, daily use', () => {
  it('is accessible, fits every width, has a palette and dark mode, and recovers after going offline', {
    timeout: 240_000,
  }, async () => {
    const context = await browser().newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    const found: Record<string, string[]> = {};

    await page.goto(`${kiln().url}/`);
    await page.waitForURL(/\/login$/);
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    found.login = await axeViolations(page);

    // Sign-up errors are tied to their fields.
    await page.getByRole('link', { name: 'Create an account' }).click();
    await page.getByRole('button', { name: 'Create account' }).click();
    found.signup = await axeViolations(page);

    // The first account is the platform ADMIN.
    await page.goto(`${kiln().url}/login`);
    await signUp(page, 'dana@example.com');
    await page.getByLabel('Describe your app').waitFor();
    found.dashboard = await axeViolations(page);

    // The first focusable element is the skip link, and it lands in the main landmark.
    const first = await page.evaluate(
      () => document.querySelector<HTMLElement>('a[href], button, input, textarea, select')?.textContent,
    );
    expect(first).toBe('Skip to content');
    await page.getByRole('link', { name: 'Skip to content' }).focus();
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('MAIN');

    await describeApp(page, 'A todo list with due dates');
    await waitUntilValid(page);
    found.workspace = await axeViolations(page);
    for (const tab of ['Code', 'History', 'Database', 'Analytics', 'Settings']) {
      await page.getByRole('tab', { name: tab }).click();
      await page.waitForTimeout(600);
      found[`workspace ${tab}`] = await axeViolations(page);
    }
    await page.getByRole('tab', { name: 'Preview' }).click();

    // Every control inside the viewport, the route visible and wide enough to read.
    for (const width of [1280, 1024]) {
      await page.setViewportSize({ width, height: 800 });
      await page.waitForTimeout(300);
      expect(await outside(page), `at ${width}px`).toEqual({ bad: [], scroll: false });
      const route = await page.getByLabel('Route').boundingBox();
      expect(route?.width ?? 0, `route field at ${width}px`).toBeGreaterThan(120);
    }
    // A phone: one view at a time, nothing sideways.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('button', { name: 'Chat', exact: true }).click();
    await page.getByPlaceholder(/Ask Kiln/).waitFor();
    expect(await outside(page), 'on a phone').toEqual({ bad: [], scroll: false });
    await page.getByRole('button', { name: 'Preview', exact: true }).click();
    await page.getByTitle('Preview').waitFor();
    await page.setViewportSize({ width: 1440, height: 900 });

    // Ctrl+K opens the palette with its input focused and a visible focus line (the accent bottom border,
    // thickened); axe finds nothing in it. Running "Show history" switches the tab.
    await page.keyboard.press('Control+k');
    const paletteInput = page.getByPlaceholder('Type a command or search projects…');
    await expect.poll(() => paletteInput.evaluate((el) => el === document.activeElement)).toBe(true);
    const focusLine = () =>
      paletteInput.evaluate((el) => {
        const style = getComputedStyle(el);
        const accent = document.createElement('span');
        accent.style.color = 'var(--accent)';
        document.body.append(accent);
        const accentColour = getComputedStyle(accent).color;
        accent.remove();
        return {
          border: style.borderBottomColor === accentColour,
          shadow: style.boxShadow.includes('inset'),
        };
      });
    await expect.poll(focusLine).toEqual({ border: true, shadow: true });
    found.palette = await axeViolations(page);
    await paletteInput.fill('show history');
    await page.keyboard.press('Enter');
    await expect
      .poll(() => page.getByRole('tab', { name: 'History' }).getAttribute('aria-selected'))
      .toBe('true');
    // Alt+1 goes back to the preview.
    await page.keyboard.press('Alt+1');
    await expect
      .poll(() => page.getByRole('tab', { name: 'Preview' }).getAttribute('aria-selected'))
      .toBe('true');

    // Dark mode follows the system setting.
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(background).toBe('rgb(20, 19, 17)');
    // Colours change with a short transition: axe measured mid-way sees half-dark colours (a loaded machine).
    await expect
      .poll(() => page.evaluate(() => document.getAnimations().length), { timeout: 10_000 })
      .toBe(0);
    found['workspace dark'] = await axeViolations(page);
    // The palette's focus line in the dark theme too.
    await page.keyboard.press('Control+k');
    await expect.poll(focusLine).toEqual({ border: true, shadow: true });
    found['palette dark'] = await axeViolations(page);
    await page.keyboard.press('Escape');
    await paletteInput.waitFor({ state: 'detached' });
    await page.emulateMedia({ colorScheme: 'light' });

    // Organisation settings and the admin screen.
    await page.getByRole('link', { name: 'All projects' }).click();
    await page.getByRole('button', { name: 'Switch organisation' }).click();
    await page.getByRole('menuitem', { name: 'Organisation settings' }).click();
    await page.getByRole('heading', { name: 'Plan & credits' }).waitFor();
    found['organisation settings'] = await axeViolations(page);
    await page.goto(`${kiln().url}/admin/users`);
    await page.getByRole('cell', { name: 'dana@example.com' }).first().waitFor();
    found.admin = await axeViolations(page);

    // Offline: a calm indicator, and the dashboard comes back by itself.
    await page.goto(`${kiln().url}/`);
    await page.getByText('Todo List').first().waitFor();
    await context.setOffline(true);
    await page.getByRole('link', { name: 'Kiln home' }).click();
    await page.getByText(/Offline\. Reconnecting/).waitFor();
    await context.setOffline(false);
    await page.getByText(/Offline\. Reconnecting/).waitFor({ state: 'detached' });
    await page.getByText('Todo List').first().waitFor();

    // Organisation settings opened while offline wait calmly and fill in by themselves when it returns
    // (a fresh page, so nothing of them is cached yet).
    const fresh = await context.newPage();
    await fresh.goto(`${kiln().url}/`);
    await fresh.getByText('Todo List').first().waitFor();
    await context.setOffline(true);
    await fresh.getByRole('button', { name: 'Switch organisation' }).click();
    await fresh.getByRole('menuitem', { name: 'Organisation settings' }).click();
    await fresh.getByText(/Offline\. Reconnecting/).waitFor();
    await fresh.waitForTimeout(1500);
    expect(await fresh.getByRole('heading', { name: 'Plan & credits' }).count()).toBe(0);
    await context.setOffline(false);
    await fresh.getByRole('heading', { name: 'Plan & credits' }).waitFor();
    await fresh.getByTestId('model-in-use').waitFor();
    await fresh.getByLabel('Organisation knowledge').waitFor();
    await fresh.getByText(/Offline\. Reconnecting/).waitFor({ state: 'detached' });
    await fresh.close();

    expect(Object.fromEntries(Object.entries(found).filter(([, v]) => v.length))).toEqual({});
    await context.close();
  });
});
