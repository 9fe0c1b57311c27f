/**
 * The project tools (issue 22, plan mode "reads files"): `read_file` and `grep_codebase` answer from the
 * request's modules — as the reply has changed them so far — and the model is told about them in a discussion
 * and when files were left out of the context budget.
 */
import { describe, expect, it } from 'vitest';
import { generate } from './generate.ts';
import { GREP_CODEBASE, grepCodebase, MAX_READ_CHARS, READ_FILE, readFiles } from './project-tools.ts';
import { buildPrompt, DISCUSSION_PROMPT } from './prompt.ts';
import type { GenerationEvent, GenModule, ModelProvider, ProviderMessage } from './types.ts';

const PAGE: GenModule = {
  filePath: 'apps/web/src/app/page.tsx',
  moduleType: 'PAGE',
  content: 'export default function Home() {\n  const dueDate = useDue();\n  return <h1>Todos</h1>;\n}\n',
};
const ROUTE: GenModule = {
  filePath: 'apps/web/src/app/api/todos/route.ts',
  moduleType: 'FUNCTION',
  content:
    'export async function GET() {\n  return Response.json(await sql`SELECT due_date FROM todos`);\n}\n',
};
const ABOUT: GenModule = {
  filePath: 'apps/web/src/app/about/page.tsx',
  moduleType: 'PAGE',
  content: 'export default function About() { return <p>About</p>; }\n',
};

/** A provider that answers each request with the next reply and records the conversation it was sent. */
function conversation(replies: string[]): ModelProvider & { seen: ProviderMessage[][]; systems: string[] } {
  const seen: ProviderMessage[][] = [];
  const systems: string[] = [];
  return {
    id: 'scripted',
    seen,
    systems,
    async *stream({ system, messages }) {
      const reply = replies[Math.min(seen.length, replies.length - 1)] ?? '';
      seen.push([...messages]);
      systems.push(system);
      yield reply;
    },
  };
}

async function collect(it: AsyncIterable<GenerationEvent>): Promise<GenerationEvent[]> {
  const out: GenerationEvent[] = [];
  for await (const e of it) out.push(e);
  return out;
}

describe('read_file', () => {
  it('gives files whole by path, also by the end of a path or with ./ and quotes', () => {
    const answer = readFiles('apps/web/src/app/api/todos/route.ts\n`./api/todos/route.ts`', [PAGE, ROUTE]);
    expect(answer.status).toBe('success');
    expect(answer.output).toBe(
      `<kiln:file path="${ROUTE.filePath}" type="FUNCTION">\n${ROUTE.content}\n</kiln:file>\n` +
        `<kiln:file path="${ROUTE.filePath}" type="FUNCTION">\n${ROUTE.content}\n</kiln:file>`,
    );
  });

  it('names the files when a path is unknown or names several', () => {
    const missing = readFiles('src/app/settings.tsx', [PAGE, ROUTE]);
    expect(missing.status).toBe('error');
    expect(missing.output).toBe(
      `No file "src/app/settings.tsx". The project's files: ${PAGE.filePath}, ${ROUTE.filePath}.`,
    );
    const both = readFiles('page.tsx', [PAGE, ABOUT]);
    expect(both.output).toBe(`"page.tsx" names 2 files: ${PAGE.filePath}, ${ABOUT.filePath}.`);
    expect(readFiles('  \n', [PAGE]).status).toBe('error');
  });

  it('answers at most MAX_READ_CHARS characters, saying what was cut', () => {
    const big: GenModule = {
      filePath: 'apps/web/src/data.ts',
      moduleType: 'FILE',
      content: 'x'.repeat(40_000),
    };
    const answer = readFiles(`${big.filePath}\n${PAGE.filePath}`, [big, PAGE]);
    expect(answer.output.length).toBeLessThanOrEqual(MAX_READ_CHARS + 200);
    expect(answer.output).toMatch(/\(cut: [\d,]+ more characters\)/);
    expect(answer.output).toContain(`${PAGE.filePath} was not read`);
  });
});

