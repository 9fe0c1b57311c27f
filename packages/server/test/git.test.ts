/**
 * Git history (issue 17) against a real remote: a bare repository served by `git http-backend` behind a node
 * HTTP server that asks for the token. One commit per finished revision, authored by the member who caused it
 * (the owner's prompts, another member's hand edit, the owner's restore), with the prompt or the action as the
 * message; a second push adds exactly the new revision's commit; the hashes are the same
 * when the repository is rebuilt from the database; failed revisions are skipped and the history stops at one
 * still queued; the egress guard refuses private addresses.
 */
import { rmSync } from 'node:fs';
import { and, desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { revisions } from '../src/db/schema';
import { repositoryPath } from '../src/git/history';
import { startGitHttpServer } from './git-http-server';
import {
  type Backend,
  type Client,
  createProject,
  joinAsMember,
  postgresAvailable,
  settledRevision,
  signUp,
  startTestKiln,
} from './harness';

const TOKEN = 'tok-3f9a-secret';
const backends: Backend[] = (await postgresAvailable()) ? ['pglite', 'postgres'] : ['pglite'];

const GIT = `query($id: ID!) { project(id: $id) { git { head commits remoteUrl hasToken lastPush { ok message commits at } } } }`;

/** Waits until the project's latest revision is finished, and checks that it is VALID. */
async function waitValid(c: Client, id: string) {
  expect((await settledRevision(c, id, { timeoutMs: 90_000 })).status).toBe('VALID');
}

describe.each(backends)('git history on %s', (backend) => {
  it('pushes one commit per revision to a bare repository over HTTP, with the token', async () => {
    await using remote = await startGitHttpServer({ token: TOKEN });
    await remote.createRepository('notes');
    await using t = await startTestKiln(backend, {
      KILN_EGRESS_ALLOW_HOSTS: `127.0.0.1:${remote.port}`,
      KILN_GIT_BACKGROUND: 'on',
    });
    const { client: ann } = await signUp(t, 'ann@example.com', { displayName: 'Ann Lee' });
    const { id, organizationId } = await createProject(ann, 'A notes app with tags');
    await waitValid(ann, id);

    // Bad remotes are refused with a sentence; a private address is refused by the egress guard at push time.
    const bad = await ann.gql(
      `mutation($p: ID!) { setGitRemote(projectId: $p, url: "https://me:pw@example.com/x.git") { remoteUrl } }`,
      { p: id },
    );
    expect(bad.errors?.[0]?.message).toBe(
      'The git remote must be an https:// (or http://) URL without a user name or password in it.',
    );
    await ann.gql(
      `mutation($p: ID!) { setGitRemote(projectId: $p, url: "http://169.254.169.254/x.git") { remoteUrl } }`,
      {
        p: id,
      },
    );
    const refused = await ann.gql(`mutation($p: ID!) { pushToGit(projectId: $p) { ok message commits } }`, {
      p: id,
    });
    expect(refused.data.pushToGit).toEqual({
      ok: false,
      message: expect.stringContaining("refused by Kiln's egress guard"),
      commits: 0,
    });

    const url = `${remote.url}/notes.git`;
    const set = await ann.gql(
      `mutation($p: ID!, $u: String!, $t: String) { setGitRemote(projectId: $p, url: $u, token: $t) { remoteUrl hasToken commits lastPush { ok } } }`,
      { p: id, u: url, t: TOKEN },
    );
    expect(set.errors).toBeUndefined();
    // The token is never returned; a new URL forgets the last push to the old one.
    expect(set.data.setGitRemote).toEqual({ remoteUrl: url, hasToken: true, commits: 1, lastPush: null });
    expect(JSON.stringify(set)).not.toContain(TOKEN);

    const first = await ann.gql(`mutation($p: ID!) { pushToGit(projectId: $p) { ok message commits } }`, {
      p: id,
    });
    expect(first.data.pushToGit).toEqual({ ok: true, message: 'Pushed 1 commit to main.', commits: 1 });
    expect(remote.authorizations).toContain(
      `Basic ${Buffer.from(`x-access-token:${TOKEN}`).toString('base64')}`,
    );
    expect(await remote.git('notes', ['log', '--format=%an <%ae>|%cn|%s', 'main'])).toBe(
      'Ann Lee <ann@example.com>|Kiln|A notes app with tags\n',
    );

    await ann.gql(
      `mutation($p: ID!) { sendMessage(projectId: $p, text: "change the colour to emerald") { id } }`,
      {
        p: id,
      },
    );
    await waitValid(ann, id);
    const second = await ann.gql(`mutation($p: ID!) { pushToGit(projectId: $p) { ok message commits } }`, {
      p: id,
    });
    expect(second.data.pushToGit).toEqual({ ok: true, message: 'Pushed 1 commit to main.', commits: 1 });
    expect(await remote.git('notes', ['log', '--format=%an|%s', 'main'])).toBe(
      'Ann Lee|change the colour to emerald\nAnn Lee|A notes app with tags\n',
    );
    // The commit holds the project's modules.
    const files = await remote.git('notes', ['ls-tree', '-r', '--name-only', 'main']);
    expect(files).toContain('apps/web/src/app/page.tsx');

    // Another member's hand edit is his commit, its message the action; the owner's restore is hers.
    const { client: bob } = await joinAsMember(t, ann, organizationId, 'bob@example.com', {
      displayName: 'Bob Roy',
    });
    const page = 'apps/web/src/app/page.tsx';
    const saved = await bob.gql(
      `mutation($p: ID!, $f: String!, $c: String!) { saveModule(projectId: $p, filePath: $f, content: $c) { id } }`,
      {
        p: id,
        f: page,
        c: 'export default function Page() {\n  return <h1 className="text-2xl">Notes by hand</h1>;\n}\n',
      },
    );
    expect(saved.errors).toBeUndefined();
    await waitValid(ann, id);
    const [first1] = await t.kiln.database.db
      .select({ id: revisions.id })
      .from(revisions)
      .where(and(eq(revisions.projectId, id), eq(revisions.number, 1)));
    const restored = await ann.gql(
      `mutation($p: ID!, $r: ID!) { restoreRevision(projectId: $p, revisionId: $r) { id } }`,
      { p: id, r: first1!.id },
    );
    expect(restored.errors).toBeUndefined();
    await waitValid(ann, id);
    const third = await ann.gql(`mutation($p: ID!) { pushToGit(projectId: $p) { ok message commits } }`, {
      p: id,
    });
    expect(third.data.pushToGit).toEqual({ ok: true, message: 'Pushed 2 commits to main.', commits: 2 });
    expect(await remote.git('notes', ['log', '--format=%an <%ae>|%s', 'main'])).toBe(
      [
        'Ann Lee <ann@example.com>|Restore revision #1',
        `Bob Roy <bob@example.com>|Edited ${page} by hand.`,
        'Ann Lee <ann@example.com>|change the colour to emerald',
        'Ann Lee <ann@example.com>|A notes app with tags',
        '',
      ].join('\n'),
    );
    expect(await remote.git('notes', ['show', `main~1:${page}`])).toContain('Notes by hand');
    // The restore's tree is the first revision's again.
    expect(await remote.git('notes', ['diff', '--stat', 'main~3', 'main', '--', 'apps'])).toBe('');

    const status = await ann.gql(GIT, { id });
    const remoteHead = (await remote.git('notes', ['rev-parse', 'main'])).trim();
    expect(status.data.project.git).toMatchObject({
      head: remoteHead,
      commits: 4,
      remoteUrl: url,
      hasToken: true,
      lastPush: { ok: true, message: 'Pushed 2 commits to main.', commits: 2 },
    });

    // The repository is a cache: rebuilt from the database, it has the same commits (same hashes).
    rmSync(repositoryPath(t.dataDir, id), { recursive: true, force: true });
    const rebuilt = await ann.gql(GIT, { id });
    expect(rebuilt.data.project.git).toMatchObject({ head: remoteHead, commits: 4 });
    const again = await ann.gql(`mutation($p: ID!) { pushToGit(projectId: $p) { ok message commits } }`, {
      p: id,
    });
    expect(again.data.pushToGit).toEqual({
      ok: true,
      message: 'main is up to date on the remote.',
      commits: 0,
    });

    // A failed revision is no commit; the walk stops at a revision still queued (nothing after it yet).
    const [latest] = await t.kiln.database.db
      .select()
      .from(revisions)
      .where(eq(revisions.projectId, id))
      .orderBy(desc(revisions.number))
      .limit(1);
    const next = (n: number, status: string, prompt: string) => ({
      id: `${id}-r${n}`,
      projectId: id,
      number: latest!.number + n,
      status,
      action: 'CHAT',
      prompt,
      modules: latest!.modules,
      authorId: latest!.authorId,
    });
    await t.kiln.database.db
      .insert(revisions)
      .values([
        next(1, 'GENERATION_FAILED', 'this one failed'),
        next(2, 'VALID', 'add a footer'),
        next(3, 'QUEUED', 'still waiting'),
        next(4, 'VALID', 'after the waiting one'),
      ]);
    const walked = await ann.gql(GIT, { id });
    expect(walked.data.project.git.commits).toBe(5);
    const local = await ann.gql(`mutation($p: ID!) { pushToGit(projectId: $p) { ok message commits } }`, {
      p: id,
    });
    expect(local.data.pushToGit).toEqual({ ok: true, message: 'Pushed 1 commit to main.', commits: 1 });
    expect(await remote.git('notes', ['log', '-1', '--format=%s', 'main'])).toBe('add a footer\n');
  }, 240_000);
});
