/**
 * Organisation settings → Model and what an answer cost, in Debian Chromium against Kiln started like
 * `npm start` (builtin by default) and the scripted model server: the owner points their organisation at an
 * OpenAI-compatible endpoint with a key ("Key saved", never shown again); the next generation reaches the model
 * with that key and its answer shows its cost, tokens in the tooltip. A VIEWER has no Model section.
 */
import { readFixture, startScriptedModelServer } from '@kiln/codegen/testing';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { describeApp, pageGql, signUp, useBrowser, useSharedKiln, waitUntilValid } from './harness';

const browser = useBrowser();
const kiln = useSharedKiln();

/** A GraphQL call with the page's session cookie. */
// biome-ignore lint/suspicious/noExplicitAny: the test reads GraphQL answers loosely, as JSON.
async function gql(page: Page, query: string, variables: Record<string, unknown> = {}): Promise<any> {
  return (await pageGql(page, query, variables)).data;
}

describe('model settings and costs in the UI', () => {
  it('an owner sets the organisation model and key, and each answer shows its cost', {
    timeout: 120_000,
  }, async () => {
    await using model = await startScriptedModelServer();
    const owner = await (await browser().newContext()).newPage();
    await owner.goto(`${kiln().url}/`);
    await owner.waitForURL(/\/login$/);
    await signUp(owner, 'olga@example.com');
    await owner.getByLabel('Describe your app').waitFor();
    const orgId = (await gql(owner, '{ organizations { id } }')).organizations[0].id as string;

    // Organisation settings → Model: the server's builtin until the owner chooses.
    await owner.goto(`${kiln().url}/organizations/${orgId}/settings`);
    await owner
      .getByRole('navigation', { name: 'Settings sections' })
      .getByRole('link', { name: 'Model', exact: true })
      .click();
    const section = owner.getByRole('region', { name: 'Model', exact: true });
    await section.getByTestId('model-in-use').waitFor();
    expect(await section.getByTestId('model-in-use').textContent()).toContain(
      "builtin (the server's KILN_MODEL)",
    );
    await section.getByLabel('Provider').selectOption('openai');
    await section.getByLabel('Model', { exact: true }).fill('gpt-4o-mini');
    await section.getByLabel('Base URL').fill(model.url);
    const key = section.getByLabel('API key');
    expect(await key.getAttribute('type')).toBe('password');
    await key.fill('sk-from-the-ui-42');
    await section.getByRole('button', { name: 'Save' }).click();
    await section.getByRole('status').filter({ hasText: 'Model settings saved.' }).waitFor();
    await section.getByText('Key saved').waitFor();
    expect(await key.inputValue()).toBe('');
    expect(await section.getByTestId('model-in-use').textContent()).toContain('openai:gpt-4o-mini');
    expect(await owner.content()).not.toContain('sk-from-the-ui-42');

    // After a reload the settings are still there, the key still only "saved".
    await owner.reload();
    await section.getByText('Key saved').waitFor();
    expect(await section.getByLabel('Model', { exact: true }).inputValue()).toBe('gpt-4o-mini');

    // The next generation goes to the model with the organisation's key; the answer shows what it cost.
    model.enqueue({ reply: readFixture('multi-file-app'), usage: { inputTokens: 1200, outputTokens: 2900 } });
    await owner.goto(`${kiln().url}/`);
    await describeApp(owner, 'A habit tracker with streaks');
    await waitUntilValid(owner, 30_000);
    expect(model.requests[0]?.headers.authorization).toBe('Bearer sk-from-the-ui-42');
    const log = owner.getByRole('log', { name: 'Chat history' });
    const cost = log.locator('.bubble-cost');
    await cost.first().waitFor();
    expect(await cost.count()).toBe(1);
    expect((await cost.textContent())?.startsWith('6 credits')).toBe(true); // 1 to start + 5 for 4,100 tokens
    expect(await cost.getAttribute('title')).toBe('1,200 input and 2,900 output tokens');

    // A failed generation is refunded, and its answer says so.
    model.enqueue({ reply: '', status: 500 }, { reply: '', status: 500 }, { reply: '', status: 500 });
    await owner.getByLabel('Message').fill('Add a dark mode');
    await owner.getByLabel('Message').press('Enter');
    await expect.poll(() => log.textContent(), { timeout: 30_000 }).toContain('Something went wrong.');
    await expect.poll(() => cost.count()).toBe(2);
    expect((await cost.last().textContent())?.startsWith('Refunded')).toBe(true);

    // A VIEWER of the organisation sees its settings but no Model section.
    const invite = await gql(
      owner,
      `mutation($o: ID!) { inviteMember(organizationId: $o, email: "vic@example.com", role: "VIEWER") { acceptUrl } }`,
      { o: orgId },
    );
    const viewer = await (await browser().newContext()).newPage();
    await viewer.goto(invite.inviteMember.acceptUrl);
    await viewer.waitForURL(/\/login\?next=%2Finvitations%2F/);
    await signUp(viewer, 'vic@example.com');
    await viewer.getByRole('button', { name: 'Join organisation' }).click();
    await viewer.getByRole('status').filter({ hasText: 'You joined' }).waitFor();
    await viewer.goto(`${kiln().url}/organizations/${orgId}/settings`);
    await viewer.getByRole('heading', { name: 'Plan & credits' }).waitFor();
    expect(await viewer.getByRole('region', { name: 'Model', exact: true }).count()).toBe(0);
    expect(
      await viewer
        .getByRole('navigation', { name: 'Settings sections' })
        .getByRole('link', { name: 'Model' })
        .count(),
    ).toBe(0);
  });
});
