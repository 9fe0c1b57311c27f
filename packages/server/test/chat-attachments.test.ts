/**
 * Images attached to a chat message (issue 21: "a screenshot of what to build"), over real HTTP: uploaded to
 * the builder origin (raw bytes, cut at 5 MiB while they stream, typed by their bytes), read back by members
 * only (never on the files origin), named in sendMessage (idempotent with clientMessageId), shown on the user's
 * message after a reload, and sent to the model as image parts (the scripted model server records the request
 * body). A model that reads no images gets the words and a note, and the chat says so; the builtin generator
 * says it got the images without pretending to read them. On PGlite, and on PostgreSQL when one is running.
 */
import { BUILTIN_IMAGES_NOTE } from '@kiln/codegen';
import { readFixture, startScriptedModelServer } from '@kiln/codegen/testing';
import { CHAT_ATTACHMENT_MESSAGES as A, CHAT_ATTACHMENT_MAX_BYTES } from '@kiln/core';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sweepUnsentAttachments } from '../src/chat-attachment-sweep';
import { chatAttachments } from '../src/db/schema';
import {
  type Backend,
  type Client,
  createProject,
  postgresAvailable,
  scriptedModelEnv,
  settled,
  signUp,
  startTestKiln,
  type TestKiln,
  waitFor,
} from './harness';

const backends: Backend[] = ['pglite', ...((await postgresAvailable()) ? (['postgres'] as const) : [])];

/** A 1×1 PNG (a real image: its type is sniffed from these bytes). */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
/** A 1×1 GIF. */
const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

const SEND = `mutation($p: ID!, $text: String!, $cid: ID, $a: [ID!], $mode: ChatMode) {
  sendMessage(projectId: $p, text: $text, clientMessageId: $cid, attachments: $a, mode: $mode) { id } }`;
const PROJECT = `query($id: ID!) { project(id: $id) { latestRevision { id status }
  messages { role text attachments { id url mimeType size } } } organizations { credits { balance } } }`;

interface Attachment {
  id: string;
  url: string;
  mimeType: string;
  size: number;
}
interface ProjectState {
  project: {
    latestRevision: { id: string; status: string };
    messages: { role: string; text: string; attachments: Attachment[] }[];
  };
  organizations: { credits: { balance: number } }[];
}

const settle = (c: Client, id: string) => settled<ProjectState>(c, id, { query: PROJECT, timeoutMs: 60_000 });

const attach = (c: Client, projectId: string, bytes: Uint8Array, headers: Record<string, string> = {}) =>
  c.send('POST', `/api/projects/${projectId}/attachments`, {
    body: bytes,
    headers: { 'content-type': 'application/octet-stream', ...headers },
  });

/** The content of the last message of a recorded provider request (a string, or parts). */
function lastMessageContent(body: Record<string, unknown> | undefined): unknown {
  const messages = (body?.messages ?? []) as { content: unknown }[];
  return messages.at(-1)?.content;
}

/** Someone new with a project whose first generation has started. */
async function signUpAndCreate(t: TestKiln, email: string, prompt = 'A habit tracker with streaks') {
  const { client } = await signUp(t, email);
  const project = await createProject(client, prompt);
  return { client, ...project };
}

