/**
 * Export anywhere (issue 17): `GET /api/projects/{id}/export.zip` answers a member (VIEWER and up) signed in with
 * the builder's session cookie with a zip of the project as a standalone app — its newest VALID revision (a
 * later broken hand edit is left out), its migrations, the pinned dependencies — and nobody else.
 */
import { request } from 'node:http';
import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { revisionPackages } from '../src/db/schema';
import { exportDependencies } from '../src/export/versions';
import { SERVER_MESSAGES } from '../src/messages';
import {
  type Backend,
  type Client,
  createProject,
  postgresAvailable,
  settled,
  signUp,
  startTestKiln,
} from './harness';

const backends: Backend[] = ['pglite', ...((await postgresAvailable()) ? (['postgres'] as const) : [])];

const SAVE = `mutation($p: ID!, $f: String!, $c: String!) { saveModule(projectId: $p, filePath: $f, content: $c) { id } }`;
const LATEST = `query($id: ID!) { project(id: $id) { name latestRevision { id number status modules { filePath moduleType content } } } }`;

interface Latest {
  project: {
    name: string;
    latestRevision: {
      id: string;
      number: number;
      status: string;
      modules: { filePath: string; moduleType: string; content: string }[];
    };
  };
}

/** The raw response (the zip is binary: the harness's Client reads text). */
function download(port: number, path: string, cookie: string) {
  return new Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }>(
    (resolve, reject) => {
      const req = request(
        {
          host: '127.0.0.1',
          port,
          path,
          headers: { host: `localhost:${port}`, ...(cookie ? { cookie } : {}) },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
          );
        },
      );
      req.on('error', reject);
      req.end();
    },
  );
}

/**
 * Waits until the latest revision is `number` and VALID, INVALID… or …FAILED: narrower than the harness's
 * `settled` alone (CREATED or CANCELED_AUTOFIX are not an end here).
 */
function settledAt(client: Client, id: string, number: number): Promise<Latest> {
  return settled<Latest>(client, id, {
    number,
    query: LATEST,
    until: (data) => /VALID|INVALID|FAILED/.test(data.project.latestRevision.status),
    timeoutMs: 60_000,
  });
}

describe.each(backends)('export.zip (%s)', (backend) => {
  it('downloads the newest valid revision as a standalone project for members only', {
    timeout: 300_000,
  }, async () => {
    await using t = await startTestKiln(backend);
    const { client: owner } = await signUp(t, 'export@example.com');
    const { id } = await createProject(owner, 'a todo list with due dates');
    const first = await settledAt(owner, id, 1);
    expect(first.project.latestRevision.status).toBe('VALID');
    const page = first.project.latestRevision.modules.find((m) => m.moduleType === 'PAGE')!;
    // An npm package outside the catalogue the revision pinned when the preview first loaded it (issue 16).
    await t.kiln.database.db.insert(revisionPackages).values({
      revisionId: first.project.latestRevision.id,
      source: 'canvas-confetti',
      name: 'canvas-confetti',
      version: '1.9.3',
      integrity: 'sha512-test',
      bundle: 'test',
    });

    // A broken hand edit becomes the latest revision (INVALID_CODE); the export keeps the valid one.
    await owner.gql(SAVE, { p: id, f: page.filePath, c: `${page.content}\n<div>` });
    expect((await settledAt(owner, id, 2)).project.latestRevision.status).toBe('INVALID_CODE');

    const res = await download(t.kiln.port, `/api/projects/${id}/export.zip`, owner.cookie);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(String(res.headers['content-disposition'])).toMatch(/^attachment; filename="[a-z0-9-]+\.zip"$/);
    const files = Object.fromEntries(
      Object.entries(unzipSync(new Uint8Array(res.body))).map(([path, bytes]) => [path, strFromU8(bytes)]),
    );
    const roots = new Set(Object.keys(files).map((p) => p.split('/')[0]));
    expect(roots.size).toBe(1);
    const root = [...roots][0]!;
    const file = (path: string) => files[`${root}/${path}`];

    const pkg = JSON.parse(file('package.json')!);
    expect(pkg.scripts).toMatchObject({ dev: 'vite', build: 'vite build', start: 'tsx server/index.ts' });
    expect(pkg.dependencies).toEqual(
      Object.fromEntries(
        Object.entries({ ...exportDependencies(), 'canvas-confetti': '1.9.3' }).sort(([a], [b]) =>
          a.localeCompare(b),
        ),
      ),
    );
    expect(file('src/app/page.tsx')).toBe(page.content);
    expect(file('src/kiln/routes.ts')).toContain('{ route: "/", load: () => import("../app/page.tsx") }');
    expect(file('server/functions.ts')).toContain('{ route: "/api/todos/[id]", load: () => import(');
    expect(file('migrations/0001_create_todos.sql')).toContain('CREATE TABLE todos');
    expect(file('src/components/ui/button.tsx')).toContain("from '@/lib/utils'");
    expect(file('index.html')).toContain(`<title>${first.project.name}</title>`);
    expect(file('README.md')).toContain('npm install');

    // Signed out: 401; another account: the project does not exist for them.
    const anonymous = await download(t.kiln.port, `/api/projects/${id}/export.zip`, '');
    expect(anonymous.status).toBe(401);
    expect(JSON.parse(anonymous.body.toString()).error.message).toBe(SERVER_MESSAGES.signInRequired);
    const { client: stranger } = await signUp(t, 'stranger@example.com');
    const hidden = await download(t.kiln.port, `/api/projects/${id}/export.zip`, stranger.cookie);
    expect(hidden.status).toBe(404);
  });
});
