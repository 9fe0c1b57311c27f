/**
 * What each answer built, as a person sees it in Debian Chromium against Kiln started like `npm start` with the
 * builtin generator: the todo app's answer shows its plan, the table and files it wrote (a chip opens its code),
 * the suggestions as buttons and a Publish button. Publish from the chat puts the app on the web; a suggestion
 * clicked is sent like a typed message and builds the next revision, whose answer lists what it edited.
 * With a model (the scripted model server): its tool call is a line with its status, its `<kiln:choice>`
 * items and its reason to publish show too, and a VIEWER sees the suggestions disabled and no Publish.
 */
import { startScriptedModelServer } from '@kiln/codegen/testing';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  newProjectFromDashboard,
  scriptedModelEnv,
  signUp,
  useBrowser,
  useKilnProcesses,
  waitUntilValid,
} from './harness';

const browser = useBrowser();
const startProcess = useKilnProcesses();
const startKiln = (env: Record<string, string>) =>
  startProcess({ env: { KILN_BUILTIN_DELAY_MS: '0', ...env } });

/** Signs a new person up and describes an app; resolves once its first revision is VALID. */
async function createApp(kilnUrl: string, email: string, prompt: string): Promise<Page> {
  const page = await (await browser().newContext()).newPage();
  await newProjectFromDashboard(page, kilnUrl, email, prompt);
  return page;
}

