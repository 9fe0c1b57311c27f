/**
 * Issue 22 in codegen: the `web_search` tool (offered only when the caller passes a search) and the
 * `<kiln:group>` section a top-down chat sends (the group's other projects).
 */
import { describe, expect, it } from 'vitest';
import { generate, WEB_SEARCH_PROMPT } from './generate.ts';
import { buildPrompt, groupSection, readRequestMessage } from './prompt.ts';
import type { GenerationEvent, GenGroup, ModelProvider, ProviderMessage } from './types.ts';

/** A provider that answers each request with the next reply and records the conversation it was sent. */
function conversation(
  replies: string[],
): ModelProvider & { seen: { system: string; messages: ProviderMessage[] }[] } {
  const seen: { system: string; messages: ProviderMessage[] }[] = [];
  return {
    id: 'scripted',
    seen,
    async *stream({ system, messages }) {
      const reply = replies[Math.min(seen.length, replies.length - 1)] ?? '';
      seen.push({ system, messages: [...messages] });
      yield reply;
    },
  };
}

async function collect(it: AsyncIterable<GenerationEvent>): Promise<GenerationEvent[]> {
  const out: GenerationEvent[] = [];
  for await (const e of it) out.push(e);
  return out;
}

const CALL = 'Checking.<kiln:tool-call name="web_search">  stripe checkout  </kiln:tool-call>';

describe('web_search', () => {
  it('is offered with a search: the query goes to it, the answer back to the model, a tool block records it', async () => {
    const queries: string[] = [];
    const provider = conversation([CALL, 'Done.']);
    const events = await collect(
      generate({ prompt: 'x', modules: [] }, provider, {
        webSearch: async (query) => {
          queries.push(query);
          return { status: 'success', output: '1. Stripe\n   https://stripe.com\n   Checkout' };
        },
      }),
    );
    expect(queries).toEqual(['stripe checkout']);
    expect(provider.seen[0]?.system).toContain(WEB_SEARCH_PROMPT);
    expect(provider.seen[1]?.messages.at(-1)?.content).toBe(
      '<kiln:tool-result name="web_search">\n1. Stripe\n   https://stripe.com\n   Checkout\n</kiln:tool-result>',
    );
    const tools = events.flatMap((e) => (e.type === 'tool' ? [[e.tool, e.status]] : []));
    expect(tools).toEqual([
      ['web_search', 'running'],
      ['web_search', 'success'],
    ]);
    const done = events.at(-1);
    expect(done?.type === 'done' && done.blocks).toContainEqual({
      kind: 'tool-call',
      tool: 'web_search',
      input: 'stripe checkout',
      status: 'success',
    });
  });

  it('a failing search is an error answer to the model, not a failed generation', async () => {
    const provider = conversation([CALL, 'Done without it.']);
    const events = await collect(
      generate({ prompt: 'x', modules: [] }, provider, {
        webSearch: async () => {
          throw new Error('provider down');
        },
      }),
    );
    expect(provider.seen[1]?.messages.at(-1)?.content).toContain('The web search failed: provider down');
    expect(events.at(-1)?.type === 'done' && events.at(-1)).toMatchObject({
      message: 'Checking.\nDone without it.',
    });
  });

  it('is not offered without a search: the system prompt does not name it', async () => {
    const provider = conversation(['Ok.']);
    await collect(generate({ prompt: 'x', modules: [] }, provider));
    expect(provider.seen[0]?.system).not.toContain('web_search');
  });
});

const GROUP: GenGroup = {
  projectName: 'Shop Mobile',
  projects: [
    {
      name: 'Shop Web',
      kind: 'web app',
      changing: true,
      url: 'http://shop.apps.localhost:4000/',
      functions: ['GET POST /api/products'],
      pages: ['/', '/cart'],
      tables: ['products(id integer, name text)'],
    },
    { name: 'Docs', kind: 'empty project', changing: false, functions: [], pages: [], tables: [] },
  ],
};

describe('<kiln:group>', () => {
  it("tells the generation the other projects' functions, pages, tables and URLs", () => {
    const text = groupSection(GROUP);
    expect(text).toContain('this project is "Shop Mobile"');
    expect(text).toContain(
      'Project "Shop Web" (web app, changed by this same request) at http://shop.apps.localhost:4000/:',
    );
    expect(text).toContain('  functions: GET POST /api/products');
    expect(text).toContain("fetch('http://shop.apps.localhost:4000/api/...')");
    expect(text).toContain('  tables: products(id integer, name text)');
    expect(text).toContain('Project "Docs" (empty project), not published yet:');
  });

  it('goes before the request, which still reads back the same (the builtin generator is unaffected)', () => {
    const { messages } = buildPrompt({ prompt: 'add favourites', modules: [], action: 'CHAT', group: GROUP });
    const content = messages[0]?.content ?? '';
    expect(content.indexOf('<kiln:group>')).toBeLessThan(content.indexOf('<kiln:request'));
    expect(readRequestMessage(content)).toMatchObject({ action: 'CHAT', prompt: 'add favourites' });
  });
});
