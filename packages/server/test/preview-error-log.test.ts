/** Render failures the preview shows reach the server's error log (spec §8: "failure reported"). */
import { describe, expect, it } from 'vitest';
import { startTestKiln, waitFor } from './harness';

describe('reportPreviewError', () => {
  it('writes the failing module and message to the server log for anyone who can see the project', {
    timeout: 60_000,
  }, async () => {
    await using t = await startTestKiln('pglite');
    const c = t.client();
    await c.gql(`mutation { signUp(email: "e@example.com", password: "long enough") { id } }`);
    const created = await c.gql(`mutation { createProject(prompt: "A todo list app") { id } }`);
    const projectId = created.data.createProject.id as string;
    const rev = await waitFor(async () => {
      const r = await c.gql(`query($id: ID!) { project(id: $id) { latestRevision { id status } } }`, {
        id: projectId,
      });
      const latest = r.data.project.latestRevision as { id: string; status: string };
      return latest.status === 'VALID' ? latest : null;
    });
    const report = `mutation($r: ID!, $m: String!) {
      reportPreviewError(revisionId: $r, filePath: "apps/web/src/app/page.tsx", mode: $m, message: "x is not defined")
    }`;
    const ok = await c.gql(report, { r: rev.id, m: 'web' });
    expect(ok.data.reportPreviewError).toBe(true);
    const line = t.logs.find((l) => l.startsWith('preview error'));
    expect(line).toContain('"filePath":"apps/web/src/app/page.tsx"');
    expect(line).toContain('"message":"x is not defined"');
    expect(line).toContain(`"revisionId":"${rev.id}"`);

    const badMode = await c.gql(report, { r: rev.id, m: 'tv' });
    expect(badMode.status).toBe(400);
    const unknown = await c.gql(report, { r: 'no-such-revision', m: 'web' });
    expect(unknown.status).toBe(404);
    const stranger = t.client();
    await stranger.gql(`mutation { signUp(email: "s@example.com", password: "long enough") { id } }`);
    expect((await stranger.gql(report, { r: rev.id, m: 'web' })).status).toBe(404);
    expect(t.logs.filter((l) => l.startsWith('preview error'))).toHaveLength(1);
  });
});
