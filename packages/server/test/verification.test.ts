/**
 * Verification after every generation (issue 22), against a real Kiln and real headless Chromium: a builtin
 * first generation is VALID with a PASSED report and screenshots only its project's members can open; a
 * scripted model's page whose button throws gets a FAILED report, the automatic fix is told the failed step and
 * repairs it, and the fix's report passes; a function's logged error and 500 fail the report (a write the
 * read-only walk refused does not) and the fix is told them; a project can switch verification off.
 */
import { startScriptedModelServer } from '@kiln/codegen/testing';
import { describe, expect, it } from 'vitest';
import {
  type Client,
  createProject,
  postgresAvailable,
  scriptedModelEnv,
  settled,
  signUp,
  startTestKiln,
  waitFor,
} from './harness';

const PROJECT = `query($id: ID!) { project(id: $id) {
  verificationEnabled
  latestRevision { id status action
    verification { status consoleErrors failedRequests note durationMs steps { action ok detail viewport screenshotUrl } } }
  revisions { number status action prompt }
  messages { role text revisionId } } }`;

const NO_FIX = `Made the heading clearer.
<kiln:edit path="apps/web/src/app/page.tsx">
<<<<<<< SEARCH
      <h1 className="text-2xl font-bold">Tea shop</h1>
=======
      <h1 className="text-2xl font-bold">The tea shop</h1>
>>>>>>> REPLACE
</kiln:edit>
`;
const CREDITS = `{ organizations { credits { balance entries { type amount refunded revisionId } } } }`;
const DEEP = `query($id: ID!) { project(id: $id) {
  deepDebugging { status problem steps maxSteps credits maxCredits }
  latestRevision { id status action verification { status } }
  revisions { id number action status prompt }
  messages { role text } } }`;

const BROKEN_BUTTON = `Here is your shop.
<kiln:file path="apps/web/src/app/page.tsx" type="PAGE">
export default function HomePage() {
  const addToCart = () => {
    const cart = undefined;
    cart.items.push('tea');
  };
  return (
    <main className="p-6">
      <h1 className="text-2xl font-bold">Tea shop</h1>
      <button type="button" onClick={addToCart}>Add to cart</button>
    </main>
  );
}
</kiln:file>
`;
const FIX = `Fixed: the cart is now kept in state.
<kiln:edit path="apps/web/src/app/page.tsx">
<<<<<<< SEARCH
  const addToCart = () => {
    const cart = undefined;
    cart.items.push('tea');
  };
=======
  const addToCart = () => {
    const cart = { items: [] as string[] };
    cart.items.push('tea');
  };
>>>>>>> REPLACE
</kiln:edit>
<kiln:verify>
visit /
click Add to cart
expect Tea shop
</kiln:verify>
`;

// The page reads /api/stats, whose function fails (logs an error, answers 500), and posts the form to
// /api/entries, whose INSERT read-only refuses during the walk (not the app's fault, so not reported).
const BROKEN_FUNCTION = `Here is your guestbook.
<kiln:migration name="create_entries">
CREATE TABLE entries (id serial PRIMARY KEY, message text NOT NULL);
</kiln:migration>
<kiln:file path="apps/web/src/app/api/entries/route.ts" type="FUNCTION">
import sql from '@/app/api/utils/sql';

export async function POST(request: Request) {
  const body = await request.json();
  const [row] = await sql\`INSERT INTO entries (message) VALUES (\${body.message}) RETURNING id\`;
  return Response.json(row, { status: 201 });
}
</kiln:file>
<kiln:file path="apps/web/src/app/api/stats/route.ts" type="FUNCTION">
import sql from '@/app/api/utils/sql';

export async function GET() {
  const rows = await sql\`SELECT count(*)::int AS n FROM entries\`;
  if (rows.length > 0) {
    console.error('stats broke: totals were never set up');
    return Response.json({ error: 'No totals.' }, { status: 500 });
  }
  return Response.json({ total: 0 });
}
</kiln:file>
<kiln:file path="apps/web/src/app/page.tsx" type="PAGE">
import { useEffect, useState } from 'react';

export default function HomePage() {
  const [total, setTotal] = useState(0);
  useEffect(() => {
    fetch('/api/stats').then((r) => (r.ok ? r.json() : { total: 0 })).then((s) => setTotal(s.total ?? 0));
  }, []);
  const sign = (e) => {
    e.preventDefault();
    const message = new FormData(e.currentTarget).get('message');
    fetch('/api/entries', { method: 'POST', body: JSON.stringify({ message }) }).catch(() => {});
  };
  return (
    <main className="p-6">
      <h1 className="text-2xl font-bold">Guestbook ({total})</h1>
      <form onSubmit={sign}>
        <label>Message <input name="message" /></label>
        <button type="submit">Sign</button>
      </form>
    </main>
  );
}
</kiln:file>
`;
const FUNCTION_FIX = `Fixed: the stats answer from the table.
<kiln:edit path="apps/web/src/app/api/stats/route.ts">
<<<<<<< SEARCH
  if (rows.length > 0) {
    console.error('stats broke: totals were never set up');
    return Response.json({ error: 'No totals.' }, { status: 500 });
  }
  return Response.json({ total: 0 });
=======
  return Response.json({ total: rows[0]?.n ?? 0 });
>>>>>>> REPLACE
</kiln:edit>
`;

