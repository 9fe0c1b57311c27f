/**
 * The builtin CHAT_APP: rooms on the left, the room's conversation on the right, a composer under it. With a
 * backend the rooms and messages live in the app's `rooms` and `messages` tables behind `/api/rooms` and
 * `/api/rooms/[id]/messages`, and the page polls every few seconds for what others wrote; without one the
 * conversation stays in this browser (localStorage).
 * @module
 */
import { jsString } from '../format.ts';
import {
  API_CALLER,
  loadingHint,
  loadOnMount,
  NOTICE_STATE,
  NOTICE_TOAST,
  READ_BODY,
  SQL_IMPORT,
  sqlText,
} from './backend.ts';
import {
  type AppContext,
  apiRoute,
  appHeader,
  type BuiltApp,
  type BuiltMigration,
  component,
  documentTitleEffect,
  otherHue,
  page,
} from './shared.ts';
import { slugKey } from './todo-list.ts';

const STARTER_ROOMS: { id: string; name: string; topic: string }[] = [
  { id: 'general', name: 'general', topic: 'Company-wide news and everyday chatter' },
  { id: 'design', name: 'design', topic: 'Mockups, feedback and inspiration' },
  { id: 'random', name: 'random', topic: 'Weekend plans, pets and good links' },
];

/** Starter messages: room, author, text, minutes ago. */
const STARTER_MESSAGES: [room: string, author: string, body: string, minutesAgo: number][] = [
  ['general', 'Maya', 'Morning all! The all-hands moved to 3pm today.', 95],
  ['general', 'Tom', 'Thanks Maya. Will there be a recording for the Lisbon team?', 88],
  ['general', 'Maya', 'Yes, I will post the link here afterwards.', 86],
  ['general', 'Priya', 'Reminder: coffee order for the offsite closes at noon ☕', 20],
  ['design', 'Leo', 'New onboarding screens are up for review.', 240],
  ['design', 'Priya', 'Love the illustrations. Can we try a warmer background on step two?', 200],
  ['design', 'Leo', 'Good call, pushing a version with sand instead of grey.', 185],
  ['random', 'Tom', 'Anyone up for a hike on Saturday? Thinking of the coastal trail.', 600],
  ['random', 'Maya', 'I am in! Bringing the dog and snacks.', 590],
];

