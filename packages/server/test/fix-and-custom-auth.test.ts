/**
 * Over real HTTP: Fix it on "useState is not defined" with an OpenAI-configured model is repaired by codegen's
 * deterministic repairs, with no request to the (scripted) model and nothing charged beyond the start of the
 * generation; "add sign-in" with the builtin generator stores the three auth pages with the spec's Module fields
 * (withCustomAuth, pathSegment), and the worker passes the paths the last revisions changed as `recentPaths`.
 */
import { startScriptedModelServer } from '@kiln/codegen/testing';
import { describe, expect, it } from 'vitest';
import { disallowedModule, modulePathSegment, recentPaths } from '../src/jobs/generated-modules';
import { type Client, createProject, scriptedModelEnv, settled, signUp, startTestKiln } from './harness';

const PROJECT = `query($id: ID!) { project(id: $id) {
  latestRevision { id number status action modules { filePath moduleType content withCustomAuth pathSegment } }
  messages { role text revisionId } } }`;
const CREDITS = `{ organizations { credits { balance entries { type amount refunded revisionId } } } }`;
const COUNTER = 'apps/web/src/components/Counter.tsx';

// The page renders; the Counter component (not used yet) calls useState without importing it.
const REPLY = `Here is your counter.
<kiln:file path="apps/web/src/app/page.tsx" type="PAGE">
export default function HomePage() {
  return (
    <main className="p-6">
      <h1 className="text-2xl font-bold">Counter</h1>
    </main>
  );
}
</kiln:file>
<kiln:file path="${COUNTER}" type="COMPONENT">
export default function Counter() {
  const [count, setCount] = useState(0);
  return (
    <button type="button" onClick={() => setCount(count + 1)}>
      {count}
    </button>
  );
}
</kiln:file>
`;

/** The project once revision `number` is its latest and finished. */
async function settle(c: Client, id: string, number: number) {
  return (await settled(c, id, { number, query: PROJECT, timeoutMs: 60_000 })).project;
}

describe('deterministic repairs in the worker', () => {
  it('Fix it on "useState is not defined" makes no model request, ends VALID and charges only the start', {
    timeout: 120_000,
  }, async () => {
    await using model = await startScriptedModelServer([
      { reply: REPLY, usage: { inputTokens: 800, outputTokens: 300 } },
    ]);
    await using t = await startTestKiln('pglite', scriptedModelEnv(model));
    const { client: me } = await signUp(t, 'repair@example.com');
    const { id } = await createProject(me, 'A counter app');
    let project = await settle(me, id, 1);
    expect(project.latestRevision.status).toBe('VALID');
    expect(model.requests).toHaveLength(1);
    const before = (await me.gql(CREDITS)).data.organizations[0].credits.balance as number;

    const fixed = await me.gql(
      `mutation($p: ID!, $r: ID!, $f: String!, $m: String!) {
        fixError(projectId: $p, revisionId: $r, filePath: $f, message: $m) { id action } }`,
      {
        p: id,
        r: project.latestRevision.id,
        f: COUNTER,
        m: 'ReferenceError: useState is not defined',
      },
    );
    expect(fixed.errors).toBeUndefined();
    expect(fixed.data.fixError.action).toBe('FIX_CHANGE');
    project = await settle(me, id, 2);

    expect(project.latestRevision).toMatchObject({ action: 'FIX_CHANGE', status: 'VALID' });
    const counter = project.latestRevision.modules.find((m: { filePath: string }) => m.filePath === COUNTER);
    expect(counter.content).toBe(
      `import { useState } from 'react';\n${REPLY.split(`type="COMPONENT">\n`)[1]!.split('</kiln:file>')[0]}`,
    );
    // No request reached the model: the repair was made before any model call.
    expect(model.requests).toHaveLength(1);
    expect(project.messages.at(-1).text).toContain('Imported useState from react.');
    const credits = (await me.gql(CREDITS)).data.organizations[0].credits;
    const forFix = credits.entries.filter(
      (e: { revisionId: string }) => e.revisionId === project.latestRevision.id,
    );
    // Only the start of the generation (server rule); no GENERATION_USAGE for zero tokens.
    expect(forFix).toEqual([
      { type: 'START_GENERATION', amount: -1, refunded: false, revisionId: forFix[0]?.revisionId },
    ]);
    expect(credits.balance).toBe(before - 1);
  });
});

