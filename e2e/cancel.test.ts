/**
 * Stopping a generation from the workspace: the Stop button cancels it, the chat says so, the revision ends
 * FAILED with nothing changed, and the organisation's credits are back where they were.
 */
import { expect, it } from 'vitest';
import { pageGql, useBrowser, useKiln } from './harness';

const browser = useBrowser();
// Slow typing (200 ms a chunk) so the build is still running when Stop is pressed.
const kiln = useKiln({ env: { KILN_BUILTIN_DELAY_MS: '200' } });

it('stops a generation with the Stop button', { timeout: 120_000 }, async () => {
  const page = await (await browser().newContext()).newPage();
  await page.goto(`${kiln().url}/signup`);
  await page.getByLabel('Email').fill('stop@example.com');
  await page.getByLabel('Password').fill('a long password');
  await page.getByRole('button', { name: 'Create account' }).click();
  const prompt = page.getByLabel('Describe your app');
  await prompt.fill('A todo list app with due dates');
  await prompt.press('Enter');
  await page.waitForURL(/\/projects\//);

  await page.getByRole('button', { name: 'Stop' }).click();
  await expect
    .poll(() => page.getByTestId('revision-status').textContent(), { timeout: 30_000 })
    .toBe('FAILED');
  await expect
    .poll(() => page.getByRole('log', { name: 'Chat history' }).textContent())
    .toContain('Canceled. Nothing was changed.');
  expect(await page.getByRole('button', { name: 'Stop' }).count()).toBe(0);

  const balance = (await pageGql(page, '{ organizations { credits { balance } } }')).data.organizations[0]
    .credits.balance as number;
  expect(balance).toBe(100);
});
