/**
 * Presence (issue 17) in Debian Chromium: two members of one organisation, each in their own browser context,
 * open the same project and see each other's avatar in the workspace header, which module the other has
 * selected (a marker in the module list and the avatar's label), when the other types and generates, and the
 * other leaving.
 * The page stays axe-clean with the avatars shown.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  axeViolations,
  pageGql as gql,
  newProjectFromDashboard,
  signUp,
  useBrowser,
  useKiln,
} from './harness';

const browser = useBrowser();
// The builtin generator at its default pace (3 ms a chunk): Bob's generation lasts long enough to be seen.
const kiln = useKiln({ env: { KILN_BUILTIN_DELAY_MS: '3' } });

describe('presence', () => {
  it('two members see each other’s avatars, selections, typing and generating, and see the other leave', {
    timeout: 240_000,
  }, async () => {
    const ann = await (
      await browser().newContext({ bypassCSP: true, viewport: { width: 1440, height: 900 } })
    ).newPage();
    const projectId = await newProjectFromDashboard(ann, kiln().url, 'ann@example.com', 'A todo list app');
    const projectUrl = ann.url();

    // Bob signs up, Ann invites him as an EDITOR, and he accepts.
    const bob = await (await browser().newContext({ viewport: { width: 1440, height: 900 } })).newPage();
    await bob.goto(`${kiln().url}/`);
    await bob.waitForURL(/\/login$/);
    await signUp(bob, 'bob@example.com');
    await bob.getByLabel('Describe your app').waitFor();
    const project = await gql(ann, `query($id: ID!) { project(id: $id) { organizationId } }`, {
      id: projectId,
    });
    const invited = await gql(
      ann,
      `mutation($o: ID!) { inviteMember(organizationId: $o, email: "bob@example.com", role: "EDITOR") { acceptUrl } }`,
      { o: project.data.project.organizationId },
    );
    const token = String(invited.data.inviteMember.acceptUrl).split('/').pop();
    const accepted = await gql(bob, `mutation($t: String!) { acceptInvitation(token: $t) { id } }`, {
      t: token,
    });
    expect(accepted.errors).toBeUndefined();
    await bob.goto(projectUrl);

    // Each sees the other's avatar, named in its accessible label.
    const others = (page: Page) => page.getByRole('list', { name: 'Also here' }).getByRole('listitem');
    await expect
      .poll(() => others(ann).getAttribute('aria-label'), { timeout: 30_000 })
      .toBe('bob (viewing)');
    await expect
      .poll(() => others(bob).getAttribute('aria-label'), { timeout: 30_000 })
      .toBe('ann (viewing)');

    // Bob selects a module: Ann's module list marks it, and his avatar says what he views.
    // Module buttons are titled with their path (the list also holds the New and per-module menu buttons).
    const bobModules = bob.getByRole('navigation', { name: 'Modules' }).locator('button[title^="apps/"]');
    const chosen = bobModules.first();
    const filePath = await chosen.getAttribute('title');
    await chosen.click();
    const annItem = ann.getByRole('navigation', { name: 'Modules' }).locator(`button[title="${filePath}"]`);
    await expect
      .poll(() => annItem.getByTestId('module-viewers').getAttribute('aria-label'), { timeout: 30_000 })
      .toBe('Selected by bob');
    await expect
      .poll(() => others(ann).getAttribute('aria-label'), { timeout: 30_000 })
      .toBe(`bob (viewing ${filePath?.split('/').pop()})`);

    // Ann selects another module: Bob sees her there.
    const annModules = ann.getByRole('navigation', { name: 'Modules' }).locator('button[title^="apps/"]');
    const second = annModules.nth(1);
    const secondPath = await second.getAttribute('title');
    await second.click();
    await expect
      .poll(
        () =>
          bob
            .getByRole('navigation', { name: 'Modules' })
            .locator(`button[title="${secondPath}"]`)
            .getByTestId('module-viewers')
            .getAttribute('aria-label'),
        { timeout: 30_000 },
      )
      .toBe('Selected by ann');

    // Bob types in the chat: Ann is told.
    await bob.getByLabel('Message').fill('make the header blue');
    await expect.poll(() => others(ann).getAttribute('aria-label'), { timeout: 30_000 }).toBe('bob (typing)');
    await expect
      .poll(() => ann.locator('.presence-activity').textContent(), { timeout: 30_000 })
      .toBe('bob is typing…');

    expect(await axeViolations(ann)).toEqual([]);

    // Bob sends it: while his revision is queued and built, Ann sees him generating; then viewing again.
    await bob.getByLabel('Message').press('Enter');
    await ann
      .getByRole('list', { name: 'Also here' })
      .getByRole('listitem', { name: 'bob (generating)', exact: true })
      .waitFor({ state: 'attached', timeout: 60_000 });
    await expect.poll(() => others(ann).getAttribute('data-activity'), { timeout: 120_000 }).toBe('viewing');

    // Bob closes the project: his avatar goes from Ann's header.
    await bob.close();
    await expect.poll(() => others(ann).count(), { timeout: 30_000 }).toBe(0);
  });
});