describe.each(backends)('chat attachments (%s)', (backend) => {
  it('stores images for members, refuses the wrong ones clearly, and sends them to the model as image parts', {
    timeout: 180_000,
  }, async () => {
    await using model = await startScriptedModelServer([
      { reply: readFixture('multi-file-app'), usage: { inputTokens: 1000, outputTokens: 1000 } },
      // The stranger's own project, below.
      { reply: readFixture('multi-file-app'), usage: { inputTokens: 1000, outputTokens: 1000 } },
      { reply: readFixture('search-replace-edit'), usage: { inputTokens: 1000, outputTokens: 1000 } },
    ]);
    await using t = await startTestKiln(backend, {
      ...scriptedModelEnv(model),
      KILN_VERIFY: 'off',
    });
    const { client: me, id: projectId } = await signUpAndCreate(t, 'ana@example.com');
    const before = await settle(me, projectId);

    // Upload: the answer names the image's id, its sniffed type and where members read it.
    const up = await attach(me, projectId, PNG);
    expect(up.status).toBe(200);
    const png = up.json<Attachment>();
    expect(png).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      mimeType: 'image/png',
      size: PNG.byteLength,
      url: `/api/projects/${projectId}/attachments/${png.id}`,
    });
    const gif = (await attach(me, projectId, GIF)).json<Attachment>();
    expect(gif.mimeType).toBe('image/gif');

    // Refused with a sentence a person can act on: too large (cut while streaming), not an image, cross-site.
    const big = await attach(me, projectId, new Uint8Array(CHAT_ATTACHMENT_MAX_BYTES + 1));
    expect(big.status).toBe(413);
    expect(big.json<{ error: { message: string } }>().error.message).toBe(A.tooLarge);
    const text = await attach(me, projectId, Buffer.from('not an image at all'));
    expect(text.status).toBe(400);
    expect(text.json<{ error: { message: string } }>().error.message).toBe(A.wrongType);
    const svg = await attach(me, projectId, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>'));
    expect(svg.json<{ error: { message: string } }>().error.message).toBe(A.wrongType);
    const crossSite = await attach(me, projectId, PNG, { origin: 'https://evil.example' });
    expect(crossSite.status).toBe(403);

    // Read back by a member; not by someone outside the project, nor on the public files origin.
    const read = await me.send('GET', png.url);
    expect(read.status).toBe(200);
    expect(read.headers['content-type']).toBe('image/png');
    expect(read.headers['cache-control']).toContain('private');
    const { client: stranger, id: strangersProject } = await signUpAndCreate(t, 'eve@example.com');
    await settle(stranger, strangersProject);
    expect((await stranger.send('GET', png.url)).status).toBe(404);
    expect((await attach(stranger, projectId, PNG)).status).toBe(404);
    const onFilesOrigin = await stranger.send('GET', `/${png.id}/`, { host: 'files.localhost' });
    expect(onFilesOrigin.status).toBe(404);
    // Another project's image cannot be named in this project's message.
    const foreign = await stranger.gql(SEND, { p: strangersProject, text: 'use this', a: [png.id] });
    expect(foreign.errors?.[0]?.message).toBe(A.notFound);

    // Too many or unknown (in plan mode too): refused before anything is queued or charged.
    const tooMany = await me.gql(SEND, {
      p: projectId,
      text: 'five',
      a: await Promise.all(
        [1, 2, 3, 4, 5].map(async () => (await attach(me, projectId, PNG)).json<Attachment>().id),
      ),
    });
    expect(tooMany.errors?.[0]?.message).toBe(A.tooMany);
    const unknown = await me.gql(SEND, {
      p: projectId,
      text: 'x',
      a: ['00000000-0000-4000-8000-000000000000'],
    });
    expect(unknown.errors?.[0]?.message).toBe(A.notFound);
    const plan = await me.gql(SEND, { p: projectId, text: 'plan it', a: [png.id, 'x'], mode: 'DISCUSSION' });
    expect(plan.errors?.[0]?.message).toBe(A.notFound);

    // Sent with the message: twice with one clientMessageId (a retry) queues one revision.
    const vars = { p: projectId, text: 'Make it look like this screenshot', cid: crypto.randomUUID() };
    const sent = await me.gql(SEND, { ...vars, a: [png.id, gif.id] });
    expect(sent.errors).toBeUndefined();
    const again = await me.gql(SEND, { ...vars, a: [png.id, gif.id] });
    expect(again.data.sendMessage.id).toBe(sent.data.sendMessage.id);
    const after = await settle(me, projectId);
    expect(after.project.latestRevision.id).toBe(sent.data.sendMessage.id);
    expect(after.project.latestRevision.status).toBe('VALID');

    // The provider request's user message: the words, then both images as image parts.
    expect(model.requests).toHaveLength(3);
    const content = lastMessageContent(model.requests[2]?.body);
    expect(content).toEqual([
      { type: 'text', text: expect.stringContaining('Make it look like this screenshot') },
      { type: 'image_url', image_url: { url: `data:image/png;base64,${PNG.toString('base64')}` } },
      { type: 'image_url', image_url: { url: `data:image/gif;base64,${GIF.toString('base64')}` } },
    ]);

    // Shown on the user's message, for everyone reading the project, after a reload too.
    const mine = after.project.messages.filter((m) => m.role === 'user');
    expect(mine).toHaveLength(2);
    expect(mine[0]?.attachments).toEqual([]);
    expect(mine[1]?.attachments).toEqual(
      [png, gif].map(({ id, url, mimeType, size }) => ({ id, url, mimeType, size })),
    );
    await t.restart();
    const reloaded = await me.gql<ProjectState>(PROJECT, { id: projectId });
    expect(reloaded.data.project.messages.filter((m) => m.role === 'user')[1]?.attachments).toHaveLength(2);
    expect((await me.send('GET', png.url)).status).toBe(200);

    // Credits: the same as any message (1 to start, then the tokens); images cost nothing extra.
    const spent = before.organizations[0]!.credits.balance - after.organizations[0]!.credits.balance;
    const firstCost = 100 - before.organizations[0]!.credits.balance;
    expect(spent).toBe(firstCost);
  });
});

