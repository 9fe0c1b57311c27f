/**
 * Room identifiers (spec §2): `project-canvas:{projectGroupId}` and `app-builder:{organizationId}:{projectId}`.
 * Ids inside a room id may not be empty or contain `:`, so every room id parses back to what built it.
 * @module
 */
import { KilnError } from './errors';
import { MESSAGES } from './messages';

export const ROOM_KINDS = ['project-canvas', 'app-builder'] as const;
export type RoomKind = (typeof ROOM_KINDS)[number];

export type Room =
  | { kind: 'project-canvas'; projectGroupId: string }
  | { kind: 'app-builder'; organizationId: string; projectId: string };

function invalid(details: Record<string, unknown>): KilnError {
  return new KilnError('validation', MESSAGES.invalidRoomId, details);
}

function isIdPart(value: unknown): value is string {
  return typeof value === 'string' && value.length > 0 && !value.includes(':');
}

/** Builds a room id; throws `KilnError('validation', 'Invalid roomId')` for an empty id or one containing `:`. */
export function buildRoomId(r: Room): string {
  if (r.kind === 'project-canvas') {
    if (!isIdPart(r.projectGroupId)) throw invalid({ room: r });
    return `project-canvas:${r.projectGroupId}`;
  }
  if (r.kind === 'app-builder') {
    if (!isIdPart(r.organizationId) || !isIdPart(r.projectId)) throw invalid({ room: r });
    return `app-builder:${r.organizationId}:${r.projectId}`;
  }
  throw invalid({ room: r });
}

/** Parses a room id; throws `KilnError('validation', 'Invalid roomId')` unless it matches one of the two formats. */
export function parseRoomId(id: string): Room {
  if (typeof id !== 'string') throw invalid({ roomId: id });
  const parts = id.split(':');
  const [kind, a, b] = parts;
  if (kind === 'project-canvas' && parts.length === 2 && isIdPart(a)) {
    return { kind, projectGroupId: a };
  }
  if (kind === 'app-builder' && parts.length === 3 && isIdPart(a) && isIdPart(b)) {
    return { kind, organizationId: a, projectId: b };
  }
  throw invalid({ roomId: id });
}

/** Whether a string is a valid room id. */
export function isRoomId(id: string): boolean {
  try {
    parseRoomId(id);
    return true;
  } catch {
    return false;
  }
}

/** A project's latest revision changed: its room re-reads the project. */
export interface ProjectChanged {
  type: 'project-changed';
  projectId: string;
  revision: { id: string; number: number; status: string; action: string } | null;
}
/** Module drafts while a revision streams: the changed modules, whole (a deleted one as `deleted: true`). */
export interface DraftsEvent {
  type: 'drafts';
  projectId: string;
  revisionId: string;
  modules: (
    | { filePath: string; moduleType: string; content: string }
    | { filePath: string; deleted: true }
  )[];
}
/** Drafts changed on another instance but were too large to relay (NOTIFY holds 8000 bytes): read the project. */
export interface DraftsStaleEvent {
  type: 'drafts-stale';
  projectId: string;
  revisionId: string;
}
/** A project's functions wrote log entries on a branch: an open Logs tab reads the newest again. */
export interface FunctionLogsEvent {
  type: 'function-logs';
  projectId: string;
  /** `development` (the preview) or `main` (the published app). */
  branch: string;
}
/** One connection of a member in a room's roster (a member with two tabs open is two connections). */
export interface PresenceMember {
  connectionId: string;
  userId: string;
  displayName: string;
  email: string;
  photoURL: string | null;
  /** Typing in the chat composer. */
  typing: boolean;
  /** The module this connection has selected (its file path), or null. */
  selectedModule: string | null;
  /** The project's latest revision is this member's and is still queued or building. */
  generating: boolean;
}
/**
 * Who is in the room now: the whole roster, sent whenever someone joins, leaves, changes what they do, or is
 * not heard from within `HEARTBEAT_INTERVAL_MS`.
 */
export interface PresenceEvent {
  type: 'presence';
  roomId: string;
  members: PresenceMember[];
  /**
   * When the roster was read, in microseconds by the database's clock (one clock for every Kiln process): a
   * roster read later lists every change the earlier one did, so a connection is never sent one older than
   * it already has (two processes' rosters can cross on the way).
   */
  asOf: number;
}
/**
 * A discussion's answer while the model writes it (plan mode): the text so far, at most
 * `DISCUSSION_TEXT_MAX_CHARS` (its end, after "…" when longer). The finished answer is a chat message.
 */
export interface DiscussionTextEvent {
  type: 'discussion-text';
  projectId: string;
  /** The question being answered. */
  messageId: string;
  text: string;
}
/** The most text a `discussion-text` event carries (a NOTIFY payload holds 8000 bytes, at most 4 per character). */
export const DISCUSSION_TEXT_MAX_CHARS = 1_500;
/** What the server pushes into a room (the server publishes it, the builder's `useRoom` receives it). */
export type RoomEvent =
  | ProjectChanged
  | DraftsEvent
  | DraftsStaleEvent
  | FunctionLogsEvent
  | PresenceEvent
  | DiscussionTextEvent;

/** What a browser sends on the `/rooms` WebSocket: join, leave, and its presence in a joined room. */
export type RoomClientMessage =
  | { type: 'join'; roomId: string }
  | { type: 'leave'; roomId: string }
  | { type: 'presence'; roomId: string; typing?: boolean; selectedModule?: string | null };

/** What a browser receives on the `/rooms` WebSocket. */
export type RoomServerMessage =
  | { type: 'joined'; roomId: string }
  | { type: 'left'; roomId: string }
  | { type: 'event'; roomId: string; event: RoomEvent }
  | { type: 'error'; roomId?: string; message: string };