describe('custom auth from generated modules', () => {
  it('"add sign-in" with builtin stores the three auth pages with withCustomAuth and pathSegment, VALID', {
    timeout: 120_000,
  }, async () => {
    await using t = await startTestKiln('pglite');
    const { client: me } = await signUp(t, 'auth@example.com');
    const { id } = await createProject(me, 'A todo list app with due dates');
    let project = await settle(me, id, 1);
    expect(project.latestRevision.status).toBe('VALID');
    expect(
      project.latestRevision.modules.every((m: { withCustomAuth: boolean }) => m.withCustomAuth === false),
    ).toBe(true);

    await me.gql(`mutation($p: ID!) { sendMessage(projectId: $p, text: "add sign-in") { id } }`, { p: id });
    project = await settle(me, id, 2);
    expect(project.latestRevision.status).toBe('VALID');
    const modules = project.latestRevision.modules as {
      filePath: string;
      moduleType: string;
      withCustomAuth: boolean;
      pathSegment: string | null;
    }[];
    const auth = modules.filter((m) => m.moduleType.startsWith('AUTH_PAGE_'));
    expect(
      auth.map(({ filePath, moduleType, withCustomAuth, pathSegment }) => ({
        filePath,
        moduleType,
        withCustomAuth,
        pathSegment,
      })),
    ).toEqual([
      {
        filePath: 'apps/web/src/app/account/signin/page.tsx',
        moduleType: 'AUTH_PAGE_SIGN_IN',
        withCustomAuth: true,
        pathSegment: 'signin',
      },
      {
        filePath: 'apps/web/src/app/account/signup/page.tsx',
        moduleType: 'AUTH_PAGE_SIGN_UP',
        withCustomAuth: true,
        pathSegment: 'signup',
      },
      {
        filePath: 'apps/web/src/app/account/logout/page.tsx',
        moduleType: 'AUTH_PAGE_LOGOUT',
        withCustomAuth: true,
        pathSegment: 'logout',
      },
    ]);
    const others = modules.filter((m) => !m.moduleType.startsWith('AUTH_PAGE_'));
    expect(others.every((m) => m.withCustomAuth === false)).toBe(true);
    expect(others.find((m) => m.filePath === 'apps/web/src/app/page.tsx')?.pathSegment).toBe('');
    expect(others.find((m) => m.moduleType === 'COMPONENT')?.pathSegment).toBeNull();

    // What the next generation is told changed recently: the sign-in revision's files first.
    const db = t.kiln.database.db;
    const recent = await recentPaths(db, id, 3, modules);
    expect(recent.slice(0, 4).sort()).toEqual(
      [
        'apps/web/src/app/account/logout/page.tsx',
        'apps/web/src/app/account/signin/page.tsx',
        'apps/web/src/app/account/signup/page.tsx',
        'apps/web/src/components/AppHeader.tsx',
      ].sort(),
    );
    expect(new Set(recent).size).toBe(recent.length);
  });

  it("flags an auth page without custom auth with core's message, and names path segments", () => {
    const signIn = {
      filePath: 'apps/web/src/app/account/signin/page.tsx',
      moduleType: 'AUTH_PAGE_SIGN_IN',
      content: '',
    };
    expect(disallowedModule([signIn], false)).toEqual({
      filePath: signIn.filePath,
      message: 'Module type AUTH_PAGE_SIGN_IN is not allowed for this project',
    });
    expect(disallowedModule([signIn], true)).toBeNull();
    expect(disallowedModule([{ ...signIn, withCustomAuth: true }], false)).toBeNull();
    expect(modulePathSegment('apps/web/src/app/todos/[id]/page.tsx')).toBe('[id]');
    expect(modulePathSegment('apps/web/src/app/api/todos/route.ts')).toBe('todos');
    expect(modulePathSegment('apps/mobile/src/app/(tabs)/settings/index.tsx')).toBe('settings');
  });
});
