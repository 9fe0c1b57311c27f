/**
 * Issue 13, in Chromium on a same-site deployment: the builder at kiln.test, apps at *.apps.kiln.test and
 * previews at *.preview.kiln.test (host-resolver rules map them to this machine), as in production where
 * SameSite cookies alone protect nothing. A signed-in user visits an attacker's page on an app origin, on a
 * preview origin and on another site; none of them can read builder data, run a mutation with the user's
 * cookie (fetch, form post), open a room, or frame the builder. The builder itself still works under its CSP.
 */
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM_ARGS, freePort, signUp, useKiln } from './harness';

let browser: Browser;
let port: number;
const builder = () => `http://kiln.test:${port}`;

useKiln(async () => {
  port = await freePort();
  return {
    port,
    env: { KILN_BASE_DOMAIN: 'kiln.test', KILN_PUBLIC_URL: builder(), KILN_BUILTIN_DELAY_MS: '0' },
  };
});

beforeAll(async () => {
  browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      ...CHROMIUM_ARGS,
      '--host-resolver-rules=MAP kiln.test 127.0.0.1, MAP *.kiln.test 127.0.0.1, MAP evil.example 127.0.0.1',
    ],
  });
});

afterAll(async () => {
  await browser?.close();
});

async function builderGql(page: Page, query: string) {
  return page.evaluate(async (q) => {
    const res = await fetch('/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: q }),
    });
    return res.json();
  }, query);
}

describe('a same-site deployment in Chromium', () => {
  it('pages on app, preview and foreign origins can neither read builder data nor act as the user', {
    timeout: 120_000,
  }, async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${builder()}/`);
    await signUp(page, 'victim@example.com');
    await page.getByLabel('Describe your app').waitFor();
    const orgs = await builderGql(page, '{ organizations { id } }');
    const orgId: string = orgs.data.organizations[0].id;
    const groups = async () =>
      (
        await builderGql(page, `{ organization(id: "${orgId}") { projectGroups { name } } }`)
      ).data.organization.projectGroups.map((g: { name: string }) => g.name) as string[];

    // The builder's own pages work under the strict CSP: a same-origin mutation runs (the control).
    const own = await builderGql(
      page,
      `mutation { createProjectGroup(organizationId: "${orgId}", name: "own") { id } }`,
    );
    expect(own.errors).toBeUndefined();

    const attackers = [
      `http://shop.apps.kiln.test:${port}`,
      `http://p0000000000000000000000.preview.kiln.test:${port}`,
      `http://evil.example:${port}`,
    ];
    for (const origin of attackers) {
      const attack = await context.newPage();
      // A real page of that origin on this machine (Chromium treats a page it fulfilled itself as public and
      // would block its requests to 127.0.0.1 by Private Network Access, hiding the very thing tested).
      await attack.goto(`${origin}/prize`);
      const results = await attack.evaluate(
        async ({ api, orgId }) => {
          const mutation = (name: string) =>
            JSON.stringify({
              query: `mutation { createProjectGroup(organizationId: "${orgId}", name: "${name}") { id } }`,
            });
          const attempt = async (init: RequestInit) => {
            try {
              const res = await fetch(`${api}/graphql`, { credentials: 'include', ...init });
              return `read ${res.status} ${await res.text()}`;
            } catch {
              return 'blocked';
            }
          };
          const out: Record<string, string> = {};
          out.readMe = await attempt({
            method: 'POST',
            headers: { 'content-type': 'text/plain' },
            body: JSON.stringify({ query: '{ me { email } }' }),
          });
          out.textPlain = await attempt({
            method: 'POST',
            headers: { 'content-type': 'text/plain' },
            body: mutation('csrf-text'),
          });
          out.json = await attempt({
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: mutation('csrf-json'),
          });
          out.noCors = await attempt({ method: 'POST', mode: 'no-cors', body: mutation('csrf-no-cors') });
          // A classic form post (text/plain encoding smuggles a JSON body), into a hidden frame.
          const sink = document.createElement('iframe');
          sink.name = 'sink';
          document.body.append(sink);
          const form = document.createElement('form');
          form.method = 'POST';
          form.action = `${api}/graphql`;
          form.enctype = 'text/plain';
          form.target = 'sink';
          const input = document.createElement('input');
          input.name = mutation('csrf-form').slice(0, -2);
          input.value = '"}';
          form.append(input);
          document.body.append(form);
          const posted = new Promise((r) => sink.addEventListener('load', r, { once: true }));
          form.submit();
          await Promise.race([posted, new Promise((r) => setTimeout(r, 5000))]);
          // A room with the user's cookie (cross-site WebSocket hijacking).
          out.room = await new Promise<string>((resolve) => {
            const ws = new WebSocket(`${api.replace('http', 'ws')}/rooms`);
            ws.onopen = () => resolve('open');
            ws.onerror = () => resolve('refused');
            ws.onclose = () => resolve('refused');
          });
          return out;
        },
        { api: builder(), orgId },
      );
      expect(results.readMe, origin).toBe('blocked');
      expect(results.textPlain, origin).toBe('blocked');
      expect(results.json, origin).toBe('blocked');
      expect(results.noCors, origin).toMatch(/^(blocked|read 0 )$/); // opaque at most
      expect(results.room, origin).toBe('refused');

      // The builder cannot be framed by the attacker's page.
      await attack.evaluate((api) => {
        const frame = document.createElement('iframe');
        frame.src = `${api}/`;
        document.body.append(frame);
      }, builder());
      const framed = await attack
        .waitForEvent('framenavigated', {
          predicate: (f) =>
            f !== attack.mainFrame() && f.url() !== 'about:blank' && !f.url().startsWith(builder()),
          timeout: 10_000,
        })
        .then(
          (f) => f.url(),
          () => 'no navigation',
        );
      expect(framed, origin).toMatch(/^chrome-error:/);
      await attack.close();
    }
    // None of the attempts ran: the only groups are the default one and the builder's own.
    const names = await groups();
    expect(names.filter((n) => n.startsWith('csrf'))).toEqual([]);
    expect(names).toContain('own');
    await context.close();
  });
});
