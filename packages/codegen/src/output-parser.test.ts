import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createOutputParser, type ParsedBlockEvent } from './output-parser.ts';

/** Feeds `chunks` and folds the events into what a consumer ends up with. */
function run(chunks: string[]) {
  const parser = createOutputParser();
  const events: ParsedBlockEvent[] = [];
  for (const c of chunks) events.push(...parser.push(c));
  events.push(...parser.end());
  return { events, ...fold(events) };
}

function fold(events: ParsedBlockEvent[]) {
  let text = '';
  let thinking = '';
  const files: { path: string; moduleType: string | null; content: string; closed: boolean }[] = [];
  const edits: {
    path: string;
    edits: { search: string; replace: string }[];
    closed: boolean;
    wholeFile?: string;
  }[] = [];
  const ops: string[] = [];
  const migrations: { name: string; sql: string; closed: boolean }[] = [];
  const toolCalls: { name: string; input: string; closed: boolean }[] = [];
  const choices: { choices: string[]; closed: boolean }[] = [];
  const publish: { reason?: string; closed: boolean }[] = [];
  for (const e of events) {
    if (e.type === 'text') text += e.text;
    else if (e.type === 'thinking') thinking += e.text;
    else if (e.type === 'file' && e.done)
      files.push({ path: e.path, moduleType: e.moduleType, content: e.content, closed: e.closed });
    else if (e.type === 'edit' && e.done) {
      const entry: (typeof edits)[number] = { path: e.path, edits: e.edits, closed: e.closed };
      if (e.wholeFile !== undefined) entry.wholeFile = e.wholeFile;
      edits.push(entry);
    } else if (e.type === 'delete') ops.push(`delete ${e.path}`);
    else if (e.type === 'rename') ops.push(`rename ${e.from} ${e.to}`);
    else if (e.type === 'migration' && e.done)
      migrations.push({ name: e.name, sql: e.sql, closed: e.closed });
    else if (e.type === 'tool-call') toolCalls.push({ name: e.name, input: e.input, closed: e.closed });
    else if (e.type === 'choices') choices.push({ choices: e.choices, closed: e.closed });
    else if (e.type === 'publish')
      publish.push(e.reason === undefined ? { closed: e.closed } : { reason: e.reason, closed: e.closed });
  }
  return { text, thinking, files, edits, ops, migrations, toolCalls, choices, publish };
}

const PAGE = `import { useState } from 'react';

export default function HomePage() {
  const [n, setN] = useState(0);
  const small = n < 3 && n >= 0;
  return <div className="p-4">{small ? <b>small</b> : 'big'} <span>{n}</span></div>;
}
`;

const REPLY = `<kiln:thinking>
Plan: a page and a tweak.
</kiln:thinking>
Here is your app.
<kiln:file path="apps/web/src/app/page.tsx" type="PAGE">
${PAGE}</kiln:file>
<kiln:edit path="apps/web/src/components/Card.tsx">
<<<<<<< SEARCH
  return <div>old</div>;
=======
  return <div className="card">new</div>;
>>>>>>> REPLACE
<<<<<<< SEARCH
const a = 1;
=======
const a = 2;
>>>>>>> REPLACE
</kiln:edit>
<kiln:delete path="apps/web/src/components/Old.tsx"/>
<kiln:rename from="apps/web/src/app/a/page.tsx" to='apps/web/src/app/b/page.tsx' />
Done — enjoy!`;

