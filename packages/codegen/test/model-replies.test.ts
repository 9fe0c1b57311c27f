/**
 * What real models write (issue 20): replies that deviate from Kiln's tagged format — tag variants, foreign
 * formats, paths outside the layout, edits that miss, replies cut off at the token limit — streamed over real
 * HTTP by the scripted model server in small random chunks, through `generate` and a real OpenAI-compatible
 * provider. Each case states what the model meant and checks the modules and problems a user ends up with.
 */
import { describe, expect, it } from 'vitest';
import { CONTINUE_MESSAGE, generate, MAX_CONTINUATIONS } from '../src/generate.ts';
import { createModelProvider } from '../src/providers/index.ts';
import type { GenerateRequest, GenerationEvent, GenModule } from '../src/types.ts';
import { type Script, type ScriptedModelServer, startScriptedModelServer } from './scripted-model-server.ts';

type Done = Extract<GenerationEvent, { type: 'done' }>;

const PAGE_PATH = 'apps/web/src/app/page.tsx';
const CARD_PATH = 'apps/web/src/components/Card.tsx';
const PAGE_CODE = 'export default function HomePage() {\n  return <main className="p-8">Hello</main>;\n}\n';
const CARD_CODE = 'export default function Card() {\n  return <div className="rounded p-4">Card</div>;\n}\n';
const CARD: GenModule = { filePath: CARD_PATH, moduleType: 'COMPONENT', content: CARD_CODE };
const PAGE: GenModule = { filePath: PAGE_PATH, moduleType: 'PAGE', content: PAGE_CODE };

/** A small deterministic random generator, so a failing chunking can be replayed. */
function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}
const random = rng(20);
/** A script streamed in small random chunks (1–9 characters per delta). */
function chunked(reply: string, extra: Partial<Script> = {}): Script {
  return { reply, chunkSize: 1 + Math.floor(random() * 9), ...extra };
}

async function run(
  server: ScriptedModelServer,
  req: GenerateRequest,
): Promise<{ events: GenerationEvent[]; done: Done }> {
  const provider = createModelProvider('openai:gpt-4o-mini', {
    openaiApiKey: 'sk-test-openai-0123456789abcdef',
    baseUrl: server.url,
    maxRetries: 0,
  });
  const events: GenerationEvent[] = [];
  for await (const ev of generate(req, provider)) events.push(ev);
  const done = events.at(-1);
  if (done?.type !== 'done') throw new Error('no done event');
  return { events, done };
}

function files(done: Done): [string, string, string][] {
  return done.modules.map((m) => [m.filePath, m.moduleType, m.content]);
}

const NEW_APP: GenerateRequest = { prompt: 'a small app', modules: [] };

describe('Kiln tag variants a model writes are read as the files it meant', () => {
  const cases: [string, string][] = [
    ['upper-case tags', `<KILN:FILE PATH="${PAGE_PATH}" TYPE="PAGE">\n${PAGE_CODE}</KILN:FILE>\nDone.`],
    ['a space after <', `< kiln:file path="${PAGE_PATH}">\n${PAGE_CODE}< /kiln:file>\nDone.`],
    ['single quotes', `<kiln:file path='${PAGE_PATH}' type='PAGE'>\n${PAGE_CODE}</kiln:file>\nDone.`],
    [
      'an unquoted path with slashes',
      `<kiln:file path=${PAGE_PATH} type=PAGE>\n${PAGE_CODE}</kiln:file>\nDone.`,
    ],
    ['filePath= for path=', `<kiln:file filePath="${PAGE_PATH}">\n${PAGE_CODE}</kiln:file>\nDone.`],
    [
      'a self-closing file tag followed by a fenced block',
      `<kiln:file path="${PAGE_PATH}" type="PAGE"/>\n\`\`\`tsx\n${PAGE_CODE}\`\`\`\nDone.`,
    ],
    [
      'a fence with an info string after the language',
      `<kiln:file path="${PAGE_PATH}">\n\`\`\`tsx filename="page.tsx"\n${PAGE_CODE}\`\`\`\n</kiln:file>\nDone.`,
    ],
  ];
  it.each(cases)('%s', async (_name, reply) => {
    await using server = await startScriptedModelServer([chunked(reply)]);
    const { done } = await run(server, NEW_APP);
    expect(files(done)).toEqual([[PAGE_PATH, 'PAGE', PAGE_CODE]]);
    expect(done.message).toBe('Done.');
    expect(done.problems).toBeUndefined();
    expect(server.requests).toHaveLength(1);
  });
});

