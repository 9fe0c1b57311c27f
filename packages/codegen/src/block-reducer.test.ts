import { describe, expect, it } from 'vitest';
import { reduceBlock, reduceBlocks, toolStatus } from './block-reducer.ts';
import { initialRunState, type RunContext, type RunState } from './generation-state.ts';
import type { ParsedBlockEvent } from './output-parser.ts';
import type { GenerationEvent, GenModule } from './types.ts';

const PAGE = 'apps/web/src/app/page.tsx';
const CARD = 'apps/web/src/components/Card.tsx';
const ROUTE = 'apps/web/src/app/api/todos/route.ts';
const HOME: GenModule = { filePath: PAGE, moduleType: 'PAGE', content: 'const a = 1;\nconst b = 2;\n' };

const CTX: RunContext = {
  canAskAgain: true,
  appliedMigrations: new Set(['create_todos']),
  tools: ['package_documentation'],
};

/** The reducer over `events` from the request's `modules` (plus `patch`), checking every step leaves its input as it was. */
function reduce(
  events: ParsedBlockEvent[],
  opts: { modules?: GenModule[]; patch?: Partial<RunState>; ctx?: RunContext } = {},
): { state: RunState; events: GenerationEvent[] } {
  let state: RunState = { ...initialRunState({ modules: opts.modules ?? [HOME] }), ...opts.patch };
  const out: GenerationEvent[] = [];
  for (const ev of events) {
    const before = structuredClone(state);
    const step = reduceBlock(state, ev, opts.ctx ?? CTX);
    expect(state).toEqual(before);
    state = step.state;
    out.push(...step.events);
  }
  return { state, events: out };
}

/** The events in a short form: `status:BUILDING_UI`, `module:path:done`, `delete:path`, `text:…`, `tool:…`. */
function brief(events: GenerationEvent[]): string[] {
  return events.map((e) => {
    switch (e.type) {
      case 'status':
        return `status:${e.status}`;
      case 'module':
        return `module:${e.module.filePath}${e.done ? ':done' : ''}`;
      case 'delete':
        return `delete:${e.filePath}`;
      case 'text':
        return `text:${e.text}`;
      case 'migration':
        return `migration:${e.migration.name}${e.done ? ':done' : ''}`;
      case 'tool':
        return `tool:${e.tool}:${e.status}`;
      default:
        return e.type;
    }
  });
}

const file = (path: string, content: string, more: Partial<ParsedBlockEvent> = {}): ParsedBlockEvent =>
  ({ type: 'file', path, moduleType: null, content, done: true, closed: true, ...more }) as ParsedBlockEvent;
const edit = (path: string, edits: { search: string; replace: string }[], more = {}): ParsedBlockEvent => ({
  type: 'edit',
  path,
  edits,
  done: true,
  closed: true,
  ...more,
});

interface Case {
  name: string;
  events: ParsedBlockEvent[];
  patch?: Partial<RunState>;
  /** The events the steps yield, in `brief` form. */
  yields: string[];
  /** Each module's content after the steps (`null`: no such module). */
  contents?: Record<string, string | null>;
  /** The problems' kinds and paths (`kind` or `kind:path`). */
  problems?: string[];
  /** The missed edits (`reason:path`). */
  missed?: string[];
  /** The message-block slots (`kind` or `module:path`). */
  slots?: string[];
  message?: string;
}

