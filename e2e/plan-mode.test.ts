/**
 * Plan mode, knowledge and expert mode (issue 22) as a person uses them in Debian Chromium against Kiln started
 * like `npm start` with the builtin generator: Discuss (picked with the keyboard) answers "how would you add
 * tags to tasks?" with a numbered plan and makes no revision; Implement this plan builds it (revision 2 with a
 * tags field in the preview). Expert is disabled with its reason shown while the organisation names no expert
 * model; once it names one, Expert is pressed per message and the revision records it. Project knowledge is
 * saved in Settings. axe-core finds no serious or critical violation.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations, newProjectFromDashboard, useBrowser, useSharedKiln } from './harness';

const browser = useBrowser();
const kiln = useSharedKiln();

/** The project's revisions as `number STATUS`, in order, read through the API from the page (its session). */
async function revisionStates(page: Page): Promise<string[]> {
  const id = new URL(page.url()).pathname.split('/').pop();
  return page.evaluate(async (projectId) => {
    const res = await fetch('/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        query: 'query($id: ID!) { project(id: $id) { revisions { number status } } }',
        variables: { id: projectId },
      }),
    });
    const json = (await res.json()) as {
      data: { project: { revisions: { number: number; status: string }[] } };
    };
    return json.data.project.revisions
      .sort((a, b) => a.number - b.number)
      .map((r) => `${r.number} ${r.status}`);
  }, id);
}

/** The project's revision numbers. */
async function revisionNumbers(page: Page): Promise<number[]> {
  return (await revisionStates(page)).map((r) => Number.parseInt(r, 10));
}

describe('plan mode in the builder', () => {
  it('discusses without a revision, implements the plan, and keeps project knowledge', {
    timeout: 180_000,
  }, async () => {
    const context = await browser().newContext({ bypassCSP: true });
    const page = await context.newPage();
    await newProjectFromDashboard(page, kiln().url, 'plan@example.com', 'A todo list app with due dates');
    expect(await revisionNumbers(page)).toEqual([1]);

    const chat = page.getByRole('complementary', { name: 'Chat' });
    const log = chat.getByRole('log', { name: 'Chat history' });

    // Expert is off, with the reason on screen, while the organisation names no expert model.
    const expert = chat.getByRole('button', { name: 'Expert' });
    expect(await expert.isDisabled()).toBe(true);
    await chat.getByText('No expert model set (Organisation settings → Expert model)').waitFor();

    // Discuss, picked with the keyboard: focus Build, arrow to Discuss.
    const build = chat.getByRole('radio', { name: 'Build' });
    expect(await build.isChecked()).toBe(true);
    await build.focus();
    await page.keyboard.press('ArrowRight');
    expect(await chat.getByRole('radio', { name: 'Discuss' }).isChecked()).toBe(true);
    const box = chat.getByRole('textbox', { name: 'Message' });
    expect(await box.getAttribute('placeholder')).toMatch(/nothing is changed/);
    await box.fill('how would you add tags to tasks?');
    await box.press('Enter');

    // The answer: a plan with numbered steps, labelled as such, and no new revision.
    await log.getByText('Plan · nothing was changed').waitFor({ timeout: 30_000 });
    const answer = log.locator('.bubble-discussion.bubble-assistant');
    await expect.poll(() => answer.textContent(), { timeout: 10_000 }).toMatch(/add a tags field/);
    expect(await answer.locator('ol li').count()).toBeGreaterThanOrEqual(3);
    expect(await revisionNumbers(page)).toEqual([1]);
    expect(await page.getByTestId('revision-status').textContent()).toBe('VALID');
    expect(await axeViolations(page)).toEqual([]);

    // Implement this plan: a CHAT carrying the plan builds revision 2 with the tags field.
    await answer.getByRole('button', { name: 'Implement this plan' }).click();
    // Revision 2 finished (its preview shows the tags field while it is still being written, and the next
    // message is refused until it has finished).
    await expect.poll(() => revisionStates(page), { timeout: 90_000 }).toEqual(['1 VALID', '2 VALID']);
    await expect
      .poll(() => page.getByTestId('revision-status').textContent(), { timeout: 90_000 })
      .toBe('VALID');
    const preview = page.frameLocator('iframe[title="Preview"]');
    await preview.locator('[name="tags"]').first().waitFor({ timeout: 30_000 });

    // Project knowledge in Settings: saved, and read back after a reload.
    await page.getByRole('tab', { name: 'Settings' }).click();
    const knowledge = page.getByRole('textbox', { name: 'Project knowledge' });
    await knowledge.fill('Tags are always lowercase.');
    await page.getByRole('button', { name: 'Save knowledge' }).click();
    await page.getByText('Knowledge saved.', { exact: false }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.reload();
    await page.getByRole('tab', { name: 'Settings' }).click();
    await expect
      .poll(() => page.getByRole('textbox', { name: 'Project knowledge' }).inputValue(), { timeout: 20_000 })
      .toBe('Tags are always lowercase.');

    // Expert: once the organisation names an expert model (the builtin one here), the toggle works per message
    // and the revision records it.
    const named = await page.evaluate(async () => {
      const gql = async (query: string, variables: Record<string, unknown> = {}) =>
        (await (
          await fetch('/graphql', {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ query, variables }),
          })
        ).json()) as { data: Record<string, unknown>; errors?: unknown[] };
      const orgs = await gql('{ organizations { id } }');
      const orgId = (orgs.data.organizations as { id: string }[])[0]?.id;
      return gql('mutation($o: ID!) { updateExpertModel(organizationId: $o, model: "builtin") { model } }', {
        o: orgId,
      });
    });
    expect(named.errors).toBeUndefined();
    await page.reload();
    const chat2 = page.getByRole('complementary', { name: 'Chat' });
    const expert2 = chat2.getByRole('button', { name: 'Expert' });
    await expect.poll(() => expert2.isEnabled(), { timeout: 20_000 }).toBe(true);
    await expert2.click();
    expect(await expert2.getAttribute('aria-pressed')).toBe('true');
    await chat2.getByRole('textbox', { name: 'Message' }).fill('make it teal');
    await chat2.getByRole('textbox', { name: 'Message' }).press('Enter');
    // Once seen failing on a loaded machine (revisions stayed [1, 2]); if it fails, say what the chat showed.
    await expect
      .poll(() => revisionNumbers(page), { timeout: 60_000 })
      .toEqual([1, 2, 3])
      .catch(async (err: Error) => {
        const box = await chat2.getByRole('textbox', { name: 'Message' }).inputValue();
        const alerts = await chat2.getByRole('alert').allTextContents();
        throw new Error(
          `${err.message}\nthe message box holds ${JSON.stringify(box)}; alerts: ${JSON.stringify(alerts)}`,
        );
      });
    await expect
      .poll(() => page.getByTestId('revision-status').textContent(), { timeout: 90_000 })
      .toBe('VALID');
    const expertFlag = await page.evaluate(async (projectId) => {
      const res = await fetch('/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          query: 'query($id: ID!) { project(id: $id) { latestRevision { expert } } }',
          variables: { id: projectId },
        }),
      });
      return ((await res.json()) as { data: { project: { latestRevision: { expert: boolean } } } }).data
        .project.latestRevision.expert;
    }, new URL(page.url()).pathname.split('/').pop());
    expect(expertFlag).toBe(true);
    await context.close();
  });
});
