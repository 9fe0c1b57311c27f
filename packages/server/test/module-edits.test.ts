/**
 * The code editor's module operations (issue 17): New Page / New Component / New Function / New Mobile Page at
 * the spec's default names and paths, rename (imports follow) and delete — each a CODE_CHANGE revision checked
 * like a generation, free, and refused on an outdated base.
 */
import { describe, expect, it } from 'vitest';
import { SERVER_MESSAGES } from '../src/messages';
import {
  type Backend,
  type Client,
  createProject,
  joinAsMember,
  postgresAvailable,
  settled,
  signUp,
  startTestKiln,
} from './harness';

const backends: Backend[] = ['pglite', ...((await postgresAvailable()) ? (['postgres'] as const) : [])];

const NEW = `mutation($p: ID!, $t: String!, $n: String, $base: ID) {
  createModule(projectId: $p, moduleType: $t, name: $n, baseRevisionId: $base) { id number action status } }`;
const RENAME = `mutation($p: ID!, $f: String!, $to: String!, $base: ID) {
  renameModule(projectId: $p, filePath: $f, newFilePath: $to, baseRevisionId: $base) { id action } }`;
const DELETE = `mutation($p: ID!, $f: String!, $base: ID) {
  deleteModule(projectId: $p, filePath: $f, baseRevisionId: $base) { id action } }`;
const STATE = `query($id: ID!) { project(id: $id) {
  latestRevision { id number action status modules { filePath moduleType name content } }
  messages { role text } } organizations { credits { balance } } }`;

interface Mod {
  filePath: string;
  moduleType: string;
  name: string;
  content: string;
}
interface Rev {
  id: string;
  number: number;
  action: string;
  status: string;
  modules: Mod[];
}
interface State {
  project: { latestRevision: Rev; messages: { role: string; text: string }[] };
  organizations: { credits: { balance: number } }[];
}

/** Waits until the latest revision is `number` and finished; returns STATE's answer. */
function settledAt(client: Client, id: string, number: number): Promise<State> {
  return settled<State>(client, id, { number, query: STATE, timeoutMs: 90_000 });
}

