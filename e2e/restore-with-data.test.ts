/**
 * Issue 15 as a person meets it, in Debian Chromium against Kiln started like `npm start` with the builtin
 * generator: a task added in the todo app's preview is gone again after "Restore code and data" of the first
 * version (whose snapshot holds only the seed rows), and the History panel says what that replaces.
 */
import { describe, expect, it } from 'vitest';
import { newProjectFromDashboard, pageGql, useBrowser, useKiln, waitUntilValid } from './harness';

const browser = useBrowser();
const kiln = useKiln({ env: { KILN_BUILTIN_DELAY_MS: '0', KILN_DATA_SNAPSHOTS: '10' } });

describe('restore with data', () => {
  it('offers "Restore code and data" for a version with a snapshot and brings its rows back', {
    timeout: 180_000,
  }, async () => {
    const page = await (await browser().newContext()).newPage();
    await newProjectFromDashboard(
      page,
      kiln().url,
      'restore-data@example.com',
      'A todo list app with due dates',
    );

    // A task added in the preview: in the development database, not in version 1's snapshot.
    const preview = page.frameLocator('iframe[title="Preview"]');
    await preview.getByText('Renew library books').waitFor({ timeout: 20_000 });
    await preview.getByPlaceholder('What needs to be done?').fill('Book the venue');
    const saved = page.waitForResponse((r) => /\/todos$/.test(r.url()) && r.request().method() === 'POST');
    await preview.getByRole('button', { name: 'Add', exact: true }).click();
    expect((await saved).status()).toBe(201);

    // A second version, whose snapshot holds the task.
    // (through the API the chat uses: what the chat box looks like is another test's subject)
    const projectId = new URL(page.url()).pathname.split('/').pop();
    const sent = await pageGql(
      page,
      'mutation($id: ID!) { sendMessage(projectId: $id, text: "Make it teal") { number } }',
      { id: projectId },
    );
    expect(sent.status).toBe(200);
    await expect
      .poll(() => page.getByRole('log', { name: 'Chat history' }).textContent(), { timeout: 60_000 })
      .toContain('Changed the accent colour');
    await waitUntilValid(page);

    // History: version 1 offers both restores, and says what the second replaces.
    await page.getByRole('tab', { name: 'History' }).click();
    const revisions = page.getByRole('navigation', { name: 'Revisions' }).getByRole('button');
    await expect.poll(() => revisions.count(), { timeout: 10_000 }).toBe(2);
    await revisions.filter({ hasText: '#1' }).click();
    await page.getByRole('button', { name: 'Restore code', exact: true }).waitFor();
    const restoreData = page.getByRole('button', { name: 'Restore code and data' });
    await restoreData.waitFor();
    expect(await page.locator('#history-restore-data-note').textContent()).toContain(
      'published app’s data is not touched',
    );
    await restoreData.click();
    await page.getByRole('status').filter({ hasText: 'Restored version 1 with its data.' }).waitFor();

    // The Database tab: version 1's rows, without the task added since.
    await page.getByRole('tab', { name: 'Database' }).click();
    const todos = page.locator('[data-table="todos"]');
    await expect.poll(() => todos.textContent(), { timeout: 15_000 }).toContain('Renew library books');
    expect(await todos.textContent()).not.toContain('Book the venue');

    // And version 2's data brings the task back.
    await page.getByRole('tab', { name: 'History' }).click();
    await expect.poll(() => revisions.count(), { timeout: 10_000 }).toBe(3);
    await revisions.filter({ hasText: '#2' }).click();
    await page.getByRole('button', { name: 'Restore code and data' }).click();
    await page.getByRole('status').filter({ hasText: 'Restored version 2 with its data.' }).waitFor();
    await page.getByRole('tab', { name: 'Database' }).click();
    await expect.poll(() => todos.textContent(), { timeout: 15_000 }).toContain('Book the venue');
  });
});