describe('foreign formats are read when a reply holds no Kiln tag', () => {
  const cases: [string, string, string][] = [
    [
      'bolt artifacts',
      `I'll build it.\n<boltArtifact id="app" title="App">\n<boltAction type="shell">npm install</boltAction>\n<boltAction type="file" filePath="src/app/page.tsx">\n${PAGE_CODE}</boltAction>\n<boltAction type="file" filePath="src/components/Card.tsx">\n${CARD_CODE}</boltAction>\n</boltArtifact>\nEnjoy.`,
      "I'll build it.\n\nEnjoy.",
    ],
    [
      'Dyad write tags',
      `Sure.\n<dyad-write path="src/app/page.tsx" description="home">\n${PAGE_CODE}</dyad-write>\n<dyad-write path="src/components/Card.tsx">\n${CARD_CODE}</dyad-write>\n<dyad-chat-summary>Home page</dyad-chat-summary>`,
      'Sure.',
    ],
    [
      'Claude-style artifacts with a path title',
      `Here.\n<antArtifact identifier="home" type="application/vnd.ant.react" title="app/page.tsx">\n${PAGE_CODE}</antArtifact>\n<antArtifact identifier="card" type="application/vnd.ant.code" language="tsx" title="components/Card.tsx">\n${CARD_CODE}</antArtifact>`,
      'Here.',
    ],
    [
      'fences with title= and a path after the language',
      `Here.\n\n\`\`\`tsx title="src/app/page.tsx"\n${PAGE_CODE}\`\`\`\n\n\`\`\`tsx src/components/Card.tsx\n${CARD_CODE}\`\`\`\n`,
      'Here.',
    ],
    [
      'a bold path line before a fence and a path comment inside one',
      `Here.\n\n**src/app/page.tsx**\n\`\`\`tsx\n${PAGE_CODE}\`\`\`\n\n\`\`\`tsx\n// src/components/Card.tsx\n${CARD_CODE}\`\`\`\nThat's all.`,
      "Here.\n\nThat's all.",
    ],
  ];
  it.each(cases)('%s', async (_name, reply, message) => {
    await using server = await startScriptedModelServer([chunked(reply)]);
    const { done } = await run(server, NEW_APP);
    expect(files(done)).toEqual([
      [PAGE_PATH, 'PAGE', PAGE_CODE],
      [CARD_PATH, 'COMPONENT', CARD_CODE],
    ]);
    expect(done.message).toBe(message);
    expect(done.problems).toBeUndefined();
  });

  it('a Claude-style artifact without a path, exporting HomePage, is the root page', async () => {
    const reply = `Here is your page.\n<antArtifact identifier="home" type="application/vnd.ant.react" title="Home">\n${PAGE_CODE}</antArtifact>\nEnjoy.`;
    await using server = await startScriptedModelServer([chunked(reply)]);
    const { done } = await run(server, NEW_APP);
    expect(files(done)).toEqual([[PAGE_PATH, 'PAGE', PAGE_CODE]]);
    expect(done.message).toBe('Here is your page.\n\nEnjoy.');
  });

  it('a Dyad search-replace tag is an edit', async () => {
    const reply = `<dyad-search-replace path="src/components/Card.tsx">\n<<<<<<< SEARCH\nrounded p-4\n=======\nrounded-xl p-4\n>>>>>>> REPLACE\n</dyad-search-replace>`;
    await using server = await startScriptedModelServer([chunked(reply)]);
    const { done } = await run(server, { prompt: 'rounder', modules: [CARD] });
    expect(files(done)).toEqual([
      [CARD_PATH, 'COMPONENT', CARD_CODE.replace('rounded p-4', 'rounded-xl p-4')],
    ]);
    expect(done.problems).toBeUndefined();
  });

  it('a reply that thinks in Kiln tags but writes its files as named fences', async () => {
    const reply = `<kiln:thinking>A page and a card.</kiln:thinking>\nHere.\n\n\`\`\`tsx title="src/app/page.tsx"\n${PAGE_CODE}\`\`\`\n\n\`\`\`tsx title="src/components/Card.tsx"\n${CARD_CODE}\`\`\`\n<kiln:choices>\nmake it blue\n</kiln:choices>`;
    await using server = await startScriptedModelServer([chunked(reply)]);
    const { done } = await run(server, NEW_APP);
    expect(files(done)).toEqual([
      [PAGE_PATH, 'PAGE', PAGE_CODE],
      [CARD_PATH, 'COMPONENT', CARD_CODE],
    ]);
    expect(done.message).toBe('Here.');
    expect(done.blocks.map((b) => b.kind)).toEqual(['thinking', 'choices', 'page', 'component']);
  });

  it('aider-style edits: a path line, then a fenced SEARCH/REPLACE block', async () => {
    const reply = `Making the card rounder.\n\nsrc/components/Card.tsx\n\`\`\`tsx\n<<<<<<< SEARCH\n  return <div className="rounded p-4">Card</div>;\n=======\n  return <div className="rounded-xl p-4">Card</div>;\n>>>>>>> REPLACE\n\`\`\`\n`;
    await using server = await startScriptedModelServer([chunked(reply)]);
    const { done } = await run(server, { prompt: 'rounder card', modules: [PAGE, CARD] });
    expect(done.modules.find((m) => m.filePath === CARD_PATH)?.content).toBe(
      CARD_CODE.replace('rounded p-4', 'rounded-xl p-4'),
    );
    expect(done.message).toBe('Making the card rounder.');
    expect(done.blocks).toEqual([
      { kind: 'component', filePath: CARD_PATH, name: 'Card', moduleType: 'COMPONENT', change: 'edited' },
    ]);
  });

  it('a fence without a file name stays chat text', async () => {
    const reply = 'Run this:\n```bash\nnpm install\n```\n';
    await using server = await startScriptedModelServer([chunked(reply)]);
    const { done } = await run(server, NEW_APP);
    expect(done.modules).toEqual([]);
    expect(done.message).toBe('Run this:\n```bash\nnpm install\n```');
  });
});

