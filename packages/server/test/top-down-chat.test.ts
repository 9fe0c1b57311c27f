/**
 * Top-down chat (issue 22): one request to a project group changes every project of it — one TOP_DOWN_CHAT
 * revision per project, queued together, and ONE project-group revision that stays BUILDING until all have
 * finished. Each generation is told the other projects' functions and tables. On PGlite and PostgreSQL.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { revisions } from '../src/db/schema';
import { type Backend, type Client, postgresAvailable, startTestKiln, waitFor } from './harness';

const backends: Backend[] = ['pglite', ...((await postgresAvailable()) ? (['postgres'] as const) : [])];
const BUILDING = ['QUEUED', 'ENHANCING_PROMPT', 'BUILDING', 'BUILDING_UI', 'BUILDING_FUNCTIONALITY'];
const GROUP_REVISIONS = `query($id: ID!) { project(id: $id) { projectGroupId } }`;
const SEND_GROUP = `mutation($g: ID!, $text: String!, $ids: [ID!]) {
  sendGroupMessage(projectGroupId: $g, text: $text, projectIds: $ids) {
    id number status action projects { projectId revisionId projectName revisionNumber }
  }
}`;

async function settled(client: Client, projectId: string, number: number) {
  return waitFor(async () => {
    const { data } = await client.gql(
      `query($id: ID!) { project(id: $id) { latestRevision { id status number action } } }`,
      { id: projectId },
    );
    const rev = data.project?.latestRevision;
    return rev && rev.number === number && !BUILDING.includes(rev.status) ? rev : null;
  }, 120_000);
}

async function createProject(client: Client, prompt: string): Promise<string> {
  const res = await client.gql(`mutation($p: String!) { createProject(prompt: $p) { id } }`, { p: prompt });
  expect(res.errors).toBeUndefined();
  const id = res.data.createProject.id as string;
  await settled(client, id, 1);
  return id;
}

describe.each(backends)('top-down chat on %s', (backend) => {
  it('one request changes both projects of a group as one TOP_DOWN_CHAT group revision', {
    timeout: 300_000,
  }, async () => {
    await using t = await startTestKiln(backend);
    const ada = t.client();
    const up = await ada.gql(`mutation { signUp(email: "ada@example.com", password: "long enough") { id } }`);
    expect(up.errors).toBeUndefined();
    const web = await createProject(ada, 'A todo list app with due dates');
    const other = await createProject(ada, 'A notes app');
    const groupId = (await ada.gql(GROUP_REVISIONS, { id: web })).data.project.projectGroupId as string;
    expect((await ada.gql(GROUP_REVISIONS, { id: other })).data.project.projectGroupId).toBe(groupId);

    // Bad input is refused whole, nothing queued.
    const empty = await ada.gql(SEND_GROUP, { g: groupId, text: '   ' });
    expect(empty.errors?.[0]?.extensions?.code).toBe('validation');
    const stranger = await ada.gql(SEND_GROUP, { g: groupId, text: 'make it blue', ids: [web, 'nope'] });
    expect(stranger.errors?.[0]?.message).toBe('Every chosen project must belong to this project group.');
    const outsider = t.client();
    await outsider.gql(`mutation { signUp(email: "eve@example.com", password: "long enough") { id } }`);
    const denied = await outsider.gql(SEND_GROUP, { g: groupId, text: 'make it blue' });
    expect(denied.errors?.[0]?.extensions?.code).toBe('not_found');

    const sent = await ada.gql(SEND_GROUP, { g: groupId, text: 'change the colour to emerald' });
    expect(sent.errors).toBeUndefined();
    const groupRevision = sent.data.sendGroupMessage;
    expect(groupRevision).toMatchObject({ action: 'TOP_DOWN_CHAT', status: 'BUILDING' });
    expect(groupRevision.projects.map((p: { revisionNumber: number }) => p.revisionNumber)).toEqual([2, 2]);

    // Both generations finish; the one group revision follows them to VALID (no second group revision).
    for (const id of [web, other]) {
      const rev = await settled(ada, id, 2);
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
