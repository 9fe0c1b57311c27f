import { useEffect, useRef, useState } from 'react';
import { AlertCircle, Hash, Loader2, Users } from 'lucide-react';
import AppHeader from '@/components/AppHeader';
import Composer from '@/components/Composer';
import MessageBubble from '@/components/MessageBubble';
import RoomList from '@/components/RoomList';

const POLL_MS = 3000;

export default function HomePage() {
  const storageKey = 'kiln-slug.chat';
  const nameKey = 'kiln-slug.name';

  function starterChat() {
    const now = Date.now();
    return {
      rooms: [
      { id: 'general', name: 'general', topic: 'Company-wide news and everyday chatter' },
      { id: 'design', name: 'design', topic: 'Mockups, feedback and inspiration' },
      { id: 'random', name: 'random', topic: 'Weekend plans, pets and good links' },
      ],
      messages: [
      { id: 'm1', roomId: 'general', author: 'Maya', body: 'Morning all! The all-hands moved to 3pm today.', createdAt: now - 95 * 60000 },
      { id: 'm2', roomId: 'general', author: 'Tom', body: 'Thanks Maya. Will there be a recording for the Lisbon team?', createdAt: now - 88 * 60000 },
      { id: 'm3', roomId: 'general', author: 'Maya', body: 'Yes, I will post the link here afterwards.', createdAt: now - 86 * 60000 },
      { id: 'm4', roomId: 'general', author: 'Priya', body: 'Reminder: coffee order for the offsite closes at noon ☕', createdAt: now - 20 * 60000 },
      { id: 'm5', roomId: 'design', author: 'Leo', body: 'New onboarding screens are up for review.', createdAt: now - 240 * 60000 },
      { id: 'm6', roomId: 'design', author: 'Priya', body: 'Love the illustrations. Can we try a warmer background on step two?', createdAt: now - 200 * 60000 },
      { id: 'm7', roomId: 'design', author: 'Leo', body: 'Good call, pushing a version with sand instead of grey.', createdAt: now - 185 * 60000 },
      { id: 'm8', roomId: 'random', author: 'Tom', body: 'Anyone up for a hike on Saturday? Thinking of the coastal trail.', createdAt: now - 600 * 60000 },
      { id: 'm9', roomId: 'random', author: 'Maya', body: 'I am in! Bringing the dog and snacks.', createdAt: now - 590 * 60000 },
      ],
    };
  }

  function savedChat() {
    try {
      const saved = JSON.parse(window.localStorage.getItem(storageKey) || 'null');
      return saved && Array.isArray(saved.rooms) && Array.isArray(saved.messages) ? saved : starterChat();
    } catch {
      return starterChat();
    }
  }

  // 'loading' until /api/rooms answers, then 'server' (the app's database, polled) or 'local' (this browser).
  const [source, setSource] = useState('loading');
  const [rooms, setRooms] = useState([]);
  const [messages, setMessages] = useState([]);
  const [roomId, setRoomId] = useState('general');
  const [name, setName] = useState('');
  const threadEnd = useRef(null);

  useEffect(() => {
    document.title = kiln.title;
  }, []);

  const [notice, setNotice] = useState('');

  useEffect(() => {
    if (!notice) return undefined;
    const timer = setTimeout(() => setNotice(''), 4500);
    return () => clearTimeout(timer);
  }, [notice]);

  useEffect(() => {
    try {
      setName(window.localStorage.getItem(nameKey) || '');
    } catch {
      // No storage: the name is asked for again next visit.
    }
  }, []);

  useEffect(() => {
    let active = true;
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), 5000);
    fetch('/api/rooms', { signal: controller.signal })
      .then((res) => (res.ok ? res.json() : null))
      .catch(() => null)
      .then((data) => {
        clearTimeout(timer);
        if (!active) return;
        if (data && Array.isArray(data.rooms)) {
          setRooms(data.rooms);
          setSource('server');
        } else {
          // No backend answered (a static copy or a render check): the browser keeps the data, as before.
          const chat = savedChat();
          setRooms(chat.rooms);
          setMessages(chat.messages);
          setSource('local');
        }
      });
    return () => {
      active = false;
      clearTimeout(timer);
      controller.abort();
    };
  }, []);

  useEffect(() => {
    if (source !== 'local') return;
    try {
      window.localStorage.setItem(storageKey, JSON.stringify({ rooms, messages }));
    } catch {
      // Storage can be full or disabled; the chat still works for this visit.
    }
  }, [rooms, messages, source]);

  async function api(method, path, body) {
    const res = await fetch(path, {
      method,
      headers: body === undefined ? undefined : { 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    }).catch(() => {
      throw new Error('The server could not be reached.');
    });
    const data = await res.json().catch(() => null);
    if (!res.ok) throw new Error((data && data.error) || 'The server answered ' + res.status + '.');
    return data;
  }

  // With a backend: the open room's messages, then every few seconds the ones newer than the last we have.
  const latest = useRef(0);
  useEffect(() => {
    if (source !== 'server') return undefined;
    let active = true;
    latest.current = 0;
    setMessages((current) => current.filter((m) => m.roomId !== roomId || m.pending));
    function merge(incoming) {
      if (incoming.length === 0) return;
      latest.current = Math.max(latest.current, ...incoming.map((m) => m.createdAt));
      setMessages((current) => {
        const ids = new Set(current.map((m) => m.id));
        return [...current, ...incoming.filter((m) => !ids.has(m.id))].sort((x, y) => x.createdAt - y.createdAt);
      });
    }
    function poll() {
      fetch('/api/rooms/' + encodeURIComponent(roomId) + '/messages?after=' + latest.current)
        .then((res) => (res.ok ? res.json() : null))
        .catch(() => null)
        .then((data) => {
          if (active && data && Array.isArray(data.messages)) merge(data.messages);
        });
    }
    poll();
    const timer = setInterval(poll, POLL_MS);
    // The room list (previews, new rooms) less often.
    const roomsTimer = setInterval(() => {
      fetch('/api/rooms')
        .then((res) => (res.ok ? res.json() : null))
        .catch(() => null)
        .then((data) => {
          if (active && data && Array.isArray(data.rooms)) setRooms(data.rooms);
        });
    }, POLL_MS * 3);
    return () => {
      active = false;
      clearInterval(timer);
      clearInterval(roomsTimer);
    };
  }, [source, roomId]);

  const thread = messages.filter((m) => m.roomId === roomId);
  useEffect(() => {
    if (threadEnd.current) threadEnd.current.scrollIntoView({ block: 'end' });
  }, [thread.length, roomId]);

  function chooseName(value) {
    setName(value);
    try {
      window.localStorage.setItem(nameKey, value);
    } catch {
      // Kept for this visit only.
    }
  }

  function send(body) {
    const message = {
      id: Date.now().toString(36) + Math.random().toString(36).slice(2, 7),
      roomId,
      author: name,
      body,
      createdAt: Date.now(),
      pending: source === 'server',
    };
    setMessages((current) => [...current, message]);
    if (source !== 'server') return;
    api('POST', '/api/rooms/' + encodeURIComponent(roomId) + '/messages', { id: message.id, author: name, body })
      .then((data) => {
        setMessages((current) => current.map((m) => (m.id === message.id ? data.message : m)));
      })
      .catch((error) => {
        setMessages((current) => current.filter((m) => m.id !== message.id));
        setNotice("Couldn't send your message. " + error.message);
      });
  }

  function createRoom(roomName, topic) {
    const slug = roomName.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 40);
    if (!slug) return;
    if (rooms.some((r) => r.id === slug)) {
      setRoomId(slug);
      return;
    }
    const room = { id: slug, name: slug, topic };
    setRooms((current) => [...current, room]);
    setRoomId(slug);
    if (source !== 'server') return;
    api('POST', '/api/rooms', { name: slug, topic }).catch((error) => {
      setRooms((current) => current.filter((r) => r.id !== slug));
      setRoomId('general');
      setNotice("Couldn't create the room. " + error.message);
    });
  }

  const room = rooms.find((r) => r.id === roomId) || rooms[0] || null;
  const people = Array.from(new Set(thread.map((m) => m.author)));
  const lastByRoom = {};
  for (const m of messages) lastByRoom[m.roomId] = m;

  return (
    <div className="flex min-h-screen flex-col bg-slate-100 text-slate-900">
      <AppHeader />
      <main className="mx-auto flex w-full max-w-6xl flex-1 gap-4 px-3 py-4 sm:px-6 md:py-6">
        <RoomList
          rooms={rooms}
          lastByRoom={lastByRoom}
          activeId={room ? room.id : ''}
          onSelect={setRoomId}
          onCreate={createRoom}
        />
        <section className="flex min-h-[560px] min-w-0 flex-1 flex-col overflow-hidden rounded-3xl border border-slate-200 bg-white shadow-sm md:h-[calc(100vh-8.5rem)]">
          <div className="flex gap-1.5 overflow-x-auto border-b border-slate-100 px-3 py-2 md:hidden" role="tablist" aria-label="Rooms">
            {rooms.map((r) => (
              <button
                key={r.id}
                type="button"
                role="tab"
                aria-selected={room && r.id === room.id}
                onClick={() => setRoomId(r.id)}
                className={room && r.id === room.id ? 'shrink-0 rounded-full bg-kiln-hue-600 px-3 py-1 text-sm font-medium text-white' : 'shrink-0 rounded-full bg-slate-100 px-3 py-1 text-sm font-medium text-slate-600'}
              >
                #{r.name}
              </button>
            ))}
          </div>
          <header className="flex items-center justify-between gap-3 border-b border-slate-100 px-5 py-4">
            <div className="min-w-0">
              <h1 className="flex items-center gap-1.5 text-lg font-bold tracking-tight">
                <Hash className="h-5 w-5 text-kiln-hue-600" aria-hidden="true" />
                {room ? room.name : 'Chat'}
              </h1>
              <p className="truncate text-sm text-slate-500">{room ? room.topic : ''}</p>
            </div>
            <div className="flex shrink-0 items-center gap-3 text-xs text-slate-500">
              {source === 'loading' && (
            <span className="inline-flex items-center gap-1.5 text-xs font-medium text-slate-400">
              <Loader2 className="h-3.5 w-3.5 animate-spin" aria-hidden="true" />
              Connecting…
            </span>
          )}
              {source === 'server' && (
                <span className="inline-flex items-center gap-1.5">
                  <span className="h-2 w-2 rounded-full bg-emerald-500" aria-hidden="true" />
                  Live
                </span>
              )}
              <span className="hidden items-center gap-1 sm:inline-flex">
                <Users className="h-3.5 w-3.5" aria-hidden="true" />
                {people.length}
              </span>
            </div>
          </header>
          <ol className="flex-1 space-y-3 overflow-y-auto bg-slate-50/60 px-4 py-5 sm:px-6" aria-label="Messages" aria-live="polite">
            {thread.map((m, i) => (
              <MessageBubble key={m.id} message={m} mine={Boolean(name) && m.author === name} grouped={i > 0 && thread[i - 1].author === m.author && m.createdAt - thread[i - 1].createdAt < 5 * 60000} />
            ))}
            {thread.length === 0 && source !== 'loading' && (
              <li className="py-16 text-center text-sm text-slate-500">No messages yet. Say hello!</li>
            )}
            <li ref={threadEnd} aria-hidden="true" />
          </ol>
          <Composer name={name} room={room ? room.name : ''} onChooseName={chooseName} onSend={send} shared={source === 'server'} />
        </section>
      </main>
      {notice && (
        <div role="status" className="fixed inset-x-0 bottom-4 z-30 mx-auto flex w-fit max-w-[calc(100%-2rem)] items-center gap-2 rounded-xl bg-slate-900 px-4 py-2.5 text-sm text-white shadow-lg">
          <AlertCircle className="h-4 w-4 shrink-0 text-amber-300" aria-hidden="true" />
          {notice}
        </div>
      )}
    </div>
  );
}
