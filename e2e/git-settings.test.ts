/**
 * Project settings → Git remote (issue 17) in Debian Chromium: a member sets the remote URL and token of a bare
 * repository served by `git http-backend`, pushes, and reads the result; the repository then holds one commit
 * per revision with the member as author and the prompt as message. The token is never shown again.
 */
import { startGitHttpServer } from '@kiln/server/testing/git';
import { describe, expect, it } from 'vitest';
import { newProjectFromDashboard, useBrowser, useKilnProcesses } from './harness';

const TOKEN = 'tok-e2e-4b1c';

const browser = useBrowser();
const startKiln = useKilnProcesses();

describe('git remote settings', () => {
  it('pushes the project history from Project settings', { timeout: 150_000 }, async () => {
    await using remote = await startGitHttpServer({ token: TOKEN });
    await remote.createRepository('todos');
    const kiln = await startKiln({ env: { KILN_EGRESS_ALLOW_HOSTS: `127.0.0.1:${remote.port}` } });
    const page = await (await browser().newContext({ viewport: { width: 1440, height: 900 } })).newPage();
    await newProjectFromDashboard(page, kiln.url, 'gia@example.com', 'A todo list app');

    await page.getByRole('tab', { name: 'Settings' }).click();
    const section = page.getByRole('region', { name: 'Git remote' });
    await expect
      .poll(() => section.getByTestId('git-commits').textContent(), { timeout: 30_000 })
      .toContain('1 commit on main');
    await section.getByLabel('Remote URL').fill(`${remote.url}/todos.git`);
    await section.getByLabel('Token').fill(TOKEN);
    await section.getByRole('button', { name: 'Save remote' }).click();
    await section.getByText('Git remote saved.').waitFor();
    expect(await section.getByLabel('Token').inputValue()).toBe('');
    await section.getByText('A token is saved. Leave empty to keep it.').waitFor();

    await section.getByRole('button', { name: 'Push' }).click();
    await expect
      .poll(() => section.getByTestId('git-last-push').textContent(), { timeout: 60_000 })
      .toMatch(/^Last push .*: Pushed 1 commit to main\.$/);
    expect(await remote.git('todos', ['log', '--format=%an <%ae>|%s', 'main'])).toBe(
      'gia <gia@example.com>|A todo list app\n',
    );
    expect(await page.content()).not.toContain(TOKEN);
  });
});
