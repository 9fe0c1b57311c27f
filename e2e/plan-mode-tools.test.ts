/**
 * Plan mode with a real model (issue 22) as an owner uses it in Debian Chromium, against Kiln started like
 * `npm start` (builtin for the first app), the scripted model server as the organisation's expert model and a
 * local SearXNG-compatible search: everything set up in Organisation settings (Expert model, Web search,
 * Knowledge), then an Expert discussion in which the model searches the code, reads a file and searches the web
 * before it answers with a plan — each shown in the answer — and proposes a standing instruction that one click
 * adds to the project's knowledge. A question stopped while the model writes says so. No revision is made; the
 * search costs one credit.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startScriptedModelServer } from '@kiln/codegen/testing';
import { DISCUSSION_STOPPED } from '@kiln/core';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations, newProjectFromDashboard, pageGql, useBrowser, useKilnProcesses } from './harness';

const browser = useBrowser();
const startKiln = useKilnProcesses();

/** A GraphQL call with the page's session cookie. */
// biome-ignore lint/suspicious/noExplicitAny: the test reads GraphQL answers loosely, as JSON.
async function gql(page: Page, query: string, variables: Record<string, unknown> = {}): Promise<any> {
  return (await pageGql(page, query, variables)).data;
}

/** A SearXNG-compatible endpoint on 127.0.0.1 answering every query with one result. */
async function startSearch() {
  const queries: string[] = [];
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    queries.push(url.searchParams.get('q') ?? '');
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({
        results: [{ title: 'Tag inputs', url: 'https://docs.example.com/tags', content: 'Use chips.' }],
      }),
    );
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    host: `127.0.0.1:${port}`,
    queries,
    [Symbol.asyncDispose]: () => new Promise<void>((r) => server.close(() => r())),
  };
}