describe('createOutputParser', () => {
  it('parses every block kind of a well-formed reply', () => {
    const r = run([REPLY]);
    expect(r.thinking.trim()).toBe('Plan: a page and a tweak.');
    expect(r.files).toEqual([
      { path: 'apps/web/src/app/page.tsx', moduleType: 'PAGE', content: PAGE, closed: true },
    ]);
    expect(r.edits).toEqual([
      {
        path: 'apps/web/src/components/Card.tsx',
        closed: true,
        edits: [
          { search: '  return <div>old</div>;', replace: '  return <div className="card">new</div>;' },
          { search: 'const a = 1;', replace: 'const a = 2;' },
        ],
      },
    ]);
    expect(r.ops).toEqual([
      'delete apps/web/src/components/Old.tsx',
      'rename apps/web/src/app/a/page.tsx apps/web/src/app/b/page.tsx',
    ]);
    expect(r.text.replace(/\s+/g, ' ').trim()).toBe('Here is your app. Done — enjoy!');
  });

  it('gives the same result for every split point of the reply', () => {
    const whole = run([REPLY]);
    const expected = {
      text: whole.text,
      thinking: whole.thinking,
      files: whole.files,
      edits: whole.edits,
      ops: whole.ops,
    };
    for (let i = 0; i <= REPLY.length; i++) {
      const r = run([REPLY.slice(0, i), REPLY.slice(i)]);
      expect(
        { text: r.text, thinking: r.thinking, files: r.files, edits: r.edits, ops: r.ops },
        `split at ${i}`,
      ).toEqual(expected);
    }
  });

  it('gives the same result when fed one character at a time or in random chunks', () => {
    const whole = run([REPLY]);
    const oneByOne = run([...REPLY]);
    expect(fold(oneByOne.events)).toEqual(fold(whole.events));
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: REPLY.length }), { maxLength: 12 }), (cuts) => {
        const points = [...new Set(cuts)].sort((a, b) => a - b);
        const chunks: string[] = [];
        let at = 0;
        for (const p of points) {
          chunks.push(REPLY.slice(at, p));
          at = p;
        }
        chunks.push(REPLY.slice(at));
        expect(fold(run(chunks).events)).toEqual(fold(whole.events));
      }),
    );
  });

  it('emits growing file drafts while the file streams', () => {
    const r = run([...REPLY]);
    const drafts = r.events.filter((e) => e.type === 'file' && !e.done) as Extract<
      ParsedBlockEvent,
      { type: 'file' }
    >[];
    expect(drafts.length).toBeGreaterThan(50);
    let previous = '';
    for (const d of drafts) {
      expect(PAGE.startsWith(d.content)).toBe(true);
      expect(d.content.length).toBeGreaterThanOrEqual(previous.length);
      previous = d.content;
    }
  });

  it('reports each SEARCH/REPLACE block of an edit as soon as it completes', () => {
    const r = run([...REPLY]);
    const partial = r.events.filter((e) => e.type === 'edit' && !e.done) as Extract<
      ParsedBlockEvent,
      { type: 'edit' }
    >[];
    expect(partial.map((e) => e.edits.length)).toEqual([1, 2]);
  });

  it('closes blocks left open at the end of the stream and keeps their content', () => {
    const r = run([
      'Sure.\n<kiln:file path="apps/web/src/app/page.tsx">\nexport default function A() {\n  return <p>hi</p>;\n',
    ]);
    expect(r.text).toBe('Sure.\n');
    expect(r.files).toEqual([
      {
        path: 'apps/web/src/app/page.tsx',
        moduleType: null,
        content: 'export default function A() {\n  return <p>hi</p>;\n',
        closed: false,
      },
    ]);
  });

  it('closes an open block when the next block starts (a forgotten closer)', () => {
    const r = run([
      '<kiln:thinking>plan<kiln:file path="a.tsx">A\n<kiln:file path="b.tsx">B\n</kiln:file><kiln:edit path="c.tsx">\n<<<<<<< SEARCH\nx\n=======\ny\n',
    ]);
    expect(r.thinking).toBe('plan');
    expect(r.files.map((f) => [f.path, f.content, f.closed])).toEqual([
      ['a.tsx', 'A\n', false],
      ['b.tsx', 'B\n', true],
    ]);
    expect(r.edits).toEqual([{ path: 'c.tsx', closed: false, edits: [{ search: 'x', replace: 'y' }] }]);
  });

  it('keeps code written outside tags, unknown tags and look-alikes as chat text', () => {
    const input = 'Use this:\n```tsx\nconst a = b < c && <kiln:nope x="1"> </kiln';
    expect(run([input]).text).toBe(input);
    for (let i = 0; i <= input.length; i++) expect(run([input.slice(0, i), input.slice(i)]).text).toBe(input);
  });

  it('never loses plain text, whatever it contains and however it is chunked', () => {
    const alphabet = fc.constantFrom(
      '<',
      '>',
      '/',
      'k',
      'i',
      'l',
      'n',
      ':',
      'f',
      'e',
      ' ',
      '\n',
      '"',
      '=',
      'a',
      'x',
    );
    fc.assert(
      fc.property(
        fc.array(alphabet, { maxLength: 80 }),
        fc.array(fc.nat(80), { maxLength: 6 }),
        (chars, cuts) => {
          const input = chars.join('');
          if (
            /<\/?kiln:(thinking|file|edit|delete|rename|migration|tool-call|tool-result|choices|publish|secret)\b/i.test(
              input,
            )
          )
            return;
          const points = [...new Set(cuts.map((c) => Math.min(c, input.length)))].sort((a, b) => a - b);
          const chunks: string[] = [];
          let at = 0;
          for (const p of points) {
            chunks.push(input.slice(at, p));
            at = p;
          }
          chunks.push(input.slice(at));
          expect(run(chunks).text).toBe(input);
        },
      ),
    );
  });

  it('strips a markdown fence a model wrapped the file in', () => {
    const r = run(['<kiln:file path="a.tsx">\n```tsx\nconst a = 1;\n```\n</kiln:file>']);
    expect(r.files[0]?.content).toBe('const a = 1;\n');
  });

  it('drops stray closing tags in chat text and accepts mismatched closers', () => {
    const r = run(['hi </kiln:file>there<kiln:FILE PATH="a.tsx">x</kiln:edit>']);
    expect(r.text).toBe('hi there');
    expect(r.files).toEqual([{ path: 'a.tsx', moduleType: null, content: 'x\n', closed: true }]);
  });

  it('treats an edit body without SEARCH/REPLACE markers as a whole file', () => {
    const r = run(['<kiln:edit path="a.tsx">\nexport default function A() {}\n</kiln:edit>']);
    expect(r.edits).toEqual([
      { path: 'a.tsx', closed: true, edits: [], wholeFile: 'export default function A() {}\n' },
    ]);
  });

  it('reads SEARCH/REPLACE markers with miscounted chevrons (3 to 9) and dividers (4 to 9)', () => {
    for (const [open, divider, close] of [
      ['<<<< SEARCH', '====', '>>>> REPLACE'],
      ['<<< SEARCH', '=========', '>>>>>>>>> REPLACE'],
    ] as const) {
      const r = run([`<kiln:edit path="a.tsx">\n${open}\nold\n${divider}\nnew\n${close}\n</kiln:edit>`]);
      expect(r.edits).toEqual([{ path: 'a.tsx', closed: true, edits: [{ search: 'old', replace: 'new' }] }]);
    }
  });

  it('keeps a replacement cut off by the end of the stream', () => {
    const r = run(['<kiln:edit path="a.tsx">\n<<<<<<< SEARCH\nold\n=======\nnew line\n']);
    expect(r.edits[0]?.edits).toEqual([{ search: 'old', replace: 'new line' }]);
  });
});