/** Builds the chat app. */
export function chatApp(ctx: AppContext): BuiltApp {
  const a = ctx.accent;
  const key = slugKey(ctx.title);
  const starterRooms = STARTER_ROOMS.map(
    (r) => `      { id: ${jsString(r.id)}, name: ${jsString(r.name)}, topic: ${jsString(r.topic)} },`,
  ).join('\n');
  const starterMessages = STARTER_MESSAGES.map(
    ([room, author, body, minutes], i) =>
      `      { id: 'm${i + 1}', roomId: ${jsString(room)}, author: ${jsString(author)}, body: ${jsString(body)}, createdAt: now - ${minutes} * 60000 },`,
  ).join('\n');

  const home = page(
    '',
    `
import { useEffect, useRef, useState } from 'react';
import { AlertCircle, Hash, Loader2, Users } from 'lucide-react';
import AppHeader from '@/components/AppHeader';
import Composer from '@/components/Composer';
import MessageBubble from '@/components/MessageBubble';
import RoomList from '@/components/RoomList';

const POLL_MS = 3000;

export default function HomePage() {
  const storageKey = ${jsString(`${key}.chat`)};
  const nameKey = ${jsString(`${key}.name`)};

  function starterChat() {
    const now = Date.now();
    return {
      rooms: [
${starterRooms}
      ],
      messages: [
${starterMessages}
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

${documentTitleEffect(ctx.title)}

${NOTICE_STATE}

  useEffect(() => {
    try {
      setName(window.localStorage.getItem(nameKey) || '');
    } catch {
      // No storage: the name is asked for again next visit.
    }
  }, []);

${loadOnMount({
  path: '/api/rooms',
  accept: 'data && Array.isArray(data.rooms)',
  onServer: 'setRooms(data.rooms);',
  onLocal: 'const chat = savedChat();\nsetRooms(chat.rooms);\nsetMessages(chat.messages);',
})}

  useEffect(() => {
    if (source !== 'local') return;
    try {
      window.localStorage.setItem(storageKey, JSON.stringify({ rooms, messages }));
    } catch {
      // Storage can be full or disabled; the chat still works for this visit.
    }
  }, [rooms, messages, source]);

${API_CALLER}

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
                className={room && r.id === room.id ? 'shrink-0 rounded-full bg-${a}-600 px-3 py-1 text-sm font-medium text-white' : 'shrink-0 rounded-full bg-slate-100 px-3 py-1 text-sm font-medium text-slate-600'}
              >
                #{r.name}
              </button>
            ))}
          </div>
          <header className="flex items-center justify-between gap-3 border-b border-slate-100 px-5 py-4">
            <div className="min-w-0">
              <h1 className="flex items-center gap-1.5 text-lg font-bold tracking-tight">
                <Hash className="h-5 w-5 text-${a}-600" aria-hidden="true" />
                {room ? room.name : 'Chat'}
              </h1>
              <p className="truncate text-sm text-slate-500">{room ? room.topic : ''}</p>
            </div>
            <div className="flex shrink-0 items-center gap-3 text-xs text-slate-500">
              ${loadingHint('Connecting…')}
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
${NOTICE_TOAST}
    </div>
  );
}
`,
  );

  const roomList = component(
    'RoomList',
    `
import { useState } from 'react';
import { Hash, Plus } from 'lucide-react';

export default function RoomList(props) {
  const { rooms, lastByRoom, activeId, onSelect, onCreate } = props;
  const [adding, setAdding] = useState(false);
  const [roomName, setRoomName] = useState('');
  const [topic, setTopic] = useState('');

  function submit(event) {
    event.preventDefault();
    if (!roomName.trim()) return;
    onCreate(roomName.trim(), topic.trim());
    setRoomName('');
    setTopic('');
    setAdding(false);
  }

  return (
    <aside className="hidden w-72 shrink-0 flex-col rounded-3xl border border-slate-200 bg-white p-3 shadow-sm md:flex md:h-[calc(100vh-8.5rem)]">
      <div className="flex items-center justify-between px-2 py-1">
        <h2 className="text-xs font-semibold uppercase tracking-wide text-slate-400">Rooms</h2>
        <button type="button" onClick={() => setAdding(!adding)} aria-label="New room" className="rounded-lg p-1.5 text-slate-500 hover:bg-slate-100 hover:text-slate-900">
          <Plus className="h-4 w-4" aria-hidden="true" />
        </button>
      </div>
      {adding && (
        <form onSubmit={submit} className="mx-1 mb-2 space-y-2 rounded-2xl bg-slate-50 p-3">
          <input
            name="roomName"
            value={roomName}
            onChange={(e) => setRoomName(e.target.value)}
            placeholder="Room name, e.g. launch"
            aria-label="Room name"
            className="w-full rounded-lg border border-slate-200 bg-white px-3 py-2 text-sm focus:border-${a}-400 focus:outline-none"
          />
          <input
            name="topic"
            value={topic}
            onChange={(e) => setTopic(e.target.value)}
            placeholder="What is it about?"
            aria-label="Topic"
            className="w-full rounded-lg border border-slate-200 bg-white px-3 py-2 text-sm focus:border-${a}-400 focus:outline-none"
          />
          <button type="submit" className="w-full rounded-lg bg-${a}-600 py-2 text-sm font-semibold text-white hover:bg-${a}-700">
            Create room
          </button>
        </form>
      )}
      <ul className="flex-1 space-y-1 overflow-y-auto">
        {rooms.map((room) => {
          const last = lastByRoom[room.id] || room.lastMessage;
          const active = room.id === activeId;
          return (
            <li key={room.id}>
              <button
                type="button"
                onClick={() => onSelect(room.id)}
                aria-current={active ? 'true' : undefined}
                className={active ? 'w-full rounded-2xl bg-${a}-50 px-3 py-2.5 text-left' : 'w-full rounded-2xl px-3 py-2.5 text-left hover:bg-slate-50'}
              >
                <span className={active ? 'flex items-center gap-1.5 font-semibold text-${a}-800' : 'flex items-center gap-1.5 font-medium text-slate-800'}>
                  <Hash className="h-4 w-4 opacity-70" aria-hidden="true" />
                  {room.name}
                </span>
                <span className="mt-0.5 block truncate text-xs text-slate-500">
                  {last ? last.author + ': ' + last.body : room.topic}
                </span>
              </button>
            </li>
          );
        })}
      </ul>
    </aside>
  );
}
`,
  );

  const bubble = component(
    'MessageBubble',
    `
const AVATAR_HUES = ['bg-${a}-500', 'bg-slate-700', 'bg-slate-500', 'bg-${a}-700', 'bg-slate-400'];

export default function MessageBubble(props) {
  const { message, mine, grouped } = props;
  let hash = 0;
  for (const ch of message.author) hash = (hash * 31 + ch.charCodeAt(0)) % 997;
  const time = new Date(message.createdAt).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });

  return (
    <li className={mine ? 'flex flex-row-reverse items-end gap-2.5' : 'flex items-end gap-2.5'}>
      <span
        className={(grouped ? 'invisible ' : '') + 'flex h-8 w-8 shrink-0 items-center justify-center rounded-full text-xs font-semibold text-white ' + AVATAR_HUES[hash % AVATAR_HUES.length]}
        aria-hidden="true"
      >
        {message.author.slice(0, 1).toUpperCase()}
      </span>
      <div className={mine ? 'flex max-w-[80%] flex-col items-end' : 'flex max-w-[80%] flex-col items-start'}>
        {!grouped && (
          <p className="mb-1 px-1 text-xs text-slate-500">
            <span className="font-semibold text-slate-700">{mine ? 'You' : message.author}</span> · {time}
          </p>
        )}
        <p
          className={
            mine
              ? 'whitespace-pre-wrap break-words rounded-2xl rounded-br-md bg-${a}-600 px-4 py-2.5 text-sm text-white shadow-sm' + (message.pending ? ' opacity-70' : '')
              : 'whitespace-pre-wrap break-words rounded-2xl rounded-bl-md bg-white px-4 py-2.5 text-sm text-slate-800 shadow-sm ring-1 ring-slate-200'
          }
        >
          {message.body}
        </p>
      </div>
    </li>
  );
}
`,
  );

  const composer = component(
    'Composer',
    `
import { useState } from 'react';
import { SendHorizontal, UserRound } from 'lucide-react';

export default function Composer(props) {
  const { name, room, onChooseName, onSend, shared } = props;
  const [text, setText] = useState('');
  const [draftName, setDraftName] = useState('');

  if (!name) {
    return (
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (draftName.trim()) onChooseName(draftName.trim().slice(0, 40));
        }}
        className="flex flex-col gap-2 border-t border-slate-100 bg-white p-4 sm:flex-row sm:items-center"
      >
        <label className="flex flex-1 items-center gap-2 rounded-2xl border border-slate-200 px-3 focus-within:border-${a}-400 focus-within:ring-4 focus-within:ring-${a}-100">
          <UserRound className="h-4 w-4 text-slate-400" aria-hidden="true" />
          <span className="sr-only">Your display name</span>
          <input
            name="displayName"
            value={draftName}
            onChange={(e) => setDraftName(e.target.value)}
            placeholder="Choose a display name to join the chat"
            className="w-full bg-transparent py-2.5 text-sm focus:outline-none"
          />
        </label>
        <button type="submit" className="rounded-2xl bg-${a}-600 px-5 py-2.5 text-sm font-semibold text-white hover:bg-${a}-700">
          Join chat
        </button>
      </form>
    );
  }

  function submit(event) {
    event.preventDefault();
    const body = text.trim();
    if (!body) return;
    onSend(body.slice(0, 2000));
    setText('');
  }

  return (
    <form onSubmit={submit} className="border-t border-slate-100 bg-white p-3 sm:p-4">
      <div className="flex items-end gap-2">
        <label className="flex-1">
          <span className="sr-only">Message #{room}</span>
          <textarea
            name="message"
            rows={1}
            value={text}
            onChange={(e) => setText(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && !e.shiftKey) submit(e);
            }}
            placeholder={'Message #' + room}
            className="max-h-40 min-h-[44px] w-full resize-none rounded-2xl border border-slate-200 px-4 py-2.5 text-sm focus:border-${a}-400 focus:outline-none focus:ring-4 focus:ring-${a}-100"
          />
        </label>
        <button
          type="submit"
          aria-label="Send"
          disabled={!text.trim()}
          className="flex h-11 w-11 shrink-0 items-center justify-center rounded-2xl bg-${a}-600 text-white shadow-sm hover:bg-${a}-700 disabled:opacity-40"
        >
          <SendHorizontal className="h-5 w-5" aria-hidden="true" />
        </button>
      </div>
      <p className="mt-1.5 px-1 text-xs text-slate-400">
        Chatting as <span className="font-medium text-slate-600">{name}</span> ·{' '}
        {shared ? 'everyone in this app sees new messages within seconds' : 'messages are kept in this browser'}
        {' · '}
        <button type="button" onClick={() => onChooseName('')} className="font-medium text-${a}-700 hover:underline">
          change name
        </button>
      </p>
    </form>
  );
}
`,
  );

  return {
    migrations: [chatMigration()],
    modules: [
      roomsRoute(),
      messagesRoute(),
      home,
      appHeader(ctx, {
        icon: 'MessagesSquare',
        links: [{ href: '/', label: 'Chat' }],
        maxWidth: 'max-w-6xl',
      }),
      roomList,
      bubble,
      composer,
    ],
    plan: [
      `Build "${ctx.title}", a group chat.`,
      '- Tables `rooms` (id, name, topic) and `messages` (id, room_id, author, body, created_at) with three rooms and a short conversation in each.',
      '- Functions: `/api/rooms` (GET with each room’s last message, POST a new room) and `/api/rooms/[id]/messages` (GET, `?after=` for only newer ones; POST a message).',
      '- Page `/`: room list beside the conversation and a composer; choose a display name once; polls for new messages every 3 seconds. Room chips on phones.',
      '- Components: AppHeader, RoomList (with "new room"), MessageBubble, Composer.',
      `- Without a backend the chat stays in localStorage; ${a} accent.`,
    ].join('\n'),
    summary: [
      `I built **${ctx.title}**: chat rooms with a live conversation. Pick a display name, write in #general, #design or #random, or start a new room. Everyone using the app sees new messages within about three seconds.`,
      '',
      "Rooms and messages are stored in the app's database (tables `rooms` and `messages`, through the functions `/api/rooms` and `/api/rooms/[id]/messages`), and the page polls for new ones. Opened without its backend, the chat stays in the browser instead.",
    ].join('\n'),
    choices: [
      `make it ${otherHue(ctx.accent, 'violet', 'sky')}`,
      'add sign-in',
      'add a page called Guidelines',
    ],
  };
}