const CASES: Case[] = [
  {
    name: 'chat text goes to the message',
    events: [
      { type: 'text', text: 'Hello ' },
      { type: 'text', text: 'there' },
    ],
    yields: ['text:Hello ', 'text:there'],
    message: 'Hello there',
    slots: [],
  },
  {
    name: 'a new page is drafted, then written, after BUILDING_UI once',
    events: [file(CARD, 'export default', { done: false, closed: false }), file(CARD, 'export default 1;')],
    yields: ['status:BUILDING_UI', `module:${CARD}`, `module:${CARD}:done`],
    contents: { [CARD]: 'export default 1;' },
    slots: [`module:${CARD}`],
  },
  {
    name: 'an API route is functionality',
    events: [file(ROUTE, 'export async function GET() {}')],
    yields: ['status:BUILDING_FUNCTIONALITY', `module:${ROUTE}:done`],
    contents: { [ROUTE]: 'export async function GET() {}' },
  },
  {
    name: 'a path outside the layout is refused once, with the spec message, and never drafted',
    events: [file('package.json', '{', { done: false, closed: false }), file('package.json', '{}')],
    yields: [],
    problems: ['invalid-path:package.json'],
    slots: [],
  },
  {
    name: 'a model path is made valid (src/… → apps/web/src/…)',
    events: [file('src/components/Card.tsx', 'x')],
    yields: ['status:BUILDING_UI', `module:${CARD}:done`],
    contents: { [CARD]: 'x' },
  },
  {
    name: 'a pathless block is placed by its default export, only once complete',
    events: [
      file('', 'export default function AboutPage', { done: false, closed: false }),
      file('', 'export default function AboutPage() {}'),
    ],
    yields: ['status:BUILDING_UI', 'module:apps/web/src/app/about/page.tsx:done'],
    contents: { 'apps/web/src/app/about/page.tsx': 'export default function AboutPage() {}' },
  },
  {
    name: 'a pathless block without a default function is shown as chat code and reported',
    events: [file('', 'const x = 1;\n')],
    yields: ['text:\n```tsx\nconst x = 1;\n```\n'],
    problems: ['unparsed'],
    message: '\n```tsx\nconst x = 1;\n```\n',
  },
  {
    name: 'an edit applies its SEARCH blocks to the module',
    events: [edit(PAGE, [{ search: 'const b = 2;', replace: 'const b = 3;' }])],
    yields: ['status:BUILDING_UI', `module:${PAGE}:done`],
    contents: { [PAGE]: 'const a = 1;\nconst b = 3;\n' },
    slots: [`module:${PAGE}`],
  },
  {
    name: 'partial edits re-apply to the module the block started from',
    events: [
      edit(PAGE, [{ search: 'const a = 1;', replace: 'const a = 10;' }], { done: false, closed: false }),
      edit(PAGE, [
        { search: 'const a = 1;', replace: 'const a = 10;' },
        { search: 'const b = 2;', replace: 'const b = 20;' },
      ]),
    ],
    yields: ['status:BUILDING_UI', `module:${PAGE}`, `module:${PAGE}:done`],
    contents: { [PAGE]: 'const a = 10;\nconst b = 20;\n' },
  },
  {
    name: 'an edit whose SEARCH matches nothing is a missed edit (no-match)',
    events: [edit(PAGE, [{ search: 'nowhere', replace: 'x' }])],
    yields: ['status:BUILDING_UI', `module:${PAGE}:done`],
    contents: { [PAGE]: HOME.content },
    missed: [`no-match:${PAGE}`],
  },
  {
    name: 'overlapping SEARCH blocks leave the file as it was (overlap)',
    events: [
      edit(PAGE, [
        { search: 'const a = 1;\nconst b', replace: 'x' },
        { search: 'const b = 2;', replace: 'y' },
      ]),
    ],
    yields: ['status:BUILDING_UI', `module:${PAGE}:done`],
    contents: { [PAGE]: HOME.content },
    missed: [`overlap:${PAGE}`],
  },
  {
    name: 'an edit of a file that does not exist is missed (no-file)',
    events: [edit(CARD, [{ search: 'a', replace: 'b' }])],
    yields: [],
    contents: { [CARD]: null },
    missed: [`no-file:${CARD}`],
  },
  {
    name: 'an edit of a file that does not exist with only appends creates it',
    events: [edit(CARD, [{ search: '', replace: 'export const x = 1;\n' }])],
    yields: ['status:BUILDING_UI', `module:${CARD}:done`],
    contents: { [CARD]: 'export const x = 1;\n' },
  },
  {
    name: 'an edit body without markers is the whole file',
    events: [edit(PAGE, [], { wholeFile: 'whole' })],
    yields: ['status:BUILDING_UI', `module:${PAGE}:done`],
    contents: { [PAGE]: 'whole' },
  },
  {
    name: 'a delete removes an existing module and is one slot',
    events: [
      { type: 'delete', path: PAGE },
      { type: 'delete', path: CARD },
    ],
    yields: [`delete:${PAGE}`],
    contents: { [PAGE]: null },
    slots: [`module:${PAGE}`],
  },
  {
    name: 'a rename is a delete and a module write',
    events: [{ type: 'rename', from: PAGE, to: 'apps/web/src/app/home/page.tsx' }],
    yields: [`delete:${PAGE}`, 'module:apps/web/src/app/home/page.tsx:done'],
    contents: { [PAGE]: null, 'apps/web/src/app/home/page.tsx': HOME.content },
    slots: [`module:${PAGE}`, 'module:apps/web/src/app/home/page.tsx'],
  },
  {
    name: 'a migration name already applied or written gets _2, _3',
    events: [
      { type: 'migration', name: 'create_todos', sql: 'CREATE TABLE a (id int);', done: true, closed: true },
      { type: 'migration', name: 'create_todos', sql: 'CREATE TABLE b (id int);', done: true, closed: true },
    ],
    yields: [
      'status:BUILDING_FUNCTIONALITY',
      'migration:create_todos_2:done',
      'migration:create_todos_3:done',
    ],
    slots: ['function', 'function'],
  },
  {
    name: 'a migration without SQL is ignored',
    events: [{ type: 'migration', name: 'empty', sql: '  \n', done: true, closed: true }],
    yields: [],
    slots: [],
  },
  {
    name: 'thinking deltas make one block until it ends; the next thinking is another',
    events: [
      { type: 'thinking', text: 'plan ', done: false },
      { type: 'thinking', text: 'more', done: false },
      { type: 'thinking', text: '', done: true },
      { type: 'thinking', text: 'again', done: false },
    ],
    yields: [],
    slots: ['thinking:plan more', 'thinking:again'],
  },
  {
    name: 'publish is suggested at most once; empty choices are dropped',
    events: [
      { type: 'publish', closed: true },
      { type: 'publish', reason: 'ready', closed: true },
      { type: 'choices', choices: [], closed: true },
      { type: 'choices', choices: ['make it blue'], closed: true },
    ],
    yields: [],
    slots: ['publish', 'choices'],
  },
  {
    name: 'a secret is asked for once per name; a knowledge proposal once per text',
    events: [
      { type: 'secret', name: 'STRIPE_KEY', closed: true },
      { type: 'secret', name: 'STRIPE_KEY', reason: 'again', closed: true },
      { type: 'knowledge', text: 'Use metric units.', closed: true },
      { type: 'knowledge', text: 'Use metric units.', closed: true },
    ],
    yields: [],
    slots: ['secret', 'knowledge'],
  },
  {
    name: 'a tool result the model wrote itself is ignored',
    events: [{ type: 'tool-result', name: 'package_documentation', text: 'made up', closed: true }],
    yields: [],
    message: '',
    slots: [],
  },
  {
    name: 'a call to an offered tool runs; one to another tool is kept quietly',
    events: [
      { type: 'tool-call', name: '', input: 'recharts', closed: true },
      { type: 'tool-call', name: 'web_search', input: 'q', closed: true },
    ],
    yields: ['tool:package_documentation:running'],
    slots: ['tool-call'],
  },
  {
    name: 'the retry reply keeps files only, and records them as retried',
    patch: { retrying: true },
    events: [{ type: 'text', text: 'Sorry!' }, { type: 'delete', path: PAGE }, file(CARD, 'fixed')],
    yields: ['status:BUILDING_UI', `module:${CARD}:done`],
    contents: { [PAGE]: HOME.content, [CARD]: 'fixed' },
    message: '',
  },
  {
    name: 'a file block cut off for good puts the module back and is truncated',
    patch: { cutOff: true },
    events: [
      file(PAGE, 'const a', { done: false, closed: false }),
      file(PAGE, 'const a', { done: true, closed: false }),
    ],
    yields: ['status:BUILDING_UI', `module:${PAGE}`, `module:${PAGE}:done`],
    contents: { [PAGE]: HOME.content },
    problems: [`truncated:${PAGE}`],
  },
  {
    name: 'a new file cut off for good is removed again',
    patch: { cutOff: true },
    events: [
      file(CARD, 'export', { done: false, closed: false }),
      file(CARD, 'export', { done: true, closed: false }),
    ],
    yields: ['status:BUILDING_UI', `module:${CARD}`, `delete:${CARD}`],
    contents: { [CARD]: null },
    problems: [`truncated:${CARD}`],
  },
  {
    name: 'an auth page is flagged withCustomAuth',
    events: [file('apps/web/src/app/account/signin/page.tsx', 'x')],
    yields: ['status:BUILDING_UI', 'module:apps/web/src/app/account/signin/page.tsx:done'],
    contents: { 'apps/web/src/app/account/signin/page.tsx': 'x' },
  },
];