describe('grep_codebase', () => {
  it('lists each line containing the text, any case, with path and line number', () => {
    expect(grepCodebase('due', [PAGE, ROUTE])).toEqual({
      status: 'success',
      output: `${PAGE.filePath}:2: const dueDate = useDue();\n${ROUTE.filePath}:2: return Response.json(await sql\`SELECT due_date FROM todos\`);`,
    });
    expect(grepCodebase('tags', [PAGE]).output).toBe('No line of the project contains "tags".');
    expect(grepCodebase('', [PAGE]).status).toBe('error');
  });

  it('lists at most 40 lines and says how many more there are', () => {
    const many: GenModule = {
      filePath: 'apps/web/src/list.ts',
      moduleType: 'FILE',
      content: Array.from({ length: 50 }, (_, i) => `item${i}`).join('\n'),
    };
    const out = grepCodebase('item', [many]).output.split('\n');
    expect(out).toHaveLength(41);
    expect(out.at(-1)).toBe('(10 more matching lines not shown)');
  });
});

describe('reading the project in a generation', () => {
  it('a discussion is told the tools; the answers come from the files as the reply left them', async () => {
    const provider = conversation([
      `Let me look.\n<kiln:tool-call name="${GREP_CODEBASE}">due_date</kiln:tool-call>\n<kiln:tool-call name="${READ_FILE}">apps/web/src/app/page.tsx</kiln:tool-call>`,
      'The page reads dueDate.\n\n1. Add a tags column.\n2. Show tags on the page.',
    ]);
    const events = await collect(
      generate({ prompt: 'how would you add tags?', modules: [PAGE, ROUTE], action: 'DISCUSSION' }, provider),
    );
    expect(provider.systems[0]).toContain(DISCUSSION_PROMPT);
    expect(DISCUSSION_PROMPT).toContain('<kiln:tool-call name="read_file">');
    const results = provider.seen[1]?.at(-1)?.content ?? '';
    expect(results).toContain(`<kiln:tool-result name="grep_codebase">\n${ROUTE.filePath}:2: `);
    expect(results).toContain(
      `<kiln:tool-result name="read_file">\n<kiln:file path="${PAGE.filePath}" type="PAGE">\n${PAGE.content}`,
    );
    const done = events.at(-1);
    if (done?.type !== 'done') throw new Error('no done event');
    expect(done.blocks.filter((b) => b.kind === 'tool-call')).toEqual([
      { kind: 'tool-call', tool: 'grep_codebase', input: 'due_date', status: 'success' },
      { kind: 'tool-call', tool: 'read_file', input: 'apps/web/src/app/page.tsx', status: 'success' },
    ]);
    expect(done.modules).toEqual([PAGE, ROUTE]);
  });

  it('reads a file the reply already rewrote as it is now', async () => {
    const provider = conversation([
      `<kiln:file path="${PAGE.filePath}" type="PAGE">export default function Home() { return <h1>New</h1>; }\n</kiln:file>\n<kiln:tool-call name="read_file">${PAGE.filePath}</kiln:tool-call>`,
      'Done.',
    ]);
    await collect(generate({ prompt: 'rename it', modules: [PAGE] }, provider));
    expect(provider.seen[1]?.at(-1)?.content).toContain('<h1>New</h1>');
  });

  it('a request over the context budget is told to read the files listed by path only', () => {
    const modules = [PAGE, ROUTE, { ...ABOUT, content: 'y'.repeat(4_000) }];
    const content = buildPrompt({ prompt: 'change the todos', modules }, { budgetTokens: 200 }).messages[0]
      ?.content;
    expect(content).toContain('<kiln:other-files>');
    expect(content).toContain('<kiln:tool-call name="read_file">its path</kiln:tool-call>');
  });
});
