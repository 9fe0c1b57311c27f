/**
 * @module Joins a realtime room (`/rooms` WebSocket on the builder origin, spec §2 room ids) and hands its
 * events to a callback. Reconnects with backoff; `connected` says whether events are flowing, so callers can
 * fall back to polling while they are not.
 */
import type { RoomEvent, RoomServerMessage } from '@kiln/core';
import { useEffect, useRef, useState } from 'react';

export type { RoomEvent } from '@kiln/core';

export function useRoom(roomId: string | null, onEvent: (event: RoomEvent) => void): { connected: boolean } {
  const [connected, setConnected] = useState(false);
  const handler = useRef(onEvent);
  handler.current = onEvent;

  useEffect(() => {
    if (!roomId) return;
    let ws: WebSocket | undefined;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let attempt = 0;
    let closed = false;
    const connect = () => {
      ws = new WebSocket(`${window.location.origin.replace(/^http/, 'ws')}/rooms`);
      ws.onopen = () => ws?.send(JSON.stringify({ type: 'join', roomId }));
      ws.onmessage = (m) => {
        const msg = JSON.parse(String(m.data)) as RoomServerMessage;
        if (msg.type === 'joined') {
          attempt = 0;
          setConnected(true);
        } else if (msg.type === 'event') handler.current(msg.event);
      };
      ws.onclose = () => {
        setConnected(false);
        if (closed) return;
        retry = setTimeout(connect, Math.min(10_000, 500 * 2 ** attempt++));
      };
    };
    connect();
    return () => {
      closed = true;
      clearTimeout(retry);
      ws?.close();
      setConnected(false);
    };
  }, [roomId]);

  return { connected };
}