describe('message blocks in the chat', () => {
  it('shows what the answer built, publishes from the chat, and sends a suggestion as the next message', {
    timeout: 150_000,
  }, async () => {
    const kiln = await startKiln({});
    const page = await createApp(kiln.url, 'grace@example.com', 'A todo list app with due dates');

    const chat = page.getByRole('complementary', { name: 'Chat' });
    const log = chat.getByRole('log', { name: 'Chat history' });
    await log.getByText('Plan', { exact: true }).waitFor();
    expect(await log.textContent()).not.toContain('Try next');

    // The files and the table it wrote, as chips; a page's chip opens its code.
    const changed = log.getByRole('list', { name: 'What this answer changed' });
    expect(await changed.getByRole('listitem').allTextContents()).toEqual([
      'Table · create_todos (migration)',
      'File · Request (created)',
      'File · Todo List (created)',
      'Function · /api/todos (created)',
      'Function · /api/todos/[id] (created)',
      'Page · Homepage (created)',
      'Component · App Header (created)',
      'Component · Add Todo Form (created)',
      'Component · Todo Item (created)',
    ]);
    await changed.getByRole('button', { name: 'Page · Homepage' }).click();
    expect(await page.getByRole('tab', { name: 'Code' }).getAttribute('aria-selected')).toBe('true');
    await page.getByRole('region', { name: 'Code of Homepage' }).waitFor();

    // The suggestions, as buttons.
    const suggestions = log.getByRole('group', { name: 'Suggestions' });
    expect(await suggestions.getByRole('button').allTextContents()).toEqual([
      'change the colour to emerald',
      'rename the app to Taskly',
      'add a page called About',
    ]);

    // Publish from the chat: the header shows the live URL, and the app is there.
    await chat.getByRole('button', { name: 'Publish' }).click();
    const link = page.getByTestId('published-url');
    await link.waitFor({ timeout: 30_000 });
    const url = (await link.textContent())?.trim();
    if (!url) throw new Error('no app link');
    const visitor = await (await browser().newContext()).newPage();
    await visitor.goto(url);
    await visitor.getByPlaceholder('What needs to be done?').waitFor({ timeout: 20_000 });

    // A suggestion clicked is sent like a typed message: no more clicks while it builds, then revision 2.
    await page.getByRole('tab', { name: 'Preview' }).click();
    await suggestions.getByRole('button', { name: 'change the colour to emerald' }).click();
    expect(
      await suggestions
        .getByRole('button')
        .evaluateAll((buttons) => buttons.every((b) => (b as HTMLButtonElement).disabled)),
    ).toBe(true);
    await log
      .getByRole('paragraph')
      .filter({ hasText: /^change the colour to emerald$/ })
      .waitFor();
    await log
      .getByRole('paragraph')
      .filter({ hasText: /Changed the accent colour from indigo to emerald/ })
      .waitFor({ timeout: 60_000 });
    await waitUntilValid(page);
    const preview = page.frameLocator('iframe[title="Preview"]');
    await preview.locator('.bg-emerald-600').first().waitFor({ timeout: 20_000 });

    // The new answer lists the files it edited; the first answer's suggestions and Publish are gone.
    const answers = log.getByRole('list', { name: 'What this answer changed' });
    await expect.poll(() => answers.count()).toBe(2);
    const edited = await answers.nth(1).getByRole('listitem').allTextContents();
    expect(edited).toContain('Page · Homepage (edited)');
    expect(edited.every((chip) => chip.endsWith('(edited)'))).toBe(true);
    expect(await log.getByRole('group', { name: 'Suggestions' }).count()).toBe(0);
    expect(await chat.getByRole('button', { name: 'Publish' }).count()).toBe(0);
    // The published app is now behind the preview.
    await page.getByText('Unpublished changes').waitFor();
  });

  it('shows a model’s tool call, its choice items and reason to publish; a viewer cannot use them', {
    timeout: 150_000,
  }, async () => {
    await using model = await startScriptedModelServer([
      {
        reply:
          '<kiln:thinking>Look up the chart library first.</kiln:thinking>Checking the docs.\n<kiln:tool-call name="package_documentation">recharts</kiln:tool-call>',
      },
      {
        reply: `<kiln:file path="apps/web/src/app/page.tsx" type="PAGE">
export default function HomePage() {
  return <main className="p-8 text-2xl font-semibold">Habits</main>;
}
</kiln:file>
Your habit tracker is ready.
<kiln:choices><kiln:choice>Add a weekly chart</kiln:choice><kiln:choice>Add reminders</kiln:choice></kiln:choices>
<kiln:publish>Your tracker is ready to share.</kiln:publish>`,
      },
    ]);
    const kiln = await startKiln(scriptedModelEnv(model));
    const page = await createApp(kiln.url, 'hedy@example.com', 'A habit tracker with a weekly chart');
    expect(model.requests).toHaveLength(2);
    const chat = page.getByRole('complementary', { name: 'Chat' });
    const log = chat.getByRole('log', { name: 'Chat history' });
    const tools = log.getByRole('list', { name: 'Tools used' });
    expect(await tools.getByRole('listitem').allTextContents()).toEqual(['done: Read the docs of recharts']);
    expect(await tools.locator('.block-tool-success').count()).toBe(1);
    expect(await log.getByRole('list', { name: 'What this answer changed' }).textContent()).toBe(
      'Page · Homepage (created)',
    );
    const suggestions = log.getByRole('group', { name: 'Suggestions' });
    expect(await suggestions.getByRole('button').allTextContents()).toEqual([
      'Add a weekly chart',
      'Add reminders',
    ]);
    await log.getByText('Your tracker is ready to share.').waitFor();
    expect(await chat.getByRole('button', { name: 'Publish' }).isEnabled()).toBe(true);

    // A VIEWER of the organisation sees what was built, the suggestions disabled, and no Publish in the chat.
    const projectUrl = page.url();
    const invite = await page.evaluate(async () => {
      const gql = async (query: string) =>
        (
          await (
            await fetch('/graphql', {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify({ query }),
            })
          ).json()
        ).data;
      const orgId = (await gql('{ organizations { id } }')).organizations[0].id as string;
      return (
        await gql(
          `mutation { inviteMember(organizationId: "${orgId}", email: "vera@example.com", role: "VIEWER") { acceptUrl } }`,
        )
      ).inviteMember.acceptUrl as string;
    });
    const viewer = await (await browser().newContext()).newPage();
    await viewer.goto(invite);
    await viewer.waitForURL(/\/login\?next=%2Finvitations%2F/);
    await signUp(viewer, 'vera@example.com');
    await viewer.getByRole('button', { name: 'Join organisation' }).click();
    await viewer.getByRole('status').filter({ hasText: 'You joined' }).waitFor();
    await viewer.goto(projectUrl);
    const viewerLog = viewer.getByRole('log', { name: 'Chat history' });
    const viewerSuggestions = viewerLog.getByRole('group', { name: 'Suggestions' });
    await viewerSuggestions.waitFor();
    await expect
      .poll(() =>
        viewerSuggestions
          .getByRole('button')
          .evaluateAll((buttons) => buttons.map((b) => (b as HTMLButtonElement).disabled)),
      )
      .toEqual([true, true]);
    expect(await viewerLog.getByRole('button', { name: 'Publish' }).count()).toBe(0);
    expect(await viewerLog.getByText('Read the docs of recharts').count()).toBe(1);
  });
});
