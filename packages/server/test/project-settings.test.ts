/**
 * Project settings on PGlite and PostgreSQL: the design system (validated, compiled into the revision's CSS),
 * environment, visibility with the plan's private-project limit, private published apps behind an access
 * link, project-group revisions with their statuses and restore, and the permission matrix of each mutation.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { revisions } from '../src/db/schema';
import {
  type Backend,
  type Client,
  createProject,
  generatedProject,
  joinAsMember,
  type MemberRole,
  postgresAvailable,
  publish,
  settledRevision,
  signUp,
  startTestKiln,
  type TestKiln,
  waitFor,
} from './harness';

const backends: Backend[] = ['pglite', ...((await postgresAvailable()) ? (['postgres'] as const) : [])];
const ROLES = ['VIEWER', 'EDITOR', 'ADMIN', 'OWNER'] as const;
type Role = (typeof ROLES)[number];
const RANK: Record<Role, number> = { VIEWER: 0, EDITOR: 1, ADMIN: 2, OWNER: 3 };

const DESIGN = `mutation($p: ID!, $c: String!, $f: DesignSystemFontsInput, $k: [DesignSystemColorInput!]) {
  updateDesignSystem(projectId: $p, tailwindConfig: $c, fonts: $f, colors: $k) {
    id projectGroupRevisionId designSystem { tailwindConfig fonts { body display } colors { name value } }
  }
}`;
const VISIBILITY = `mutation($p: ID!, $v: String!) { setProjectVisibility(projectId: $p, visibility: $v) { id visibility } }`;
const GROUP_REVISIONS = `query($o: ID!) { organization(id: $o) { projectGroups { id revisions {
  id number status action projects { projectId revisionId revisionNumber projectName } } } } }`;

async function join(t: TestKiln, owner: Client, organizationId: string, email: string, role: MemberRole) {
  const member = await joinAsMember(t, owner, organizationId, email, { role });
  expect(member.accepted).toEqual({ id: organizationId, role });
  return member;
}

/** A todo project in `organizationId` whose first generation has finished. */
async function newProject(client: Client, organizationId: string) {
  const p = await generatedProject(client, 'A todo list app with due dates', { organizationId });
  return { ...p, revisionId: p.revision.id };
}

async function setPlan(admin: Client, organizationId: string, plan: string) {
  const res = await admin.gql(
    `mutation($o: ID!, $p: String!) { setOrganizationPlan(organizationId: $o, plan: $p) { plan } }`,
    { o: organizationId, p: plan },
  );
  expect(res.errors).toBeUndefined();
}