describe('paths are made valid module paths', () => {
  it('puts app/page.tsx with type PAGE at apps/web/src/app/page.tsx, so the app has its / page', async () => {
    const reply = `<kiln:file path="app/page.tsx" type="PAGE">\n${PAGE_CODE}</kiln:file><kiln:file path="src/components/Card.tsx" type="PAGE">\n${CARD_CODE}</kiln:file>`;
    await using server = await startScriptedModelServer([chunked(reply)]);
    const { done, events } = await run(server, NEW_APP);
    // The module type follows from the path: a "PAGE" in components/ is a component.
    expect(files(done)).toEqual([
      [PAGE_PATH, 'PAGE', PAGE_CODE],
      [CARD_PATH, 'COMPONENT', CARD_CODE],
    ]);
    const drafted = new Set(events.flatMap((e) => (e.type === 'module' ? [e.module.filePath] : [])));
    expect([...drafted]).toEqual([PAGE_PATH, CARD_PATH]);
  });

  it('maps a page rewritten as page.jsx to the existing page.tsx: one page on the route', async () => {
    const rewritten = PAGE_CODE.replace('Hello', 'Welcome');
    const reply = `<kiln:file path="apps/web/src/app/page.jsx">\n${rewritten}</kiln:file>`;
    await using server = await startScriptedModelServer([chunked(reply)]);
    const { done } = await run(server, { prompt: 'say welcome', modules: [PAGE] });
    expect(files(done)).toEqual([[PAGE_PATH, 'PAGE', rewritten]]);
  });

  it("refuses a path that cannot be made valid with the spec's message, as an invalid-path problem", async () => {
    const reply = `<kiln:file path="src/styles/globals.css">\nbody { margin: 0 }\n</kiln:file><kiln:file path="package.json">\n{}\n</kiln:file><kiln:file path="${PAGE_PATH}">\n${PAGE_CODE}</kiln:file>`;
    await using server = await startScriptedModelServer([chunked(reply)]);
    const { done, events } = await run(server, NEW_APP);
    expect(files(done)).toEqual([[PAGE_PATH, 'PAGE', PAGE_CODE]]);
    expect(events.some((e) => e.type === 'module' && e.module.filePath !== PAGE_PATH)).toBe(false);
    expect(done.problems).toEqual([
      {
        kind: 'invalid-path',
        filePath: 'src/styles/globals.css',
        message: 'Path src/styles/globals.css does not have a valid extension: not saved.',
      },
      {
        kind: 'invalid-path',
        filePath: 'package.json',
        message: 'Path package.json is not in a known source directory: not saved.',
      },
    ]);
  });

  it('a file block without a path creates no stray modules from its drafts', async () => {
    const reply = `<kiln:file>\n${CARD_CODE}</kiln:file>\n<kiln:file type="PAGE">\nconst x = 1;\n</kiln:file>`;
    await using server = await startScriptedModelServer([chunked(reply, { chunkSize: 2 })]);
    const { done, events } = await run(server, NEW_APP);
    const drafted = new Set(events.flatMap((e) => (e.type === 'module' ? [e.module.filePath] : [])));
    expect([...drafted]).toEqual([CARD_PATH]);
    expect(files(done)).toEqual([[CARD_PATH, 'COMPONENT', CARD_CODE]]);
    expect(done.problems).toEqual([
      {
        kind: 'unparsed',
        message: 'The model wrote a file without a path, so it could not be saved; its code is shown above.',
      },
    ]);
  });
});

