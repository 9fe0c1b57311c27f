/**
 * Issue 22 over real HTTP: plan mode (sendMessage mode DISCUSSION answers with a plan and never makes a
 * revision, even when the model writes files; "Implement this plan" builds it), project and organisation
 * knowledge (who may change it, sent with every request, a proposal accepted with one click), and expert mode
 * (the organisation's expert model is used for the messages that ask for it, recorded on the revision). On
 * PGlite, and on PostgreSQL when one is running.
 */
import { startScriptedModelServer } from '@kiln/codegen/testing';
import { DISCUSSION_STOPPED, IMPLEMENT_PLAN_PREFIX, JOB_STALL_TIMEOUT_MS } from '@kiln/core';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { jobs, messages } from '../src/db/schema';
import { newId } from '../src/ids';
import {
  type Backend,
  type Client,
  createProject,
  postgresAvailable,
  settled,
  signUp,
  startTestKiln,
  type TestKiln,
  waitFor,
} from './harness';

const backends: Backend[] = ['pglite', ...((await postgresAvailable()) ? (['postgres'] as const) : [])];
const SEND = `mutation($p: ID!, $t: String!, $m: ChatMode, $x: Boolean, $cid: ID) {
  sendMessage(projectId: $p, text: $t, mode: $m, expert: $x, clientMessageId: $cid) { id number expert } }`;
const STATE = `query($id: ID!) { project(id: $id) {
  revisions { id } latestRevision { id number status expert modules { filePath content } }
  messages { id role text mode expert blocks { kind text accepted } } } }`;

interface Msg {
  id: string;
  role: string;
  text: string;
  mode: string;
  expert: boolean;
  blocks: { kind: string; text: string | null; accepted: boolean | null }[];
}
interface State {
  project: {
    revisions: { id: string }[];
    latestRevision: {
      id: string;
      number: number;
      status: string;
      expert: boolean;
      modules: { filePath: string; content: string }[];
    };
    messages: Msg[];
  };
}

/** A WebSocket joined to the project's room, collecting its events. */
async function joinRoom(t: TestKiln, c: Client, roomId: string) {
  const port = t.kiln.port;
  const ws = new WebSocket(`ws://127.0.0.1:${port}/rooms`, {
    headers: { host: `localhost:${port}`, origin: `http://localhost:${port}`, cookie: c.cookie },
  });
  const events: { type: string; messageId?: string; text?: string }[] = [];
  ws.on('message', (d) => {
    const m = JSON.parse(String(d)) as { type: string; event?: { type: string } };
    if (m.type === 'event' && m.event) events.push(m.event);
  });
  await new Promise<void>((resolve, reject) => {
    ws.on('open', () => resolve());
    ws.on('error', reject);
  });
  ws.send(JSON.stringify({ type: 'join', roomId }));
  return { ws, events };
}

async function state(c: Client, id: string): Promise<State> {
  const res = await c.gql<State>(STATE, { id });
  expect(res.errors).toBeUndefined();
  return res.data;
}

/** Waits until the latest revision is number `n` and finished. */
function finished(c: Client, id: string, n: number): Promise<State> {
  return settled<State>(c, id, { number: n, query: STATE, timeoutMs: 90_000 });
}

/** Waits until the project has `count` DISCUSSION answers. */
function answered(c: Client, id: string, count: number): Promise<State> {
  return waitFor(async () => {
    const s = await state(c, id);
    const answers = s.project.messages.filter((m) => m.mode === 'DISCUSSION' && m.role === 'assistant');
    return answers.length >= count ? s : null;
  }, 60_000);
}

async function todoProject(c: Client, organizationId?: string): Promise<string> {
  const { id } = await createProject(c, 'A todo list app with due dates', { organizationId });
  await finished(c, id, 1);
  return id;
}

