/**
 * Analytics and ad attribution as people meet them, in Debian Chromium against Kiln started like `npm start`
 * with the scripted model server: a visitor lands on the published app from an ad link (utm_source, gclid),
 * opens it a few times and follows a link; the app's function sees the ad attribution header; the builder's
 * Analytics tab shows the visits (totals, chart, top pages) and exports them as CSV. The builder's preview sends
 * nothing.
 */
import { startScriptedModelServer } from '@kiln/codegen/testing';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  downloaded,
  newProjectFromDashboard,
  scriptedModelEnv,
  useBrowser,
  useKilnProcesses,
} from './harness';

const browser = useBrowser();
const startKiln = useKilnProcesses();

const REPLY = `A landing page that greets visitors by campaign.
<kiln:file path="apps/web/src/app/api/campaign/route.ts" type="FUNCTION">
export async function GET(request: Request) {
  const raw = request.headers.get('x-kiln-ad-attribution');
  const record = raw ? JSON.parse(raw) : null;
  return Response.json({ source: record?.shared?.utm_source ?? null, gclid: record?.google?.gclid ?? null });
}
</kiln:file>
<kiln:file path="apps/web/src/app/page.tsx" type="PAGE">
import { useEffect, useState } from 'react';

export default function HomePage() {
  const [campaign, setCampaign] = useState('loading');
  useEffect(() => {
    fetch('/api/campaign')
      .then((r) => r.json())
      .then((c) => setCampaign(c.source ? c.source + ' / ' + c.gclid : 'direct'))
      .catch(() => setCampaign('failed'));
  }, []);
  return (
    <main className="p-8">
      <h1 className="text-3xl font-bold">Bakery</h1>
      <p data-testid="campaign">Campaign: {campaign}</p>
      <a href="/menu">See the menu</a>
    </main>
  );
}
</kiln:file>
<kiln:file path="apps/web/src/app/menu/page.tsx" type="PAGE">
export default function MenuPage() {
  return (
    <main className="p-8">
      <h1 className="text-3xl font-bold">Menu</h1>
      <a href="/">Home</a>
    </main>
  );
}
</kiln:file>`;

/** Waits for the runtime's next analytics batch to be accepted. */
const analyticsSent = (page: Page) =>
  page.waitForResponse((r) => r.url().endsWith('/_kiln/analytics') && r.status() === 204);

describe('analytics of a published app', () => {
  it('counts a visitor from an ad, hands the function its attribution, and shows it all in the Analytics tab', {
    timeout: 180_000,
  }, async () => {
    await using model = await startScriptedModelServer([{ reply: REPLY }]);
    const kiln = await startKiln({ env: scriptedModelEnv(model) });
    const page = await (await browser().newContext({ acceptDownloads: true })).newPage();
    const fromPreview: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/_kiln/analytics')) fromPreview.push(r.url());
    });
    await newProjectFromDashboard(page, kiln.url, 'baker@example.com', 'A landing page for my bakery');
    await page.frameLocator('iframe[title="Preview"]').getByRole('heading', { name: 'Bakery' }).waitFor();
    await page.getByRole('banner').getByRole('button', { name: 'Publish' }).click();
    const appUrl = (await page.getByTestId('published-url').textContent())!.trim();

    // A visitor lands from an ad, reloads twice and opens the menu: one visitor, four page views.
    const visitor = await (await browser().newContext()).newPage();
    let sent = analyticsSent(visitor);
    await visitor.goto(`${appUrl}?utm_source=newsletter&gclid=abc123`);
    await visitor.getByTestId('campaign').filter({ hasText: 'Campaign: newsletter / abc123' }).waitFor();
    await sent;
    const stored = await visitor.evaluate(() =>
      JSON.parse(localStorage.getItem('kiln:ad-attribution') ?? 'null'),
    );
    expect(stored).toMatchObject({ shared: { utm_source: 'newsletter' }, google: { gclid: 'abc123' } });
    expect(Math.abs(stored.savedAt - Date.now())).toBeLessThan(60_000);
    for (let i = 0; i < 2; i++) {
      sent = analyticsSent(visitor);
      await visitor.goto(appUrl);
      // The attribution stays for later visits without the parameters.
      await visitor.getByTestId('campaign').filter({ hasText: 'Campaign: newsletter / abc123' }).waitFor();
      await sent;
    }
    sent = analyticsSent(visitor);
    await visitor.getByRole('link', { name: 'See the menu' }).click();
    await visitor.getByRole('heading', { name: 'Menu' }).waitFor();
    await sent;

    // The builder's Analytics tab shows them.
    await page.getByRole('tab', { name: 'Analytics' }).click();
    await expect.poll(() => page.getByTestId('analytics-visitors').textContent()).toBe('1');
    expect(await page.getByTestId('analytics-pageviews').textContent()).toBe('4');
    const pages = page.getByTestId('top-pages');
    await expect.poll(() => pages.getByRole('row').nth(1).textContent()).toBe('/31');
    expect(await pages.getByRole('row').nth(2).textContent()).toBe('/menu11');
    const today = new Date().toISOString().slice(0, 10);
    expect(
      await page
        .getByTestId('visitors-chart')
        .locator(`rect[data-date="${today}"]`)
        .getAttribute('data-visitors'),
    ).toBe('1');
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const csv = (await downloaded(await download)).toString('utf8');
    expect(csv).toContain(`${today},1,4,0\r\n`);
    expect(csv).toContain('/menu,1,1\r\n');
    // The builder's preview sent nothing.
    expect(fromPreview).toEqual([]);
  });
});