/** The project once its latest revision is finished and, when given, `until` holds of it. */
async function settle(c: Client, id: string, until: (p: Project) => boolean = () => true) {
  const data = await settled<{ project: Project }>(c, id, {
    query: PROJECT,
    until: (d) => until(d.project),
    timeoutMs: 90_000,
  });
  return data.project;
}

interface Step {
  action: string;
  ok: boolean;
  detail: string | null;
  viewport: string;
  screenshotUrl: string | null;
}
interface Project {
  verificationEnabled: boolean;
  latestRevision: {
    id: string;
    status: string;
    action: string;
    verification: {
      status: string;
      steps: Step[];
      consoleErrors: string[];
      failedRequests: string[];
      note: string | null;
      durationMs: number;
    } | null;
  };
  revisions: { number: number; status: string; action: string; prompt: string }[];
  messages: { role: string; text: string }[];
}

const backends = (await postgresAvailable()) ? (['pglite', 'postgres'] as const) : (['pglite'] as const);

describe.each(backends)('verification after every generation (%s)', (backend) => {
  it('a builtin first generation is VALID with a PASSED report; screenshots open for members only', {
    timeout: 180_000,
  }, async () => {
    await using t = await startTestKiln(backend, { KILN_VERIFY: 'on' });
    const { client: me } = await signUp(t, 'verify@example.com');
    const { id } = await createProject(me, 'A todo list app');
    const project = await settle(me, id);
    expect(project.latestRevision.status).toBe('VALID');
    const report = project.latestRevision.verification!;
    expect(report.status).toBe('PASSED');
    expect(report.steps.length).toBeGreaterThan(1);
    expect(report.steps.every((s) => s.ok)).toBe(true);
    expect(report.steps.map((s) => s.viewport)).toContain('mobile');
    const shot = report.steps.find((s) => s.screenshotUrl)!.screenshotUrl!;
    const image = await me.send('GET', shot);
    expect(image.status).toBe(200);
    expect(image.headers['content-type']).toBe('image/jpeg');
    // Someone else, and nobody, see no such screenshot.
    const { client: other } = await signUp(t, 'other@example.com');
    expect((await other.send('GET', shot)).status).toBe(404);
    expect((await t.client().send('GET', shot)).status).toBe(401);

    // Switched off for the project: the next generation has no report.
    const off = await me.gql(
      `mutation($id: ID!) { setProjectVerification(projectId: $id, enabled: false) { verificationEnabled } }`,
      { id },
    );
    expect(off.data.setProjectVerification.verificationEnabled).toBe(false);
    await me.gql(`mutation($id: ID!) { sendMessage(projectId: $id, text: "Add a dark mode") { id } }`, {
      id,
    });
    const next = await settle(me, id, (p) => p.latestRevision.id !== project.latestRevision.id);
    expect(next.latestRevision.verification).toBeNull();
  });

  it('a page whose button throws gets a FAILED report; the automatic fix repairs it and its report passes', {
    timeout: 180_000,
  }, async () => {
    await using model = await startScriptedModelServer();
    await using t = await startTestKiln(backend, {
      ...scriptedModelEnv(model),
      KILN_VERIFY: 'on',
    });
    const { client: me } = await signUp(t, 'shop@example.com');
    model.enqueue(
      { reply: BROKEN_BUTTON, usage: { inputTokens: 800, outputTokens: 300 } },
      { reply: FIX, usage: { inputTokens: 500, outputTokens: 100 } },
    );
    const { id } = await createProject(me, 'A tea shop');
    const fixed = await settle(me, id, (p) => p.latestRevision.action === 'FIX_CHANGE');

    // The first revision: code VALID (it compiles and renders), its report FAILED on the button.
    const first = await me.gql(
      `query($id: ID!) { project(id: $id) { revisions { number status action verification { status steps { action ok detail } } } } }`,
      { id },
    );
    const initial = (
      first.data.project.revisions as {
        action: string;
        status: string;
        verification: { status: string; steps: { action: string; ok: boolean; detail: string }[] };
      }[]
    ).find((r) => r.action === 'INITIAL')!;
    expect(initial.status).toBe('VALID');
    expect(initial.verification.status).toBe('FAILED');
    const failed = initial.verification.steps.find((s) => !s.ok)!;
    expect(failed.action).toBe('click "Add to cart"');
    expect(failed.detail).toMatch(/items/);

    // The automatic fix was told the failed step, and its own report passes.
    const fixRevision = fixed.revisions.find((r) => r.action === 'FIX_CHANGE')!;
    expect(fixRevision.prompt).toContain('click "Add to cart" failed');
    expect(fixed.messages.some((m) => m.text.includes('Verification in the browser failed'))).toBe(true);
    expect(fixed.latestRevision.status).toBe('VALID');
    // (The whole report, so a failure says which step failed and why.)
    expect(fixed.latestRevision.verification).toMatchObject({ status: 'PASSED' });
    // The fix wrote its own walk (<kiln:verify>): performed instead of the default one, then mobile.
    expect(fixed.latestRevision.verification?.steps.map((s) => `${s.viewport} ${s.action}`)).toEqual([
      'desktop visit /',
      'desktop click Add to cart',
      'desktop expect Tea shop',
      'mobile visit /',
    ]);
    // The second request to the model was the fix; there was no third.
    expect(model.requests.length).toBe(2);
  });
});

