/**
 * @module Presence in a project's room (issue 17): tells the room what this tab does — the module it has
 * selected, whether its user is typing in the chat composer — on every change and as a heartbeat well inside
 * the server's 30 s window, and hands back the other members (one entry per person, however many tabs).
 */
import { HEARTBEAT_INTERVAL_MS, type PresenceMember } from '@kiln/core';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useRoom } from './use-room.ts';

/** A heartbeat three times per window: one lost message does not make a member disappear. */
const PRESENCE_BEAT_MS = HEARTBEAT_INTERVAL_MS / 3;
/** Typing stops counting this long after the last keystroke. */
const TYPING_IDLE_MS = 3_000;
/** The chat composer's text box (the only place whose keystrokes count as typing). */
const COMPOSER_SELECTOR = 'form[data-composer] textarea';

/** One person in the room: their connections merged. */
export interface PresentPerson {
  userId: string;
  displayName: string;
  email: string;
  photoURL: string | null;
  typing: boolean;
  generating: boolean;
  /** Modules their tabs have selected. */
  selectedModules: string[];
}

/** Merges a roster's connections per person, leaving out `meId`. */
export function peopleOf(members: PresenceMember[], meId: string | null): PresentPerson[] {
  const people = new Map<string, PresentPerson>();
  for (const m of members) {
    if (m.userId === meId) continue;
    const p = people.get(m.userId) ?? {
      userId: m.userId,
      displayName: m.displayName,
      email: m.email,
      photoURL: m.photoURL,
      typing: false,
      generating: false,
      selectedModules: [],
    };
    p.typing ||= m.typing;
    p.generating ||= m.generating;
    if (m.selectedModule && !p.selectedModules.includes(m.selectedModule))
      p.selectedModules.push(m.selectedModule);
    people.set(m.userId, p);
  }
  return [...people.values()];
}

/** Whether the user is typing in the composer (true from a keystroke until a pause or a send). */
function useComposerTyping(): boolean {
  const [typing, setTyping] = useState(false);
  useEffect(() => {
    let idle: ReturnType<typeof setTimeout> | undefined;
    const onInput = (event: Event) => {
      if (!(event.target instanceof Element) || !event.target.matches(COMPOSER_SELECTOR)) return;
      const empty = (event.target as HTMLTextAreaElement).value.trim() === '';
      clearTimeout(idle);
      setTyping(!empty);
      if (!empty) idle = setTimeout(() => setTyping(false), TYPING_IDLE_MS);
    };
    const onSubmit = (event: Event) => {
      if (event.target instanceof Element && event.target.matches('form[data-composer]')) {
        clearTimeout(idle);
        setTyping(false);
      }
    };
    // Bubble phase, after React's own listener at the root: a state update from a capture listener on the
    // document ran before React handled the same input, and React then put the controlled text box back to its
    // old value (the keystroke was lost; e2e platform-ui).
    document.addEventListener('input', onInput);
    document.addEventListener('submit', onSubmit);
    return () => {
      clearTimeout(idle);
      document.removeEventListener('input', onInput);
      document.removeEventListener('submit', onSubmit);
    };
  }, []);
  return typing;
}

export function usePresence(
  roomId: string | null,
  opts: { meId: string | null; selectedModule: string | null },
): { people: PresentPerson[] } {
  const [members, setMembers] = useState<PresenceMember[]>([]);
  const onEvent = useCallback((event: { type: string; members?: PresenceMember[] }) => {
    if (event.type === 'presence' && event.members) setMembers(event.members);
  }, []);
  const { connected, send } = useRoom(roomId, onEvent);
  const typing = useComposerTyping();
  const { selectedModule } = opts;

  // On joining, on every change, and every PRESENCE_BEAT_MS.
  useEffect(() => {
    if (!connected || !roomId) return;
    const beat = () => send({ type: 'presence', roomId, typing, selectedModule });
    beat();
    const timer = setInterval(beat, PRESENCE_BEAT_MS);
    return () => clearInterval(timer);
  }, [connected, roomId, send, typing, selectedModule]);

  useEffect(() => {
    if (!connected) setMembers([]);
  }, [connected]);

  const people = useMemo(() => peopleOf(members, opts.meId), [members, opts.meId]);
  return { people };
}
