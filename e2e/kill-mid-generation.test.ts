/**
 * `kill -9` of the server in the middle of a streamed generation (embedded PGlite, a real model provider over
 * HTTP: the scripted model server). On restart the dead run is recovered at once, not after the stall timeout:
 * the old run FAILED as stalled, its drafts kept until a new run finishes the revision VALID with every module,
 * credits charged once, and one assistant message.
 */
import { readFixture, startScriptedModelServer } from '@kiln/codegen/testing';
import { JOB_STALL_TIMEOUT_MS } from '@kiln/core';
import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../packages/server/src/db/index';
import { creditLedger, jobs, messages, runs } from '../packages/server/src/db/schema';
import { waitFor } from '../packages/server/test/harness';
import { scriptedModelEnv, startKilnProcess } from './harness';

async function gql(url: string, cookie: string, query: string, variables: Record<string, unknown> = {}) {
  const res = await fetch(`${url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({ query, variables }),
  });
  // biome-ignore lint/suspicious/noExplicitAny: the test reads GraphQL answers loosely, as JSON.
  return { res, json: (await res.json()) as { data?: any; errors?: { message: string }[] } };
}

const PROJECT = `query($id: ID!) { project(id: $id) {
  latestRevision { id status modules { filePath content } }
  messages { role text } } }`;

describe('kill -9 mid-generation', () => {
  it('recovers the dead run at restart and finishes the revision once', { timeout: 180_000 }, async () => {
    const reply = readFixture('multi-file-app');
    await using model = await startScriptedModelServer([
      // Slow enough that the server is killed while the first module is still streaming.
      { reply, chunkSize: 16, delayMs: 40, usage: { inputTokens: 1000, outputTokens: 1000 } },
    ]);
    const env = scriptedModelEnv(model);
    let kiln = await startKilnProcess({ env });
    const dataDir = kiln.dataDir;
    try {
      const signUp = await gql(
        kiln.url,
        '',
        `mutation { signUp(email: "kill@example.com", password: "long enough") { id } }`,
      );
      const cookie = signUp.res.headers.get('set-cookie')!.split(';')[0]!;
      const created = await gql(
        kiln.url,
        cookie,
        `mutation { createProject(prompt: "A habit tracker with streaks") { id } }`,
      );
      const id = created.json.data.createProject.id as string;

      // Drafts are saved about once a second: wait until some are in the database, mid-stream.
      const partial = await waitFor(async () => {
        const { json } = await gql(kiln.url, cookie, PROJECT, { id });
        const modules = json.data.project.latestRevision.modules as { content: string }[];
        return modules.length > 0 && modules[0]!.content.length > 0 ? modules : null;
      }, 30_000);
      expect(model.requests).toHaveLength(1);
      const before = await gql(kiln.url, cookie, PROJECT, { id });
      expect(['BUILDING', 'BUILDING_UI']).toContain(before.json.data.project.latestRevision.status);
      await kiln.kill();
      const cutAt = Date.now();

      // The restarted server takes the job up again at once (JOB_STALL_TIMEOUT_MS does not apply to PGlite).
      model.enqueue({ reply, delayMs: 20, usage: { inputTokens: 1000, outputTokens: 1000 } });
      kiln = await startKilnProcess({ port: kiln.port, dataDir, env });
      const kept = await gql(kiln.url, cookie, PROJECT, { id });
      expect(kept.json.data.project.latestRevision.modules.length).toBeGreaterThanOrEqual(partial.length);
      const done = await waitFor(async () => {
        const { json } = await gql(kiln.url, cookie, PROJECT, { id });
        return json.data.project.latestRevision.status === 'VALID' ? json.data.project : null;
      }, 60_000);
      expect(Date.now() - cutAt).toBeLessThan(JOB_STALL_TIMEOUT_MS);
      expect(model.requests).toHaveLength(2);
      const files = Object.fromEntries(
        done.latestRevision.modules.map((m: { filePath: string; content: string }) => [
          m.filePath,
          m.content,
        ]),
      );
      expect(Object.keys(files).sort()).toEqual([
        'apps/web/src/app/page.tsx',
        'apps/web/src/components/HabitRow.tsx',
      ]);
      expect(files['apps/web/src/components/HabitRow.tsx']).toContain('export default function HabitRow');
      expect(files['apps/web/src/app/page.tsx']).toContain('</main>');
      const assistant = done.messages.filter((m: { role: string }) => m.role === 'assistant');
      expect(assistant).toHaveLength(1);
      expect(assistant[0].text).toContain('habit tracker');
      const credits = await gql(kiln.url, cookie, '{ organizations { credits { balance } } }');
      expect(credits.json.data.organizations[0].credits.balance).toBe(100 - 1 - 2); // START + 2,000 tokens, once
    } finally {
      await kiln.stop();
    }

    // What the database holds: the dead run FAILED as stalled, its job STALLED, a second job and run finished.
    const database = await openDatabase({ dataDir });
    try {
      const { db } = database;
      const allRuns = await db.select().from(runs).orderBy(asc(runs.startedAt));
      expect(allRuns.map((r) => [r.status, r.error])).toEqual([
        ['FAILED', 'stalled'],
        ['FINISHED', null],
      ]);
      const allJobs = await db.select().from(jobs).orderBy(asc(jobs.createdAt));
      expect(allJobs.map((j) => j.status)).toEqual(['STALLED', 'COMPLETED']);
      const charges = await db.select().from(creditLedger).where(eq(creditLedger.entry, 'TRANSACTION'));
      expect(charges.map((c) => [c.type, c.amount, c.refundedAt]).sort()).toEqual([
        ['GENERATION_USAGE', -2, null],
        ['START_GENERATION', -1, null],
      ]);
      const chat = await db.select().from(messages).orderBy(asc(messages.createdAt));
      expect(chat.map((m) => m.role)).toEqual(['user', 'assistant']);
    } finally {
      await database.close();
    }
  });
});