const SQL = `CREATE TABLE todos (
  id serial PRIMARY KEY,
  title text NOT NULL CHECK (length(title) < 200),
  done boolean NOT NULL DEFAULT false
);
INSERT INTO todos (title) VALUES ('Buy milk'), ('Walk <the> dog');
`;

const ROUTE = `import sql from '@/app/api/utils/sql';

export async function GET() {
  return Response.json(await sql\`SELECT * FROM todos WHERE id > \${0}\`);
}
`;

const BACKEND_REPLY = `<kiln:thinking>A table, a function, a page.</kiln:thinking>
Adding a database.
<kiln:migration name="create_todos">
\`\`\`sql
${SQL}\`\`\`
</kiln:migration>
<kiln:file path="apps/web/src/app/api/todos/route.ts" type="FUNCTION">
${ROUTE}</kiln:file>
<kiln:tool-call name="package_documentation">recharts, date-fns</kiln:tool-call>
<kiln:file path="apps/web/src/app/page.tsx" type="PAGE">
${PAGE}</kiln:file>
Done.`;

describe('migration and tool-call blocks', () => {
  it('parses a migration and a tool call between files, fence stripped', () => {
    const r = run([BACKEND_REPLY]);
    expect(r.migrations).toEqual([{ name: 'create_todos', sql: SQL, closed: true }]);
    expect(r.toolCalls).toEqual([
      { name: 'package_documentation', input: 'recharts, date-fns', closed: true },
    ]);
    expect(r.files.map((f) => [f.path, f.moduleType, f.content])).toEqual([
      ['apps/web/src/app/api/todos/route.ts', 'FUNCTION', ROUTE],
      ['apps/web/src/app/page.tsx', 'PAGE', PAGE],
    ]);
    expect(r.text.replace(/\s+/g, ' ').trim()).toBe('Adding a database. Done.');
  });

  it('gives the same result for every split point and one character at a time', () => {
    const whole = fold(run([BACKEND_REPLY]).events);
    for (let i = 0; i <= BACKEND_REPLY.length; i++) {
      const r = run([BACKEND_REPLY.slice(0, i), BACKEND_REPLY.slice(i)]);
      expect(fold(r.events), `split at ${i}`).toEqual(whole);
    }
    expect(fold(run([...BACKEND_REPLY]).events)).toEqual(whole);
  });

  it('streams growing migration drafts before the final one', () => {
    const r = run([...BACKEND_REPLY]);
    const drafts = r.events.filter((e) => e.type === 'migration' && !e.done) as Extract<
      ParsedBlockEvent,
      { type: 'migration' }
    >[];
    expect(drafts.length).toBeGreaterThan(50);
    let previous = '';
    for (const d of drafts) {
      expect(d.name).toBe('create_todos');
      expect(SQL.startsWith(d.sql), d.sql).toBe(true);
      expect(d.sql.length).toBeGreaterThanOrEqual(previous.length);
      previous = d.sql;
    }
    expect(r.events.filter((e) => e.type === 'migration' && e.done)).toHaveLength(1);
  });

  it('closes a migration whose closer is missing at the next block or at the end, keeping its SQL', () => {
    const byNext = run([
      '<kiln:migration name="create_notes">CREATE TABLE notes (id serial primary key);\n<kiln:file path="a.tsx">A</kiln:file>',
    ]);
    expect(byNext.migrations).toEqual([
      { name: 'create_notes', sql: 'CREATE TABLE notes (id serial primary key);\n', closed: false },
    ]);
    expect(byNext.files.map((f) => f.path)).toEqual(['a.tsx']);
    const atEnd = run(['Ok.\n<kiln:migration name="add_tags">\nALTER TABLE notes ADD COLUMN tags text']);
    expect(atEnd.migrations).toEqual([
      { name: 'add_tags', sql: 'ALTER TABLE notes ADD COLUMN tags text\n', closed: false },
    ]);
    expect(atEnd.text).toBe('Ok.\n');
  });

  it('names a migration without a name after its first CREATE TABLE, else "migration"; makes names safe', () => {
    const names = (reply: string) => run([reply]).migrations.map((m) => m.name);
    expect(names('<kiln:migration>create table if not exists "Expenses" (id int);</kiln:migration>')).toEqual(
      ['create_expenses'],
    );
    expect(
      names('<kiln:migration name=" ">CREATE TABLE public.todo_items (id int);</kiln:migration>'),
    ).toEqual(['create_todo_items']);
    expect(names('<kiln:migration>ALTER TABLE t ADD COLUMN x int;</kiln:migration>')).toEqual(['migration']);
    expect(names('<kiln:migration name="Add Due-Date!">ALTER TABLE t ADD d date;</kiln:migration>')).toEqual([
      'add_due_date',
    ]);
  });

  it('reports a tool call left open at the end of a reply, and goes on parsing after endReply()', () => {
    const parser = createOutputParser();
    const first = [
      ...parser.push('Let me check.\n<kiln:tool-call name="package_documentation">\nrecharts\n'),
      ...parser.endReply(),
    ];
    expect(fold(first).toolCalls).toEqual([
      { name: 'package_documentation', input: 'recharts', closed: false },
    ]);
    const second = [
      ...parser.push('<kiln:file path="apps/web/src/app/page.tsx">\nexport default function A() {}\n'),
      ...parser.end(),
    ];
    expect(fold(second).files).toEqual([
      {
        path: 'apps/web/src/app/page.tsx',
        moduleType: null,
        content: 'export default function A() {}\n',
        closed: false,
      },
    ]);
  });

  it('takes a self-closing tool call and keeps a tool result a model wrote itself out of chat text', () => {
    const r = run([
      '<kiln:tool-call name="package_documentation" input="zustand"/>',
      '<kiln:tool-result name="package_documentation">made up docs</kiln:tool-result>Hi',
    ]);
    expect(r.toolCalls).toEqual([{ name: 'package_documentation', input: 'zustand', closed: true }]);
    expect(r.text).toBe('Hi');
    expect(r.events).toContainEqual({
      type: 'tool-result',
      name: 'package_documentation',
      text: 'made up docs',
      closed: true,
    });
  });
});