describe('chat attachments with models that read no images (pglite)', () => {
  it('a text-only model gets the words and a note, and the chat tells the user plainly', {
    timeout: 120_000,
  }, async () => {
    await using model = await startScriptedModelServer([
      { reply: readFixture('multi-file-app') },
      { reply: readFixture('search-replace-edit') },
    ]);
    await using t = await startTestKiln('pglite', {
      KILN_MODEL: 'openai-compatible:qwen2.5-coder-32b',
      KILN_MODEL_BASE_URL: model.url,
      KILN_VERIFY: 'off',
    });
    const { client: me, id: projectId } = await signUpAndCreate(t, 'tom@example.com');
    await settle(me, projectId);
    const png = (await attach(me, projectId, PNG)).json<Attachment>();
    await me.gql(SEND, { p: projectId, text: 'Match this', a: [png.id] });
    const after = await settle(me, projectId);
    const content = lastMessageContent(model.requests[1]?.body);
    expect(typeof content).toBe('string');
    expect(content).toContain('Match this');
    expect(content).toContain('you cannot see images');
    expect(after.project.messages.at(-1)?.text).toMatch(/^The model this project uses cannot read images/);
  });

  it('the builtin generator says it got the images and built from the words', {
    timeout: 120_000,
  }, async () => {
    await using t = await startTestKiln('pglite', { KILN_VERIFY: 'off' });
    const { client: me, id: projectId } = await signUpAndCreate(
      t,
      'bo@example.com',
      'A landing page for a bakery',
    );
    await settle(me, projectId);
    const png = (await attach(me, projectId, PNG)).json<Attachment>();
    const sent = await me.gql(SEND, { p: projectId, text: 'Make the header blue', a: [png.id] });
    expect(sent.errors).toBeUndefined();
    const after = await settle(me, projectId);
    expect(after.project.messages.at(-1)?.text).toContain(BUILTIN_IMAGES_NOTE(1));
    expect(after.project.messages.at(-2)?.attachments).toHaveLength(1);
  });
});

