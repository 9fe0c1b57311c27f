/**
 * The whole path through the API, on PGlite and on PostgreSQL: sign up, describe an app, watch the revision
 * build, publish, serve the app on its own origin, and find everything again after a restart. Bad input on
 * each step gets a clear 4xx and loses nothing.
 */
import { describe, expect, it } from 'vitest';
import { type Backend, type Client, postgresAvailable, settled, startTestKiln } from './harness';

const backends: Backend[] = ['pglite', ...((await postgresAvailable()) ? (['postgres'] as const) : [])];

const SIGN_UP = `mutation($email: String!, $password: String!) { signUp(email: $email, password: $password) { id email role displayName username profile { photoURL } } }`;
const SIGN_IN = `mutation($email: String!, $password: String!) { signIn(email: $email, password: $password) { id } }`;
const CREATE = `mutation($prompt: String!) { createProject(prompt: $prompt) { id name previewUrl } }`;
const PROJECT = `query($id: ID!) { project(id: $id) { id name previewUrl
  latestRevision { id status action modules { moduleType filePath name route content } css }
  messages { role text } publish { status url freshness } } }`;
const PUBLISH = `mutation($id: ID!) { publishProject(projectId: $id) { id url revisionId } }`;

/** The project once its latest revision is finished. */
async function finishedRevision(client: Client, projectId: string) {
  return (await settled(client, projectId, { query: PROJECT })).project;
}

