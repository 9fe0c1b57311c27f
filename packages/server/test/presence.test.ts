/**
 * Presence (issue 17) over real WebSockets: two members of one organisation, each on their own Kiln process on
 * one PostgreSQL, see each other join, select modules, type and leave; a member not heard from within the
 * heartbeat is swept out by a process; and on PGlite a member must join a room before sending presence.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PresenceMember } from '@kiln/core';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { loadConfig } from '../src/config';
import { startKiln } from '../src/kiln';
import {
  Client,
  createProject,
  joinAsMember,
  postgresAvailable,
  signUp,
  startTestKiln,
  waitFor,
} from './harness';

interface Seen {
  type: string;
  roomId?: string;
  message?: string;
  event?: { type: string; members?: PresenceMember[]; asOf?: number };
}

function open(port: number, cookie: string) {
  const ws = new WebSocket(`ws://127.0.0.1:${port}/rooms`, {
    headers: { host: `localhost:${port}`, origin: `http://localhost:${port}`, cookie },
  });
  const messages: Seen[] = [];
  ws.on('message', (d) => messages.push(JSON.parse(String(d))));
  const ready = new Promise<void>((resolve, reject) => {
    ws.on('open', () => resolve());
    ws.on('error', reject);
  });
  /** The newest roster this socket heard. */
  const roster = () => messages.filter((m) => m.event?.type === 'presence').at(-1)?.event?.members ?? null;
  return { ws, messages, ready, roster };
}

const withPostgres = await postgresAvailable();

describe('presence', () => {
  it('refuses presence before joining the room', async () => {
    await using t = await startTestKiln('pglite', { KILN_WORKERS: '0' });
    const { client: me } = await signUp(t, 'solo@example.com');
    const { id, organizationId } = await createProject(me, 'A notes app');
    const roomId = `app-builder:${organizationId}:${id}`;
    const c = open(t.kiln.port, me.cookie);
    await c.ready;
    c.ws.send(JSON.stringify({ type: 'presence', roomId, typing: true }));
    await waitFor(async () => c.messages.length > 0);
    expect(c.messages[0]).toEqual({ type: 'error', roomId, message: 'Join the room first.' });
    c.ws.send(JSON.stringify({ type: 'join', roomId }));
    await waitFor(async () => c.roster());
    expect(c.roster()).toEqual([]);
    c.ws.send(JSON.stringify({ type: 'presence', roomId, selectedModule: 'apps/web/src/app/page.tsx' }));
    await waitFor(async () => c.roster()?.length === 1);
    expect(c.roster()?.[0]).toMatchObject({
      email: 'solo@example.com',
      typing: false,
      selectedModule: 'apps/web/src/app/page.tsx',
      // The first revision waits in the queue (no workers): its author is generating.
      generating: true,
    });
    c.ws.close();
  }, 120_000);

  it.runIf(withPostgres)(
    'two members on two processes see each other join, select, type and leave',
    async () => {
      await using t = await startTestKiln('postgres', { KILN_WORKERS: '0' });
      const other = await startKiln(
        loadConfig({
          PORT: '0',
          HOST: '127.0.0.1',
          KILN_DATA_DIR: mkdtempSync(join(tmpdir(), 'kiln-other-')),
          DATABASE_URL: t.databaseUrl!,
          KILN_WORKERS: '0',
          NODE_ENV: 'test',
          KILN_SIGNUP_LIMIT: '0',
        }),
        { log: () => {} },
      );
      const db = new pg.Client({ connectionString: t.databaseUrl });
      await db.connect();
      try {
        const { client: ann } = await signUp(t, 'ann@example.com');
        const { id, organizationId } = await createProject(ann, 'A notes app');
        const roomId = `app-builder:${organizationId}:${id}`;
        const bob = new Client(() => other.port);
        await joinAsMember(bob, ann, organizationId, 'bob@example.com');

        const a = open(t.kiln.port, ann.cookie);
        const b = open(other.port, bob.cookie);
        await Promise.all([a.ready, b.ready]);
        a.ws.send(JSON.stringify({ type: 'join', roomId }));
        await waitFor(async () => a.roster());
        a.ws.send(JSON.stringify({ type: 'presence', roomId, selectedModule: 'apps/web/src/app/page.tsx' }));
        b.ws.send(JSON.stringify({ type: 'join', roomId }));
        await waitFor(async () => b.roster()?.some((m) => m.email === 'ann@example.com'));
        expect(b.roster()).toEqual([
          expect.objectContaining({
            email: 'ann@example.com',
            selectedModule: 'apps/web/src/app/page.tsx',
            typing: false,
            generating: true,
          }),
        ]);

        // A roster read before the newest one Ann was sent (another process's, overtaken on its way) is not sent
        // to her: she would see the room as it was until the next change.
        const newest = a.messages.filter((m) => m.event?.type === 'presence').at(-1)?.event?.asOf ?? 0;
        expect(newest).toBeGreaterThan(0);
        const stale = { type: 'presence', roomId, members: [], asOf: newest - 1 };
        await db.query(`SELECT pg_notify('kiln_rooms', $1)`, [
          JSON.stringify({ from: 'another-process', roomId, event: stale }),
        ]);

        // Bob (process 2) types with a module selected: Ann (process 1) hears it through NOTIFY (after the stale
        // roster: notifications arrive in the order they were sent).
        b.ws.send(JSON.stringify({ type: 'presence', roomId, typing: true, selectedModule: 'App.tsx' }));
        await waitFor(async () => a.roster()?.some((m) => m.email === 'bob@example.com' && m.typing));
        expect(a.roster()?.find((m) => m.email === 'bob@example.com')).toMatchObject({
          selectedModule: 'App.tsx',
          generating: false,
        });
        expect(a.messages.some((m) => m.event?.asOf === stale.asOf)).toBe(false);

        // A member not heard from within the heartbeat (its process died: no close) is swept out.
        const ids = await db.query(`SELECT id FROM users WHERE email = 'bob@example.com'`);
        await db.query(
          `INSERT INTO room_presence (connection_id, room_id, user_id, last_seen)
           VALUES ('ghost', $1, $2, now() - interval '25 seconds')`,
          [roomId, ids.rows[0].id],
        );
        a.ws.send(JSON.stringify({ type: 'presence', roomId, selectedModule: 'README.md' }));
        await waitFor(async () => a.roster()?.some((m) => m.connectionId === 'ghost'));
        await waitFor(async () => {
          const r = a.roster();
          return r && !r.some((m) => m.connectionId === 'ghost') && r.length === 2;
        }, 20_000);

        // Bob closes the project: Ann sees him leave at once.
        b.ws.close();
        await waitFor(async () => a.roster()?.every((m) => m.email !== 'bob@example.com'));
        expect(a.roster()).toHaveLength(1);
        a.ws.close();
      } finally {
        await db.end();
        await other.close();
      }
    },
    180_000,
  );
});