/** The `rooms` and `messages` tables with the starter conversation. */
function chatMigration(): BuiltMigration {
  const now = '(extract(epoch from now()) * 1000)::bigint';
  const rooms = STARTER_ROOMS.map(
    (r, i) => `  (${sqlText(r.id)}, ${sqlText(r.name)}, ${sqlText(r.topic)}, ${now} - ${(3 - i) * 86400000})`,
  );
  const messages = STARTER_MESSAGES.map(
    ([room, author, body, minutes], i) =>
      `  (${sqlText(`m${i + 1}`)}, ${sqlText(room)}, ${sqlText(author)}, ${sqlText(body)}, ${now} - ${minutes * 60000})`,
  );
  return {
    name: 'create_rooms_and_messages',
    sql: `CREATE TABLE rooms (
  id text PRIMARY KEY,
  name text NOT NULL UNIQUE,
  topic text NOT NULL DEFAULT '',
  created_at bigint NOT NULL
);
CREATE TABLE messages (
  id text PRIMARY KEY,
  room_id text NOT NULL REFERENCES rooms (id) ON DELETE CASCADE,
  author text NOT NULL,
  body text NOT NULL,
  created_at bigint NOT NULL
);
CREATE INDEX messages_room_created ON messages (room_id, created_at);
INSERT INTO rooms (id, name, topic, created_at) VALUES
${rooms.join(',\n')};
INSERT INTO messages (id, room_id, author, body, created_at) VALUES
${messages.join(',\n')};`,
  };
}