describe.each(backends)('walking skeleton on %s', (backend) => {
  it('signs up, generates a todo app, publishes it and keeps it all across a restart', async () => {
    await using t = await startTestKiln(backend);
    const alice = t.client();

    const health = await alice.send('GET', '/healthz');
    expect(health.status).toBe(200);
    expect(health.json()).toEqual({ ok: true });

    const signUp = await alice.gql(SIGN_UP, { email: 'alice@example.com', password: 'correct horse' });
    expect(signUp.errors).toBeUndefined();
    expect(signUp.data.signUp).toMatchObject({
      email: 'alice@example.com',
      role: 'ADMIN',
      displayName: 'alice',
    });
    expect(alice.cookie).toMatch(/^kiln_session=/);

    const { data: orgs } = await alice.gql('{ organizations { name role plan } }');
    expect(orgs.organizations).toEqual([{ name: "alice's workspace", role: 'OWNER', plan: 'FREE' }]);

    const created = await alice.gql(CREATE, { prompt: 'A todo list app with due dates' });
    expect(created.errors).toBeUndefined();
    const projectId = created.data.createProject.id as string;
    expect(created.data.createProject.previewUrl).toBe(
      `http://${projectId}.preview.localhost:${t.kiln.port}/`,
    );

    const project = await finishedRevision(alice, projectId);
    const rev = project.latestRevision;
    expect(rev.status).toBe('VALID');
    expect(rev.action).toBe('INITIAL');
    const types = rev.modules.map((m: { moduleType: string }) => m.moduleType);
    expect(types).toContain('PAGE');
    expect(types).toContain('COMPONENT');
    expect(types.indexOf('PAGE')).toBeLessThan(types.indexOf('COMPONENT')); // spec sort order
    expect(rev.modules.find((m: { route: string }) => m.route === '/').name).toBe('Homepage');
    expect(rev.css).toContain('.flex');
    expect(project.messages.map((m: { role: string }) => m.role)).toEqual(['user', 'assistant']);
    expect(project.publish).toEqual({
      status: 'UNPUBLISHED',
      url: null,
      freshness: 'NEVER_PUBLISHED_BEFORE',
    });

    const shell = await alice.send('GET', '/', { host: `${projectId}.preview.localhost` });
    expect(shell.status).toBe(200);
    expect(shell.text).toContain('/_kiln/');
    expect(shell.headers['content-security-policy']).toContain(
      `frame-ancestors http://localhost:${t.kiln.port}`,
    );
    expect(shell.headers['set-cookie']).toBeUndefined();

    const published = await alice.gql(PUBLISH, { id: projectId });
    expect(published.errors).toBeUndefined();
    const url = new URL(published.data.publishProject.url);
    expect(url.hostname).toMatch(/^todo-list-app\.apps\.localhost$/);
    const visitor = t.client();
    const page = await visitor.send('GET', '/', { host: url.hostname });
    expect(page.status).toBe(200);
    expect(page.text).toContain('Todo');

    await t.restart();
    const again = t.client();
    again.cookie = alice.cookie; // the session survives too
    const { data: me } = await again.gql('{ me { email } }');
    expect(me.me).toEqual({ email: 'alice@example.com' });
    const after = await again.gql(PROJECT, { id: projectId });
    expect(after.data.project.latestRevision.id).toBe(rev.id);
    expect(after.data.project.latestRevision.modules).toHaveLength(rev.modules.length);
    expect(after.data.project.publish).toMatchObject({ status: 'PUBLISHED', freshness: 'UP_TO_DATE' });
    const pageAgain = await t.client().send('GET', '/about-nothing', { host: url.hostname });
    expect(pageAgain.status).toBe(200);
    expect(pageAgain.text).toBe(page.text);
  });

  it('answers bad input with a clear 4xx and loses nothing', async () => {
    await using t = await startTestKiln(backend);
    const bob = t.client();
    await bob.gql(SIGN_UP, { email: 'bob@example.com', password: 'long enough' });

    // A taken address answers like a new one (no enumeration, issue 13) but signs nobody in.
    const dupClient = t.client();
    const dup = await dupClient.gql(SIGN_UP, { email: 'BOB@example.com', password: 'long enough' });
    expect(dup.status).toBe(200);
    expect(dup.errors).toBeUndefined();
    expect((await dupClient.gql('{ me { id } }')).data.me).toBeNull();

    const wrong = await t.client().gql(SIGN_IN, { email: 'bob@example.com', password: 'wrong password' });
    expect(wrong.status).toBe(401);
    expect(wrong.errors?.[0]?.message).toBe('Email or password is incorrect.');
    const unknown = await t.client().gql(SIGN_IN, { email: 'nobody@example.com', password: 'whatever1' });
    expect(unknown.errors?.[0]?.message).toBe('Email or password is incorrect.');

    const badEmail = await t.client().gql(SIGN_UP, { email: 'not-an-email', password: 'long enough' });
    expect(badEmail.status).toBe(400);
    expect(badEmail.errors?.[0]?.message).toBe('Enter a valid email address.');

    const empty = await bob.gql(CREATE, { prompt: '   ' });
    expect(empty.status).toBe(400);
    expect(empty.errors?.[0]?.message).toBe('Describe what you want to build.');
    expect((await bob.gql('{ projects { id } }')).data.projects).toEqual([]);

    const missing = await bob.gql(PROJECT, { id: '00000000-0000-0000-0000-000000000000' });
    expect(missing.data.project).toBeNull();
    const publishMissing = await bob.gql(PUBLISH, { id: '00000000-0000-0000-0000-000000000000' });
    expect(publishMissing.status).toBe(404);
    expect(publishMissing.errors?.[0]?.message).toBe('Project not found.');

    // A prompt builtin does not understand makes no page: publishing says so, and the project stays.
    const vague = await bob.gql(CREATE, { prompt: 'qwerty zxcv' });
    const vagueId = vague.data.createProject.id;
    const vagueProject = await finishedRevision(bob, vagueId);
    expect(vagueProject.latestRevision.modules).toEqual([]);
    const noPage = await bob.gql(PUBLISH, { id: vagueId });
    expect(noPage.status).toBe(400);
    expect(noPage.errors?.[0]?.message).toBe('There is no page to publish yet.');
    expect((await bob.gql('{ projects { id } }')).data.projects).toHaveLength(1);

    // Someone else's project does not exist for you.
    const eve = t.client();
    await eve.gql(SIGN_UP, { email: 'eve@example.com', password: 'long enough' });
    expect((await eve.gql(PROJECT, { id: vagueId })).data.project).toBeNull();
    expect((await eve.gql(PUBLISH, { id: vagueId })).errors?.[0]?.message).toBe('Project not found.');

    const anon = await t.client().gql('{ projects { id } }');
    expect(anon.status).toBe(401);
    expect(anon.errors?.[0]?.message).toBe('Sign in to continue.');

    const api404 = await t.client().send('GET', '/v0/nothing');
    expect(api404.status).toBe(404);
    expect(api404.json()).toEqual({ error: { code: 'not_found', message: 'No API route /v0/nothing.' } });
    const page = await t.client().send('GET', '/some/browser/path');
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
  });
});