const CHOICES_REPLY = `I built **Todo List**.
<kiln:choices>
make it blue
- rename the app to Taskly
  "add a page called About"

</kiln:choices>
<kiln:choices><kiln:choice>add a priority field</kiln:choice>
<kiln:choice> add
sign-in </kiln:choice></kiln:choices>
<kiln:publish/>
Enjoy.
<kiln:publish>
It is ready for visitors.
</kiln:publish>`;

describe('secret blocks (save-secret-and-continue, issue 19)', () => {
  const secrets = (chunks: string[]) =>
    run(chunks).events.flatMap((e) => (e.type === 'secret' ? [{ ...e }] : []));

  it('names the secret and why, in the body or the reason attribute, and is not chat text', () => {
    const reply =
      'Almost there.\n<kiln:secret name="OPENWEATHER_API_KEY">\nYour OpenWeather key, for the forecast.\n</kiln:secret>\n' +
      '<kiln:secret name="STRIPE_SECRET_KEY" reason="Takes card payments"/>Done.';
    const whole = secrets([reply]);
    expect(whole).toEqual([
      {
        type: 'secret',
        name: 'OPENWEATHER_API_KEY',
        reason: 'Your OpenWeather key, for the forecast.',
        closed: true,
      },
      { type: 'secret', name: 'STRIPE_SECRET_KEY', reason: 'Takes card payments', closed: true },
    ]);
    expect(run([reply]).text).toBe('Almost there.\n\nDone.');
    for (let i = 0; i <= reply.length; i++)
      expect(secrets([reply.slice(0, i), reply.slice(i)])).toEqual(whole);
  });

  it('drops a block whose name is no environment variable name', () => {
    expect(secrets(['<kiln:secret name="my key">x</kiln:secret><kiln:secret>y</kiln:secret>'])).toEqual([]);
  });
});