const TO_MESSAGE = `/** A row of the messages table as the page uses it. */
function toMessage(row: Record<string, unknown>) {
  return {
    id: String(row.id),
    roomId: String(row.room_id),
    author: String(row.author),
    body: String(row.body),
    createdAt: Number(row.created_at),
  };
}`;

/** `/api/rooms`: the rooms with their last message, and creating a room. */
function roomsRoute() {
  return apiRoute(
    'rooms',
    `
${SQL_IMPORT}

${READ_BODY}

${TO_MESSAGE}

/** Every room, the most recently active first, with its last message and how many it has. */
export async function GET() {
  const rows = await sql\`
    SELECT r.*, last.id AS last_id, last.author, last.body, last.created_at AS last_at,
      (SELECT count(*) FROM messages m WHERE m.room_id = r.id)::int AS message_count
    FROM rooms r
    LEFT JOIN LATERAL (
      SELECT * FROM messages m WHERE m.room_id = r.id ORDER BY m.created_at DESC LIMIT 1
    ) last ON true
    ORDER BY COALESCE(last.created_at, r.created_at) DESC\`;
  return Response.json({
    rooms: rows.map((row) => ({
      id: String(row.id),
      name: String(row.name),
      topic: String(row.topic ?? ''),
      messageCount: Number(row.message_count),
      lastMessage: row.last_id
        ? toMessage({ id: row.last_id, room_id: row.id, author: row.author, body: row.body, created_at: row.last_at })
        : null,
    })),
  });
}

/** Creates a room: { name, topic? }. The name becomes its id (lowercase letters, digits and dashes). */
export async function POST(request: Request) {
  const body = await readBody(request);
  if (!body) return badRequest('Send the room as JSON, e.g. { "name": "launch" }.');
  const name = typeof body.name === 'string' ? body.name.trim().toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') : '';
  if (!name || name.length > 40) return badRequest('A room needs a name of at most 40 letters or digits.');
  const topic = typeof body.topic === 'string' ? body.topic.trim().slice(0, 200) : '';
  const [row] = await sql\`
    INSERT INTO rooms (id, name, topic, created_at) VALUES (\${name}, \${name}, \${topic}, \${Date.now()})
    ON CONFLICT DO NOTHING
    RETURNING *\`;
  if (!row) return Response.json({ error: \`There is already a room called #\${name}.\` }, { status: 409 });
  return Response.json({ room: { id: String(row.id), name: String(row.name), topic: String(row.topic) } }, { status: 201 });
}
`,
  );
}

