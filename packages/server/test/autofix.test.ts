/**
 * The one automatic fix, against the scripted model server over real HTTP: a reply whose code does not compile
 * ends INVALID_CODE and queues exactly one FIX_CHANGE (told the failing module and its error, with a chat line
 * saying so) that repairs it; each answer shows what its revision cost; a fix that leaves the code broken is refunded and never fixed again; canceling the
 * automatic fix ends it CANCELED_AUTOFIX and costs nothing.
 */
import { startScriptedModelServer } from '@kiln/codegen/testing';
import { describe, expect, it } from 'vitest';
import {
  type Client,
  createProject,
  type SettledOptions,
  scriptedModelEnv,
  settled,
  signUp,
  startTestKiln,
  waitFor,
} from './harness';

const PROJECT = `query($id: ID!) { project(id: $id) {
  latestRevision { id number status action }
  revisions { number status action prompt modules { filePath content } }
  messages { role text revisionId cost { credits inputTokens outputTokens refunded } } } }`;
const CREDITS = `{ organizations { credits { balance entries { type amount refunded revisionId } } } }`;

const BROKEN = `Here is your counter.
<kiln:file path="apps/web/src/app/page.tsx" type="PAGE">
export default function HomePage() {
  return (
    <main className="p-6">
      <h1 className="text-2xl font-bold">Counter</h1>
    </main>
  ;
}
</kiln:file>
`;
const FIX = `Fixed: the return statement was missing its closing parenthesis.
<kiln:edit path="apps/web/src/app/page.tsx">
<<<<<<< SEARCH
    </main>
  ;
=======
    </main>
  );
>>>>>>> REPLACE
</kiln:edit>
`;
const NO_FIX = `I could not find the problem.
<kiln:edit path="apps/web/src/app/page.tsx">
<<<<<<< SEARCH
      <h1 className="text-2xl font-bold">Counter</h1>
=======
      <h1 className="text-3xl font-bold">Counter</h1>
>>>>>>> REPLACE
</kiln:edit>
`;

/** The project once its latest revision (or revision `number`) is finished. */
async function settle(c: Client, id: string, opts: Omit<SettledOptions, 'query'> = {}) {
  return (await settled(c, id, { ...opts, query: PROJECT })).project;
}