describe.each(backends)(
  'chat attachments in the first prompt and plan mode, unsent ones swept (%s)',
  (backend) => {
    it('a first prompt and a plan-mode question carry their images to the model; one never sent is deleted a day later', {
      timeout: 180_000,
    }, async () => {
      await using model = await startScriptedModelServer([
        { reply: readFixture('multi-file-app') },
        { reply: 'Plan:\n1. Copy the header from the screenshot.\n2. Match its colours.' },
      ]);
      await using t = await startTestKiln(backend, {
        ...scriptedModelEnv(model),
        KILN_VERIFY: 'off',
      });
      const { client: me } = await signUp(t, 'pia@example.com');
      const { client: other } = await signUp(t, 'olaf@example.com');

      // The dashboard's first prompt: an image uploaded before the project exists waits for its uploader only…
      const first = await me.send('POST', '/api/attachments', {
        body: PNG,
        headers: { 'content-type': 'image/png' },
      });
      expect(first.status).toBe(200);
      const waiting = first.json<Attachment>();
      expect(waiting.url).toBe(`/api/attachments/${waiting.id}`);
      expect((await me.send('GET', waiting.url)).status).toBe(200);
      expect((await other.send('GET', waiting.url)).status).toBe(404);
      // …nobody else can name it in a new project…
      const CREATE = `mutation($p: String!, $a: [ID!]) { createProject(prompt: $p, attachments: $a) { id } }`;
      const stolen = await other.gql(CREATE, { p: 'A habit tracker', a: [waiting.id] });
      expect(stolen.errors?.[0]?.message).toBe(A.notFound);
      // …and the project its prompt makes gets it: the first generation's request carries it as an image part.
      const { id: projectId } = await createProject(me, 'A habit tracker with streaks, like this', {
        attachments: [waiting.id],
      });
      const made = await settle(me, projectId);
      expect(lastMessageContent(model.requests[0]?.body)).toEqual([
        { type: 'text', text: expect.stringContaining('A habit tracker with streaks, like this') },
        { type: 'image_url', image_url: { url: `data:image/png;base64,${PNG.toString('base64')}` } },
      ]);
      expect(made.project.messages[0]?.attachments).toEqual([
        {
          id: waiting.id,
          url: `/api/projects/${projectId}/attachments/${waiting.id}`,
          mimeType: 'image/png',
          size: PNG.byteLength,
        },
      ]);
      expect((await me.send('GET', `/api/projects/${projectId}/attachments/${waiting.id}`)).status).toBe(200);
      expect((await me.send('GET', waiting.url)).status).toBe(404);
      // Used once: a second project cannot take it again.
      const twice = await me.gql(CREATE, { p: 'Another one', a: [waiting.id] });
      expect(twice.errors?.[0]?.message).toBe(A.notFound);

      // Plan mode: the question keeps its image, and the model reads it as an image part.
      const png = (await attach(me, projectId, PNG)).json<Attachment>();
      const asked = await me.gql(SEND, {
        p: projectId,
        text: 'How would you build this screen?',
        a: [png.id],
        mode: 'DISCUSSION',
      });
      expect(asked.errors).toBeUndefined();
      const answered = await waitFor(async () => {
        const { data } = await me.gql<ProjectState>(PROJECT, { id: projectId });
        return data.project.messages.at(-1)?.text.startsWith('Plan:') ? data : null;
      }, 60_000);
      const question = answered.project.messages.at(-2);
      expect(question?.text).toBe('How would you build this screen?');
      expect(question?.attachments.map((a) => a.id)).toEqual([png.id]);
      expect(model.requests).toHaveLength(2);
      expect(lastMessageContent(model.requests[1]?.body)).toEqual([
        { type: 'text', text: expect.stringContaining('How would you build this screen?') },
        { type: 'image_url', image_url: { url: `data:image/png;base64,${PNG.toString('base64')}` } },
      ]);

      // Two more uploads never sent (removed from the composer, the tab closed); one of them is recent.
      const old = (await attach(me, projectId, GIF)).json<Attachment>();
      const recent = (await attach(me, projectId, GIF)).json<Attachment>();
      const db = t.kiln.database.db;
      await db
        .update(chatAttachments)
        .set({ createdAt: sql`now() - interval '25 hours'` })
        .where(sql`${chatAttachments.id} in (${png.id}, ${old.id})`);
      // Two processes sweeping at once (two calls on one database): each row goes to exactly one of them.
      const [a, b] = await Promise.all([
        sweepUnsentAttachments(db, t.kiln.files),
        sweepUnsentAttachments(db, t.kiln.files),
      ]);
      expect([...a, ...b]).toEqual([old.id]);
      expect((await me.send('GET', old.url)).status).toBe(404);
      expect(await t.kiln.files.get(old.id)).toBeNull();
      // The sent image (a day old too) and the recent unsent one stay.
      expect((await me.send('GET', png.url)).status).toBe(200);
      expect((await me.send('GET', recent.url)).status).toBe(200);
      const rows = await db.select().from(chatAttachments).where(eq(chatAttachments.projectId, projectId));
      expect(rows.map((r) => [r.id, r.sentAt !== null]).sort()).toEqual(
        [
          [waiting.id, true],
          [png.id, true],
          [recent.id, false],
        ].sort(),
      );
    });
  },
);