describe('plan mode with a model that reads', () => {
  it('sets up expert, web search and knowledge in settings; a discussion reads, searches and proposes', {
    timeout: 240_000,
  }, async () => {
    await using model = await startScriptedModelServer();
    await using search = await startSearch();
    const kiln = await startKiln({
      env: { KILN_BUILTIN_DELAY_MS: '0', KILN_EGRESS_ALLOW_HOSTS: search.host },
    });
    const page = await (await browser().newContext({ bypassCSP: true })).newPage();
    const projectId = await newProjectFromDashboard(
      page,
      kiln.url,
      'reader@example.com',
      'A todo list app with due dates',
    );
    const projectUrl = page.url();
    const orgId = (await gql(page, '{ organizations { id } }')).organizations[0].id as string;

    // Organisation settings: the expert model, web search and the organisation's knowledge.
    await page.goto(`${kiln.url}/organizations/${orgId}/settings`);
    const expertSection = page.getByRole('region', { name: 'Expert model', exact: true });
    await expertSection.getByLabel('Expert model', { exact: true }).fill('openai:gpt-4o-mini');
    await expertSection.getByLabel('Expert base URL').fill(model.url);
    await expertSection.getByLabel('Expert API key').fill('sk-expert-ui');
    await expertSection.getByRole('button', { name: 'Save expert model' }).click();
    await expertSection.getByText('Expert model saved', { exact: false }).waitFor();

    const searchSection = page.getByRole('region', { name: 'Web search', exact: true });
    await searchSection.getByLabel('Search provider').selectOption('SEARXNG');
    await searchSection.getByLabel('Search URL').fill(search.url);
    await searchSection.getByRole('button', { name: 'Save web search' }).click();
    await searchSection
      .getByText('Generations and discussions may search the web', { exact: false })
      .waitFor();

    const knowledgeSection = page.getByRole('region', { name: 'Knowledge', exact: true });
    await knowledgeSection.getByLabel('Organisation knowledge').fill('Write British English.');
    await knowledgeSection.getByRole('button', { name: 'Save knowledge' }).click();
    await knowledgeSection.getByText('Knowledge saved.', { exact: false }).waitFor();
    expect(await axeViolations(page)).toEqual([]);

    // A question can be stopped while the model is still writing: the chat says so, with nothing to implement.
    model.enqueue({ reply: `Thinking. ${'More thoughts. '.repeat(80)}`, chunkSize: 8, delayMs: 100 });
    await page.goto(projectUrl);
    const chat = page.getByRole('complementary', { name: 'Chat' });
    await chat.getByRole('radio', { name: 'Discuss' }).check();
    const expert = chat.getByRole('button', { name: 'Expert' });
    await expect.poll(() => expert.isEnabled(), { timeout: 20_000 }).toBe(true);
    await expert.click();
    const box = chat.getByRole('textbox', { name: 'Message' });
    await box.fill('what would a redesign take?');
    await box.press('Enter');
    const log = chat.getByRole('log', { name: 'Chat history' });
    await log.getByText('Plan · writing…').waitFor({ timeout: 30_000 });
    await log.getByRole('button', { name: 'Stop', exact: true }).click();
    await log.getByText(DISCUSSION_STOPPED).waitFor({ timeout: 20_000 });
    expect(await log.getByRole('button', { name: 'Implement this plan' }).count()).toBe(0);

    // An Expert discussion: the model greps, reads a file and searches the web, then plans.
    model.enqueue(
      {
        reply:
          'Let me look at the code first.\n<kiln:tool-call name="grep_codebase">due</kiln:tool-call>\n<kiln:tool-call name="read_file">apps/web/src/app/page.tsx</kiln:tool-call>\n<kiln:tool-call name="web_search">tag input pattern</kiln:tool-call>',
      },
      {
        reply:
          'Tags fit next to the due date.\n\n1. Add a tags column to todos.\n2. Show tags as chips on each task.\n3. Filter by tag.\n<kiln:knowledge>Tags are lowercase.</kiln:knowledge>',
      },
    );
    expect(await expert.getAttribute('aria-pressed')).toBe('true');
    await box.fill('how would you add tags to tasks?');
    await box.press('Enter');
    const answer = log.locator('.bubble-discussion.bubble-assistant').last();
    await expect.poll(() => answer.textContent(), { timeout: 60_000 }).toContain('Filter by tag.');
    const tools = answer.getByRole('list', { name: 'Tools used' }).getByRole('listitem');
    await expect
      .poll(() => tools.allTextContents())
      .toEqual([
        expect.stringContaining('Searched the code for “due”'),
        expect.stringContaining('Read apps/web/src/app/page.tsx'),
        expect.stringContaining('Searched the web for “tag input pattern”'),
      ]);
    expect(await answer.locator('ol li').count()).toBe(3);
    expect(search.queries).toEqual(['tag input pattern']);
    // The model was sent the organisation's knowledge, then the file, the lines and the search results.
    expect(model.requests.at(-2)?.headers.authorization).toBe('Bearer sk-expert-ui');
    expect(model.requests.at(-2)?.messages.at(-1)?.content).toContain('Write British English.');
    const results = model.requests.at(-1)?.messages.at(-1)?.content ?? '';
    expect(results).toContain(
      '<kiln:tool-result name="read_file">\n<kiln:file path="apps/web/src/app/page.tsx"',
    );
    expect(results).toMatch(/<kiln:tool-result name="grep_codebase">\napps\/web\/src\/\S+:\d+: /);
    expect(results).toContain('1. Tag inputs');
    expect(await axeViolations(page)).toEqual([]);

    // One click keeps the proposal as project knowledge, shown in Settings.
    await answer.getByRole('button', { name: 'Add to project knowledge' }).click();
    await answer.getByText('Added to project knowledge').waitFor();
    await page.getByRole('tab', { name: 'Settings' }).click();
    await expect
      .poll(() => page.getByRole('textbox', { name: 'Project knowledge' }).inputValue(), { timeout: 20_000 })
      .toBe('Tags are lowercase.');

    // Nothing was built, and the search cost one credit.
    const state = await gql(
      page,
      `query($id: ID!, $o: ID!) { project(id: $id) { revisions { number } }
        organization(id: $o) { credits { entries { type amount } } } }`,
      { id: projectId, o: orgId },
    );
    expect(state.project.revisions.map((r: { number: number }) => r.number)).toEqual([1]);
    expect(
      state.organization.credits.entries.filter((e: { type: string }) => e.type === 'WEB_SEARCH_USAGE'),
    ).toEqual([{ type: 'WEB_SEARCH_USAGE', amount: -1 }]);
  });
});
