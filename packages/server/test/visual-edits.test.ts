/**
 * Visual edits (issue 17): `visualEdit` changes a clicked element's text, image or link, or deletes it, as a free
 * hand revision (TEXT_CHANGE, IMAGE_CHANGE, LINK_CHANGE, DELETION) checked like a generation; text written as
 * code is edited in its literal or refused saying where it comes from; an outdated base is a conflict; Restore
 * brings the page back. `patchElement` queues a UI_PATCH generation charged like a chat message.
 */
import { describe, expect, it } from 'vitest';
import { SERVER_MESSAGES } from '../src/messages';
import {
  type Backend,
  type Client,
  createProject,
  postgresAvailable,
  settled,
  signUp,
  startTestKiln,
} from './harness';

const backends: Backend[] = ['pglite', ...((await postgresAvailable()) ? (['postgres'] as const) : [])];

const SAVE = `mutation($p: ID!, $f: String!, $c: String!, $base: ID) {
  saveModule(projectId: $p, filePath: $f, content: $c, baseRevisionId: $base) { id } }`;
const EDIT = `mutation($p: ID!, $base: ID!, $f: String!, $line: Int!, $col: Int!, $kind: VisualEditKind!, $value: String, $current: String) {
  visualEdit(projectId: $p, baseRevisionId: $base, filePath: $f, line: $line, column: $col, kind: $kind, value: $value, current: $current) { id action status } }`;
const PATCH = `mutation($p: ID!, $base: ID!, $f: String!, $line: Int!, $col: Int!, $i: String!) {
  patchElement(projectId: $p, baseRevisionId: $base, filePath: $f, line: $line, column: $col, instruction: $i) { id action prompt } }`;
const ORIGINS = `query($p: ID!, $r: ID!, $f: String!, $line: Int!, $col: Int!, $text: String, $src: String, $href: String) {
  elementOrigins(projectId: $p, revisionId: $r, filePath: $f, line: $line, column: $col, text: $text, src: $src, href: $href) {
    text { editable through filePath line note } src { editable through filePath line note }
    href { editable through filePath line note } } }`;
const RESTORE = `mutation($p: ID!, $r: ID!) { restoreRevision(projectId: $p, revisionId: $r) { id } }`;
const STATE = `query($id: ID!) { project(id: $id) {
  latestRevision { id number action status prompt modules { filePath moduleType content } }
  messages { role text } } organizations { credits { balance } } }`;

interface Rev {
  id: string;
  number: number;
  action: string;
  status: string;
  prompt: string;
  modules: { filePath: string; moduleType: string; content: string }[];
}
interface State {
  project: { latestRevision: Rev; messages: { role: string; text: string }[] };
  organizations: { credits: { balance: number } }[];
}

const PAGE = `const LINKS = [
  { label: 'Docs', href: '/docs' },
  { label: 'Blog', href: '/blog' },
];

export default function Page() {
  const year = new Date().getFullYear();
  return (
    <main className="p-8">
      <h1 className="text-3xl font-bold">Welcome to Acme</h1>
      <img src="https://example.com/logo.png" alt="Acme logo" />
      <a href="/about">About us</a>
      <p>A paragraph to delete.</p>
      <nav>
        {LINKS.map((l) => (
          <a key={l.href} href={l.href}>{l.label}</a>
        ))}
      </nav>
      <footer>{year}</footer>
    </main>
  );
}
`;

/** Waits until the latest revision is `number` and finished; returns STATE's answer. */
function settledAt(client: Client, id: string, number: number): Promise<State> {
  return settled<State>(client, id, { number, query: STATE, timeoutMs: 90_000 });
}

/** The 1-based line and column of the first `marker` in the page. */
function at(marker: string): { line: number; col: number } {
  const before = PAGE.slice(0, PAGE.indexOf(marker)).split('\n');
  return { line: before.length, col: (before.at(-1) as string).length + 1 };
}