describe.each(backends)('plan mode, knowledge and expert mode (%s)', (backend) => {
  it('a discussion answers with a plan and no revision; Implement this plan builds it', {
    timeout: 180_000,
  }, async () => {
    await using t = await startTestKiln(backend);
    const { client: c } = await signUp(t, 'plan@example.com');
    const id = await todoProject(c);
    const before = await state(c, id);

    const talk = await c.gql(SEND, {
      p: id,
      t: 'how would you add tags to tasks?',
      m: 'DISCUSSION',
      cid: 'd15c0000-0000-4000-8000-000000000001',
    });
    expect(talk.errors).toBeUndefined();
    // The answer type is Revision!: the latest one, unchanged.
    expect(talk.data.sendMessage.id).toBe(before.project.latestRevision.id);
    // A retry with the same id queues no second discussion.
    const again = await c.gql(SEND, {
      p: id,
      t: 'how would you add tags to tasks?',
      m: 'DISCUSSION',
      cid: 'd15c0000-0000-4000-8000-000000000001',
    });
    expect(again.errors).toBeUndefined();
    const after = await answered(c, id, 1);
    expect(after.project.revisions).toHaveLength(before.project.revisions.length);
    expect(after.project.latestRevision.id).toBe(before.project.latestRevision.id);
    const discussion = after.project.messages.filter((m) => m.mode === 'DISCUSSION');
    expect(discussion.map((m) => m.role)).toEqual(['user', 'assistant']);
    const plan = discussion[1]!.text;
    expect(plan).toContain('**Plan:** add a tags field');
    expect(plan).toMatch(/^1\. /m);
    expect(plan).toMatch(/^2\. /m);

    // A project-group action (spec), whose snapshot holds no new project revision.
    const groups = await c.gql('{ organizations { projectGroups { revisions { action } } } }');
    const actions = groups.data.organizations[0].projectGroups[0].revisions.map(
      (r: { action: string }) => r.action,
    );
    expect(actions).toContain('DISCUSSION');

    // Implement this plan: an ordinary CHAT message carrying the plan, which builds it.
    const build = await c.gql(SEND, { p: id, t: `${IMPLEMENT_PLAN_PREFIX}\n\n${plan}` });
    expect(build.errors).toBeUndefined();
    const built = await finished(c, id, 2);
    expect(built.project.latestRevision.status).toBe('VALID');
    expect(built.project.latestRevision.modules.map((m) => m.content).join('\n')).toContain('name="tags"');

    // Empty text is refused.
    const empty = await c.gql(SEND, { p: id, t: '   ', m: 'DISCUSSION' });
    expect(empty.errors?.[0]?.extensions?.code).toBe('validation');
  });

  it('a model reply with files in a discussion is not applied, and says so; knowledge goes with it', {
    timeout: 180_000,
  }, async () => {
    await using model = await startScriptedModelServer();
    await using t = await startTestKiln(backend);
    const { client: owner } = await signUp(t, 'owner@example.com');
    const org = (await owner.gql(`mutation { createOrganization(name: "Acme") { id } }`)).data
      .createOrganization.id as string;
    const id = await todoProject(owner, org);

    // Knowledge: the project's (EDITOR+) and the organisation's (ADMIN+).
    const tooLong = await owner.gql(
      `mutation($p: ID!, $t: String!) { updateProjectKnowledge(projectId: $p, text: $t) }`,
      { p: id, t: 'x'.repeat(8_001) },
    );
    expect(tooLong.errors?.[0]?.extensions?.code).toBe('validation');
    const setProject = await owner.gql(
      `mutation($p: ID!, $t: String!) { updateProjectKnowledge(projectId: $p, text: $t) }`,
      { p: id, t: '  Always use metric units.\r\n' },
    );
    expect(setProject.data.updateProjectKnowledge).toBe('Always use metric units.');
    const setOrg = await owner.gql(
      `mutation($o: ID!, $t: String!) { updateOrganizationKnowledge(organizationId: $o, text: $t) }`,
      { o: org, t: 'Write British English.' },
    );
    expect(setOrg.errors).toBeUndefined();

    // A viewer reads knowledge but may not change it.
    const { client: viewer } = await signUp(t, 'viewer@example.com');
    const invite = await owner.gql(
      `mutation($o: ID!) { inviteMember(organizationId: $o, email: "viewer@example.com", role: "VIEWER") { acceptUrl } }`,
      { o: org },
    );
    await viewer.gql(`mutation($t: String!) { acceptInvitation(token: $t) { id } }`, {
      t: (invite.data.inviteMember.acceptUrl as string).split('/').pop(),
    });
    const read = await viewer.gql(
      `query($id: ID!) { project(id: $id) { knowledge organizationKnowledge } }`,
      {
        id,
      },
    );
    expect(read.data.project).toEqual({
      knowledge: 'Always use metric units.',
      organizationKnowledge: 'Write British English.',
    });
    const denied = await viewer.gql(
      `mutation($p: ID!) { updateProjectKnowledge(projectId: $p, text: "no") }`,
      { p: id },
    );
    expect(denied.errors).toBeDefined();

    await owner.gql(
      `mutation($o: ID!, $u: String!) { updateModelSettings(organizationId: $o, model: "openai:gpt-4o-mini", baseUrl: $u, apiKey: "sk-test-1234") { model } }`,
      { o: org, u: model.url },
    );
    const before = await state(owner, id);
    const room = await joinRoom(t, owner, `app-builder:${org}:${id}`);
    model.enqueue({
      // Slow enough that the answer is seen while it is written.
      chunkSize: 12,
      delayMs: 40,
      reply:
        'Tags need a table.\n\n1. Add a tags table.\n2. Show tags.\n<kiln:file path="apps/web/src/app/page.tsx" type="PAGE">export default function P() { return <main />; }</kiln:file>\n<kiln:knowledge>Tags are lowercase.</kiln:knowledge>',
    });
    const talk = await owner.gql(SEND, { p: id, t: 'how would you add tags?', m: 'DISCUSSION' });
    expect(talk.errors).toBeUndefined();
    const after = await answered(owner, id, 1);
    expect(after.project.revisions).toHaveLength(before.project.revisions.length);
    expect(after.project.latestRevision.modules).toEqual(before.project.latestRevision.modules);
    const answer = after.project.messages.at(-1)!;
    expect(answer.mode).toBe('DISCUSSION');
    expect(answer.text).toContain('1. Add a tags table.');
    expect(answer.text).toContain('were not applied');
    expect(answer.blocks).toEqual([{ kind: 'knowledge', text: 'Tags are lowercase.', accepted: null }]);
    // The answer streamed to the room while the model wrote it, growing, for this question.
    const streamed = room.events.filter((e) => e.type === 'discussion-text');
    expect(streamed.length).toBeGreaterThan(1);
    const question = after.project.messages.filter((m) => m.role === 'user').at(-1)!;
    expect(streamed.every((e) => e.messageId === question.id)).toBe(true);
    expect(streamed[0]!.text!.length).toBeLessThan(streamed.at(-1)!.text!.length);
    expect(streamed.at(-1)!.text).toContain('Tags need a table.');
    room.ws.close();
    // The model was told the discussion rules and both knowledges, the organisation's first.
    const sent = model.requests.at(-1)!;
    expect(sent.system).toContain('# Discussion (action DISCUSSION)');
    const user = sent.messages.at(-1)!.content;
    expect(user).toContain('<kiln:project-knowledge>');
    expect(user.indexOf('Write British English.')).toBeLessThan(user.indexOf('Always use metric units.'));
    expect(user).toContain('<kiln:request action="DISCUSSION">');
    expect(user).not.toContain('<kiln:conversation>');

    // One click accepts the proposal: appended, marked; twice adds nothing.
    const ACCEPT = `mutation($m: ID!) { acceptKnowledgeProposal(messageId: $m) }`;
    const accepted = await owner.gql(ACCEPT, { m: answer.id });
    expect(accepted.data.acceptKnowledgeProposal).toBe('Always use metric units.\nTags are lowercase.');
    const twice = await owner.gql(ACCEPT, { m: answer.id });
    expect(twice.data.acceptKnowledgeProposal).toBe('Always use metric units.\nTags are lowercase.');
    const marked = await state(owner, id);
    expect(marked.project.messages.at(-1)!.blocks[0]?.accepted).toBe(true);
    const noProposal = await owner.gql(ACCEPT, { m: marked.project.messages[0]!.id });
    expect(noProposal.errors?.[0]?.extensions?.code).toBe('not_found');

    // The model reads what it needs: grep_codebase and read_file answer from the project's files.
    model.enqueue(
      {
        reply:
          'Let me look.\n<kiln:tool-call name="grep_codebase">due</kiln:tool-call>\n<kiln:tool-call name="read_file">apps/web/src/app/page.tsx</kiln:tool-call>',
      },
      { reply: '1. Add a tags column.\n2. Show tags next to the due date.' },
    );
    const where = await owner.gql(SEND, { p: id, t: 'where are due dates shown?', m: 'DISCUSSION' });
    expect(where.errors).toBeUndefined();
    const looked = await answered(owner, id, 2);
    const page = before.project.latestRevision.modules.find(
      (m) => m.filePath === 'apps/web/src/app/page.tsx',
    );
    // A follow-up is sent the discussion so far: the first question and its answer, before the new request.
    const followUp = model.requests.at(-2)!.messages.at(-1)!.content;
    expect(followUp).toMatch(
      /<kiln:conversation>\nUser: how would you add tags\?\nYou: Tags need a table\.[\s\S]*<\/kiln:conversation>\n<kiln:request action="DISCUSSION">\nwhere are due dates shown\?/,
    );
    const results = model.requests.at(-1)!.messages.at(-1)!.content;
    expect(results).toContain(
      `<kiln:tool-result name="read_file">\n<kiln:file path="apps/web/src/app/page.tsx" type="PAGE">\n${page!.content}`,
    );
    expect(results).toMatch(/<kiln:tool-result name="grep_codebase">\napps\/web\/src\/[^\n]+:\d+: /);
    const lookedAnswer = looked.project.messages.at(-1)!;
    expect(lookedAnswer.text).toContain('2. Show tags next to the due date.');
    expect(lookedAnswer.blocks.map((b) => b.kind)).toEqual(['tool-call', 'tool-call']);
    expect(looked.project.revisions).toHaveLength(before.project.revisions.length);
  });

  it('expert mode: refused without an expert model; with one, that model builds and the revision says so', {
    timeout: 180_000,
  }, async () => {
    await using model = await startScriptedModelServer();
    await using t = await startTestKiln(backend);
    const { client: owner } = await signUp(t, 'expert@example.com');
    const org = (await owner.gql(`mutation { createOrganization(name: "Hard Co") { id } }`)).data
      .createOrganization.id as string;
    const id = await todoProject(owner, org);
    const refused = await owner.gql(SEND, { p: id, t: 'make it teal', x: true });
    expect(refused.errors?.[0]?.message).toMatch(/no expert model/);
    const EXPERT = `mutation($o: ID!, $m: String, $u: String, $k: String) {
      updateExpertModel(organizationId: $o, model: $m, baseUrl: $u, apiKey: $k) { model baseUrl hasApiKey } }`;
    const bad = await owner.gql(EXPERT, { o: org, m: 'openai:o3' });
    expect(bad.errors?.[0]?.extensions?.code).toBe('validation');
    const set = await owner.gql(EXPERT, { o: org, m: 'openai:o3', u: model.url, k: 'sk-expert-5678' });
    expect(set.data.updateExpertModel).toEqual({ model: 'openai:o3', baseUrl: model.url, hasApiKey: true });
    const org2 = await owner.gql(`query($o: ID!) { organization(id: $o) { hasExpertModel } }`, { o: org });
    expect(org2.data.organization.hasExpertModel).toBe(true);

    // Without Expert the organisation's model (the server's builtin here) builds: no request to the expert.
    expect((await owner.gql(SEND, { p: id, t: 'make it teal' })).errors).toBeUndefined();
    const plain = await finished(owner, id, 2);
    expect(plain.project.latestRevision.expert).toBe(false);
    expect(model.requests).toHaveLength(0);

    model.enqueue({
      reply:
        'Done.\n<kiln:edit path="apps/web/src/app/page.tsx">\n<<<<<<< SEARCH\nexport default\n=======\n// expert\nexport default\n>>>>>>> REPLACE\n</kiln:edit>',
      usage: { inputTokens: 1000, outputTokens: 200 },
    });
    const sent = await owner.gql(SEND, { p: id, t: 'mark the page', x: true });
    expect(sent.errors).toBeUndefined();
    expect(sent.data.sendMessage.expert).toBe(true);
    const expert = await finished(owner, id, 3);
    expect(expert.project.latestRevision.expert).toBe(true);
    expect(model.requests).toHaveLength(1);
    expect(model.requests[0]?.model).toBe('o3');
    expect(model.requests[0]?.headers.authorization).toBe('Bearer sk-expert-5678');
    const userMsg = expert.project.messages.filter((m) => m.role === 'user').at(-1);
    expect(userMsg?.expert).toBe(true);
    // The group's history names it an EXPERT_SWE action (the plain one before it a CHAT).
    const history = await owner.gql(
      `query($o: ID!) { organization(id: $o) { projectGroups { revisions { action } } } }`,
      { o: org },
    );
    const groupActions = history.data.organization.projectGroups[0].revisions.map(
      (r: { action: string }) => r.action,
    );
    expect(groupActions).toContain('EXPERT_SWE');
    expect(groupActions).toContain('CHAT');

    // A discussion may ask for the expert too: answered by it, still without a revision.
    model.enqueue({ reply: 'Plan:\n1. Split the page.\n2. Add tests.' });
    const talk = await owner.gql(SEND, {
      p: id,
      t: 'how would you restructure this?',
      m: 'DISCUSSION',
      x: true,
    });
    expect(talk.errors).toBeUndefined();
    const discussed = await answered(owner, id, 1);
    expect(discussed.project.revisions).toHaveLength(expert.project.revisions.length);
    expect(discussed.project.messages.at(-1)).toMatchObject({ mode: 'DISCUSSION', expert: true });
    expect(model.requests).toHaveLength(2);
    expect(model.requests[1]?.model).toBe('o3');
    expect(model.requests[1]?.system).toContain('# Discussion (action DISCUSSION)');

    // Removing the expert model turns Expert off again.
    const removed = await owner.gql(EXPERT, { o: org, m: '' });
    expect(removed.data.updateExpertModel).toBeNull();
  });

  it('a discussion is stopped while the model answers: the chat says so, nothing is charged or written later', {
    timeout: 180_000,
  }, async () => {
    await using model = await startScriptedModelServer();
    await using t = await startTestKiln(backend);
    const { client: owner } = await signUp(t, 'stop@example.com');
    const org = (await owner.gql(`mutation { createOrganization(name: "Stop Co") { id } }`)).data
      .createOrganization.id as string;
    const id = await todoProject(owner, org);
    await owner.gql(
      `mutation($o: ID!, $u: String!) { updateModelSettings(organizationId: $o, model: "openai:gpt-4o-mini", baseUrl: $u, apiKey: "sk-test-1234") { model } }`,
      { o: org, u: model.url },
    );
    const CANCEL = `mutation($p: ID!) { cancelDiscussion(projectId: $p) }`;
    const CREDITS = `query($o: ID!) { organization(id: $o) { credits { entries { type } } } }`;
    const charges = async () =>
      ((await owner.gql(CREDITS, { o: org })).data.organization.credits.entries as { type: string }[]).length;
    expect((await owner.gql(CANCEL, { p: id })).data.cancelDiscussion).toBe(false);
    const before = await charges();

    // A slow answer (about 8 s), stopped once the model is writing it.
    model.enqueue({
      reply: `Thinking it through. ${'More thoughts. '.repeat(50)}`,
      chunkSize: 8,
      delayMs: 80,
    });
    expect(
      (await owner.gql(SEND, { p: id, t: 'how would you add tags?', m: 'DISCUSSION' })).errors,
    ).toBeUndefined();
    await waitFor(async () => (model.requests.length === 1 ? true : null), 30_000);
    const stopped = await owner.gql(CANCEL, { p: id });
    expect(stopped.errors).toBeUndefined();
    expect(stopped.data.cancelDiscussion).toBe(true);
    const after = await state(owner, id);
    expect(after.project.messages.at(-1)).toMatchObject({
      role: 'assistant',
      mode: 'DISCUSSION',
      text: DISCUSSION_STOPPED,
    });
    const [job] = await t.kiln.database.db
      .select()
      .from(jobs)
      .where(eq(jobs.messageId, after.project.messages.at(-2)!.id));
    expect(job).toMatchObject({ status: 'FAILED', error: 'Stopped by the user.' });

    // The next question is answered; the stopped one never got an answer or a charge.
    model.enqueue({ reply: '1. Add a tags column.\n2. Show them.' });
    expect(
      (await owner.gql(SEND, { p: id, t: 'and a short plan?', m: 'DISCUSSION' })).errors,
    ).toBeUndefined();
    const done = await waitFor(async () => {
      const s = await state(owner, id);
      return s.project.messages.at(-1)?.text.includes('2. Show them.') ? s : null;
    }, 60_000);
    expect(done.project.messages.slice(-4).map((m) => [m.role, m.text.slice(0, 20)])).toEqual([
      ['user', 'how would you add ta'],
      ['assistant', DISCUSSION_STOPPED.slice(0, 20)],
      ['user', 'and a short plan?'],
      ['assistant', '1. Add a tags column'],
    ]);
    expect(await charges()).toBe(before + 1);
    expect(done.project.revisions).toHaveLength(after.project.revisions.length);
  });

  it('a discussion whose process died is answered by another; out of attempts, the chat says so', {
    timeout: 180_000,
  }, async () => {
    await using t = await startTestKiln(backend);
    const { client: c } = await signUp(t, 'stall@example.com');
    const id = await todoProject(c);
    const db = t.kiln.database.db;
    const stale = new Date(Date.now() - JOB_STALL_TIMEOUT_MS - 60_000);
    /** A DISCUSSION question whose job a dead process claimed. */
    async function claimedElsewhere(text: string, attempts: number) {
      const messageId = newId();
      await db
        .insert(messages)
        .values({ id: messageId, projectId: id, role: 'user', text, mode: 'DISCUSSION' });
      await db.insert(jobs).values({
        id: newId(),
        kind: 'discuss',
        messageId,
        status: 'RUNNING',
        attempts,
        lockedBy: 'worker-dead',
        heartbeatAt: stale,
      });
      return messageId;
    }
    const revisionsBefore = (await state(c, id)).project.revisions.length;
    await claimedElsewhere('how would you add a priority field?', 1);
    // Recovered here, or already by the orphan check (PostgreSQL), whichever comes first.
    await t.kiln.workers.recoverStalled();
    const after = await answered(c, id, 1);
    expect(after.project.messages.at(-1)?.text).toContain('**Plan:** add a priority field');

    const lost = await claimedElsewhere('how would you add a notes field?', 2);
    // Recovered here, or already by the orphan check (PostgreSQL), whichever comes first.
    await t.kiln.workers.recoverStalled();
    const failed = await answered(c, id, 2);
    expect(failed.project.messages.at(-1)?.text).toMatch(/The model stopped responding\.$/);
    expect(failed.project.revisions).toHaveLength(revisionsBefore);
    const [job] = await db.select().from(jobs).where(eq(jobs.messageId, lost));
    expect(job?.status).toBe('STALLED');
  });
});
