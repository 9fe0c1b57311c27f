/**
 * Web search (issue 22): an ADMIN sets the organisation's search provider; a generation's model then may call
 * `web_search(query)`, answered with the top results from the provider (a local SearXNG-compatible server
 * here, reached through the egress guard's allow list), each search charged WEB_SEARCH_USAGE. Without a
 * provider the tool is not offered at all.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startScriptedModelServer } from '@kiln/codegen/testing';
import { describe, expect, it } from 'vitest';
import { WEB_SEARCH_COST } from '../src/web-search';
import {
  type Backend,
  type Client,
  createProject,
  postgresAvailable,
  scriptedModelEnv,
  settled,
  signUp,
  startTestKiln,
  waitFor,
} from './harness';

const backends: Backend[] = ['pglite', ...((await postgresAvailable()) ? (['postgres'] as const) : [])];

const PROJECT = `query($id: ID!) { project(id: $id) { latestRevision { number status }
  messages { role mode text blocks { kind tool input status } } } }`;
const CREDITS = `{ organizations { id credits { entries { type amount refunded } } } }`;
const UPDATE = `mutation($o: ID!, $kind: String, $url: String, $key: String) {
  updateWebSearch(organizationId: $o, kind: $kind, url: $url, apiKey: $key) { kind url hasApiKey creditsPerSearch } }`;

const PAGE = (title: string) =>
  `<kiln:file path="apps/web/src/app/page.tsx" type="PAGE">\nexport default function Home() {\n  return <h1 className="text-2xl">${title}</h1>;\n}\n</kiln:file>\nDone.`;

/** A SearXNG-compatible endpoint: GET /search?q=…&format=json → { results: [{ title, url, content }] }. */
async function startFakeSearch() {
  const queries: string[] = [];
  const authorizations: (string | undefined)[] = [];
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname !== '/search' || url.searchParams.get('format') !== 'json') {
      res.writeHead(404).end();
      return;
    }
    queries.push(url.searchParams.get('q') ?? '');
    authorizations.push(req.headers.authorization);
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({
        results: [
          {
            title: 'Checkout Sessions API',
            url: 'https://docs.example.com/checkout',
            content: 'Create a <b>session</b>.',
          },
          { title: 'No link', content: 'dropped: it has no url' },
          { title: 'Prices', url: 'https://docs.example.com/prices', content: 'Amounts in cents.' },
        ],
      }),
    );
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    host: `127.0.0.1:${port}`,
    queries,
    authorizations,
    [Symbol.asyncDispose]: () => new Promise<void>((r) => server.close(() => r())),
  };
}

/** The project once revision `number` is its latest and finished. */
async function settle(c: Client, id: string, number: number) {
  return (await settled(c, id, { number, query: PROJECT, timeoutMs: 90_000 })).project;
}