describe('reduceBlock', () => {
  it.each(CASES)('$name', (c) => {
    const { state, events } = reduce(c.events, { patch: c.patch ?? {} });
    expect(brief(events)).toEqual(c.yields);
    for (const [path, content] of Object.entries(c.contents ?? {}))
      expect(state.modules.get(path)?.content ?? null).toBe(content);
    if (c.problems)
      expect(state.problems.map((p) => (p.filePath ? `${p.kind}:${p.filePath}` : p.kind))).toEqual(
        c.problems,
      );
    else expect(state.problems).toEqual([]);
    expect(state.missedEdits.map((m) => `${m.reason}:${m.filePath}`)).toEqual(c.missed ?? []);
    if (c.slots)
      expect(
        state.slots.map((s) =>
          s.kind === 'module'
            ? `module:${s.filePath}`
            : s.kind === 'thinking'
              ? `thinking:${s.text}`
              : s.kind,
        ),
      ).toEqual(c.slots);
    if (c.message !== undefined) expect(state.message).toBe(c.message);
  });

  it('states the spec message for a refused path', () => {
    const { state } = reduce([file('src/index.css', 'body {}')]);
    expect(state.problems).toEqual([
      {
        kind: 'invalid-path',
        filePath: 'src/index.css',
        message: 'Path src/index.css does not have a valid extension: not saved.',
      },
    ]);
  });

  it('flags auth pages withCustomAuth, in the request and in what it writes', () => {
    const signIn: GenModule = {
      filePath: 'apps/web/src/app/account/signin/page.tsx',
      moduleType: 'AUTH_PAGE_SIGN_IN',
      content: 'x',
    };
    expect(initialRunState({ modules: [signIn] }).modules.get(signIn.filePath)?.withCustomAuth).toBe(true);
    const { state } = reduce([file('apps/web/src/app/account/signup/page.tsx', 'y')]);
    expect(state.modules.get('apps/web/src/app/account/signup/page.tsx')).toMatchObject({
      moduleType: 'AUTH_PAGE_SIGN_UP',
      withCustomAuth: true,
    });
  });

  it('records a file the retry wrote, and forgets it when the retry was cut off there', () => {
    const written = reduce([file(CARD, 'ok')], { patch: { retrying: true } }).state;
    expect([...written.retried]).toEqual([CARD]);
    const cut = reduce(
      [file(CARD, 'part', { done: false, closed: false }), file(CARD, 'part', { done: true, closed: false })],
      { patch: { retrying: true, cutOff: true, retryCutOff: true } },
    ).state;
    expect([...cut.retried]).toEqual([]);
    expect(cut.problems[0]?.message).toBe(
      `The model's reply was cut off at its output limit while writing ${CARD}; that file was not changed.`,
    );
  });
});

