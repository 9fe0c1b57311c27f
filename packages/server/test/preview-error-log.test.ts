/** Render failures the preview shows reach the server's error log (spec §8: "failure reported"). */
import { describe, expect, it } from 'vitest';
import { generatedProject, signUp, startTestKiln } from './harness';

describe('reportPreviewError', () => {
  it('writes the failing module and message to the server log for anyone who can see the project', {
    timeout: 60_000,
  }, async () => {
    await using t = await startTestKiln('pglite');
    const { client: c } = await signUp(t, 'e@example.com');
    const { revision: rev } = await generatedProject(c, 'A todo list app');
    expect(rev.status).toBe('VALID');
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
    const { client: stranger } = await signUp(t, 's@example.com');
    expect((await stranger.gql(report, { r: rev.id, m: 'web' })).status).toBe(404);
    expect(t.logs.filter((l) => l.startsWith('preview error'))).toHaveLength(1);
  });
});