describe("verification records the functions' errors", () => {
  it('a function that logs an error and answers 500 fails the report; a write refused read-only does not', {
    timeout: 180_000,
  }, async () => {
    await using model = await startScriptedModelServer();
    await using t = await startTestKiln('pglite', {
      ...scriptedModelEnv(model),
      KILN_VERIFY: 'on',
    });
    const { client: me } = await signUp(t, 'guest@example.com');
    model.enqueue({ reply: BROKEN_FUNCTION }, { reply: FUNCTION_FIX });
    const { id } = await createProject(me, 'A guestbook');
    const fixed = await settle(me, id, (p) => p.latestRevision.action === 'FIX_CHANGE');

    const first = await me.gql(
      `query($id: ID!) { project(id: $id) { revisions { action status verification { status consoleErrors failedRequests steps { action ok } } } } }`,
      { id },
    );
    const initial = (
      first.data.project.revisions as {
        action: string;
        status: string;
        verification: { status: string; consoleErrors: string[]; failedRequests: string[]; steps: Step[] };
      }[]
    ).find((r) => r.action === 'INITIAL')!;
    expect(initial.status).toBe('VALID');
    expect(initial.verification.status).toBe('FAILED');
    // The walk's steps themselves passed: the page rendered and its form submitted.
    expect(initial.verification.steps.every((s) => s.ok)).toBe(true);
    expect(initial.verification.steps.map((s) => s.action)).toContain('submit form "Sign"');
    const functionErrors = initial.verification.consoleErrors.filter((e) => e.startsWith('function '));
    expect(functionErrors).toEqual([
      'function GET /api/stats: stats broke: totals were never set up',
      'function GET /api/stats: No totals.',
    ]);
    // The refused write is a failed request (read-only), not an error of the app.
    expect(initial.verification.failedRequests.some((r) => r.startsWith('POST /api/entries'))).toBe(true);

    // The automatic fix was told the function's error; its own report passes.
    const fixRevision = fixed.revisions.find((r) => r.action === 'FIX_CHANGE')!;
    expect(fixRevision.prompt).toContain('console error: function GET /api/stats: stats broke');
    expect(fixed.latestRevision.verification?.status).toBe('PASSED');
    expect(fixed.latestRevision.verification?.consoleErrors).toEqual([]);
  });
});

