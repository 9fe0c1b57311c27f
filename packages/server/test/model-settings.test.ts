/**
 * Per-organisation model settings over real HTTP: an ADMIN sets a model, base URL and key; the key is stored
 * sealed (not the plaintext) and never returned; that organisation's generations reach the scripted model
 * server with `Authorization: Bearer <that key>`; other organisations keep the server's model; who may read and
 * change the settings, role by role; the key survives a restart.
 */
import { readFixture, startScriptedModelServer } from '@kiln/codegen/testing';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { organizationSettings } from '../src/db/schema';
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

const backends: Backend[] = ['pglite', ...((await postgresAvailable()) ? (['postgres'] as const) : [])];
const SETTINGS = `query($o: ID!) { organization(id: $o) { modelSettings { model baseUrl hasApiKey source } } }`;
const UPDATE = `mutation($o: ID!, $m: String, $u: String, $k: String, $c: Boolean) {
  updateModelSettings(organizationId: $o, model: $m, baseUrl: $u, apiKey: $k, clearApiKey: $c) {
    model baseUrl hasApiKey source } }`;
const KEY = 'sk-org-acme-0123456789';

/** The status the first generation of a new project in `organizationId` finished with. */
async function generate(c: Client, organizationId: string, prompt: string) {
  const { id } = await createProject(c, prompt, { organizationId });
  return (await settledRevision(c, id)).status;
}

