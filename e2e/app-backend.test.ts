/**
 * The backend of a generated app as a person meets it, in Debian Chromium against Kiln started like
 * `npm start` with the builtin generator: the todo app's preview reads its tasks from the app's database through
 * its functions (the sandbox), a task added in the preview lands in the `todos` table the Database tab shows,
 * and the published app has the table with its seed rows but none of the preview's data.
 */
import { describe, expect, it } from 'vitest';
import { newProjectFromDashboard, pageGql, useBrowser, useSharedKiln } from './harness';

const browser = useBrowser();
const kiln = useSharedKiln();

describe('an app with a backend', () => {
  it('keeps the preview’s tasks in the app database, shows them in the Database tab, and publishes the table', {
    timeout: 150_000,
  }, async () => {
    const page = await (await browser().newContext()).newPage();
    await newProjectFromDashboard(page, kiln().url, 'ines@example.com', 'A todo list app with due dates');

    // The preview's tasks come from the server: the seed rows of the migration, through /api/todos.
    const preview = page.frameLocator('iframe[title="Preview"]');
    await preview.getByText("Your tasks are saved in the app's database.").waitFor({ timeout: 20_000 });
    await preview.getByText('Renew library books').waitFor();
    await preview.getByPlaceholder('What needs to be done?').fill('Book the venue');
    // The page shows the task at once (optimistically); the Database tab reads what the server acknowledged.
    const saved = page.waitForResponse((r) => /\/todos$/.test(r.url()) && r.request().method() === 'POST');
    await preview.getByRole('button', { name: 'Add', exact: true }).click();
    await preview.getByText('Book the venue').waitFor();
    expect((await saved).status()).toBe(201);

    // The Database tab shows the todos table with the new row on the preview's branch.
    await page.getByRole('tab', { name: 'Database' }).click();
    const todos = page.locator('[data-table="todos"]');
    await expect.poll(() => todos.textContent(), { timeout: 15_000 }).toContain('Book the venue');
    expect(await todos.textContent()).toContain('Renew library books');
    await page.locator('.db-migrations').getByText('create_todos').waitFor();
    await expect.poll(() => page.locator('.db-migrations').textContent()).toContain('not published yet');

    // Publish: the published app reads main, which has the seed rows and not the preview's task.
    await page.getByRole('banner').getByRole('button', { name: 'Publish' }).click();
    const link = page.getByTestId('published-url');
    await link.waitFor({ timeout: 30_000 });
    const url = (await link.textContent())?.trim();
    if (!url) throw new Error('no app link');
    const visitor = await (await browser().newContext()).newPage();
    await visitor.goto(url);
    await visitor.getByText("Your tasks are saved in the app's database.").waitFor({ timeout: 20_000 });
    await visitor.getByText('Renew library books').waitFor();
    expect(await visitor.getByText('Book the venue').count()).toBe(0);
    // Back in the builder, the published branch has the table too, and the migration is marked published.
    await page.getByRole('tab', { name: 'Published data' }).click();
    await expect
      .poll(() => page.locator('.db-migrations').textContent(), { timeout: 15_000 })
      .toContain('published');
    await expect.poll(() => todos.textContent(), { timeout: 15_000 }).toContain('todos · 4 rows');
    expect(await todos.textContent()).toContain('Renew library books');
    expect(await todos.textContent()).not.toContain('Book the venue');

    // Public read (issue 13): off by default, so a page of the published app cannot read the table over
    // /api/db/{databaseId}; once the table's switch is on, a SELECT of it answers (and a write still does not).
    const publicRead = todos.getByRole('switch', { name: /Public read: visitors of the published app/ });
    expect(await publicRead.isChecked()).toBe(false);
    const projectId = new URL(page.url()).pathname.split('/').pop();
    const databaseId = (
      await pageGql<{ project: { database: { id: string } } }>(
        page,
        'query($id: ID!) { project(id: $id) { database { id } } }',
        { id: projectId },
      )
    ).data.project.database.id;
    const visitorQuery = (query: string) =>
      visitor.evaluate(
        async ([db, q]) =>
          (
            await fetch(`/api/db/${db}`, {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify({ query: q, values: [] }),
            })
          ).status,
        [databaseId, query] as const,
      );
    expect(await visitorQuery('SELECT title FROM todos')).toBe(403);
    await publicRead.click();
    // On at once (optimistic), and disabled until the server has saved it.
    await expect.poll(() => publicRead.isChecked()).toBe(true);
    await expect.poll(() => publicRead.isEnabled(), { timeout: 20_000 }).toBe(true);
    expect(await publicRead.isChecked()).toBe(true);
    expect(await visitorQuery('SELECT title FROM todos')).toBe(200);
    expect(await visitorQuery('DELETE FROM todos')).toBe(403);
  });
});
