/**
 * Issue 20, never silent, over real HTTP with the scripted model server: an edit whose SEARCH text matches nothing
 * ends INVALID_CODE (never VALID), the chat says what was not applied and why, and the answer's blocks do not claim
 * the file was edited; a page importing a project component nobody wrote is INVALID_CODE with the preview's
 * message, and the automatic fix writes the component.
 */
import { startScriptedModelServer } from '@kiln/codegen/testing';
import { isRevisionInProgress } from '@kiln/core';
import { describe, expect, it } from 'vitest';
import { type Client, createProject, settled, signUp, startTestKiln } from './harness';

const PROJECT = `query($id: ID!) { project(id: $id) {
  latestRevision { number status }
  revisions { number status action modules { filePath content } }
  messages { role text revisionId blocks { kind filePath change } } } }`;

const PAGE = `Here is your counter.
<kiln:file path="apps/web/src/app/page.tsx" type="PAGE">
export default function HomePage() {
  return (
    <main className="p-6">
      <h1 className="text-2xl font-bold">Counter</h1>
    </main>
  );
}
</kiln:file>
`;
/** An edit whose SEARCH text is not in the file (the model misremembered the heading). */
const MISSED = `I made the heading blue.
<kiln:edit path="apps/web/src/app/page.tsx">
<<<<<<< SEARCH
      <h1 className="text-3xl font-semibold">Counter</h1>
=======
      <h1 className="text-3xl font-semibold text-blue-600">Counter</h1>
>>>>>>> REPLACE
</kiln:edit>
`;
const IMPORTS_MISSING = `I added a pricing table.
<kiln:file path="apps/web/src/app/page.tsx" type="PAGE">
import PricingTable from '@/components/PricingTable';

export default function HomePage() {
  return (
    <main className="p-6">
      <h1 className="text-2xl font-bold">Counter</h1>
      <PricingTable />
    </main>
  );
}
</kiln:file>
`;
const WRITES_COMPONENT = `The pricing table was missing; here it is.
<kiln:file path="apps/web/src/components/PricingTable.tsx" type="COMPONENT">
export default function PricingTable() {
  return <table><tbody><tr><td>Pro</td><td>$9</td></tr></tbody></table>;
}
</kiln:file>
`;

interface Project {
  latestRevision: { number: number; status: string };
  revisions: {
    number: number;
    status: string;
    action: string;
    modules: { filePath: string; content: string }[];
  }[];
  messages: {
    role: string;
    text: string;
    revisionId: string;
    blocks: { kind: string; filePath: string | null; change: string | null }[] | null;
  }[];
}

/** The project once nothing is building any more (the automatic fix included). */
async function settle(c: Client, id: string, atLeast: number): Promise<Project> {
  const { project } = await settled<{ project: Project }>(c, id, {
    query: PROJECT,
    until: ({ project: p }) =>
      p.latestRevision.number >= atLeast && p.revisions.every((r) => !isRevisionInProgress(r.status)),
    timeoutMs: 60_000,
  });
  return project;
}

/** A Kiln on the scripted model, with one VALID counter project; `await using` tears both down. */
async function counterProject() {
  const model = await startScriptedModelServer([{ reply: PAGE, chunkSize: 16 }]);
  const t = await startTestKiln('pglite', {
    KILN_MODEL: 'openai-compatible:scripted-model',
    KILN_MODEL_BASE_URL: model.url,
  });
  const { client: me } = await signUp(t, 'silent@example.com');
  const { id } = await createProject(me, 'A counter app');
  const project = await settle(me, id, 1);
  expect(project.revisions[0]).toMatchObject({ number: 1, status: 'VALID' });
  const send = (text: string) =>
    me.gql(`mutation($p: ID!, $text: String!) { sendMessage(projectId: $p, text: $text) { id } }`, {
      p: id,
      text,
    });
  return {
    model,
    me,
    id,
    send,
    async [Symbol.asyncDispose]() {
      await t[Symbol.asyncDispose]();
      await model.close();
    },
  };
}

describe('never silent', () => {
  it('an edit whose SEARCH text matches nothing ends INVALID_CODE, the chat says what was not applied, no block claims the edit, and the automatic fix is offered', {
    timeout: 120_000,
  }, async () => {
    await using k = await counterProject();
    // Every later request (codegen's own retry, the automatic fix) gets the same wrong edit: nothing applies it.
    k.model.enqueue(...Array.from({ length: 4 }, () => ({ reply: MISSED, chunkSize: 16 })));
    await k.send('make the heading blue');
    const project = await settle(k.me, k.id, 2);
    const chat = project.revisions.find((r) => r.number === 2)!;
    expect(chat).toMatchObject({ action: 'CHAT', status: 'INVALID_CODE' });
    expect(chat.modules.find((m) => m.filePath === 'apps/web/src/app/page.tsx')?.content).not.toContain(
      'text-blue-600',
    );
    const answer = project.messages.find((m) => m.text.startsWith('I made the heading blue.'))!;
    expect(answer.text).toContain('One part of this reply was not applied:');
    expect(answer.text).toMatch(/\n- `apps\/web\/src\/app\/page\.tsx`: .*(SEARCH|match)/);
    expect((answer.blocks ?? []).filter((b) => b.filePath === 'apps/web/src/app/page.tsx')).toEqual([]);
    expect(project.messages.map((m) => m.text)).toContainEqual(
      expect.stringMatching(
        /^The code has an error in `apps\/web\/src\/app\/page\.tsx`: Not applied: .+\nFixing it automatically…$/,
      ),
    );
  });

  it('a page importing a project component nobody wrote is INVALID_CODE with the missing module named, and the automatic fix writes it', {
    timeout: 120_000,
  }, async () => {
    await using k = await counterProject();
    k.model.enqueue({ reply: IMPORTS_MISSING, chunkSize: 16 }, { reply: WRITES_COMPONENT, chunkSize: 16 });
    await k.send('add a pricing table');
    const project = await settle(k.me, k.id, 3);
    expect(project.revisions.slice(0, 2)).toMatchObject([
      { number: 3, action: 'FIX_CHANGE', status: 'VALID' },
      { number: 2, action: 'CHAT', status: 'INVALID_CODE' },
    ]);
    expect(project.messages.map((m) => m.text)).toContain(
      'The code has an error in `apps/web/src/app/page.tsx`: PricingTable is imported from @/components/PricingTable but no such module exists\nFixing it automatically…',
    );
    expect(project.revisions[0]!.modules.map((m) => m.filePath)).toContain(
      'apps/web/src/components/PricingTable.tsx',
    );
    // The fix was told the error: the model's second request names the missing module.
    expect(JSON.stringify(k.model.requests[2]?.messages)).toContain('no such module exists');
  });
});