describe.each(backends)('visual edits on %s', (backend) => {
  it('text, image, link, loop literal and delete as free checked revisions; refusals; restore; UI_PATCH', {
    timeout: 240_000,
  }, async () => {
    await using t = await startTestKiln(backend);
    const { client } = await signUp(t, `visual-${backend}@example.com`);
    const { id: p } = await createProject(client, 'A personal website for Ada, a painter');
    const first = await settledAt(client, p, 1);
    const f = first.project.latestRevision.modules.find((m) => m.moduleType === 'PAGE')!.filePath;
    await client.gql(SAVE, { p, f, c: PAGE, base: first.project.latestRevision.id });
    let state = await settledAt(client, p, 2);
    const balance = state.organizations[0]!.credits.balance;
    const start = state.project.latestRevision.id;

    // Before any edit, the panel asks where an element's values are written: a loop's text and link in the
    // array it maps over, a computed text nowhere a visual edit can change; nothing is queued.
    const origins = async (marker: string, values: Record<string, string | null>) => {
      const { line, col } = at(marker);
      const r = await client.gql<{ elementOrigins: Record<string, Record<string, unknown> | null> }>(
        ORIGINS,
        {
          p,
          r: start,
          f,
          line,
          col,
          ...values,
        },
      );
      expect(r.errors).toBeUndefined();
      return r.data.elementOrigins;
    };
    const loop = await origins('<a key', { text: 'Blog', href: '/blog', src: null });
    expect(loop.text).toEqual({
      editable: true,
      through: '{l.label}',
      filePath: f,
      line: 3,
      note: `This text comes from {l.label}: a change here edits "Blog" where it is written, in ${f} (line 3).`,
    });
    expect(loop.href).toMatchObject({ editable: true, through: '{l.href}', line: 3 });
    expect(loop.src).toBeNull();
    const heading = await origins('<h1', { text: 'Welcome to Acme' });
    expect(heading.text).toMatchObject({ editable: true, through: null, line: 10 });
    const footer0 = await origins('<footer', { text: '2026' });
    expect(footer0.text).toMatchObject({ editable: false, through: null, filePath: null });
    expect(footer0.text?.note).toMatch(/No literal in the code holds "2026": it comes from \{year\}/);
    expect((await client.gql<State>(STATE, { id: p })).data.project.latestRevision.number).toBe(2);

    const edits: [string, Record<string, unknown>, string, string][] = [
      [
        '<h1',
        { kind: 'TEXT', value: 'Hello Acme' },
        'TEXT_CHANGE',
        '<h1 className="text-3xl font-bold">Hello Acme</h1>',
      ],
      [
        '<img',
        { kind: 'IMAGE', value: 'https://example.com/new.png' },
        'IMAGE_CHANGE',
        '<img src="https://example.com/new.png"',
      ],
      [
        '<a href="/about"',
        { kind: 'LINK', value: 'https://acme.dev/about' },
        'LINK_CHANGE',
        '<a href="https://acme.dev/about">About us</a>',
      ],
      [
        '<a key',
        { kind: 'TEXT', value: 'Journal', current: 'Blog' },
        'TEXT_CHANGE',
        "{ label: 'Journal', href: '/blog' }",
      ],
      ['<p>', { kind: 'DELETE' }, 'DELETION', '</a>\n      <nav>'],
    ];
    let number = 2;
    for (const [marker, edit, action, expected] of edits) {
      const { line, col } = at(marker);
      const res = await client.gql<{ visualEdit: Rev }>(EDIT, {
        p,
        base: state.project.latestRevision.id,
        f,
        line,
        col,
        ...edit,
      });
      expect(res.errors).toBeUndefined();
      expect(res.data.visualEdit.action).toBe(action);
      state = await settledAt(client, p, ++number);
      expect(state.project.latestRevision.status).toBe('VALID');
      const content = state.project.latestRevision.modules.find((m) => m.filePath === f)!.content;
      expect(content).toContain(expected);
      expect(state.project.latestRevision.prompt).toMatch(/^(Changed|Deleted) /);
    }
    const edited = state.project.latestRevision.modules.find((m) => m.filePath === f)!.content;
    expect(edited).not.toContain('A paragraph to delete.');
    expect(state.organizations[0]!.credits.balance).toBe(balance);

    // Text written as code that no literal holds: refused, saying where it comes from; nothing queued.
    const footer = at('<footer');
    const refused = await client.gql(EDIT, {
      p,
      base: state.project.latestRevision.id,
      f,
      // One line up: the paragraph above it was deleted.
      line: footer.line - 1,
      col: footer.col,
      kind: 'TEXT',
      value: '1999',
      current: '2026',
    });
    expect(refused.errors?.[0]?.message).toMatch(
      /No literal in the code holds "2026": it comes from \{year\}/,
    );
    // An outdated base: the conflict message, never applied over the newer revision.
    const stale = await client.gql(EDIT, { p, base: start, f, ...{ line: 10, col: 7 }, kind: 'DELETE' });
    expect(stale.errors?.[0]?.message).toBe(SERVER_MESSAGES.outdatedRevision);

    // Restore the revision before the edits: the page is back as it was.
    await client.gql(RESTORE, { p, r: start });
    state = await settledAt(client, p, ++number);
    expect(state.project.latestRevision.modules.find((m) => m.filePath === f)!.content).toBe(PAGE);

    // Describe a change to one element: a UI_PATCH generation naming the element, charged like CHAT.
    const h1 = at('<h1');
    const patch = await client.gql<{ patchElement: Rev }>(PATCH, {
      p,
      base: state.project.latestRevision.id,
      f,
      line: h1.line,
      col: h1.col,
      i: 'Make the heading blue',
    });
    expect(patch.errors).toBeUndefined();
    expect(patch.data.patchElement.action).toBe('UI_PATCH');
    expect(patch.data.patchElement.prompt).toContain(
      `Change only the <h1> element at ${f}, line 10, column 7:`,
    );
    expect(patch.data.patchElement.prompt).toContain(
      '<h1 className="text-3xl font-bold">Welcome to Acme</h1>',
    );
    state = await settledAt(client, p, ++number);
    expect(state.project.latestRevision.action).toBe('UI_PATCH');
    expect(state.project.latestRevision.status).toBe('VALID');
    expect(state.organizations[0]!.credits.balance).toBeLessThan(balance);
  });
});
