/**
 * Issue 22 in the builder, in Debian Chromium against Kiln started like `npm start`: the security check before
 * publishing (the shield beside Publish lists the warnings of a todo app, a link opens the file; a live key in
 * the code stops Publish in a dialog until "Publish anyway"; axe finds no serious violation in it), and
 * "Change all projects" on the dashboard (one request, both projects rebuilt, one group revision).
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, launchChromium, newProjectFromDashboard, useSharedKiln } from './harness';

/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

let browser: Browser;
const kiln = useSharedKiln();

beforeAll(async () => {
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
});

/** A GraphQL call from the signed-in page. */
async function gql<T>(page: Page, query: string, variables: Record<string, unknown>): Promise<T> {
  return page.evaluate(
    async ([q, v]) => {
      const res = await fetch('/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: q, variables: v }),
      });
      return (await res.json()) as T;
    },
    [query, variables] as const,
  );
}

describe('security check and top-down chat in the builder', () => {
  it('warns before publishing, publishes anyway, and changes all projects of a group', {
    timeout: 300_000,
  }, async () => {
    const context = await browser.newContext({ bypassCSP: true, viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    const projectId = await newProjectFromDashboard(
      page,
      kiln().url,
      'sec@example.com',
      'A todo list app with due dates',
    );
    const header = page.getByRole('banner');

    // The todo app (no sign-in) lets anyone change its todos: listed beside Publish, not stopping it.
    const shield = header.getByTestId('security-warnings');
    await shield.waitFor({ timeout: 30_000 });
    const shieldLabel = (await shield.textContent()) ?? '';
    expect(shieldLabel).toMatch(/^\d+ security warnings?$/);
    const before = Number.parseInt(shieldLabel, 10);
    await shield.click();
    const dialog = page.getByRole('dialog', { name: 'Before you publish' });
    await dialog.waitFor();
    const items = dialog.getByTestId('security-finding');
    expect(await items.count()).toBeGreaterThan(0);
    expect(await dialog.textContent()).toContain(
      'the app has no sign-in, so every visitor can change its data',
    );
    // A finding's file link opens it in the code view.
    const link = items.first().getByRole('button', { name: /apps\/web\/src\/app\/api\/.*route\.ts:\d+/ });
    const linkText = ((await link.textContent()) ?? '').replace(/:\d+$/, '');
    await link.click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('region', { name: /^Code of / }).waitFor();
    expect(await page.getByRole('region', { name: /^Code of / }).textContent()).toContain('sql');
    expect(linkText).toMatch(/route\.ts$/);

    // A live secret key written into a component (a hand edit): Publish stops for it.
    const key = ['sk', 'live', 'Z9y8X7w6V5u4T3s2R1q0P9o8'].join('_');
    const latest = await gql<{ data: { project: { latestRevision: { id: string } } } }>(
      page,
      'query($id: ID!) { project(id: $id) { latestRevision { id } } }',
      { id: projectId },
    );
    const saved = await gql<{ errors?: unknown }>(
      page,
      'mutation($p: ID!, $f: String!, $c: String!, $b: ID) { saveModule(projectId: $p, filePath: $f, content: $c, baseRevisionId: $b) { id } }',
      {
        p: projectId,
        f: 'apps/web/src/components/PayButton.tsx',
        c: `const STRIPE_KEY = '${key}';\n\nexport default function PayButton() {\n  return <button type="button" data-key={STRIPE_KEY.length}>Pay</button>;\n}\n`,
        b: latest.data.project.latestRevision.id,
      },
    );
    expect(saved.errors).toBeUndefined();
    // The hand edit is checked like any revision; once VALID the shield counts one warning more.
    await expect
      .poll(
        async () => {
          const { data } = await gql<{
            data: { project: { latestRevision: { id: string; status: string } } };
          }>(page, 'query($id: ID!) { project(id: $id) { latestRevision { id status } } }', {
            id: projectId,
          });
          const rev = data.project.latestRevision;
          return rev.id !== latest.data.project.latestRevision.id && rev.status;
        },
        { timeout: 120_000 },
      )
      .toBe('VALID');
    await expect
      .poll(() => shield.textContent(), { timeout: 30_000 })
      .toBe(`${before + 1} security warnings`);
    await header.getByRole('button', { name: 'Publish', exact: true }).click();
    await dialog.waitFor();
    const high = items.filter({ hasText: 'a live Stripe secret key' });
    await high.waitFor();
    expect(await high.textContent()).toContain('HIGH');
    expect(await high.textContent()).not.toContain(key);
    expect(await high.getByRole('button', { name: 'apps/web/src/components/PayButton.tsx:1' }).count()).toBe(
      1,
    );
    expect(await axeViolations(page)).toEqual([]);
    expect(await page.getByTestId('published-url').count()).toBe(0);
    await dialog.getByRole('button', { name: 'Publish anyway' }).click();
    await page.getByTestId('published-url').waitFor({ timeout: 60_000 });

    // Change all projects: a second project in the same group, one request for both.
    const second = await gql<{ data: { createProject: { id: string } } }>(
      page,
      'mutation { createProject(prompt: "A notes app") { id } }',
      {},
    );
    expect(second.data.createProject.id).toBeTruthy();
    await page.goto(`${kiln().url}/`);
    const groupStatus = page.getByTestId('group-status');
    await expect.poll(() => groupStatus.getAttribute('data-status'), { timeout: 120_000 }).toBe('VALID');
    await page.getByRole('button', { name: /^Change all projects of / }).click();
    const chat = page.getByRole('dialog', { name: /^Change all projects/ });
    await chat.getByLabel('What should change?').fill('change the colour to emerald');
    expect(await chat.getByRole('checkbox').count()).toBe(2);
    // A screenshot goes with the request (the same tray as the composer); sending waits for its upload.
    await chat
      .getByTestId('attach-input')
      .setInputFiles({ name: 'look.png', mimeType: 'image/png', buffer: PNG });
    await chat.getByRole('img', { name: 'Attachment 1: look.png' }).waitFor();
    await expect.poll(() => chat.locator('[aria-busy="true"]').count(), { timeout: 30_000 }).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    await chat.getByRole('button', { name: 'Change 2 projects' }).click();
    await chat.waitFor({ state: 'detached' });
    await page
      .getByRole('status')
      .filter({ hasText: /Changing 2 projects \(group revision \d+\)/ })
      .waitFor();
    // The group's status follows the new group revision: BUILDING until both generations finish, then VALID.
    const groups = `query($o: ID!) { organization(id: $o) { projectGroups { revisions(limit: 1) { action status } } } }`;
    const orgs = await gql<{ data: { organizations: { id: string }[] } }>(
      page,
      '{ organizations { id } }',
      {},
    );
    await expect
      .poll(
        async () => {
          const { data } = await gql<{
            data: { organization: { projectGroups: { revisions: { action: string; status: string }[] }[] } };
          }>(page, groups, { o: orgs.data.organizations[0]?.id });
          const latest = data.organization.projectGroups[0]?.revisions[0];
          return `${latest?.action} ${latest?.status}`;
        },
        { timeout: 120_000 },
      )
      .toBe('TOP_DOWN_CHAT VALID');
    await expect.poll(() => groupStatus.getAttribute('data-status'), { timeout: 30_000 }).toBe('VALID');
    await page.getByRole('button', { name: /^Group history of / }).click();
    const history = page.getByRole('dialog', { name: /^Group history/ });
    const first = history.getByRole('listitem').first();
    await expect.poll(() => first.textContent(), { timeout: 30_000 }).toMatch(/Top down chat.*Ready/);
    // Both projects' chats show the image on the request.
    for (const id of [projectId, second.data.createProject.id]) {
      const { data } = await gql<{
        data: { project: { messages: { text: string; attachments: { mimeType: string }[] }[] } };
      }>(page, 'query($id: ID!) { project(id: $id) { messages { text attachments { mimeType } } } }', { id });
      const request = data.project.messages.findLast((m) => m.text === 'change the colour to emerald');
      expect(request?.attachments).toEqual([{ mimeType: 'image/png' }]);
    }
  });
});
