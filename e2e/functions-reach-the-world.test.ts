/**
 * Issue 19 as a person meets it, in Debian Chromium against Kiln started like `npm start` with a scripted model:
 * the app's function reads a secret saved in Project settings → Secrets and calls a weather service (a server the
 * test starts, allowed by KILN_EGRESS_ALLOW_HOSTS) — the answer shows in the preview and in the published app;
 * its call to 127.0.0.1 is refused by the egress guard, and the Logs tab shows why.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type ScriptedModelServer, startScriptedModelServer } from '@kiln/codegen/testing';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newProjectFromDashboard, scriptedModelEnv, useBrowser, useKiln } from './harness';

const KEY = 'wk_e2e_secret_5150';

const reply = (upstream: string) => `A weather app.
<kiln:file path="apps/web/src/app/page.tsx" type="PAGE">
import { useEffect, useState } from 'react';

export default function HomePage() {
  const [forecast, setForecast] = useState('');
  const [answered, setAnswered] = useState(0);
  useEffect(() => {
    fetch('/api/loopback').catch(() => null);
  }, []);
  async function check() {
    const res = await fetch('/api/weather');
    const data = await res.json();
    setForecast(res.ok ? data.city + ': ' + data.temp + ' degrees' : 'Forecast unavailable: ' + data.error);
    setAnswered((n) => n + 1);
  }
  return (
    <main className="p-6">
      <h1 className="text-2xl font-bold">Weather</h1>
      <button type="button" onClick={check}>Check the weather</button>
      <p>{forecast}</p>
      <p>Answers: {answered}</p>
    </main>
  );
}
</kiln:file>
<kiln:file path="apps/web/src/app/api/weather/route.ts" type="FUNCTION">
export async function GET() {
  const res = await fetch('${upstream}/forecast?city=Oslo', {
    headers: { authorization: 'Bearer ' + (process.env.WEATHER_KEY ?? '') },
  });
  const data = await res.json();
  if (!res.ok) return Response.json({ error: data.error }, { status: 502 });
  return Response.json(data);
}
</kiln:file>
<kiln:file path="apps/web/src/app/api/loopback/route.ts" type="FUNCTION">
export async function GET() {
  try {
    await fetch('http://127.0.0.1:9/');
    return Response.json({ reached: true });
  } catch (e) {
    console.error('Could not reach the local service:', String(e));
    return Response.json({ reached: false });
  }
}
</kiln:file>
`;

const browser = useBrowser();
let builder: Page | undefined;
let model: ScriptedModelServer;
let upstream: Server;
let upstreamUrl: string;

beforeAll(async () => {
  upstream = createServer((req, res) => {
    const ok = req.headers.authorization === `Bearer ${KEY}`;
    res.writeHead(ok ? 200 : 401, { 'content-type': 'application/json' });
    res.end(JSON.stringify(ok ? { city: 'Oslo', temp: 21 } : { error: 'missing API key' }));
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
  model = await startScriptedModelServer([
    { reply: reply(upstreamUrl) },
    { reply: 'The map needs a key.\n<kiln:secret name="MAPS_KEY">For the map tiles.</kiln:secret>' },
    { reply: 'The map is ready.' },
  ]);
});

afterAll(async () => {
  await model?.[Symbol.asyncDispose]();
  await new Promise<void>((resolve) => (upstream ? upstream.close(() => resolve()) : resolve()));
});

// Registered after the hooks above: starts once the model is up, stops before it goes.
const kiln = useKiln(() => ({
  env: scriptedModelEnv(model, {
    KILN_BUILTIN_DELAY_MS: '0',
    KILN_EGRESS_ALLOW_HOSTS: new URL(upstreamUrl).host,
  }),
}));

describe('a function that reaches the world', () => {
  it('reads a saved secret and calls an allowed service in the preview and the published app; loopback is refused in the Logs tab', {
    timeout: 150_000,
  }, async () => {
    const page = await (await browser().newContext()).newPage();
    builder = page;
    const stage = (name: string) => page.getByRole('tablist', { name: 'View' }).getByRole('tab', { name });
    await newProjectFromDashboard(page, kiln().url, 'wren@example.com', 'A weather app for Oslo');

    // Without the key the service refuses, and the app says so.
    const preview = page.frameLocator('iframe[title="Preview"]');
    await preview.getByRole('button', { name: 'Check the weather' }).click();
    await preview.getByText('Forecast unavailable: missing API key').waitFor({ timeout: 20_000 });

    // Project settings → Secrets: saved, listed by name, the value never shown again.
    await stage('Settings').click();
    const secrets = page.locator('#secrets');
    await secrets.getByLabel('Name').fill('WEATHER_KEY');
    await secrets.getByLabel('Value').fill(KEY);
    await secrets.getByRole('button', { name: 'Save secret' }).click();
    await secrets.getByText('WEATHER_KEY saved.').waitFor();
    await expect.poll(() => secrets.locator('table').textContent()).toContain('WEATHER_KEY');
    expect(await page.content()).not.toContain(KEY);

    await stage('Preview').click();
    await preview.getByRole('button', { name: 'Check the weather' }).click();
    await preview.getByText('Oslo: 21 degrees').waitFor({ timeout: 20_000 });

    // The Logs tab: the preview's requests, and the loopback call refused by the guard, in words.
    await stage('Logs').click();
    const logs = page.locator('#function-logs');
    await expect
      .poll(() => logs.textContent(), { timeout: 15_000 })
      .toContain("refused by Kiln's egress guard: 127.0.0.1 is a loopback address");
    expect(await logs.textContent()).toContain('GET /api/weather 200');
    expect(await logs.locator('tr[data-level="ERROR"]').count()).toBeGreaterThan(0);
    // Live: a new request shows without pressing Refresh.
    const before = await logs.locator('tr[data-source="REQUEST"]').count();
    await stage('Preview').click();
    // The request is answered before the tab changes: a busy machine could hide the preview before it is sent.
    await preview.getByRole('button', { name: 'Check the weather' }).click();
    await preview.getByText('Answers: 3').waitFor({ timeout: 20_000 });
    await stage('Logs').click();
    await expect
      .poll(() => logs.locator('tr[data-source="REQUEST"]').count(), { timeout: 15_000 })
      .toBeGreaterThan(before);

    // Published: the same function, the same secret (set for both), the answer on the app's own origin.
    await page.getByRole('banner').getByRole('button', { name: 'Publish' }).click();
    const link = page.getByTestId('published-url');
    await link.waitFor({ timeout: 30_000 });
    const url = (await link.textContent())?.trim();
    if (!url) throw new Error('no app link');
    // The Logs tab stays open on the published app's log; the visitor's requests show live, no Refresh pressed.
    await stage('Logs').click();
    await page.getByRole('tab', { name: 'Published app' }).click();
    await logs.getByText('No function has run on the published app yet.').waitFor();
    const visitor = await (await browser().newContext()).newPage();
    await visitor.goto(url);
    await visitor.getByRole('button', { name: 'Check the weather' }).click();
    await visitor.getByText('Oslo: 21 degrees').waitFor({ timeout: 20_000 });
    await expect.poll(() => logs.textContent(), { timeout: 15_000 }).toContain('GET /api/weather 200');
    expect(await logs.textContent()).toContain('GET /api/loopback 200');
  });

  it('asks for a secret in the chat and continues once it is saved, without the value in the conversation', {
    timeout: 120_000,
  }, async () => {
    // The same builder tab as above, on the project's workspace.
    const page = builder;
    if (!page) throw new Error('the first test did not open the workspace');
    await page.getByLabel('Message').fill('Add a map');
    await page.getByLabel('Message').press('Enter');
    const request = page.locator('[data-secret="MAPS_KEY"]');
    await request.waitFor({ timeout: 60_000 });
    expect(await request.textContent()).toContain('For the map tiles.');
    await request.getByLabel('Value for MAPS_KEY').fill('maps-e2e-value');
    await request.getByRole('button', { name: 'Save and continue' }).click();
    await page.getByText('The map is ready.').waitFor({ timeout: 60_000 });
    await page.getByText('I saved the secret MAPS_KEY').first().waitFor();
    expect(await page.content()).not.toContain('maps-e2e-value');
    expect(JSON.stringify(model.requests)).not.toContain('maps-e2e-value');
  });
});
