/**
 * @module Presence (issue 17): who has a project open, who is typing or generating, and which module each one
 * has selected. Each `/rooms` connection in a room is a row of `room_presence`, refreshed by the browser's
 * heartbeat; a row not refreshed within `HEARTBEAT_INTERVAL_MS` (spec: 30 000 ms) is gone. The roster lives in
 * the database, not in a process's memory, so every Kiln process on one PostgreSQL sees the same members: the
 * process that changes a row publishes the room's whole roster (rooms fan it out through NOTIFY), and any
 * process may sweep expired rows — `DELETE … RETURNING` hands each expired row to exactly one of them.
 */
import {
  HEARTBEAT_INTERVAL_MS,
  isRevisionInProgress,
  type PresenceEvent,
  type PresenceMember,
  parseRoomId,
} from '@kiln/core';
import { and, asc, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from './db/index';
import { projects, revisions, roomPresence, users } from './db/schema';

/** How often expired members are swept out (a member is gone at most this long after the heartbeat window). */
export const PRESENCE_SWEEP_MS = 5_000;
/** Most members one roster lists. */
export const MAX_ROSTER_MEMBERS = 30;
/** Largest roster event, in bytes: it crosses processes in a NOTIFY payload (8000 bytes with its envelope). */
const MAX_ROSTER_BYTES = 7_000;
/** Longest module path kept for a selection. */
const MAX_SELECTED_MODULE_CHARS = 300;

export interface PresenceState {
  typing: boolean;
  selectedModule: string | null;
}

export interface PresenceOptions {
  /** A member not heard from within this long is gone (default `HEARTBEAT_INTERVAL_MS`). */
  ttlMs?: number;
  /** How often expired members are swept (default `PRESENCE_SWEEP_MS`). */
  sweepMs?: number;
  log?: (msg: string, err?: unknown) => void;
}

/** A presence message's fields as the browser sent them, checked and trimmed. */
export function presenceState(msg: { typing?: unknown; selectedModule?: unknown }): PresenceState {
  const selected = typeof msg.selectedModule === 'string' ? msg.selectedModule.trim() : '';
  return {
    typing: msg.typing === true,
    selectedModule: selected ? selected.slice(0, MAX_SELECTED_MODULE_CHARS) : null,
  };
}

export class Presence {
  readonly #db: Db;
  readonly #publish: (roomId: string, event: PresenceEvent) => Promise<void>;
  readonly #ttlMs: number;
  readonly #log: (msg: string, err?: unknown) => void;
  readonly #sweep: NodeJS.Timeout;

  constructor(
    db: Db,
    publish: (roomId: string, event: PresenceEvent) => Promise<void>,
    opts: PresenceOptions = {},
  ) {
    this.#db = db;
    this.#publish = publish;
    this.#ttlMs = opts.ttlMs ?? HEARTBEAT_INTERVAL_MS;
    this.#log = opts.log ?? (() => {});
    this.#sweep = setInterval(() => {
      this.sweep().catch((e) => this.#log('presence sweep failed', e));
    }, opts.sweepMs ?? PRESENCE_SWEEP_MS);
    this.#sweep.unref();
  }

  /** The oldest `last_seen` still counted as present, by the database's clock (shared by every process). */
  #cutoff() {
    return sql`now() - make_interval(secs => ${this.#ttlMs / 1000})`;
  }

  /**
   * A connection's heartbeat or change. Publishes the roster when the connection is new in the room or
   * changed what it does; a plain heartbeat only refreshes `last_seen`.
   */
  async update(connectionId: string, roomId: string, userId: string, state: PresenceState): Promise<void> {
    const [before] = await this.#db
      .select({ typing: roomPresence.typing, selectedModule: roomPresence.selectedModule })
      .from(roomPresence)
      .where(
        and(
          eq(roomPresence.connectionId, connectionId),
          eq(roomPresence.roomId, roomId),
          gt(roomPresence.lastSeen, this.#cutoff()),
        ),
      );
    await this.#db
      .insert(roomPresence)
      .values({ connectionId, roomId, userId, ...state })
      .onConflictDoUpdate({
        target: [roomPresence.connectionId, roomPresence.roomId],
        set: { ...state, lastSeen: sql`now()` },
      });
    if (before?.typing !== state.typing || before?.selectedModule !== state.selectedModule) {
      await this.publishRoster(roomId);
    }
  }

  /** A connection left a room (or closed: every room it was in). */
  async remove(connectionId: string, roomId?: string): Promise<void> {
    const gone = await this.#db
      .delete(roomPresence)
      .where(
        roomId
          ? and(eq(roomPresence.connectionId, connectionId), eq(roomPresence.roomId, roomId))
          : eq(roomPresence.connectionId, connectionId),
      )
      .returning({ roomId: roomPresence.roomId });
    for (const room of new Set(gone.map((g) => g.roomId))) await this.publishRoster(room);
  }

  /** Several connections closed at once (this process stopping). */
  async removeAll(connectionIds: string[]): Promise<void> {
    if (connectionIds.length === 0) return;
    const gone = await this.#db
      .delete(roomPresence)
      .where(inArray(roomPresence.connectionId, connectionIds))
      .returning({ roomId: roomPresence.roomId });
    for (const room of new Set(gone.map((g) => g.roomId))) await this.publishRoster(room);
  }

  /** Drops members not heard from within the heartbeat window and tells their rooms. */
  async sweep(): Promise<void> {
    const gone = await this.#db
      .delete(roomPresence)
      .where(lt(roomPresence.lastSeen, this.#cutoff()))
      .returning({ roomId: roomPresence.roomId });
    for (const room of new Set(gone.map((g) => g.roomId))) await this.publishRoster(room);
  }

  /** Who is in the room now, and when that was read (see `PresenceEvent.asOf`). */
  async roster(roomId: string): Promise<PresenceEvent> {
    // Stamped before the roster's own queries take their snapshots: it sees every change made before the stamp.
    const stamp = await this.#db.execute(
      sql`SELECT floor(extract(epoch FROM statement_timestamp()) * 1000000)::float8 AS "asOf"`,
    );
    const asOf = Number((stamp.rows[0] as { asOf: number }).asOf);
    const rows = await this.#db
      .select({
        connectionId: roomPresence.connectionId,
        userId: roomPresence.userId,
        displayName: users.displayName,
        email: users.email,
        photoURL: users.photoUrl,
        typing: roomPresence.typing,
        selectedModule: roomPresence.selectedModule,
      })
      .from(roomPresence)
      .innerJoin(users, eq(users.id, roomPresence.userId))
      .where(and(eq(roomPresence.roomId, roomId), gt(roomPresence.lastSeen, this.#cutoff())))
      .orderBy(asc(users.displayName), asc(roomPresence.connectionId))
      .limit(MAX_ROSTER_MEMBERS);
    const generatingUser = await this.#generatingUser(roomId);
    const members: PresenceMember[] = rows.map((r) => ({
      ...r,
      photoURL: r.photoURL ?? null,
      generating: r.userId === generatingUser,
    }));
    return { type: 'presence', roomId, members, asOf };
  }

  /** Sends the room its roster (after a change here, or when the project's latest revision moved). */
  async publishRoster(roomId: string): Promise<void> {
    const event = await this.roster(roomId);
    // Long names, photo URLs or paths could overflow a notification: the last members are left out then.
    while (event.members.length > 0 && Buffer.byteLength(JSON.stringify(event)) > MAX_ROSTER_BYTES) {
      event.members.pop();
    }
    await this.#publish(roomId, event);
  }

  /** Whether anyone is present in the room (so a revision change need not re-send an empty roster). */
  async occupied(roomId: string): Promise<boolean> {
    const [row] = await this.#db
      .select({ c: roomPresence.connectionId })
      .from(roomPresence)
      .where(eq(roomPresence.roomId, roomId))
      .limit(1);
    return row !== undefined;
  }

  /** The author of the project's latest revision while it is queued or building (app-builder rooms only). */
  async #generatingUser(roomId: string): Promise<string | null> {
    const room = parseRoomId(roomId);
    if (room.kind !== 'app-builder') return null;
    const [row] = await this.#db
      .select({ status: revisions.status, authorId: revisions.authorId })
      .from(projects)
      .innerJoin(revisions, eq(revisions.id, projects.latestRevisionId))
      .where(eq(projects.id, room.projectId));
    return row && isRevisionInProgress(row.status) ? row.authorId : null;
  }

  close(): void {
    clearInterval(this.#sweep);
  }
}
