/**
 * The platform screens as two people use them, in Debian Chromium against Kiln started like `npm start`:
 * an owner creates an organisation, builds a project, restores an earlier version from History, deposits
 * credits and invites a colleague as EDITOR; the colleague signs up from the invitation link and joins; the
 * owner makes them a VIEWER, after which the server refuses their edits and the workspace offers none.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { describeApp, signUp, useBrowser, useKiln, waitUntilValid } from './harness';

const browser = useBrowser();
const kiln = useKiln({ env: { KILN_BUILTIN_DELAY_MS: '0' } });

async function openOrganizationSettings(page: Page) {
  await page.getByRole('button', { name: 'Switch organisation' }).click();
  await page.getByRole('menuitem', { name: 'Organisation settings' }).click();
  await page.getByRole('heading', { name: 'Plan & credits' }).waitFor();
}

describe('platform UI', () => {
  it('an owner invites an editor, demotes them to viewer, and restores a version from History', {
    timeout: 120_000,
  }, async () => {
    const owner = await (await browser().newContext()).newPage();

    // Sign up (the first account is the platform ADMIN) and create an organisation from the switcher.
    await owner.goto(`${kiln().url}/`);
    await owner.waitForURL(/\/login$/);
    await signUp(owner, 'olive@example.com');
    await owner.getByLabel('Describe your app').waitFor();
    await owner.getByRole('button', { name: 'Switch organisation' }).click();
    await owner.getByRole('menuitem', { name: 'New organisation' }).click();
    await owner.getByLabel('Organisation name').fill('Acme Studio');
    await owner.getByRole('button', { name: 'Create organisation' }).click();
    await owner.getByRole('heading', { name: 'Acme Studio', level: 2 }).waitFor();
    expect(await owner.getByRole('button', { name: 'Switch organisation' }).textContent()).toContain(
      'Acme Studio',
    );

    // Build a project in it, change it once, then restore the first version from History.
    await describeApp(owner, 'A todo list app with due dates');
    const projectUrl = owner.url();
    await waitUntilValid(owner, 30_000);
    await owner.getByLabel('Message').fill('Make it teal');
    await owner.getByLabel('Message').press('Enter');
    await expect
      // The follow-up is queued, generated and checked in Chromium: seconds on a busy 2-core machine, not one.
      .poll(() => owner.getByRole('log', { name: 'Chat history' }).textContent(), { timeout: 30_000 })
      .toContain('Changed the accent colour');
    await waitUntilValid(owner, 30_000);

    await owner.getByRole('tab', { name: 'History' }).click();
    const revisions = owner.getByRole('navigation', { name: 'Revisions' }).getByRole('button');
    await expect.poll(() => revisions.count(), { timeout: 10_000 }).toBe(2);
    expect(await revisions.first().textContent()).toContain('Make it teal');
    await owner.getByRole('heading', { name: 'Changes' }).waitFor();
    const fileChanges = owner.getByRole('table', { name: /^Changes in / });
    await fileChanges.first().waitFor();
    expect(await fileChanges.first().textContent()).toMatch(/Added: .*teal|Removed: .*indigo/);

    await revisions.filter({ hasText: '#1' }).click();
    await owner.getByText('The first version: there is nothing before it to compare with.').waitFor();
    await owner.getByRole('button', { name: 'Restore code', exact: true }).click();
    await owner.getByRole('status').filter({ hasText: 'Restored version 1.' }).waitFor();
    await waitUntilValid(owner, 30_000);
    await owner.getByRole('tab', { name: 'History' }).click();
    await expect.poll(() => revisions.count(), { timeout: 10_000 }).toBe(3);
    const newest = await revisions.first().textContent();
    expect(newest).toContain('#3');
    expect(newest).toContain('Restore');

    // Plan & credits shows a balance; as platform ADMIN the owner deposits credits and sees it grow.
    await owner.goto(`${kiln().url}/`);
    await openOrganizationSettings(owner);
    const balance = owner.getByTestId('credit-balance');
    const before = Number((await balance.textContent())!.replaceAll(',', ''));
    expect(before).toBeGreaterThan(0);
    await owner.getByLabel('Credits', { exact: true }).fill('50');
    await owner.getByRole('button', { name: 'Deposit credits' }).click();
    await expect
      .poll(async () => Number((await balance.textContent())!.replaceAll(',', '')))
      .toBe(before + 50);
    expect(await owner.getByRole('region', { name: 'Plan & credits' }).textContent()).toContain(
      'Granted by an admin',
    );

    // Invite a colleague as EDITOR and read the link to accept.
    await owner.getByLabel('Email address').fill('eddie@example.com');
    await owner.getByLabel('Role', { exact: true }).selectOption('EDITOR');
    await owner.getByRole('button', { name: 'Send invitation' }).click();
    const acceptUrl = await owner.getByLabel('Invitation link').inputValue();
    expect(acceptUrl).toMatch(new RegExp(`^${kiln().url}/invitations/[\\w-]+$`));
    await owner.getByRole('listitem').filter({ hasText: 'eddie@example.com' }).waitFor();

    // The colleague, in their own browser, opens the link signed out, signs up and joins.
    const editor = await (await browser().newContext()).newPage();
    await editor.goto(acceptUrl);
    await editor.waitForURL(/\/login\?next=%2Finvitations%2F/);
    await signUp(editor, 'eddie@example.com');
    await editor.getByRole('button', { name: 'Join organisation' }).click();
    await editor.getByRole('status').filter({ hasText: 'You joined Acme Studio.' }).waitFor();
    expect(await editor.getByRole('button', { name: 'Switch organisation' }).textContent()).toContain(
      'Acme Studio',
    );
    await editor.getByRole('link', { name: /Todo List/ }).waitFor();

    // The colleague opens the project while still an EDITOR: they may send and publish.
    await editor.getByRole('link', { name: /Todo List/ }).click();
    await editor.waitForURL(projectUrl);
    await waitUntilValid(editor, 30_000);
    expect(await editor.getByLabel('Message').isEnabled()).toBe(true);
    expect(await editor.getByRole('banner').getByRole('button', { name: 'Publish' }).isEnabled()).toBe(true);

    // Meanwhile the owner sees them as EDITOR and makes them a VIEWER.
    await owner.reload();
    const row = owner.getByRole('row').filter({ hasText: 'eddie@example.com' });
    const role = row.getByRole('combobox');
    expect(await role.inputValue()).toBe('EDITOR');
    await role.selectOption('VIEWER');
    await owner.getByRole('status').filter({ hasText: 'is now viewer' }).waitFor();

    // The colleague's open page still offers to send: the server refuses, and the workspace says why.
    await editor.getByLabel('Message').fill('Add a page called About');
    await editor.getByLabel('Message').press('Enter');
    await expect
      .poll(() => editor.getByRole('alert').textContent())
      .toBe('You do not have permission to do that.');
    await expect.poll(() => editor.getByLabel('Message').isDisabled()).toBe(true);

    // Once the page knows they view, nothing to send or publish is enabled.
    await editor.reload();
    await waitUntilValid(editor, 30_000);
    expect(await editor.getByRole('banner').getByRole('button', { name: 'Publish' }).isDisabled()).toBe(true);
    expect(await editor.getByLabel('Message').isDisabled()).toBe(true);
    expect(await editor.getByRole('button', { name: 'Send' }).isDisabled()).toBe(true);
    await editor.getByRole('tab', { name: 'History' }).click();
    const editorRevisions = editor.getByRole('navigation', { name: 'Revisions' }).getByRole('button');
    await expect.poll(() => editorRevisions.count()).toBe(3);
    await editorRevisions.last().click();
    expect(await editor.getByRole('button', { name: 'Restore code', exact: true }).isDisabled()).toBe(true);
  });

  it('a new user confirms their e-mail and resets their password through the development mailbox', {
    timeout: 60_000,
  }, async () => {
    const context = await browser().newContext();
    const page = await context.newPage();
    await page.goto(`${kiln().url}/signup`);
    await page.getByLabel('Email').fill('mia@example.com');
    await page.getByLabel('Password').fill('first password');
    await page.getByRole('button', { name: 'Create account' }).click();

    // The banner asks to confirm the address; the link in the mailbox does it, and a toast says so.
    await page.getByText('Confirm your e-mail address.').waitFor();
    await page.getByRole('button', { name: 'Resend' }).click();
    await page.getByText('We sent a new link to mia@example.com.').waitFor();
    const [mailbox] = await Promise.all([
      context.waitForEvent('page'),
      page.getByRole('link', { name: 'Open development mailbox' }).click(),
    ]);
    await mailbox
      .getByRole('link', { name: /\/verify-email\?token=/ })
      .first()
      .click();
    await mailbox.getByRole('status').filter({ hasText: 'Your e-mail address is confirmed.' }).waitFor();
    await mailbox.getByLabel('Describe your app').waitFor();
    expect(await mailbox.getByText('Confirm your e-mail address.').count()).toBe(0);
    await mailbox.close();

    // Forgot password: the answer does not say whether the account exists; the mailed link sets a new one.
    await page.goto(`${kiln().url}/forgot-password`);
    await page.getByLabel('Email').fill('mia@example.com');
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page
      .getByText('If an account exists for that address, we sent a link.', { exact: false })
      .waitFor();
    await page.goto(`${kiln().url}/dev/mailbox`);
    await page
      .getByRole('link', { name: /\/reset-password\?token=/ })
      .first()
      .click();
    await page.getByLabel('New password').fill('second password');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await page.getByText('Your password is changed. Sign in with the new one.').waitFor();
    await page.getByLabel('Email').fill('mia@example.com');
    await page.getByLabel('Password').fill('second password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByLabel('Describe your app').waitFor();
    await context.close();
  });
});