/** `/api/rooms/[id]/messages`: a room's messages (all, or only those after a time) and sending one. */
function messagesRoute() {
  return apiRoute(
    'rooms/[id]/messages',
    `
${SQL_IMPORT}

${READ_BODY}

${TO_MESSAGE}

type Context = { params: { id: string } };

function noRoom() {
  return Response.json({ error: 'That room no longer exists.' }, { status: 404 });
}

/** The room's last 200 messages, oldest first; \`?after=<ms>\` gives only newer ones (what polling asks for). */
export async function GET(request: Request, { params }: Context) {
  const [room] = await sql\`SELECT id FROM rooms WHERE id = \${params.id}\`;
  if (!room) return noRoom();
  const after = Number(new URL(request.url).searchParams.get('after') ?? 0) || 0;
  const rows = await sql\`
    SELECT * FROM (
      SELECT * FROM messages WHERE room_id = \${params.id} AND created_at > \${after}
      ORDER BY created_at DESC LIMIT 200
    ) recent ORDER BY created_at ASC\`;
  return Response.json({ messages: rows.map(toMessage) });
}

/** Sends a message: { author, body, id? } (the page sends its own id to replace its optimistic copy). */
export async function POST(request: Request, { params }: Context) {
  const body = await readBody(request);
  if (!body) return badRequest('Send the message as JSON, e.g. { "author": "Sam", "body": "Hi!" }.');
  const author = typeof body.author === 'string' ? body.author.trim() : '';
  const text = typeof body.body === 'string' ? body.body.trim() : '';
  if (!author || author.length > 40) return badRequest('Choose a display name of at most 40 characters.');
  if (!text) return badRequest('A message cannot be empty.');
  if (text.length > 2000) return badRequest('A message can be at most 2,000 characters.');
  const [room] = await sql\`SELECT id FROM rooms WHERE id = \${params.id}\`;
  if (!room) return noRoom();
  const id = typeof body.id === 'string' && /^[A-Za-z0-9_-]{1,64}$/.test(body.id) ? body.id : crypto.randomUUID();
  const [row] = await sql\`
    INSERT INTO messages (id, room_id, author, body, created_at)
    VALUES (\${id}, \${params.id}, \${author}, \${text}, \${Date.now()})
    ON CONFLICT (id) DO NOTHING
    RETURNING *\`;
  if (!row) return Response.json({ error: 'This message was already sent.' }, { status: 409 });
  return Response.json({ message: toMessage(row) }, { status: 201 });
}
`,
  );
}
