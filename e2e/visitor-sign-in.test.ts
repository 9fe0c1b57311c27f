/**
 * Issue 14, visitors of a published app sign in, in Debian Chromium against Kiln started like `npm start` with
 * the builtin generator: "a notes app with login" is built and published; on the app's own origin a visitor
 * signs up on the generated Sign Up page, writes a note, signs out on the Logout page, and a second visitor
 * who signs up sees none of the first one's notes. The first one, signed in again, still has theirs.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newProjectFromDashboard, useBrowser, useSharedKiln } from './harness';

const browser = useBrowser();
const kiln = useSharedKiln();
const logs: string[] = [];

/** The generated Sign Up page: name, email, password, then back on the notes page signed in. */
async function visitorSignsUp(page: Page, appUrl: string, name: string, email: string) {
  // The page is interactive once the runtime has loaded its modules.
  await page.goto(new URL('/account/signup', appUrl).href, { waitUntil: 'networkidle' });
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(`${name} password 1`);
  await page.getByRole('button', { name: 'Sign up' }).click();
  try {
    await page.getByRole('banner').getByText(name).waitFor({ timeout: 20_000 });
  } catch (e) {
    throw new Error(
      `${(e as Error).message}\n${page.url()}\n${await page.locator('body').innerText()}\n${logs.join('\n')}`,
    );
  }
  await page
    .getByText("Your notes are saved in the app's database as you type.")
    .waitFor({ timeout: 20_000 });
}

describe('visitors of a published app with login', () => {
  it('sign up, keep their own notes, sign out; a second visitor sees none of the first one’s', {
    timeout: 180_000,
  }, async () => {
    const page = await (await browser().newContext()).newPage();
    await newProjectFromDashboard(page, kiln().url, 'maker@example.com', 'a notes app with login');
    await page.getByRole('banner').getByRole('button', { name: 'Publish' }).click();
    const link = page.getByTestId('published-url');
    await link.waitFor({ timeout: 30_000 });
    const appUrl = (await link.textContent())?.trim();
    if (!appUrl) throw new Error('no app link');

    // One browser, as on a shared computer: what separates the visitors is their session, not the device.
    const visitor = await (await browser().newContext()).newPage();
    visitor.on('console', (m) => logs.push(`console ${m.type()}: ${m.text()}`));
    visitor.on('response', (r) => logs.push(`${r.status()} ${r.request().method()} ${r.url()}`));
    await visitorSignsUp(visitor, appUrl, 'Alice', 'alice@example.com');
    await visitor.getByRole('button', { name: 'New', exact: true }).click();
    // Saved once typing pauses (a PATCH); after a reload the note comes back from the app's database.
    const saved = visitor.waitForResponse(
      (r) => r.request().method() === 'PATCH' && r.url().includes('/api/notes/'),
      { timeout: 20_000 },
    );
    await visitor.getByPlaceholder('Title').fill('Alice’s secret plan');
    expect((await saved).status()).toBe(200);
    await visitor.reload();
    await visitor.getByText('Alice’s secret plan').first().waitFor({ timeout: 20_000 });

    // Sign out through the header's link and the generated Logout page.
    await visitor.getByRole('banner').getByRole('link', { name: 'Sign out' }).click();
    await visitor.getByRole('button', { name: 'Sign out' }).click();
    await visitor.getByRole('banner').getByRole('link', { name: 'Sign in' }).waitFor({ timeout: 20_000 });

    await visitorSignsUp(visitor, appUrl, 'Bob', 'bob@example.com');
    expect(await visitor.getByText('Alice’s secret plan').count()).toBe(0);
    await visitor.getByText('Pick a note or start a new one').waitFor();

    // Alice, signing in again, still has her note.
    await visitor.getByRole('banner').getByRole('link', { name: 'Sign out' }).click();
    await visitor.getByRole('button', { name: 'Sign out' }).click();
    await visitor.goto(new URL('/account/signin', appUrl).href, { waitUntil: 'networkidle' });
    await visitor.getByLabel('Email').fill('alice@example.com');
    await visitor.getByLabel('Password').fill('Alice password 1');
    await visitor.getByRole('button', { name: 'Sign in', exact: true }).click();
    await visitor.getByText('Alice’s secret plan').first().waitFor({ timeout: 20_000 });
  });
});