describe.each(backends)('project settings on %s', (backend) => {
  it('saves a valid design system into the CSS and refuses one that does not compile', async () => {
    await using t = await startTestKiln(backend);
    const me = await signUp(t, 'ds@example.com');
    const p = await newProject(me.client, me.organizationId);
    // The revision's modules use the design system's names (what a model is told to write).
    const db = t.kiln.database.db;
    const [rev] = await db.select().from(revisions).where(eq(revisions.id, p.revisionId));
    const modules = rev!.modules.map((m, i) =>
      i === 0 ? { ...m, content: `${m.content}\n// <h1 className="bg-brand text-brand font-display">` } : m,
    );
    await db.update(revisions).set({ modules, updatedAt: new Date() }).where(eq(revisions.id, p.revisionId));

    const saved = await me.client.gql(DESIGN, {
      p: p.id,
      c: '@theme { --radius-card: 14px; }',
      f: { body: 'Inter', display: 'Space Grotesk' },
      k: [{ name: 'brand', value: '#E11D48' }],
    });
    expect(saved.errors).toBeUndefined();
    expect(saved.data.updateDesignSystem.designSystem).toEqual({
      tailwindConfig: '@theme { --radius-card: 14px; }',
      fonts: { body: 'Inter', display: 'Space Grotesk' },
      colors: [{ name: 'brand', value: '#e11d48' }],
    });
    const css = (
      await me.client.gql(`query($p: ID!) { project(id: $p) { latestRevision { css } } }`, { p: p.id })
    ).data.project.latestRevision.css as string;
    expect(css).toContain('--color-brand: #e11d48');
    expect(css).toMatch(/\.bg-brand\s*{\s*background-color: var\(--color-brand\)/);
    expect(css).toMatch(/\.text-brand\s*{\s*color: var\(--color-brand\)/);
    expect(css).toContain('--font-display: "Space Grotesk", sans-serif');
    expect(css).toContain('--default-font-family: var(--font-body)');

    const before = saved.data.updateDesignSystem.designSystem;
    const refusals: [Record<string, unknown>, RegExp][] = [
      [{ c: '@theme { --color-brand: #f00' }, /^The Tailwind config does not compile: Missing closing }/],
      [{ c: '.x { @apply no-such-utility; }' }, /^The Tailwind config does not compile: Cannot apply/],
      [{ c: '@import "https://evil.example/x.css";' }, /cannot use @import, @plugin or @config/],
      [{ c: 'module.exports = { theme: {} }' }, /not a JavaScript file/],
      [{ c: 'a'.repeat(20_001) }, /too long/],
      [{ c: '', f: { body: 'Comic Sans' } }, /^Unknown body font Comic Sans: use one of Inter,/],
      [{ c: '', k: [{ name: 'Brand!', value: '#fff' }] }, /^Colour name "Brand!" is not valid/],
      [{ c: '', k: [{ name: 'brand', value: 'red' }] }, /^Colour brand must be a hex colour/],
      [
        {
          c: '',
          k: [
            { name: 'brand', value: '#fff' },
            { name: 'brand', value: '#000' },
          ],
        },
        /listed twice/,
      ],
    ];
    for (const [input, message] of refusals) {
      const res = await me.client.gql(DESIGN, { p: p.id, ...input });
      expect(res.status, JSON.stringify(input).slice(0, 80)).toBe(400);
      expect(res.errors?.[0]?.extensions?.code).toBe('validation');
      expect(res.errors?.[0]?.message).toMatch(message);
    }
    const after = await me.client.gql(
      `query($p: ID!) { project(id: $p) { designSystem { tailwindConfig fonts { body display } colors { name value } } } }`,
      { p: p.id },
    );
    expect(after.data.project.designSystem).toEqual(before);
  });

  it('sets the environment, and PRIVATE only within the plan: none on FREE, three on PRO', async () => {
    await using t = await startTestKiln(backend);
    const me = await signUp(t, 'vis@example.com'); // first account: platform ADMIN
    const p = await newProject(me.client, me.organizationId);

    const env = await me.client.gql(
      `mutation($p: ID!) { setProjectEnvironment(projectId: $p, environment: "PRODUCTION") { environment } }`,
      { p: p.id },
    );
    expect(env.data.setProjectEnvironment).toEqual({ environment: 'PRODUCTION' });
    const badEnv = await me.client.gql(
      `mutation($p: ID!) { setProjectEnvironment(projectId: $p, environment: "STAGING") { environment } }`,
      { p: p.id },
    );
    expect(badEnv.status).toBe(400);
    expect(badEnv.errors?.[0]).toMatchObject({
      message: 'STAGING is not a valid Environment',
      extensions: { code: 'validation' },
    });
    const badVisibility = await me.client.gql(VISIBILITY, { p: p.id, v: 'SECRET' });
    expect(badVisibility.status).toBe(400);

    const refused = await me.client.gql(VISIBILITY, { p: p.id, v: 'PRIVATE' });
    expect(refused.status).toBe(402);
    expect(refused.errors?.[0]).toMatchObject({
      message: 'The FREE plan allowance has been reached',
      extensions: { code: 'plan_limit' },
    });
    const read = `query($o: ID!) { organization(id: $o) { privateProjects privateProjectLimit privatePageLimit projectGroups { projects { visibility environment } } } }`;
    const free = (await me.client.gql(read, { o: me.organizationId })).data.organization;
    expect(free).toMatchObject({ privateProjects: 0, privateProjectLimit: 0, privatePageLimit: 0 });
    expect(free.projectGroups[0].projects).toEqual([{ visibility: 'PUBLIC', environment: 'PRODUCTION' }]);

    await setPlan(me.client, me.organizationId, 'PRO');
    const ids = [p.id];
    for (let i = 0; i < 3; i++) {
      const copy = await me.client.gql(`mutation($p: ID!) { duplicateProject(projectId: $p) { id } }`, {
        p: p.id,
      });
      ids.push(copy.data.duplicateProject.id);
    }
    for (const id of ids.slice(0, 3)) {
      const res = await me.client.gql(VISIBILITY, { p: id, v: 'PRIVATE' });
      expect(res.data.setProjectVisibility).toEqual({ id, visibility: 'PRIVATE' });
    }
    const fourth = await me.client.gql(VISIBILITY, { p: ids[3], v: 'PRIVATE' });
    expect(fourth.status).toBe(402);
    expect(fourth.errors?.[0]?.message).toBe('The PRO plan allowance has been reached');
    const pro = (await me.client.gql(read, { o: me.organizationId })).data.organization;
    expect(pro).toMatchObject({ privateProjects: 3, privateProjectLimit: 3, privatePageLimit: 20 });
    // Making one public frees its place.
    expect((await me.client.gql(VISIBILITY, { p: ids[0], v: 'PUBLIC' })).errors).toBeUndefined();
    expect((await me.client.gql(VISIBILITY, { p: ids[3], v: 'PRIVATE' })).errors).toBeUndefined();
  });

  it('serves a PRIVATE app only through its access link, and everyone again once PUBLIC', async () => {
    await using t = await startTestKiln(backend, { KILN_PRIVATE_PAGE_LIMITS: '{"BUSINESS": 0}' });
    const me = await signUp(t, 'app@example.com');
    await setPlan(me.client, me.organizationId, 'PRO');
    const p = await newProject(me.client, me.organizationId);
    const host = new URL((await publish(me.client, p.id)).url).hostname;
    const visitor = t.client();
    const open = await visitor.send('GET', '/', { host });
    expect(open.status).toBe(200);
    const appHtml = open.text;

    expect((await me.client.gql(VISIBILITY, { p: p.id, v: 'PRIVATE' })).errors).toBeUndefined();
    const denied = await t.client().send('GET', '/', { host });
    expect(denied.status).toBe(403);
    expect(denied.text).toContain('This app is private.');
    expect(denied.text).not.toContain('<script');
    expect(denied.headers['cache-control']).toBe('private, no-store');
    expect((await t.client().send('GET', '/todos', { host })).status).toBe(403);

    const link = await me.client.gql(`mutation($p: ID!) { rotateProjectAccessLink(projectId: $p) }`, {
      p: p.id,
    });
    const url = new URL(link.data.rotateProjectAccessLink);
    expect(url.hostname).toBe(host);
    const token = url.searchParams.get('kiln_access')!;
    expect(token.length).toBeGreaterThan(20);
    const wrong = await t.client().send('GET', '/?kiln_access=nope', { host });
    expect(wrong.status).toBe(403);
    expect(wrong.headers['set-cookie']).toBeUndefined();

    const friend = t.client();
    const enter = await friend.send('GET', `/?kiln_access=${token}&ref=mail`, { host });
    expect(enter.status).toBe(303);
    expect(enter.headers.location).toBe('/?ref=mail');
    const cookie = String(enter.headers['set-cookie']);
    expect(cookie).toMatch(/^kiln_access=/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).not.toMatch(/Domain=/i);
    const inside = await friend.send('GET', '/?ref=mail', { host });
    expect(inside.status).toBe(200);
    expect(inside.text).toBe(appHtml);
    // The cookie belongs to the app's origin: the builder never sees it as a session.
    expect((await friend.gql('{ me { id } }')).data.me).toBeNull();

    // A new link revokes the old one (and the cookies it set).
    await me.client.gql(`mutation($p: ID!) { rotateProjectAccessLink(projectId: $p) }`, { p: p.id });
    expect((await friend.send('GET', '/', { host })).status).toBe(403);
    const project = await me.client.gql(`query($p: ID!) { project(id: $p) { visibility hasAccessLink } }`, {
      p: p.id,
    });
    expect(project.data.project).toEqual({ visibility: 'PRIVATE', hasAccessLink: true });

    expect((await me.client.gql(VISIBILITY, { p: p.id, v: 'PUBLIC' })).errors).toBeUndefined();
    expect((await t.client().send('GET', '/', { host })).status).toBe(200);

    // The private page limit holds at publish: BUSINESS is configured to 0 pages here.
    await setPlan(me.client, me.organizationId, 'BUSINESS');
    expect((await me.client.gql(VISIBILITY, { p: p.id, v: 'PRIVATE' })).errors).toBeUndefined();
    const over = await me.client.gql(`mutation($p: ID!) { publishProject(projectId: $p) { url } }`, {
      p: p.id,
    });
    expect(over.status).toBe(402);
    expect(over.errors?.[0]).toMatchObject({ extensions: { code: 'plan_limit' } });
    expect(over.errors?.[0]?.message).toMatch(
      /^A private project on the BUSINESS plan may publish no pages;/,
    );
  });

  it('writes project-group revisions with their statuses in order, and restores one', async () => {
    // A slower builtin model, so the group is seen BUILDING before it turns VALID: 2 ms a chunk keeps a todo app's
    // reply (~430 chunks) streaming for ~1 s, far longer than the query that follows each request.
    await using t = await startTestKiln(backend, { KILN_BUILTIN_DELAY_MS: '2' });
    const me = await signUp(t, 'group@example.com');
    const groupRevisions = async () =>
      (await me.client.gql(GROUP_REVISIONS, { o: me.organizationId })).data.organization.projectGroups[0]
        .revisions as {
        id: string;
        number: number;
        status: string;
        action: string;
        projects: { projectId: string; revisionId: string; revisionNumber: number; projectName: string }[];
      }[];
    const { id: projectId, projectGroupId } = await createProject(me.client, 'A todo list app');
    const first = await groupRevisions();
    expect(first).toHaveLength(1);
    expect(first[0]).toMatchObject({ number: 1, action: 'CHAT', status: 'BUILDING' });
    // Building until the run ends, then the same group revision turns VALID.
    const one = await waitFor(async () => {
      const list = await groupRevisions();
      return list[0]?.status === 'VALID' ? list : null;
    });
    expect(one).toHaveLength(1);
    const rev1 = (await settledRevision(me.client, projectId)).id;
    expect(one[0]!.projects).toEqual([
      { projectId, revisionId: rev1, revisionNumber: 1, projectName: expect.any(String) },
    ]);

    const sent = await me.client.gql(
      `mutation($p: ID!) { sendMessage(projectId: $p, text: "change the colour to emerald") { id } }`,
      { p: projectId },
    );
    expect((await groupRevisions())[0]).toMatchObject({ number: 2, action: 'CHAT', status: 'BUILDING' });
    await waitFor(async () => (await groupRevisions())[0]?.status === 'VALID');
    const designed = await me.client.gql(DESIGN, {
      p: projectId,
      c: '',
      k: [{ name: 'brand', value: '#123' }],
    });
    expect(designed.errors).toBeUndefined();
    await me.client.gql(
      `mutation($p: ID!) { setProjectEnvironment(projectId: $p, environment: "PREVIEW") { id } }`,
      { p: projectId },
    );
    const copy = await me.client.gql(`mutation($p: ID!) { duplicateProject(projectId: $p) { id } }`, {
      p: projectId,
    });
    const copyId = copy.data.duplicateProject.id as string;

    const history = await groupRevisions();
    expect(history.map((r) => `${r.number} ${r.action} ${r.status}`)).toEqual([
      '5 DUPLICATE VALID',
      '4 UPDATE_SETTINGS VALID',
      '3 CHANGE_DESIGN_SYSTEM VALID',
      '2 CHAT VALID',
      '1 CHAT VALID',
    ]);
    expect(history[3]!.projects).toEqual([
      expect.objectContaining({ projectId, revisionId: sent.data.sendMessage.id }),
    ]);
    expect(history[0]!.projects.map((e) => e.projectId).sort()).toEqual([projectId, copyId].sort());
    const project = await me.client.gql(`query($p: ID!) { project(id: $p) { projectGroupRevisionId } }`, {
      p: projectId,
    });
    expect(project.data.project.projectGroupRevisionId).toBe(history[0]!.id);

    // Restore group revision 1: the first project goes back to its revision 1; the copy (added later) stays.
    const restored = await me.client.gql(
      `mutation($g: ID!, $r: ID!) { restoreProjectGroupRevision(projectGroupId: $g, revisionId: $r) { number action status projects { projectId revisionNumber } } }`,
      { g: projectGroupId, r: one[0]!.id },
    );
    expect(restored.errors).toBeUndefined();
    expect(restored.data.restoreProjectGroupRevision).toMatchObject({
      number: 6,
      action: 'RESTORE',
      status: 'VALID',
    });
    expect(restored.data.restoreProjectGroupRevision.projects).toEqual(
      expect.arrayContaining([
        { projectId, revisionNumber: 3 },
        { projectId: copyId, revisionNumber: 1 },
      ]),
    );
    const revs = await me.client.gql(
      `query($p: ID!) { project(id: $p) { revisions { number action modules { filePath content } } } }`,
      { p: projectId },
    );
    const [latest, , oldest] = revs.data.project.revisions;
    expect(latest).toMatchObject({ number: 3, action: 'RESTORE' });
    expect(latest.modules).toEqual(oldest.modules);

    const missing = await me.client.gql(
      `mutation($g: ID!, $r: ID!) { restoreProjectGroupRevision(projectGroupId: $g, revisionId: $r) { id } }`,
      { g: history[0]!.id, r: one[0]!.id },
    );
    expect(missing.errors?.[0]?.extensions?.code).toBe('not_found');
  });

  it('enforces the permission matrix for every settings mutation, role by role', {
    timeout: 120_000,
  }, async () => {
    await using t = await startTestKiln(backend);
    const owner = await signUp(t, 'owner@example.com');
    const org = (await owner.client.gql(`mutation { createOrganization(name: "Acme") { id } }`)).data
      .createOrganization.id as string;
    await setPlan(owner.client, org, 'BUSINESS'); // unlimited private projects: only roles decide
    await owner.client.gql(
      `mutation($o: ID!) { depositCredits(organizationId: $o, amount: 1000, reason: "ADMIN_GRANT") }`,
      { o: org },
    );
    const members: Record<Role, Client> = {
      OWNER: owner.client,
      ADMIN: (await join(t, owner.client, org, 'admin@example.com', 'ADMIN')).client,
      EDITOR: (await join(t, owner.client, org, 'editor@example.com', 'EDITOR')).client,
      VIEWER: (await join(t, owner.client, org, 'viewer@example.com', 'VIEWER')).client,
    };
    const outsider = (await signUp(t, 'outsider@example.com')).client;
    const base = await newProject(owner.client, org);
    const groupRevision = (await owner.client.gql(GROUP_REVISIONS, { o: org })).data.organization
      .projectGroups[0].revisions[0].id;
    let n = 0;
    const rows: { mutation: string; call: (c: Client) => ReturnType<Client['gql']> }[] = [
      {
        mutation: 'updateDesignSystem',
        call: (c) => c.gql(DESIGN, { p: base.id, c: '', k: [{ name: 'brand', value: `#00${n++ % 10}` }] }),
      },
      {
        mutation: 'setProjectEnvironment',
        call: (c) =>
          c.gql(
            `mutation($p: ID!, $e: String!) { setProjectEnvironment(projectId: $p, environment: $e) { id } }`,
            {
              p: base.id,
              e: ['DEVELOPMENT', 'PREVIEW', 'PRODUCTION'][n++ % 3],
            },
          ),
      },
      {
        mutation: 'setProjectVisibility',
        call: (c) => c.gql(VISIBILITY, { p: base.id, v: n++ % 2 ? 'PRIVATE' : 'PUBLIC' }),
      },
      {
        mutation: 'rotateProjectAccessLink',
        call: (c) => c.gql(`mutation($p: ID!) { rotateProjectAccessLink(projectId: $p) }`, { p: base.id }),
      },
      {
        mutation: 'restoreProjectGroupRevision',
        call: (c) =>
          c.gql(
            `mutation($g: ID!, $r: ID!) { restoreProjectGroupRevision(projectGroupId: $g, revisionId: $r) { id } }`,
            { g: base.projectGroupId, r: groupRevision },
          ),
      },
    ];
    for (const row of rows) {
      for (const role of ROLES) {
        const res = await row.call(members[role]);
        const outcome = res.errors ? `${res.status} ${res.errors[0]?.extensions?.code}` : 'ok';
        const expected = RANK[role] >= RANK.EDITOR ? 'ok' : '403 forbidden';
        expect(outcome, `${row.mutation} as ${role}`).toBe(expected);
      }
      const res = await row.call(outsider);
      expect(res.errors?.[0]?.extensions?.code, `${row.mutation} as outsider`).toBe('not_found');
    }
    // Reading the settings is for every member.
    const seen = await members.VIEWER.gql(
      `query($p: ID!) { project(id: $p) { environment visibility designSystem { colors { name } } } }`,
      { p: base.id },
    );
    expect(seen.errors).toBeUndefined();
  });
});