describe('choices and publish blocks', () => {
  it('reads suggestions one per line or as <kiln:choice> items, and publish with or without a reason', () => {
    const r = run([CHOICES_REPLY]);
    expect(r.choices).toEqual([
      { choices: ['make it blue', 'rename the app to Taskly', 'add a page called About'], closed: true },
      { choices: ['add a priority field', 'add sign-in'], closed: true },
    ]);
    expect(r.publish).toEqual([{ closed: true }, { reason: 'It is ready for visitors.', closed: true }]);
    expect(r.text.replace(/\s+/g, ' ').trim()).toBe('I built **Todo List**. Enjoy.');
  });

  it('gives the same result for every split point and one character at a time', () => {
    const whole = fold(run([CHOICES_REPLY]).events);
    for (let i = 0; i <= CHOICES_REPLY.length; i++) {
      const r = run([CHOICES_REPLY.slice(0, i), CHOICES_REPLY.slice(i)]);
      expect(fold(r.events), `split at ${i}`).toEqual(whole);
    }
    expect(fold(run([...CHOICES_REPLY]).events)).toEqual(whole);
  });

  it('closes a choices block whose closer is missing at the next block or at the end, keeping its lines', () => {
    const byNext = run(['<kiln:choices>\nmake it teal\n<kiln:publish/>After']);
    expect(byNext.choices).toEqual([{ choices: ['make it teal'], closed: false }]);
    expect(byNext.publish).toEqual([{ closed: true }]);
    expect(byNext.text).toBe('After');
    const atEnd = run([
      'Done.\n<kiln:choices><kiln:choice>make it teal</kiln:choice><kiln:choice>add a page',
    ]);
    expect(atEnd.choices).toEqual([{ choices: ['make it teal', 'add a page'], closed: false }]);
    expect(atEnd.text).toBe('Done.\n');
    const openPublish = run(['<kiln:publish>Ready to share']);
    expect(openPublish.publish).toEqual([{ reason: 'Ready to share', closed: false }]);
  });

  it('keeps at most 6 suggestions of at most 120 characters, without empties or repeats', () => {
    const long = `add a page called Pricing with ${'three plans and a comparison table '.repeat(5)}`;
    const r = run([
      `<kiln:choices>\n1. make it blue\nMake it blue\n\n${long}\na\nb\nc\nd\ne\n</kiln:choices>`,
    ]);
    const [block] = r.choices;
    expect(block?.choices).toHaveLength(6);
    expect(block?.choices[0]).toBe('make it blue');
    expect(block?.choices[1]?.length).toBeGreaterThan(100);
    expect(block?.choices[1]?.length).toBeLessThanOrEqual(120);
    expect(long.startsWith(block?.choices[1] ?? 'x')).toBe(true);
    expect(block?.choices[1]?.endsWith(' ')).toBe(false);
    expect(block?.choices.slice(2)).toEqual(['a', 'b', 'c', 'd']);
    expect(run(['<kiln:choices>\n \n</kiln:choices>x']).choices).toEqual([{ choices: [], closed: true }]);
  });

  it('leaves <kiln:choice> outside a choices block, and a closer-less item, as they are', () => {
    const outside = 'Pick <kiln:choice>one</kiln:choice> of these';
    for (let i = 0; i <= outside.length; i++)
      expect(run([outside.slice(0, i), outside.slice(i)]).text, `split at ${i}`).toBe(outside);
    const r = run([
      '<kiln:choices><kiln:choice>make it teal<kiln:choice>make it rose</kiln:choice></kiln:choices>',
    ]);
    expect(r.choices).toEqual([{ choices: ['make it teal', 'make it rose'], closed: true }]);
    const attr = run(['<kiln:publish reason="All set"/>']);
    expect(attr.publish).toEqual([{ reason: 'All set', closed: true }]);
  });
});

