/**
 * @module Realtime rooms (spec §2): `app-builder:{organizationId}:{projectId}` and `project-canvas:{groupId}`.
 * Browsers join over a WebSocket at `/rooms` on the builder origin (session cookie, Origin checked, at least
 * VIEWER in the room's organisation) and receive events; the server publishes a `project-changed` event
 * whenever a project's latest revision moves (queued, status, drafts, finished). Events fan out in process,
 * and between Kiln instances through PostgreSQL LISTEN/NOTIFY when the database is PostgreSQL. A member of a
 * joined room sends `presence` (typing, selected module) on change and as a heartbeat; the room hears its
 * roster (./presence.ts).
 */
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { DraftsEvent, DraftsStaleEvent, ProjectChanged, RoomEvent, RoomServerMessage } from '@kiln/core';
import {
  buildRoomId,
  HEARTBEAT_INTERVAL_MS,
  isKilnError,
  KilnError,
  MESSAGES,
  parseRoomId,
  type Room,
} from '@kiln/core';
import { desc, eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { type WebSocket, WebSocketServer } from 'ws';
import { userForSession } from './accounts';
import type { Db } from './db/index';
import { projectGroups, projects, revisions } from './db/schema';
import { newId } from './ids';
import { requireRole } from './permissions';
import { Presence, type PresenceOptions, presenceState } from './presence';

export type { DraftsEvent, DraftsStaleEvent, ProjectChanged, RoomEvent, RoomServerMessage };

const CHANNEL = 'kiln_rooms';
/** PostgreSQL's NOTIFY payload limit is 8000 bytes; leave room for the envelope. */
const MAX_NOTIFY_BYTES = 7800;

export class Rooms {
  readonly #db: Db;
  readonly #instance = newId();
  readonly #subscribers = new Map<string, Set<(e: RoomEvent) => void>>();
  #listener: pg.Client | undefined;
  #wss: WebSocketServer | undefined;
  #heartbeat: NodeJS.Timeout | undefined;
  #closed = false;
  /** Set once `listen` was called: events go to the other instances through NOTIFY (even while reconnecting). */
  #shared = false;
  readonly presence: Presence;
  /** This process's open connections (their presence rows go when it stops). */
  readonly #connections = new Set<string>();
  readonly #log: (msg: string, err?: unknown) => void;

  constructor(db: Db, opts: { presence?: PresenceOptions; log?: (msg: string, err?: unknown) => void } = {}) {
    this.#db = db;
    this.#log = opts.log ?? (() => {});
    this.presence = new Presence(db, (roomId, event) => this.publish(roomId, event), {
      log: this.#log,
      ...opts.presence,
    });
  }

  /**
   * With PostgreSQL, also receive the events other instances publish. A dropped connection (a database restart)
   * is made again every second until it is back: meanwhile only other instances' events are missed.
   */
  async listen(databaseUrl: string): Promise<void> {
    this.#shared = true;
    const client = new pg.Client({ connectionString: databaseUrl });
    client.on('error', () => {
      if (this.#listener !== client || this.#closed) return;
      this.#listener = undefined;
      const retry = () => {
        if (this.#closed) return;
        this.listen(databaseUrl).catch(() => setTimeout(retry, 1000).unref());
      };
      setTimeout(retry, 1000).unref();
    });
    await client.connect();
    await client.query(`LISTEN ${CHANNEL}`);
    client.on('notification', (n) => {
      try {
        const { from, roomId, event } = JSON.parse(n.payload ?? '{}');
        if (from !== this.#instance) this.#deliver(roomId, event);
      } catch {
        // not ours
      }
    });
    this.#listener = client;
  }

  subscribe(roomId: string, fn: (e: RoomEvent) => void): () => void {
    const set = this.#subscribers.get(roomId) ?? new Set();
    this.#subscribers.set(roomId, set);
    set.add(fn);
    return () => {
      set.delete(fn);
      if (set.size === 0) this.#subscribers.delete(roomId);
    };
  }

  async publish(roomId: string, event: RoomEvent): Promise<void> {
    this.#deliver(roomId, event);
    if (this.#shared) {
      let payload = JSON.stringify({ from: this.#instance, roomId, event });
      if (Buffer.byteLength(payload) > MAX_NOTIFY_BYTES && event.type === 'drafts') {
        const stale: DraftsStaleEvent = {
          type: 'drafts-stale',
          projectId: event.projectId,
          revisionId: event.revisionId,
        };
        payload = JSON.stringify({ from: this.#instance, roomId, event: stale });
      }
      await this.#db.execute(sql`SELECT pg_notify(${CHANNEL}, ${payload})`);
    }
  }

  #deliver(roomId: string, event: RoomEvent): void {
    for (const fn of this.#subscribers.get(roomId) ?? []) fn(event);
  }

  /** Publish to a project's app-builder room. */
  publishToProject(target: { organizationId: string; projectId: string }, event: RoomEvent): Promise<void> {
    return this.publish(buildRoomId({ kind: 'app-builder', ...target }), event);
  }

  /** Tell the project's room (and its group's canvas) that its latest revision changed. */
  async projectChanged(projectId: string): Promise<void> {
    const [row] = await this.#db
      .select({
        organizationId: projects.organizationId,
        groupId: projects.projectGroupId,
        // Not the revision's modules: the event carries only these.
        rev: {
          id: revisions.id,
          number: revisions.number,
          status: revisions.status,
          action: revisions.action,
        },
      })
      .from(projects)
      .leftJoin(revisions, eq(revisions.id, projects.latestRevisionId))
      .where(eq(projects.id, projectId))
      .orderBy(desc(revisions.number))
      .limit(1);
    if (!row) return;
    const event: ProjectChanged = {
      type: 'project-changed',
      projectId,
      revision: row.rev,
    };
    const roomId = buildRoomId({ kind: 'app-builder', organizationId: row.organizationId, projectId });
    await this.publish(roomId, event);
    await this.publish(buildRoomId({ kind: 'project-canvas', projectGroupId: row.groupId }), event);
    // Who is generating derives from the latest revision: the room's roster changes with it.
    if (await this.presence.occupied(roomId)) await this.presence.publishRoster(roomId);
  }

  /** Serve `/rooms` WebSockets on the HTTP server for the builder origin. */
  attach(
    server: Server,
    opts: {
      /** May a page of this origin (addressed to this host) open a room with the user's cookie? */
      allowOrigin: (origin: string, host: string | undefined) => boolean;
      isBuilderHost: (host: string | undefined) => boolean;
      /** The session cookie's name (`__Host-` prefixed under HTTPS). */
      sessionCookie: () => string;
    },
  ) {
    const wss = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024 });
    this.#wss = wss;
    server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
      const url = new URL(req.url ?? '/', 'http://x');
      if (url.pathname !== '/rooms' || !opts.isBuilderHost(req.headers.host)) {
        socket.destroy();
        return;
      }
      // Only the builder's own pages may open a room with the user's cookie (no cross-site WebSocket hijacking).
      if (!req.headers.origin || !opts.allowOrigin(req.headers.origin, req.headers.host)) {
        socket.end('HTTP/1.1 403 Forbidden\r\n\r\n');
        return;
      }
      wss.handleUpgrade(req, socket, head, (ws) => this.#session(ws, req, opts.sessionCookie()));
    });
    this.#heartbeat = setInterval(() => {
      for (const ws of wss.clients) {
        const alive = ws as WebSocket & { alive?: boolean };
        if (alive.alive === false) ws.terminate();
        else {
          alive.alive = false;
          ws.ping();
        }
      }
    }, HEARTBEAT_INTERVAL_MS);
  }

  #session(ws: WebSocket, req: IncomingMessage, cookieName: string): void {
    const cookie = new RegExp(`(?:^|;\\s*)${cookieName}=([^;]+)`).exec(req.headers.cookie ?? '')?.[1];
    const send = (m: RoomServerMessage) => ws.send(JSON.stringify(m));
    // Handlers are attached at once: a client may send `join` the moment the socket opens, before the
    // session lookup below has answered (each message awaits it).
    const session = userForSession(this.#db, cookie ? decodeURIComponent(cookie) : undefined).then((user) => {
      if (!user) {
        send({ type: 'error', message: 'Sign in to continue.' });
        ws.close(4401, 'unauthenticated');
      }
      return user;
    });
    /** The rooms this connection joined: how to leave each, and how its events reach the browser. */
    const joined = new Map<string, { leave: () => void; deliver: (e: RoomEvent) => void }>();
    const connectionId = newId();
    this.#connections.add(connectionId);
    (ws as WebSocket & { alive?: boolean }).alive = true;
    ws.on('pong', () => {
      (ws as WebSocket & { alive?: boolean }).alive = true;
    });
    ws.on('close', () => {
      for (const room of joined.values()) room.leave();
      if (!this.#connections.delete(connectionId) || this.#closed) return;
      this.presence.remove(connectionId).catch((e) => this.#log('presence leave failed', e));
    });
    ws.on('message', async (data) => {
      const user = await session;
      if (!user) return;
      let msg: { type?: string; roomId?: string; typing?: unknown; selectedModule?: unknown };
      try {
        msg = JSON.parse(String(data));
      } catch {
        return send({ type: 'error', message: 'Messages are JSON.' });
      }
      const roomId = String(msg.roomId ?? '');
      try {
        if (msg.type === 'leave') {
          joined.get(roomId)?.leave();
          joined.delete(roomId);
          await this.presence.remove(connectionId, roomId);
          return send({ type: 'left', roomId });
        }
        if (msg.type === 'presence') {
          if (!joined.has(roomId)) return send({ type: 'error', roomId, message: 'Join the room first.' });
          await this.presence.update(connectionId, roomId, user.id, presenceState(msg));
          // The socket closed while this heartbeat was written: its row goes now, not a heartbeat later.
          if (!this.#connections.has(connectionId)) await this.presence.remove(connectionId);
          return;
        }
        if (msg.type !== 'join') return send({ type: 'error', message: 'Send {"type":"join","roomId":…}.' });
        await this.#authorize(parseRoomId(roomId), user.id);
        if (!joined.has(roomId)) {
          // The newest roster this connection was sent: one read earlier (the join's own, or another process's
          // overtaken on the way) would show members as they were, until the next change.
          let rosterAsOf = 0;
          const deliver = (event: RoomEvent) => {
            if (event.type === 'presence') {
              if (event.asOf < rosterAsOf) return;
              rosterAsOf = event.asOf;
            }
            send({ type: 'event', roomId, event });
          };
          joined.set(roomId, { leave: this.subscribe(roomId, deliver), deliver });
        }
        send({ type: 'joined', roomId });
        // The joiner sees who is already here at once (others hear of it with its first presence message).
        const roster = await this.presence.roster(roomId);
        joined.get(roomId)?.deliver(roster);
      } catch (err) {
        send({
          type: 'error',
          roomId,
          message: isKilnError(err) ? err.message : MESSAGES.somethingWentWrong,
        });
      }
    });
  }

  async #authorize(room: Room, userId: string): Promise<void> {
    if (room.kind === 'app-builder') {
      await requireRole(this.#db, room.organizationId, userId, 'VIEWER', 'Project not found.');
      const [p] = await this.#db.select().from(projects).where(eq(projects.id, room.projectId));
      if (p?.organizationId !== room.organizationId) throw new KilnError('not_found', 'Project not found.');
    } else {
      const [g] = await this.#db
        .select()
        .from(projectGroups)
        .where(eq(projectGroups.id, room.projectGroupId));
      if (!g) throw new KilnError('not_found', 'Project group not found.');
      await requireRole(this.#db, g.organizationId, userId, 'VIEWER', 'Project group not found.');
    }
  }

  async close(): Promise<void> {
    this.#closed = true;
    clearInterval(this.#heartbeat);
    this.presence.close();
    // This process's members leave their rooms now rather than a heartbeat later.
    await this.presence.removeAll([...this.#connections]).catch((e) => this.#log('presence leave failed', e));
    this.#connections.clear();
    for (const ws of this.#wss?.clients ?? []) ws.terminate();
    this.#wss?.close();
    await this.#listener?.end().catch(() => {});
  }
}
