/**
 * @module Joins a realtime room (`/rooms` WebSocket on the builder origin, spec §2 room ids) and hands its
 * events to a callback. Reconnects with backoff; `connected` says whether events are flowing, so callers can
 * fall back to polling while they are not. `send` puts a message (presence) on the socket once the room is joined.
 */
import type { RoomClientMessage, RoomEvent, RoomServerMessage } from '@kiln/core';
import { useCallback, useEffect, useRef, useState } from 'react';

export type { RoomEvent } from '@kiln/core';

export function useRoom(
  roomId: string | null,
  onEvent: (event: RoomEvent) => void,
): { connected: boolean; send: (message: RoomClientMessage) => boolean } {
  const [connected, setConnected] = useState(false);
  const handler = useRef(onEvent);
  handler.current = onEvent;
  /** The socket while its room is joined. */
  const joinedSocket = useRef<WebSocket | null>(null);

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
          joinedSocket.current = ws ?? null;
          setConnected(true);
        } else if (msg.type === 'event') handler.current(msg.event);
      };
      ws.onclose = () => {
        joinedSocket.current = null;
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
      joinedSocket.current = null;
      setConnected(false);
    };
  }, [roomId]);

  const send = useCallback((message: RoomClientMessage) => {
    const ws = joinedSocket.current;
    if (ws?.readyState !== WebSocket.OPEN) return false;
    ws.send(JSON.stringify(message));
    return true;
  }, []);

  return { connected, send };
}
