/**
 * Project settings as a person uses them, in Debian Chromium against Kiln started like `npm start` with the
 * scripted model server: a colour and the display font changed in the workspace's Settings tab reach the
 * element in the preview iframe (computed style); a config that does not compile is refused in an alert;
 * PRIVATE is refused on FREE and allowed on PRO, after which the published app shows only through the private
 * link; the dashboard shows the group's status and its history.
 */
import { startScriptedModelServer } from '@kiln/codegen/testing';
import type { FrameLocator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  pageGql as gql,
  newProjectFromDashboard,
  scriptedModelEnv,
  useBrowser,
  useKilnProcesses,
} from './harness';

const browser = useBrowser();
const startKiln = useKilnProcesses();

const REPLY = `Here is a landing page in your brand colour.
<kiln:file path="apps/web/src/app/page.tsx" type="PAGE">
export default function HomePage() {
  return (
    <main className="p-8">
      <h1 className="bg-brand p-6 font-display text-3xl text-white">Brand check</h1>
      <p className="mt-4">Body text.</p>
    </main>
  );
}
</kiln:file>`;

async function computed(preview: FrameLocator, selector: string, property: 'backgroundColor' | 'fontFamily') {
  return preview.locator(selector).evaluate((el, p) => getComputedStyle(el)[p], property);
}

describe('project settings UI', () => {
  it('a colour changed in Settings reaches the preview; private apps open only through their link', {
    timeout: 150_000,
  }, async () => {
    await using model = await startScriptedModelServer([{ reply: REPLY }]);
    const kiln = await startKiln({ env: scriptedModelEnv(model) });
    const page = await (await browser().newContext()).newPage();
    await newProjectFromDashboard(page, kiln.url, 'dana@example.com', 'A landing page for my bakery');
    const preview = page.frameLocator('iframe[title="Preview"]');
    await preview.getByRole('heading', { name: 'Brand check' }).waitFor();
    // No brand colour yet: the heading has no background.
    expect(await computed(preview, 'h1', 'backgroundColor')).toBe('rgba(0, 0, 0, 0)');

    // Settings: add the brand colour and a display font, save; the preview's heading uses both.
    await page.getByRole('tab', { name: 'Settings' }).click();
    await page.getByRole('heading', { name: 'Design system' }).waitFor();
    await page.getByRole('button', { name: 'Add colour' }).click();
    expect(await page.getByLabel('Colour 1 name').inputValue()).toBe('brand');
    await page.getByLabel('Colour 1 value').fill('#2563eb');
    await page.getByLabel('Display font').selectOption('Space Grotesk');
    await page.getByRole('button', { name: 'Save design system' }).click();
    await page.getByRole('status').filter({ hasText: 'Design system saved.' }).waitFor();
    await page.getByRole('tab', { name: 'Preview' }).click();
    await expect.poll(() => computed(preview, 'h1', 'backgroundColor')).toBe('rgb(37, 99, 235)');
    expect(await computed(preview, 'h1', 'fontFamily')).toContain('Space Grotesk');

    // Change the colour again: the open preview follows without a reload of the page.
    await page.getByRole('tab', { name: 'Settings' }).click();
    await page.getByLabel('Colour 1 value').fill('#16a34a');
    await page.getByRole('button', { name: 'Save design system' }).click();
    await page.getByRole('status').filter({ hasText: 'Design system saved.' }).waitFor();
    await expect.poll(() => computed(preview, 'h1', 'backgroundColor')).toBe('rgb(22, 163, 74)');

    // A config that does not compile: the server's sentence in an alert, and nothing changes.
    await page.getByLabel('Tailwind config').fill('@theme { --color-brand: #000;');
    await page.getByRole('button', { name: 'Save design system' }).click();
    await expect
      .poll(() => page.getByRole('alert').textContent())
      .toContain('The Tailwind config does not compile');
    expect(await computed(preview, 'h1', 'backgroundColor')).toBe('rgb(22, 163, 74)');

    // Environment.
    await page.getByRole('combobox', { name: 'Environment' }).selectOption('PRODUCTION');
    await expect.poll(() => page.getByRole('combobox', { name: 'Environment' }).isEnabled()).toBe(true);

    // Visibility: PRIVATE is refused on FREE (402, the plan's message), allowed on PRO.
    await page.getByRole('radio', { name: /Private/ }).click();
    await expect
      .poll(() => page.getByRole('alert').allTextContents())
      .toContain('The FREE plan allowance has been reached');
    expect(await page.getByRole('radio', { name: /Public/ }).isChecked()).toBe(true);

    // Publish while public, then (as the platform ADMIN) move to PRO and make it private.
    await page.getByRole('banner').getByRole('button', { name: 'Publish' }).click();
    const appUrl = (await page.getByTestId('published-url').textContent())!.trim();
    const orgs = await gql(page, '{ organizations { id } }');
    await gql(page, 'mutation($o: ID!) { setOrganizationPlan(organizationId: $o, plan: "PRO") { plan } }', {
      o: orgs.data.organizations[0].id,
    });
    await page.getByRole('radio', { name: /Private/ }).click();
    await expect.poll(() => page.getByRole('radio', { name: /Private/ }).isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Make a private link' }).click();
    const privateLink = await page.getByLabel('Private link', { exact: true }).inputValue();
    expect(privateLink).toMatch(new RegExp(`^${appUrl}\\?kiln_access=[\\w-]+$`));

    const stranger = await browser().newContext();
    const strangerPage = await stranger.newPage();
    const denied = await strangerPage.goto(appUrl);
    expect(denied?.status()).toBe(403);
    await strangerPage.getByRole('heading', { name: 'This app is private.' }).waitFor();
    await stranger.close();

    const friend = await browser().newContext();
    const friendPage = await friend.newPage();
    await friendPage.goto(privateLink);
    expect(friendPage.url()).toBe(appUrl); // redirected to the clean address
    await friendPage.getByRole('heading', { name: 'Brand check' }).waitFor();
    const cookies = await friend.cookies();
    expect(cookies).toHaveLength(1);
    expect(cookies[0]).toMatchObject({ name: 'kiln_access', httpOnly: true, sameSite: 'Lax' });
    expect(cookies[0]!.domain).toBe(new URL(appUrl).hostname); // host-only, on the app's origin
    await friend.close();

    // The dashboard shows the group's status and its history (newest first).
    await page.goto(`${kiln.url}/`);
    await expect.poll(() => page.getByTestId('group-status').getAttribute('data-status')).toBe('VALID');
    await page.getByRole('button', { name: /^Group history of / }).click();
    const history = page.getByRole('list', { name: 'Group revisions' });
    await expect.poll(() => history.getByRole('listitem').count()).toBeGreaterThanOrEqual(4);
    const texts = await history.getByRole('listitem').allTextContents();
    expect(texts.at(-1)).toContain('#1');
    expect(texts.some((t) => /Change design system/i.test(t))).toBe(true);
    expect(texts.some((t) => /Update settings/i.test(t))).toBe(true);
  });
});