describe('lenient Kiln tags (issue 20), at every split point and in random chunks', () => {
  const CODE =
    'export default function HomePage() {\n  return <main className="p-8">{1 < 2 ? "a" : "b"}</main>;\n}\n';
  const P = 'apps/web/src/app/page.tsx';
  const cases: [string, string][] = [
    ['upper case', `Hi.\n<KILN:File PATH="${P}" Type="PAGE">\n${CODE}</KILN:FILE>\nBye.`],
    [
      'whitespace after < and before />',
      `Hi.\n<  kiln:file path="${P}" type="PAGE" >\n${CODE}<  /kiln:file >\nBye.`,
    ],
    ['single quotes', `Hi.\n<kiln:file path='${P}' type='PAGE'>\n${CODE}</kiln:file>\nBye.`],
    ['no quotes, a path with /', `Hi.\n<kiln:file path=${P} type=PAGE>\n${CODE}</kiln:file>\nBye.`],
    ['filePath=', `Hi.\n<kiln:file filePath="${P}" type="PAGE">\n${CODE}</kiln:file>\nBye.`],
    [
      'self-closing tag + fence',
      `Hi.\n<kiln:file path="${P}" type="PAGE" />\n\`\`\`tsx\n${CODE}\`\`\`\nBye.`,
    ],
    [
      'fence with an info string',
      `Hi.\n<kiln:file path="${P}" type="PAGE">\n\`\`\`tsx filename="page.tsx" {1-3}\n${CODE}\`\`\`\n</kiln:file>\nBye.`,
    ],
  ];
  it.each(cases)('%s: one file, the chat text around it', (_name, reply) => {
    const expected = {
      text: 'Hi.\n\nBye.',
      files: [{ path: P, moduleType: 'PAGE', content: CODE, closed: true }],
    };
    const whole = run([reply]);
    expect({ text: whole.text, files: whole.files }).toEqual(expected);
    for (let i = 1; i < reply.length; i++) {
      const split = run([reply.slice(0, i), reply.slice(i)]);
      expect({ text: split.text, files: split.files }, `split at ${i}`).toEqual(expected);
    }
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 9 }), { minLength: 1, maxLength: 400 }), (sizes) => {
        const chunks: string[] = [];
        let at = 0;
        for (let k = 0; at < reply.length; k++) {
          const size = sizes[k % sizes.length] ?? 1;
          chunks.push(reply.slice(at, at + size));
          at += size;
        }
        const got = run(chunks);
        expect({ text: got.text, files: got.files }).toEqual(expected);
      }),
      { numRuns: 50 },
    );
  });

  it('a self-closing file tag with no fence after it stays a tag: no file, the text stays chat', () => {
    const got = run(['<kiln:file path="a.tsx"/>\nJust text here.']);
    expect(got.files).toEqual([]);
    expect(got.text).toBe('\nJust text here.');
  });

  it('something that only looks like a Kiln tag stays content', () => {
    const got = run(['<kiln:files>x</kiln:files> and <kiln:file path="a" = >']);
    expect(got.files).toEqual([]);
    expect(got.text).toBe('<kiln:files>x</kiln:files> and <kiln:file path="a" = >');
  });
});
