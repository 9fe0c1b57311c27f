/**
 * Realtime rooms over a real WebSocket: who may join, what a member hears while a revision builds, and (on
 * PostgreSQL) events published by another Kiln instance on the same database.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { loadConfig } from '../src/config';
import { startKiln } from '../src/kiln';
import { createProject, postgresAvailable, settledRevision, signUp, startTestKiln, waitFor } from './harness';

function open(port: number, cookie: string, origin = `http://localhost:${port}`) {
  const ws = new WebSocket(`ws://127.0.0.1:${port}/rooms`, {
    headers: { host: `localhost:${port}`, origin, ...(cookie ? { cookie } : {}) },
  });
  const messages: {
    type: string;
    roomId?: string;
    message?: string;
    event?: { type: string; revision?: { id: string; status: string }; modules?: { filePath: string }[] };
  }[] = [];
  ws.on('message', (d) => messages.push(JSON.parse(String(d))));
  const ready = new Promise<void>((resolve, reject) => {
    ws.on('open', () => resolve());
    ws.on('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
    ws.on('error', reject);
  });
  return { ws, messages, ready };
}

const withPostgres = await postgresAvailable();

describe('rooms', () => {
  it('lets members join a project room and hear its revision build', async () => {
    await using t = await startTestKiln('pglite', { KILN_BUILTIN_DELAY_MS: '1' });
    const { client: me } = await signUp(t, 'r@example.com');
    const { id, organizationId } = await createProject(me, 'A todo list app');
    const room = `app-builder:${organizationId}:${id}`;

    await expect(open(t.kiln.port, me.cookie, 'http://evil.example').ready).rejects.toThrow('HTTP 403');

    const anon = open(t.kiln.port, '');
    await anon.ready;
    await waitFor(async () => anon.messages.length > 0);
    expect(anon.messages[0]).toEqual({ type: 'error', message: 'Sign in to continue.' });

    const { client: outsider } = await signUp(t, 'o@example.com');
    const o = open(t.kiln.port, outsider.cookie);
    await o.ready;
    o.ws.send(JSON.stringify({ type: 'join', roomId: room }));
    o.ws.send(JSON.stringify({ type: 'join', roomId: 'app-builder:x' }));
    await waitFor(async () => o.messages.length >= 2);
    expect(o.messages).toHaveLength(2);
    expect(o.messages).toEqual(
      expect.arrayContaining([
        { type: 'error', roomId: room, message: 'Project not found.' },
        { type: 'error', roomId: 'app-builder:x', message: 'Invalid roomId' },
      ]),
    );

    const c = open(t.kiln.port, me.cookie);
    await c.ready;
    c.ws.send(JSON.stringify({ type: 'join', roomId: room }));
    await waitFor(async () => c.messages.some((m) => m.type === 'joined'));
    expect((await settledRevision(me, id)).status).toBe('VALID');
    const sent = await me.gql(
      `mutation($p: ID!) { sendMessage(projectId: $p, text: "change the colour to emerald") { id } }`,
      { p: id },
    );
    const revisionId = sent.data.sendMessage.id;
    // The first build's last event may still arrive after joining: look at this revision's events only.
    const mine = () =>
      c.messages
        .filter((m) => m.event && (m.event.type === 'drafts' || m.event.revision?.id === revisionId))
        .map((m) => m.event!);
    await waitFor(async () => mine().some((e) => e.revision?.status === 'VALID'));
    // Each event carries the revision as it is when published: queued, building, then VALID.
    const events = mine();
    const statuses = events.filter((e) => e.type === 'project-changed').map((e) => e.revision!.status);
    expect(statuses[0]).toBe('QUEUED');
    expect(statuses).toContain('BUILDING');
    expect(statuses.at(-1)).toBe('VALID');
    // The edited module streams to the room as drafts, whole, while it is written.
    const drafts = events.filter((e) => e.type === 'drafts');
    expect(drafts.length).toBeGreaterThan(0);
    expect(drafts.flatMap((e) => e.modules!.map((m) => m.filePath))).toContain('apps/web/src/app/page.tsx');
    for (const s of [anon, o, c]) s.ws.close();
  });

  it.runIf(withPostgres)('fans events out between instances through PostgreSQL', async () => {
    await using t = await startTestKiln('postgres', { KILN_WORKERS: '0' });
    // A second instance on the same database does the generating.
    const other = await startKiln(
      loadConfig({
        PORT: '0',
        KILN_DATA_DIR: mkdtempSync(join(tmpdir(), 'kiln-other-')),
        DATABASE_URL: t.databaseUrl!,
        KILN_BUILTIN_DELAY_MS: '0',
        NODE_ENV: 'test',
      }),
      { log: () => {} },
    );
    try {
      const { client: me } = await signUp(t, 'p@example.com');
      const { id, organizationId } = await createProject(me, 'A notes app');
      expect((await settledRevision(me, id)).status).toBe('VALID'); // built by the other instance
      const c = open(t.kiln.port, me.cookie);
      await c.ready;
      c.ws.send(JSON.stringify({ type: 'join', roomId: `app-builder:${organizationId}:${id}` }));
      await waitFor(async () => c.messages.some((m) => m.type === 'joined'));
      await me.gql(
        `mutation($p: ID!) { sendMessage(projectId: $p, text: "rename the app to Jotter") { id } }`,
        { p: id },
      );
      // This instance has no workers: the VALID event comes from the instance that generated, through NOTIFY.
      await waitFor(async () => c.messages.some((m) => m.event?.revision?.status === 'VALID'));
      c.ws.close();
    } finally {
      await other.close();
    }
  });
});