describe('automatic fix', () => {
  it('fixes broken code once, refunds a fix that did not fix, and cancels as CANCELED_AUTOFIX', {
    timeout: 120_000,
  }, async () => {
    await using model = await startScriptedModelServer();
    await using t = await startTestKiln('pglite', scriptedModelEnv(model));
    const { client: me } = await signUp(t, 'fix@example.com');

    // 1. The first reply does not compile: INVALID_CODE, then one automatic FIX_CHANGE that repairs it.
    model.enqueue(
      { reply: BROKEN, usage: { inputTokens: 800, outputTokens: 300 } },
      { reply: FIX, usage: { inputTokens: 500, outputTokens: 100 } },
    );
    const { id } = await createProject(me, 'A counter app');
    // The automatic fix is revision 2.
    let project = await settle(me, id, { number: 2 });
    expect(project.revisions.map((r: { number: number; action: string; status: string }) => r)).toMatchObject(
      [
        { number: 2, action: 'FIX_CHANGE', status: 'VALID' },
        { number: 1, action: 'INITIAL', status: 'INVALID_CODE' },
      ],
    );
    expect(project.revisions[0].prompt).toMatch(/^Fix the error in apps\/web\/src\/app\/page\.tsx: /);
    expect(project.revisions[0].modules[0].content).toContain('    </main>\n  );');
    expect(model.requests).toHaveLength(2);
    const fixRequest = JSON.stringify(model.requests[1]?.messages);
    expect(fixRequest).toContain('apps/web/src/app/page.tsx');
    const fixRevisionId = project.latestRevision.id;
    const assistant = project.messages.filter((m: { role: string }) => m.role === 'assistant');
    expect(assistant.map((m: { text: string }) => m.text)).toEqual([
      expect.stringContaining('Here is your counter.'),
      expect.stringMatching(
        /^The code has an error in `apps\/web\/src\/app\/page\.tsx`: .+\nFixing it automatically…$/,
      ),
      expect.stringContaining('Fixed: the return statement'),
    ]);
    expect(assistant[1].revisionId).toBe(fixRevisionId);
    // Each revision's closing answer shows its cost; the "fixing it" line does not repeat the fix's.
    expect(assistant.map((m: { cost: unknown }) => m.cost)).toEqual([
      { credits: 3, inputTokens: 800, outputTokens: 300, refunded: false },
      null,
      { credits: 2, inputTokens: 500, outputTokens: 100, refunded: false },
    ]);
    expect(project.messages[0].cost).toBeNull(); // the user's message
    expect(project.messages.filter((m: { role: string }) => m.role === 'user')).toHaveLength(1);
    let credits = (await me.gql(CREDITS)).data.organizations[0].credits;
    // INITIAL: 1 + 2 (1,100 tokens); the fix that worked: 1 + 1 (600 tokens); nothing refunded.
    expect(credits.balance).toBe(100 - 5);
    expect(credits.entries.filter((e: { revisionId: string }) => e.revisionId === fixRevisionId)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ type: 'START_GENERATION', amount: -1, refunded: false }),
        expect.objectContaining({ type: 'GENERATION_USAGE', amount: -1, refunded: false }),
      ]),
    );

    // 2. A chat that breaks the code, and an automatic fix that does not fix it: the fix is refunded and is
    //    never fixed again (no third request).
    const broken = BROKEN.replace('Counter</h1>', 'Counter</h1>\n      <p>Clicks</p>');
    model.enqueue(
      { reply: broken, usage: { inputTokens: 900, outputTokens: 900 } },
      { reply: NO_FIX, usage: { inputTokens: 900, outputTokens: 900 } },
    );
    await me.gql(`mutation($p: ID!) { sendMessage(projectId: $p, text: "add a clicks label") { id } }`, {
      p: id,
    });
    project = await settle(me, id, { number: 4 });
    expect(project.revisions.slice(0, 2)).toMatchObject([
      { number: 4, action: 'FIX_CHANGE', status: 'INVALID_CODE' },
      { number: 3, action: 'CHAT', status: 'INVALID_CODE' },
    ]);
    expect(model.requests).toHaveLength(4);
    expect(model.pending()).toBe(0);
    credits = (await me.gql(CREDITS)).data.organizations[0].credits;
    // The CHAT is charged (1 + 2); the fix that left the code broken is refunded in full.
    expect(credits.balance).toBe(100 - 5 - 3);
    const failedFix = credits.entries.filter(
      (e: { revisionId: string }) => e.revisionId === project.latestRevision.id,
    );
    expect(failedFix.length).toBeGreaterThan(0);
    expect(failedFix.every((e: { refunded: boolean }) => e.refunded)).toBe(true);
    expect(project.messages.at(-1).cost).toEqual({
      credits: 0,
      inputTokens: 900,
      outputTokens: 900,
      refunded: true,
    });

    // 3. The user cancels the automatic fix: CANCELED_AUTOFIX, the code stays as the chat left it, fix refunded.
    model.enqueue(
      { reply: broken.replace('Clicks', 'Taps'), usage: { inputTokens: 900, outputTokens: 900 } },
      { reply: FIX, chunkSize: 4, delayMs: 40 },
    );
    await me.gql(`mutation($p: ID!) { sendMessage(projectId: $p, text: "call them taps") { id } }`, {
      p: id,
    });
    await waitFor(async () => model.requests.length >= 6);
    const cancel = await me.gql(`mutation($p: ID!) { cancelGeneration(projectId: $p) { id action } }`, {
      p: id,
    });
    expect(cancel.errors).toBeUndefined();
    expect(cancel.data.cancelGeneration.action).toBe('FIX_CHANGE');
    project = await settle(me, id);
    expect(project.revisions.slice(0, 2)).toMatchObject([
      { number: 6, action: 'FIX_CHANGE', status: 'CANCELED_AUTOFIX' },
      { number: 5, action: 'CHAT', status: 'INVALID_CODE' },
    ]);
    expect(project.revisions[0].modules[0].content).toContain('Taps');
    expect(project.messages.at(-1).text).toBe('Canceled. Nothing was changed.');
    expect(project.messages.at(-1).cost).toMatchObject({ credits: 0, refunded: true });
    credits = (await me.gql(CREDITS)).data.organizations[0].credits;
    expect(credits.balance).toBe(100 - 5 - 3 - 3);
  });
});