describe.each(backends)('web search on %s', (backend) => {
  it('is offered only with a provider, answers from it and charges each search', {
    timeout: 240_000,
  }, async () => {
    await using search = await startFakeSearch();
    await using model = await startScriptedModelServer([{ reply: PAGE('Shop') }]);
    await using t = await startTestKiln(backend, {
      ...scriptedModelEnv(model),
      KILN_EGRESS_ALLOW_HOSTS: search.host,
    });
    const { client: me } = await signUp(t, 'w@example.com');
    const { id } = await createProject(me, 'A shop page');
    await settle(me, id, 1);
    // No provider: the model is never told about web_search.
    expect(model.requests[0]?.system).not.toContain('web_search');
    const orgId = (await me.gql(CREDITS)).data.organizations[0].id as string;
    expect(
      (await me.gql(`query($o: ID!) { organization(id: $o) { webSearch { kind } } }`, { o: orgId })).data,
    ).toEqual({ organization: { webSearch: null } });

    // Bad settings are refused with a reason; nothing stored.
    const unknown = await me.gql(UPDATE, { o: orgId, kind: 'GOOGLE', url: search.url });
    expect(unknown.errors?.[0]?.message).toBe('Unknown search provider GOOGLE: use SEARXNG or BRAVE.');
    const brave = await me.gql(UPDATE, { o: orgId, kind: 'BRAVE' });
    expect(brave.errors?.[0]?.message).toBe('Brave Search needs an API key (the X-Subscription-Token).');
    const noUrl = await me.gql(UPDATE, { o: orgId, kind: 'SEARXNG' });
    expect(noUrl.errors?.[0]?.extensions?.code).toBe('validation');

    const saved = await me.gql(UPDATE, {
      o: orgId,
      kind: 'searxng',
      url: `${search.url}/`,
      key: 'searx-key',
    });
    expect(saved.data.updateWebSearch).toEqual({
      kind: 'SEARXNG',
      url: search.url,
      hasApiKey: true,
      creditsPerSearch: WEB_SEARCH_COST,
    });

    // The model searches, then writes with what it found.
    model.enqueue(
      { reply: 'Let me check.\n<kiln:tool-call name="web_search">stripe checkout session</kiln:tool-call>' },
      { reply: PAGE('Checkout') },
    );
    const sent = await me.gql(
      `mutation($p: ID!) { sendMessage(projectId: $p, text: "add a checkout") { id } }`,
      {
        p: id,
      },
    );
    expect(sent.errors).toBeUndefined();
    const project = await settle(me, id, 2);
    expect(project.latestRevision.status).toBe('VALID');
    expect(search.queries).toEqual(['stripe checkout session']);
    expect(search.authorizations).toEqual(['Bearer searx-key']);
    expect(model.requests[1]?.system).toContain('<kiln:tool-call name="web_search">');
    const toolResult = model.requests[2]?.messages.at(-1)?.content ?? '';
    expect(toolResult).toContain('<kiln:tool-result name="web_search">');
    expect(toolResult).toContain(
      '1. Checkout Sessions API\n   https://docs.example.com/checkout\n   Create a session.',
    );
    expect(toolResult).toContain('2. Prices');
    expect(toolResult).not.toContain('No link');
    const blocks = project.messages.at(-1).blocks;
    expect(blocks).toContainEqual({
      kind: 'tool-call',
      tool: 'web_search',
      input: 'stripe checkout session',
      status: 'success',
    });
    const entries = (await me.gql(CREDITS)).data.organizations[0].credits.entries;
    expect(entries.filter((e: { type: string }) => e.type === 'WEB_SEARCH_USAGE')).toEqual([
      { type: 'WEB_SEARCH_USAGE', amount: -WEB_SEARCH_COST, refunded: false },
    ]);

    // Plan mode searches too: the answer shows the search, which is charged to the discussion; no revision.
    model.enqueue(
      { reply: 'Let me look it up.\n<kiln:tool-call name="web_search">stripe refund api</kiln:tool-call>' },
      { reply: 'Refunds are one call.\n\n1. Add a refund function.\n2. Add a Refund button.' },
    );
    const DISCUSS = `mutation($p: ID!, $t: String!) { sendMessage(projectId: $p, text: $t, mode: DISCUSSION) { number } }`;
    const talk = await me.gql(DISCUSS, { p: id, t: 'how would refunds work?' });
    expect(talk.errors).toBeUndefined();
    expect(talk.data.sendMessage.number).toBe(2);
    const lastAnswer = () =>
      waitFor(async () => {
        const { data } = await me.gql(PROJECT, { id });
        const last = data.project.messages.at(-1);
        return last.role === 'assistant' && last.mode === 'DISCUSSION' ? data.project : null;
      }, 60_000);
    const discussed = await lastAnswer();
    expect(discussed.latestRevision.number).toBe(2);
    expect(search.queries).toEqual(['stripe checkout session', 'stripe refund api']);
    expect(model.requests.at(-2)?.system).toContain('<kiln:tool-call name="web_search">');
    expect(model.requests.at(-1)?.messages.at(-1)?.content).toContain('1. Checkout Sessions API');
    const answer = discussed.messages.at(-1);
    expect(answer.text).toContain('2. Add a Refund button.');
    expect(answer.blocks).toContainEqual({
      kind: 'tool-call',
      tool: 'web_search',
      input: 'stripe refund api',
      status: 'success',
    });
    const searches = async () =>
      (
        (await me.gql(CREDITS)).data.organizations[0].credits.entries as { type: string; refunded: boolean }[]
      ).filter((e) => e.type === 'WEB_SEARCH_USAGE');
    expect(await searches()).toHaveLength(2);
    expect((await searches()).every((e) => !e.refunded)).toBe(true);

    // A discussion that fails after searching costs nothing: its search is refunded.
    model.enqueue(
      { reply: '<kiln:tool-call name="web_search">stripe disputes</kiln:tool-call>' },
      { reply: '', status: 400, errorMessage: 'bad request' },
    );
    expect((await me.gql(DISCUSS, { p: id, t: 'and disputes?' })).errors).toBeUndefined();
    const failed = await lastAnswer();
    expect(failed.messages.at(-1).text).toMatch(/^Something went wrong/);
    expect(search.queries.at(-1)).toBe('stripe disputes');
    const after = await searches();
    expect(after).toHaveLength(3);
    expect(after.filter((e) => e.refunded)).toHaveLength(1);

    // Removing the provider stops offering the tool.
    const removed = await me.gql(UPDATE, { o: orgId, kind: '' });
    expect(removed.data.updateWebSearch).toBeNull();
    model.enqueue({ reply: PAGE('Again') });
    await me.gql(`mutation($p: ID!) { sendMessage(projectId: $p, text: "rename it") { id } }`, { p: id });
    await settle(me, id, 3);
    expect(model.requests.at(-1)?.system).not.toContain('web_search');
  });
});