describe('edits that miss get one retry in the same generation', () => {
  it('an edit to a file that does not exist, at a path without apps/web/src, is asked again and written whole', async () => {
    const edit = `<kiln:edit path="src/components/Badge.tsx">\n<<<<<<< SEARCH\nold\n=======\nnew\n>>>>>>> REPLACE\n</kiln:edit>\nAdded a badge.`;
    const badge = 'export default function Badge() {\n  return <span>New</span>;\n}\n';
    await using server = await startScriptedModelServer([
      chunked(edit),
      chunked(`<kiln:file path="apps/web/src/components/Badge.tsx">\n${badge}</kiln:file>`),
    ]);
    const { done } = await run(server, { prompt: 'add a badge', modules: [PAGE] });
    expect(done.modules.find((m) => m.filePath === 'apps/web/src/components/Badge.tsx')?.content).toBe(badge);
    expect(done.problems).toBeUndefined();
    expect(done.missedEdits).toBeUndefined();
    expect(server.requests[1]?.messages.at(-1)?.content).toContain(
      '- apps/web/src/components/Badge.tsx does not exist, so it cannot be edited.',
    );
    expect(done.message).toBe('Added a badge.');
  });

  it('an edit of a file that does not exist, answered by an edit of the file the model meant, is recovered', async () => {
    const wrong = `<kiln:edit path="apps/web/src/components/Tile.tsx">\n<<<<<<< SEARCH\nrounded p-4\n=======\nrounded-xl p-4\n>>>>>>> REPLACE\n</kiln:edit>`;
    await using server = await startScriptedModelServer([
      chunked(wrong),
      chunked(wrong.replace('Tile', 'Card')),
    ]);
    const { done } = await run(server, { prompt: 'rounder card', modules: [PAGE, CARD] });
    expect(done.modules.find((m) => m.filePath === CARD_PATH)?.content).toContain('rounded-xl p-4');
    expect(done.problems).toBeUndefined();
    expect(server.requests[1]?.messages.at(-1)?.content).toContain(
      `The project's files are: ${PAGE_PATH}, ${CARD_PATH}.`,
    );
  });

  it('an edit without a path is reported, not dropped', async () => {
    const reply = `<kiln:edit>\n<<<<<<< SEARCH\nrounded p-4\n=======\nrounded-xl p-4\n>>>>>>> REPLACE\n</kiln:edit>`;
    await using server = await startScriptedModelServer([chunked(reply)]);
    const { done } = await run(server, { prompt: 'rounder', modules: [CARD] });
    expect(done.modules).toEqual([CARD]);
    expect(done.problems).toEqual([
      {
        kind: 'unparsed',
        message: 'The model wrote an edit without a file path, so it could not be applied.',
      },
    ]);
  });

  it('a retry that misses again is reported once, with a sentence the user can read', async () => {
    const edit = `<kiln:edit path="${CARD_PATH}">\n<<<<<<< SEARCH\nnot in the file\n=======\nx\n>>>>>>> REPLACE\n</kiln:edit>`;
    await using server = await startScriptedModelServer([chunked(edit), chunked(edit)]);
    const { done } = await run(server, { prompt: 'x', modules: [CARD] });
    expect(done.modules).toEqual([CARD]);
    expect(done.blocks).toEqual([]);
    expect(done.problems).toEqual([
      {
        kind: 'missed-edit',
        filePath: CARD_PATH,
        message: `The edit to ${CARD_PATH} did not match the file, even after asking the model again.`,
      },
    ]);
    expect(server.requests).toHaveLength(2);
  });
});

