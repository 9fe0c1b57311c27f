/**
 * Issue 13: sign-up does not tell which e-mails have accounts. In Debian Chromium against Kiln started like
 * `npm start`: signing up with an address that already has an account shows "Check your e-mail to
 * continue." (the owner gets a mail instead), while a new address lands in the workspace as before.
 */
import { describe, expect, it } from 'vitest';
import { pageGql, signUp, useBrowser, useKiln } from './harness';

const browser = useBrowser();
const kiln = useKiln({ env: { KILN_BUILTIN_DELAY_MS: '0', KILN_WORKERS: '0' } });

describe('sign-up page', () => {
  it('says "Check your e-mail to continue." for an address that has an account, and signs a new one in', {
    timeout: 120_000,
  }, async () => {
    const owner = await (await browser().newContext()).newPage();
    await owner.goto(`${kiln().url}/login`);
    await signUp(owner, 'nora@example.com');
    await owner.getByLabel('Describe your app').waitFor();

    const someone = await (await browser().newContext()).newPage();
    await someone.goto(`${kiln().url}/login`);
    await signUp(someone, 'Nora@example.com');
    await someone.getByRole('status').filter({ hasText: 'Check your e-mail to continue.' }).waitFor();
    expect(new URL(someone.url()).pathname).toBe('/signup');
    expect(await someone.getByLabel('Describe your app').count()).toBe(0);
    // Still signed out: the dashboard sends them to sign in.
    await someone.goto(`${kiln().url}/`);
    await someone.waitForURL(/\/login$/);

    // The owner finds the warning in their mailbox.
    const mails = (await pageGql<{ mailbox: { subject: string }[] }>(owner, '{ mailbox { subject } }')).data
      .mailbox;
    expect(mails.map((m) => m.subject)).toContain('Someone tried to create a Kiln account with your address');
  });
});
