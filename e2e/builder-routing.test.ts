/**
 * The builder's routing (TanStack Router, issue 21) in Chromium against a real Kiln: a deep link signs in first
 * and comes back, unknown URLs and projects get their 404 screens, Back and Forward move between screens
 * without a reload and return to where the page was scrolled, the settings' section links still jump, the
 * title follows the screen, the server's `/?verified=` note becomes a toast and leaves the URL, and signing
 * out lands on /login. No project is generated: none of this needs one.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowser, useSharedKiln } from './harness';

const browser = useBrowser();
const kiln = useSharedKiln();

const path = (page: Page) => {
  const url = new URL(page.url());
  return url.pathname + url.search + url.hash;
};

describe('builder routing', () => {
  it('deep links, 404s, Back/Forward with scroll restored, section links, titles, toasts (reduced motion too) and sign-out', {
    timeout: 180_000,
  }, async () => {
    const context = await browser().newContext({ viewport: { width: 1280, height: 600 } });
    const page = await context.newPage();
    // Counts full page loads: client-side navigations must not add any.
    let loads = 0;
    page.on('load', () => loads++);

    // A deep link while signed out: sign in (here: sign up) first, then land where the link pointed.
    const missing = '00000000-0000-4000-8000-000000000000';
    await page.goto(`${kiln().url}/projects/${missing}`);
    await page.waitForURL(`${kiln().url}/login?next=%2Fprojects%2F${missing}`);
    expect(await page.title()).toBe('Sign in · Kiln');
    await page.getByRole('link', { name: 'Create an account' }).click();
    await page.waitForURL(`${kiln().url}/signup?next=%2Fprojects%2F${missing}`);
    await page.getByLabel('Email').fill('rita@example.com');
    await page.getByLabel('Password').fill('correct horse battery');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByRole('heading', { name: 'Project not found' }).waitFor();
    expect(path(page)).toBe(`/projects/${missing}`);
    expect(loads).toBe(1);

    // An unknown URL: the 404 screen (the server answers with the builder), with a way home.
    await page.goto(`${kiln().url}/no/such/page`);
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    expect(await page.title()).toBe('Page not found · Kiln');
    loads = 0;
    await page.getByRole('link', { name: 'Back to your projects' }).click();
    await page.getByLabel('Describe your app').waitFor();
    expect(path(page)).toBe('/');
    expect(await page.title()).toBe('Dashboard · Kiln');

    // To the organisation settings from the switcher; a section link jumps within the page.
    await page.getByRole('button', { name: 'Switch organisation' }).click();
    await page.getByRole('menuitem', { name: 'Organisation settings' }).click();
    await page.getByRole('heading', { name: 'Plan & credits' }).waitFor();
    expect(path(page)).toMatch(/^\/organizations\/[^/]+\/settings$/);
    expect(await page.title()).toMatch(/ settings · Kiln$/);
    // After a client-side navigation to a screen with no field of its own to focus, Tab reaches the skip link first.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Skip to content');
    const settingsPath = path(page);
    await page
      .getByRole('navigation', { name: 'Settings sections' })
      .getByRole('link', { name: 'Members' })
      .click();
    await page.waitForURL(/#members$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await page.getByRole('heading', { name: 'Plan & credits' }).waitFor();

    // Scrolled down, to the dashboard and back: the settings come back scrolled where they were.
    await page.evaluate(() => window.scrollTo(0, 400));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(400);
    await page.getByRole('link', { name: 'Kiln home' }).click();
    await page.getByLabel('Describe your app').waitFor();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await page.goBack();
    await page.getByRole('heading', { name: 'Plan & credits' }).waitFor();
    expect(path(page)).toBe(`${settingsPath}#members`);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(400);
    await page.goForward();
    await page.getByLabel('Describe your app').waitFor();
    expect(path(page)).toBe('/');
    expect(loads).toBe(0);

    // The server's e-mail confirmation lands on /?verified=0&message=…: a toast, then a tidy URL.
    await page.goto(`${kiln().url}/?verified=0&message=${encodeURIComponent('That link has expired.')}`);
    const toast = page.getByRole('status').getByText('That link has expired.');
    await toast.waitFor();
    await page.waitForURL(`${kiln().url}/`);
    // With reduced motion (the harness's pages prefer it) the toast appears without its slide-in; without, it slides.
    const motion = () =>
      toast.evaluate((el) => {
        for (let e: Element | null = el; e; e = e.parentElement) {
          const style = getComputedStyle(e);
          if (style.animationName !== 'none') return `${style.animationName} ${style.animationDuration}`;
        }
        return 'none';
      });
    expect(await motion()).toBe('toast-in 0.001s');
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    expect(await motion()).toBe('toast-in 0.18s');
    await page.emulateMedia({ reducedMotion: 'reduce' });

    // Signing out lands on /login; a signed-in screen's URL then asks to sign in again and keeps the way back.
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(`${kiln().url}/login`);
    await page.goto(`${kiln().url}${settingsPath}`);
    await page.waitForURL(`${kiln().url}/login?next=${encodeURIComponent(settingsPath)}`);
    await page.getByLabel('Email').fill('rita@example.com');
    await page.getByLabel('Password').fill('correct horse battery');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Plan & credits' }).waitFor();
    expect(path(page)).toBe(settingsPath);
    await context.close();
  });
});