describe.each(backends)('deep debugging (%s)', (backend) => {
  it('runs verified fix steps until the browser check passes, charges what it shows, and is stoppable', {
    timeout: 240_000,
  }, async () => {
    await using model = await startScriptedModelServer();
    // Verification after generations is off here: the broken page stays VALID with no automatic fix, and deep
    // debugging still checks every one of its steps in the browser.
    await using t = await startTestKiln(backend, {
      ...scriptedModelEnv(model),
      KILN_VERIFY: 'off',
    });
    const { client: me } = await signUp(t, 'deep@example.com');
    model.enqueue({ reply: BROKEN_BUTTON, usage: { inputTokens: 800, outputTokens: 300 } });
    const { id } = await createProject(me, 'A tea shop');
    const first = await settle(me, id);
    expect(first.latestRevision).toMatchObject({ status: 'VALID', verification: null });
    const before = (await me.gql(CREDITS)).data.organizations[0].credits.balance as number;

    // Step 1 changes the wrong thing (the check still fails), step 2 fixes it: FINISHED after 2 steps.
    model.enqueue(
      { reply: NO_FIX, usage: { inputTokens: 1500, outputTokens: 200 } },
      { reply: FIX, usage: { inputTokens: 1500, outputTokens: 200 } },
    );
    const started = await me.gql(
      `mutation($id: ID!) { startDeepDebugging(projectId: $id, problem: "Add to cart does nothing", maxSteps: 3, maxCredits: 40) { status steps maxSteps credits maxCredits } }`,
      { id },
    );
    expect(started.errors).toBeUndefined();
    expect(started.data.startDeepDebugging).toEqual({
      status: 'RUNNING',
      steps: 0,
      maxSteps: 3,
      credits: 0,
      maxCredits: 40,
    });
    const done = await waitFor(async () => {
      const { data } = await me.gql(DEEP, { id });
      return data.project.deepDebugging.status === 'RUNNING' ? null : data.project;
    }, 150_000);
    expect(done.deepDebugging).toMatchObject({ status: 'FINISHED', steps: 2 });
    expect(done.latestRevision).toMatchObject({ status: 'VALID', verification: { status: 'PASSED' } });
    const steps = (done.revisions as { id: string; action: string; prompt: string }[]).filter((r) =>
      r.prompt.startsWith('Deep debugging'),
    );
    expect(steps).toHaveLength(2);
    // The second step was told what the browser showed after the first.
    expect(steps.find((r) => r.prompt.includes('step 2'))!.prompt).toContain('click "Add to cart" failed');
    // Each step asks for a hypothesis first, from the browser, the logs and the database.
    for (const step of steps) expect(step.prompt).toContain('what you think causes it (your hypothesis');
    const texts = (done.messages as { text: string }[]).map((m) => m.text);
    expect(texts.some((x) => x.startsWith('Deep debugging, step 1 of at most 3'))).toBe(true);
    expect(texts.some((x) => x.startsWith('Deep debugging, step 2 of at most 3'))).toBe(true);
    expect(texts.at(-1)).toMatch(/^Deep debugging finished \(2 steps, \d+ of 40 credits\)/);

    // What it shows is what was charged: starts, tokens and browser time (BROWSER_USAGE) of its steps.
    const credits = (await me.gql(CREDITS)).data.organizations[0].credits;
    const ids = new Set(steps.map((r) => r.id));
    const charged = (
      credits.entries as { type: string; amount: number; refunded: boolean; revisionId: string }[]
    ).filter((e) => ids.has(e.revisionId) && !e.refunded);
    expect(charged.some((e) => e.type === 'BROWSER_USAGE')).toBe(true);
    const total = charged.reduce((sum, e) => sum + Math.abs(e.amount), 0);
    expect(total).toBe(done.deepDebugging.credits);
    expect(before - credits.balance).toBe(done.deepDebugging.credits);

    // Stoppable: cancelGeneration during a step ends the session CANCELED, the step refunded.
    model.enqueue({ reply: NO_FIX.replace('The tea shop', 'Tea'), chunkSize: 4, delayMs: 40 });
    await me.gql(
      `mutation($id: ID!) { startDeepDebugging(projectId: $id, problem: "It looks plain", maxSteps: 2) { id } }`,
      { id },
    );
    await waitFor(async () => model.requests.length >= 4);
    const cancel = await me.gql(`mutation($p: ID!) { cancelGeneration(projectId: $p) { id } }`, { p: id });
    expect(cancel.errors).toBeUndefined();
    const stopped = await waitFor(async () => {
      const { data } = await me.gql(DEEP, { id });
      return data.project.deepDebugging.status === 'RUNNING' ? null : data.project;
    }, 60_000);
    expect(stopped.deepDebugging).toMatchObject({ status: 'CANCELED', steps: 0, credits: 0 });
  });
});