describe.each(backends)('module edits by hand on %s', (backend) => {
  it('New Page / Component / Function / Mobile Page, rename, delete: CODE_CHANGE, VALID, free', {
    timeout: 180_000,
  }, async () => {
    await using t = await startTestKiln(backend);
    const { client } = await signUp(t, 'modules@example.com');
    const { id: p } = await createProject(client, 'A todo list');
    let state = await settledAt(client, p, 1);
    const balance = state.organizations[0]!.credits.balance;
    let number = 1;

    /** Runs one mutation on the latest revision and waits for its check. */
    async function step(query: string, vars: Record<string, unknown>): Promise<State> {
      const r = await client.gql(query, { p, base: state.project.latestRevision.id, ...vars });
      expect(r.errors).toBeUndefined();
      number += 1;
      state = await settledAt(client, p, number);
      expect(state.project.latestRevision.action).toBe('CODE_CHANGE');
      expect(state.project.latestRevision.status).toBe('VALID');
      return state;
    }
    const mod = (filePath: string) =>
      state.project.latestRevision.modules.find((m) => m.filePath === filePath);

    const expected: [string, string, string][] = [
      ['PAGE', 'apps/web/src/app/new-page/page.tsx', 'New Page'],
      ['PAGE', 'apps/web/src/app/new-page-2/page.tsx', 'New Page 2'],
      ['COMPONENT', 'apps/web/src/components/NewComponent.tsx', 'New Component'],
      ['FUNCTION', 'apps/web/src/app/api/new-function/route.ts', 'New Function'],
      ['EXPO_PAGE', 'apps/mobile/src/app/new-mobile-page/index.tsx', 'New Mobile Page'],
    ];
    const firstBase = state.project.latestRevision.id;
    for (const [moduleType, filePath, name] of expected) {
      await step(NEW, { t: moduleType });
      expect(mod(filePath)).toMatchObject({ moduleType, name });
      expect(state.project.messages.at(-1)?.text).toBe('Saved.');
    }
    // A name of one's own.
    await step(NEW, { t: 'PAGE', n: 'About us' });
    expect(mod('apps/web/src/app/about-us/page.tsx')?.content).toContain('About us');

    // Rename the component a page imports: the import follows.
    const page = mod('apps/web/src/app/new-page/page.tsx')!;
    await step(
      `mutation($p: ID!, $f: String!, $c: String!, $base: ID) {
        saveModule(projectId: $p, filePath: $f, content: $c, baseRevisionId: $base) { id } }`,
      {
        f: page.filePath,
        c: `import NewComponent from '@/components/NewComponent';\n\nexport default function NewPage() {\n  return <NewComponent>Hi</NewComponent>;\n}\n`,
      },
    );
    await step(RENAME, {
      f: 'apps/web/src/components/NewComponent.tsx',
      to: 'apps/web/src/components/Card.tsx',
    });
    expect(mod('apps/web/src/components/NewComponent.tsx')).toBeUndefined();
    expect(mod('apps/web/src/components/Card.tsx')?.moduleType).toBe('COMPONENT');
    expect(mod(page.filePath)?.content).toContain(`from '@/components/Card'`);

    await step(DELETE, { f: 'apps/web/src/app/new-page-2/page.tsx' });
    expect(mod('apps/web/src/app/new-page-2/page.tsx')).toBeUndefined();
    expect(state.organizations[0]!.credits.balance).toBe(balance);

    // Refusals: an outdated base, unknown modules, bad paths and types; nothing queued by any of them.
    const stale = await client.gql(DELETE, { p, f: page.filePath, base: firstBase });
    expect(stale.errors?.[0]?.message).toBe(SERVER_MESSAGES.outdatedRevision);
    const base = state.project.latestRevision.id;
    const refusals: [string, Record<string, unknown>, RegExp][] = [
      [NEW, { t: 'FILE' }, /PAGE, COMPONENT, FUNCTION, EXPO_PAGE/],
      [RENAME, { f: 'apps/web/src/app/nope/page.tsx', to: 'apps/web/src/app/x/page.tsx' }, /does not exist/],
      [RENAME, { f: page.filePath, to: '../etc/passwd' }, /./],
      [RENAME, { f: page.filePath, to: 'apps/web/src/components/Card.tsx' }, /already exists/],
      [DELETE, { f: 'apps/web/src/app/nope/page.tsx' }, /does not exist/],
    ];
    for (const [query, vars, message] of refusals) {
      const r = await client.gql(query, { p, base, ...vars });
      expect(r.errors?.[0]?.message).toMatch(message);
    }
    const after = await client.gql<State>(STATE, { id: p });
    expect(after.data.project.latestRevision.number).toBe(number);
  });
});

describe('module edits by a viewer', () => {
  it('are refused for each of save, create, rename and delete, and queue nothing', {
    timeout: 120_000,
  }, async () => {
    await using t = await startTestKiln();
    const { client: owner } = await signUp(t, 'owner@example.com');
    const org = (
      await owner.gql<{ createOrganization: { id: string } }>(
        `mutation { createOrganization(name: "Acme") { id } }`,
      )
    ).data.createOrganization.id;
    const { id: p } = await createProject(owner, 'A todo list', { organizationId: org });
    const state = await settledAt(owner, p, 1);
    const page = state.project.latestRevision.modules.find((m) => m.moduleType === 'PAGE')!;

    const { client: viewer } = await joinAsMember(t, owner, org, 'viewer@example.com', { role: 'VIEWER' });

    const base = state.project.latestRevision.id;
    const calls: [string, Record<string, unknown>][] = [
      [
        `mutation($p: ID!, $f: String!, $c: String!, $base: ID) {
          saveModule(projectId: $p, filePath: $f, content: $c, baseRevisionId: $base) { id } }`,
        { f: page.filePath, c: 'export default function P() { return null; }\n' },
      ],
      [NEW, { t: 'PAGE' }],
      [RENAME, { f: page.filePath, to: 'apps/web/src/app/elsewhere/page.tsx' }],
      [DELETE, { f: page.filePath }],
    ];
    for (const [query, vars] of calls) {
      const r = await viewer.gql(query, { p, base, ...vars });
      expect(r.errors?.[0]?.extensions?.code, query).toBe('forbidden');
    }
    expect((await owner.gql<State>(STATE, { id: p })).data.project.latestRevision.number).toBe(1);
  });
});