describe('replies cut off at the token limit', () => {
  it('are continued until complete, each continue request carrying what was received', async () => {
    const reply = `<kiln:file path="${PAGE_PATH}">\n${PAGE_CODE}</kiln:file><kiln:file path="${CARD_PATH}">\n${CARD_CODE}</kiln:file>Done.`;
    const a = reply.indexOf('<main');
    const b = reply.indexOf('rounded p-4');
    await using server = await startScriptedModelServer([
      chunked(reply.slice(0, a), { finish: 'length' }),
      chunked(reply.slice(a, b), { finish: 'length' }),
      chunked(reply.slice(b)),
    ]);
    const { done } = await run(server, NEW_APP);
    expect(files(done)).toEqual([
      [PAGE_PATH, 'PAGE', PAGE_CODE],
      [CARD_PATH, 'COMPONENT', CARD_CODE],
    ]);
    expect(done.message).toBe('Done.');
    expect(done.problems).toBeUndefined();
    expect(server.requests.map((r) => r.messages.map((m) => m.role))).toEqual([
      ['user'],
      ['user', 'assistant', 'user'],
      ['user', 'assistant', 'user', 'assistant', 'user'],
    ]);
    expect(server.requests[2]?.messages.slice(1)).toEqual([
      { role: 'assistant', content: reply.slice(0, a) },
      { role: 'user', content: CONTINUE_MESSAGE },
      { role: 'assistant', content: reply.slice(a, b) },
      { role: 'user', content: CONTINUE_MESSAGE },
    ]);
  });

  it(`are reported as truncated after ${MAX_CONTINUATIONS} continue requests, the cut-off file left as it was`, async () => {
    const endless = `<kiln:file path="${CARD_PATH}">\nexport default function Card() {\n  return (\n    <div>\n`;
    await using server = await startScriptedModelServer([
      chunked(endless, { finish: 'length' }),
      chunked('      <p>more</p>\n', { finish: 'length' }),
      chunked('      <p>and more</p>\n', { finish: 'length' }),
    ]);
    const { done } = await run(server, { prompt: 'x', modules: [PAGE, CARD] });
    expect(done.modules).toEqual([PAGE, CARD]);
    expect(done.blocks).toEqual([]);
    expect(done.problems).toEqual([
      {
        kind: 'truncated',
        filePath: CARD_PATH,
        message: `The model's reply was cut off at its output limit while writing ${CARD_PATH}, even after asking it to continue 2 times; that file was not changed.`,
      },
    ]);
    expect(server.requests).toHaveLength(3);
  });
});

describe('a retry reply cut off at the token limit', () => {
  it('is not continued: the file it was writing is not applied, and the miss and the cut are reported', async () => {
    const edit = `<kiln:edit path="${CARD_PATH}">\n<<<<<<< SEARCH\nnot in the file\n=======\nx\n>>>>>>> REPLACE\n</kiln:edit>`;
    await using server = await startScriptedModelServer([
      chunked(edit),
      chunked(`<kiln:file path="${CARD_PATH}">\nexport default function Card() {\n  return (\n`, {
        finish: 'length',
      }),
    ]);
    const { done } = await run(server, { prompt: 'x', modules: [CARD] });
    expect(done.modules).toEqual([CARD]);
    expect(done.problems?.map((p) => p.kind)).toEqual(['truncated', 'missed-edit']);
    expect(done.problems?.[0]?.message).toBe(
      `The model's reply was cut off at its output limit while writing ${CARD_PATH}; that file was not changed.`,
    );
    expect(server.requests).toHaveLength(2);
  });
});

describe('a file block whose closing tag is missing', () => {
  it('ends where the module is complete (decided by the tsx parse); the prose after it is chat text', async () => {
    const reply = `<kiln:file path="${PAGE_PATH}">\n${PAGE_CODE}\nThis page greets your visitors. Let me know if you want a footer.\n<kiln:file path="${CARD_PATH}">\n${CARD_CODE}`;
    await using server = await startScriptedModelServer([chunked(reply)]);
    const { done } = await run(server, NEW_APP);
    expect(files(done)).toEqual([
      [PAGE_PATH, 'PAGE', PAGE_CODE],
      [CARD_PATH, 'COMPONENT', CARD_CODE],
    ]);
    expect(done.message).toBe('This page greets your visitors. Let me know if you want a footer.');
  });

  it('keeps a body that is code to its end (a JSX text line is not prose)', async () => {
    const code =
      'export default function About() {\n  return (\n    <p>\n      We bake bread every morning.\n    </p>\n  );\n}\n';
    const reply = `<kiln:file path="apps/web/src/app/about/page.tsx">\n${code}`;
    await using server = await startScriptedModelServer([chunked(reply)]);
    const { done } = await run(server, NEW_APP);
    expect(files(done)).toEqual([['apps/web/src/app/about/page.tsx', 'PAGE', code]]);
    expect(done.message).toBe('');
  });
});