describe.each(backends)('organisation model settings on %s', (backend) => {
  it('stores the key sealed, uses it for that organisation only, and lets ADMIN and up change it', {
    timeout: 120_000,
  }, async () => {
    await using model = await startScriptedModelServer();
    await using t = await startTestKiln(backend);
    const { client: owner, organizationId: personal } = await signUp(t, 'owner@example.com');
    const org = (await owner.gql(`mutation { createOrganization(name: "Acme") { id } }`)).data
      .createOrganization.id as string;

    // Until an ADMIN chooses, the organisation uses the server's KILN_MODEL.
    expect((await owner.gql(SETTINGS, { o: org })).data.organization.modelSettings).toEqual({
      model: 'builtin',
      baseUrl: null,
      hasApiKey: false,
      source: 'SERVER',
    });

    // Bad input is refused with a sentence, and nothing is stored.
    const bad = await owner.gql(UPDATE, { o: org, m: 'gpt-4o' });
    expect(bad.errors?.[0]?.extensions?.code).toBe('validation');
    expect(bad.errors?.[0]?.message).toMatch(/is not a model Kiln knows/);
    const noKey = await owner.gql(UPDATE, { o: org, m: 'openai:gpt-4o-mini', u: model.url });
    expect(noKey.errors?.[0]?.message).toBe(
      "openai:gpt-4o-mini needs an API key: enter the organisation's key.",
    );
    const badUrl = await owner.gql(UPDATE, { o: org, m: 'openai:gpt-4o-mini', u: 'ftp://x', k: KEY });
    expect(badUrl.errors?.[0]?.message).toMatch(/is not a base URL/);
    const noUrl = await owner.gql(UPDATE, { o: org, m: 'openai-compatible:qwen' });
    expect(noUrl.errors?.[0]?.message).toMatch(/needs the server's base URL/);
    expect((await owner.gql(SETTINGS, { o: org })).data.organization.modelSettings.source).toBe('SERVER');

    const saved = await owner.gql(UPDATE, { o: org, m: 'openai:gpt-4o-mini', u: `${model.url}/`, k: KEY });
    expect(saved.errors).toBeUndefined();
    expect(saved.data.updateModelSettings).toEqual({
      model: 'openai:gpt-4o-mini',
      baseUrl: model.url,
      hasApiKey: true,
      source: 'ORGANIZATION',
    });
    expect(JSON.stringify(saved)).not.toContain(KEY);

    // At rest the key is sealed: not the plaintext, not even a substring of it.
    const [row] = await t.kiln.database.db
      .select()
      .from(organizationSettings)
      .where(eq(organizationSettings.organizationId, org));
    expect(row?.modelApiKeyEncrypted).toMatch(/^v1:[^:]+:[^:]+:[^:]+$/);
    expect(row?.modelApiKeyEncrypted).not.toContain(KEY);
    expect(row?.modelApiKeyEncrypted).not.toContain(KEY.slice(3, 15));

    // Acme's generation goes to the scripted server with Acme's key.
    model.enqueue({ reply: readFixture('multi-file-app'), usage: { inputTokens: 900, outputTokens: 600 } });
    expect(await generate(owner, org, 'A habit tracker with streaks')).toBe('VALID');
    expect(model.requests).toHaveLength(1);
    expect(model.requests[0]?.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(model.requests[0]?.model).toBe('gpt-4o-mini');

    // The personal organisation still uses the server's builtin generator: no request reaches the model.
    expect(await generate(owner, personal, 'A todo list app with due dates')).toBe('VALID');
    expect(model.requests).toHaveLength(1);

    // An empty key keeps the stored one; a new model is picked up by the next generation.
    const kept = await owner.gql(UPDATE, { o: org, m: 'openai:gpt-4.1-mini', u: model.url, k: '' });
    expect(kept.data.updateModelSettings).toMatchObject({ model: 'openai:gpt-4.1-mini', hasApiKey: true });
    model.enqueue({ reply: readFixture('multi-file-app') });
    expect(await generate(owner, org, 'A habit tracker for my team')).toBe('VALID');
    expect(model.requests[1]?.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(model.requests[1]?.model).toBe('gpt-4.1-mini');

    // The key survives a restart (the server key is kept in the data directory).
    await t.restart();
    model.enqueue({ reply: readFixture('multi-file-app') });
    expect(await generate(owner, org, 'A habit tracker after a restart')).toBe('VALID');
    expect(model.requests[2]?.headers.authorization).toBe(`Bearer ${KEY}`);

    // Removing the key of a provider that needs one is refused; back to the server's model is allowed.
    const cleared = await owner.gql(UPDATE, { o: org, m: 'openai:gpt-4.1-mini', u: model.url, c: true });
    expect(cleared.errors?.[0]?.message).toMatch(/needs an API key/);
    const back = await owner.gql(UPDATE, { o: org, m: '', c: true });
    expect(back.data.updateModelSettings).toEqual({
      model: 'builtin',
      baseUrl: null,
      hasApiKey: false,
      source: 'SERVER',
    });
    expect(await generate(owner, org, 'A todo list app')).toBe('VALID');
    expect(model.requests).toHaveLength(3);
  });

  it('permission matrix: ADMIN and OWNER read and update the model settings; EDITOR and VIEWER may not', {
    timeout: 120_000,
  }, async () => {
    await using t = await startTestKiln(backend);
    const { client: owner } = await signUp(t, 'owner@example.com');
    const org = (await owner.gql(`mutation { createOrganization(name: "Acme") { id } }`)).data
      .createOrganization.id as string;
    const members: Record<string, Client> = { OWNER: owner };
    for (const role of ['ADMIN', 'EDITOR', 'VIEWER'] as const) {
      const member = t.client();
      await joinAsMember(member, owner, org, `${role.toLowerCase()}@example.com`, { role });
      members[role] = member;
    }
    const { client: outsider } = await signUp(t, 'outsider@example.com');
    const outcome = (res: { errors?: { extensions?: { code?: string } }[] }) =>
      res.errors ? String(res.errors[0]?.extensions?.code) : 'ok';

    const results: Record<string, string> = {};
    for (const [role, c] of Object.entries({ ...members, outsider })) {
      results[`updateModelSettings ${role}`] = outcome(
        await c.gql(UPDATE, { o: org, m: 'ollama:llama3.1', k: `sk-${role}-key` }),
      );
      const read = await c.gql(SETTINGS, { o: org });
      results[`modelSettings ${role}`] = read.data?.organization?.modelSettings
        ? 'ok'
        : read.data?.organization === null
          ? 'not_found'
          : outcome(read);
    }
    expect(results).toEqual({
      'updateModelSettings OWNER': 'ok',
      'updateModelSettings ADMIN': 'ok',
      'updateModelSettings EDITOR': 'forbidden',
      'updateModelSettings VIEWER': 'forbidden',
      'updateModelSettings outsider': 'not_found',
      'modelSettings OWNER': 'ok',
      'modelSettings ADMIN': 'ok',
      'modelSettings EDITOR': 'forbidden',
      'modelSettings VIEWER': 'forbidden',
      'modelSettings outsider': 'not_found',
    });
    // A VIEWER still reads the rest of the organisation.
    const viewer = await members.VIEWER!.gql(`query($o: ID!) { organization(id: $o) { name } }`, { o: org });
    expect(viewer.data.organization.name).toBe('Acme');
  });
});
