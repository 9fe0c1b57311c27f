/**
 * @module Function logs are queued off the request's path (issue 15): a request answers before its entries are
 * stored, many requests share one INSERT and one room notification, yet a log read right after a request holds
 * its entries, a deleted project's rows do not lose other projects' rows, and shutdown stores what is queued.
 * On a real Kiln with PGlite and PostgreSQL, without job workers: the projects' generations are not this file's
 * subject (a CI run once timed out here on PostgreSQL while two generations and their render checks ran beside it).
 */
import type { DatabaseBranch } from '@kiln/core';
import { describe, expect, it } from 'vitest';
import { LOG_FLUSH_DELAY_MS } from '../src/function-logs';
import {
  type Backend,
  type Client,
  createProject,
  postgresAvailable,
  signUp,
  startTestKiln,
} from './harness';

const backends: Backend[] = ['pglite', ...((await postgresAvailable()) ? (['postgres'] as const) : [])];

/** A new project, named as the log queue names whose logs it stores. */
async function newProject(c: Client, prompt: string) {
  const { id, organizationId } = await createProject(c, prompt);
  return { projectId: id, organizationId };
}

const entry = (n: number) => ({ level: 'INFO' as const, source: 'CONSOLE' as const, message: `line ${n}` });

describe.each(backends)('function log queue (%s)', (backend) => {
  it('stores queued entries in batches that a read waits for, told once per batch', {
    timeout: 180_000,
  }, async () => {
    await using t = await startTestKiln(backend, { KILN_WORKERS: '0' });
    const { client: c } = await signUp(t, 'logs-queue@example.com');
    const a = await newProject(c, 'A notes app');
    const b = await newProject(c, 'A todo list app');
    const logs = t.kiln.backend.logs;
    const told: string[] = [];
    t.kiln.backend.onLogs = (target, branch) => told.push(`${target.projectId}:${branch}`);

    // Fifty writes nobody waits for, as fifty requests make them: nothing is stored at once.
    const writes = Array.from({ length: 50 }, (_, i) =>
      logs.write(a, i % 2 ? 'main' : 'development', [entry(i)], { KEY: 'line 7' }),
    );
    expect(told).toEqual([]);
    // A read right after sees every one of them, secrets masked.
    const listed = await logs.list(a.projectId, { limit: 500 });
    expect(new Set(listed.map((l) => l.message))).toEqual(
      new Set(Array.from({ length: 50 }, (_, i) => (i === 7 ? '[secret KEY]' : `line ${i}`))),
    );
    await Promise.all(writes);
    // One batch: one notification per project and branch, not one per request.
    expect(told.sort()).toEqual([`${a.projectId}:development`, `${a.projectId}:main`]);

    // Over GraphQL (what the Logs panel and acceptance 13 read) without waiting for the write either.
    void logs.write(b, 'main', [entry(1)]);
    const { data } = await c.gql(`query($id: ID!) { project(id: $id) { logs { message } } }`, {
      id: b.projectId,
    });
    expect(data.project.logs).toEqual([{ message: 'line 1' }]);

    // A batch holding rows of a project that no longer exists still stores the other project's rows.
    told.length = 0;
    const gone = { organizationId: a.organizationId, projectId: 'no-such-project' };
    void logs.write(gone, 'main', [entry(2)]);
    await logs.write(b, 'development', [entry(3)]);
    expect((await logs.list(b.projectId, { branch: 'development' })).map((l) => l.message)).toEqual([
      'line 3',
    ]);
    expect(told).toEqual([`${b.projectId}:development`]);
    expect(t.logs.some((l) => l.includes('writing function logs failed'))).toBe(true);
  });

  it('holds back callers when the database is behind, and stores what is queued at shutdown', {
    timeout: 180_000,
  }, async () => {
    await using t = await startTestKiln(backend, { KILN_WORKERS: '0' });
    const { client: c } = await signUp(t, 'logs-behind@example.com');
    const a = await newProject(c, 'A notes app');
    const logs = t.kiln.backend.logs;
    expect(logs.behind).toBe(false);
    const many = Array.from({ length: 5000 }, (_, i) => entry(i));
    const stored = logs.write(a, 'main', many);
    expect(logs.behind).toBe(true);
    await stored;
    expect(logs.behind).toBe(false);

    // Queued, then the server stops before the flush delay: the entries are there after the restart.
    const branch: DatabaseBranch = 'development';
    void logs.write(a, branch, [entry(-1)]);
    await t.restart();
    await new Promise((r) => setTimeout(r, LOG_FLUSH_DELAY_MS));
    const after = await t.kiln.backend.logs.list(a.projectId, { branch });
    expect(after.map((l) => l.message)).toEqual(['line -1']);
  });
});