describe.each(backends)(
  'chat attachments in a top-down (group) chat; a deleted project takes its images (%s)',
  (backend) => {
    it('every project of the group gets the image as an image part; deleting a project deletes its image files', {
      timeout: 240_000,
    }, async () => {
      // Three first generations, then the group change's two (one per project).
      await using model = await startScriptedModelServer(
        Array.from({ length: 5 }, () => ({ reply: readFixture('multi-file-app') })),
      );
      await using t = await startTestKiln(backend, {
        ...scriptedModelEnv(model),
        KILN_VERIFY: 'off',
      });
      const gia = await signUpAndCreate(t, 'gia@example.com', 'A todo list app');
      const { client: me, id: web, projectGroupId: groupId } = gia;
      await settle(me, web);
      const { id: notes } = await createProject(me, 'A notes app');
      await settle(me, notes);

      const SEND_GROUP = `mutation($g: ID!, $text: String!, $a: [ID!]) {
      sendGroupMessage(projectGroupId: $g, text: $text, attachments: $a) { id projects { projectId } } }`;
      // The image waits for its uploader (the dialog has no single project), and nobody else can name it.
      const waiting = (
        await me.send('POST', '/api/attachments', { body: PNG, headers: { 'content-type': 'image/png' } })
      ).json<Attachment>();
      const ole = await signUpAndCreate(t, 'ole@example.com', 'A quiz app');
      await settle(ole.client, ole.id);
      const stolen = await ole.client.gql(SEND_GROUP, {
        g: ole.projectGroupId,
        text: 'Like this',
        a: [waiting.id],
      });
      expect(stolen.errors?.[0]?.message).toBe(A.notFound);

      const sent = await me.gql(SEND_GROUP, {
        g: groupId,
        text: 'Make both look like this',
        a: [waiting.id],
      });
      expect(sent.errors).toBeUndefined();
      const after = await Promise.all([web, notes].map((id) => settle(me, id)));
      // Used once: it cannot be sent again.
      const twice = await me.gql(SEND_GROUP, { g: groupId, text: 'Again', a: [waiting.id] });
      expect(twice.errors?.[0]?.message).toBe(A.notFound);

      // Both generations' requests carry the image as an image part, after the request's words.
      // (a change may take more than one request; the ones that carry the request's words are the generations').
      const groupRequests = model.requests
        .map((r) => lastMessageContent(r.body))
        .filter((content) => JSON.stringify(content).includes('Make both look like this'));
      expect(groupRequests.length).toBeGreaterThanOrEqual(2);
      for (const content of groupRequests) {
        expect(content).toEqual([
          { type: 'text', text: expect.stringContaining('Make both look like this') },
          { type: 'image_url', image_url: { url: `data:image/png;base64,${PNG.toString('base64')}` } },
        ]);
      }
      // One generation for each project: each request names its own project first.
      const told = model.requests
        .map((r) => JSON.stringify(r.body))
        .filter((body) => body.includes('Make both look like this'))
        .map((body) => body.match(/Todo List App|Notes App/)?.[0]);
      expect(new Set(told)).toEqual(new Set(['Todo List App', 'Notes App']));
      // Each project's chat shows its own copy, read at its own URL; the first project keeps the upload.
      const shown = after.map(
        (state) => state.project.messages.findLast((m) => m.text === 'Make both look like this')?.attachments,
      );
      const ids = new Map<string, string>();
      for (const [i, projectId] of [web, notes].entries()) {
        const list = shown[i] ?? [];
        expect(list).toHaveLength(1);
        expect(list[0]).toMatchObject({ mimeType: 'image/png', size: PNG.byteLength });
        expect(list[0]?.url).toBe(`/api/projects/${projectId}/attachments/${list[0]?.id}`);
        expect((await me.send('GET', list[0]!.url)).status).toBe(200);
        // Another project's URL does not serve it.
        const elsewhere = projectId === web ? notes : web;
        expect((await me.send('GET', `/api/projects/${elsewhere}/attachments/${list[0]?.id}`)).status).toBe(
          404,
        );
        ids.set(projectId, list[0]!.id);
      }
      expect(new Set(ids.values()).size).toBe(2);
      expect([...ids.values()]).toContain(waiting.id);
      const db = t.kiln.database.db;
      const rows = await db
        .select()
        .from(chatAttachments)
        .where(sql`${chatAttachments.id} in (${ids.get(web)!}, ${ids.get(notes)!})`);
      expect(rows.every((r) => r.sentAt !== null)).toBe(true);

      // Deleting a project deletes its images from the storage (file and row); the other project's copy stays.
      const deleted = await me.gql(`mutation($id: ID!) { deleteProject(projectId: $id) }`, { id: web });
      expect(deleted.errors).toBeUndefined();
      expect(await t.kiln.files.get(ids.get(web)!)).toBeNull();
      expect(
        await db
          .select()
          .from(chatAttachments)
          .where(eq(chatAttachments.id, ids.get(web)!)),
      ).toEqual([]);
      const kept = await t.kiln.files.get(ids.get(notes)!);
      await kept?.body.cancel();
      expect(kept?.scope).toBe('chat');
      expect((await me.send('GET', `/api/projects/${notes}/attachments/${ids.get(notes)}`)).status).toBe(200);
    });
  },
);