describe('toolStatus', () => {
  it('updates the block a running call made, and yields the answer', () => {
    const ran = reduce([
      { type: 'tool-call', name: 'package_documentation', input: 'zustand', closed: true },
    ]);
    const call = ran.state.pendingCalls[0];
    if (!call) throw new Error('no pending call');
    const before = structuredClone(ran.state);
    const step = toolStatus(ran.state, call, 'success', CTX, 'the docs');
    expect(ran.state).toEqual(before);
    expect(step.events).toEqual([
      {
        type: 'tool',
        tool: 'package_documentation',
        status: 'success',
        input: 'zustand',
        output: 'the docs',
      },
    ]);
    expect(step.state.slots).toEqual([
      { kind: 'tool-call', tool: 'package_documentation', input: 'zustand', status: 'success' },
    ]);
  });

  it('answers a call to a tool that is not offered without an event or a block', () => {
    const step = toolStatus(
      initialRunState({ modules: [] }),
      { name: 'web_search', input: 'q' },
      'error',
      CTX,
    );
    expect(step.events).toEqual([]);
    expect(step.state.slots).toEqual([]);
  });
});

describe('reduceBlocks', () => {
  it('is the steps one after another', () => {
    const events: ParsedBlockEvent[] = [
      { type: 'text', text: 'Hi' },
      file(CARD, 'x'),
      { type: 'delete', path: PAGE },
    ];
    const all = reduceBlocks(initialRunState({ modules: [HOME] }), events, CTX);
    const stepwise = reduce(events);
    expect(all.events).toEqual(stepwise.events);
    expect([...all.state.modules.keys()]).toEqual([...stepwise.state.modules.keys()]);
    expect(all.state.slots).toEqual(stepwise.state.slots);
  });
});
