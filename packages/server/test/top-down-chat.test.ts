/**
 * Top-down chat (issue 22): one request to a project group changes every project of it — one TOP_DOWN_CHAT
 * revision per project, queued together, and ONE project-group revision that stays BUILDING until all have
 * finished. Each generation is told the other projects' functions and tables. On PGlite and PostgreSQL.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { revisions } from '../src/db/schema';
import {
  type Backend,
  generatedProject,
  postgresAvailable,
  settledRevision,
  signUp,
  startTestKiln,
  waitFor,
} from './harness';

const backends: Backend[] = ['pglite', ...((await postgresAvailable()) ? (['postgres'] as const) : [])];
const SEND_GROUP = `mutation($g: ID!, $text: String!, $ids: [ID!]) {
  sendGroupMessage(projectGroupId: $g, text: $text, projectIds: $ids) {
    id number status action projects { projectId revisionId projectName revisionNumber }
  }
}`;

describe.each(backends)('top-down chat on %s', (backend) => {
  it('one request changes both projects of a group as one TOP_DOWN_CHAT group revision', {
    timeout: 300_000,
  }, async () => {
    await using t = await startTestKiln(backend);
    const { client: ada } = await signUp(t, 'ada@example.com');
    const generate = (prompt: string) => generatedProject(ada, prompt, { timeoutMs: 120_000 });
    const { id: web, projectGroupId: groupId } = await generate('A todo list app with due dates');
    const { id: other, projectGroupId: othersGroupId } = await generate('A notes app');
    expect(othersGroupId).toBe(groupId);

    // Bad input is refused whole, nothing queued.
    const empty = await ada.gql(SEND_GROUP, { g: groupId, text: '   ' });
    expect(empty.errors?.[0]?.extensions?.code).toBe('validation');
    const stranger = await ada.gql(SEND_GROUP, { g: groupId, text: 'make it blue', ids: [web, 'nope'] });
    expect(stranger.errors?.[0]?.message).toBe('Every chosen project must belong to this project group.');
    const { client: outsider } = await signUp(t, 'eve@example.com');
    const denied = await outsider.gql(SEND_GROUP, { g: groupId, text: 'make it blue' });
    expect(denied.errors?.[0]?.extensions?.code).toBe('not_found');

    const sent = await ada.gql(SEND_GROUP, { g: groupId, text: 'change the colour to emerald' });
    expect(sent.errors).toBeUndefined();
    const groupRevision = sent.data.sendGroupMessage;
    expect(groupRevision).toMatchObject({ action: 'TOP_DOWN_CHAT', status: 'BUILDING' });
    expect(groupRevision.projects.map((p: { revisionNumber: number }) => p.revisionNumber)).toEqual([2, 2]);

    // Both generations finish; the one group revision follows them to VALID (no second group revision).
    for (const id of [web, other]) {
      const rev = await settledRevision(ada, id, { number: 2, timeoutMs: 120_000 });
      expect(rev).toMatchObject({ action: 'TOP_DOWN_CHAT', status: 'VALID' });
    }
    const history = await waitFor(async () => {
      const { data } = await ada.gql(
        `query($id: ID!) { project(id: $id) { projectGroupId } organizations { id } }`,
        { id: web },
      );
      const groups = await ada.gql(
        `query($o: ID!) { organization(id: $o) { projectGroups { id revisions { id number status action } } } }`,
        { o: data.organizations[0].id },
      );
      const group = groups.data.organization.projectGroups.find((g: { id: string }) => g.id === groupId);
      return group.revisions[0].status === 'VALID' ? group.revisions : null;
    }, 60_000);
    expect(history[0]).toMatchObject({ id: groupRevision.id, action: 'TOP_DOWN_CHAT', status: 'VALID' });
    expect(history.filter((r: { action: string }) => r.action === 'TOP_DOWN_CHAT')).toHaveLength(1);

    // Each generation was told the other project's shape: the notes app knows the todo app's functions and tables.
    const [notesRevision] = await t.kiln.database.db
      .select()
      .from(revisions)
      .where(
        eq(
          revisions.id,
          groupRevision.projects.find((p: { projectId: string }) => p.projectId === other).revisionId,
        ),
      );
    const told = notesRevision?.context?.group;
    expect(told?.projectName).toBe('Notes App');
    const todo = told?.projects.find((p) => p.changing);
    expect(todo?.kind).toBe('web app');
    expect(todo?.functions.join(' ')).toMatch(/\/api\/todos/);
    expect(todo?.tables.join(' ')).toMatch(/^todos\(/);
  });
});
