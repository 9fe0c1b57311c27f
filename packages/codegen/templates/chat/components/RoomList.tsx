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
            className="w-full rounded-lg border border-slate-200 bg-white px-3 py-2 text-sm focus:border-kiln-hue-400 focus:outline-none"
          />
          <input
            name="topic"
            value={topic}
            onChange={(e) => setTopic(e.target.value)}
            placeholder="What is it about?"
            aria-label="Topic"
            className="w-full rounded-lg border border-slate-200 bg-white px-3 py-2 text-sm focus:border-kiln-hue-400 focus:outline-none"
          />
          <button type="submit" className="w-full rounded-lg bg-kiln-hue-600 py-2 text-sm font-semibold text-white hover:bg-kiln-hue-700">
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
                className={active ? 'w-full rounded-2xl bg-kiln-hue-50 px-3 py-2.5 text-left' : 'w-full rounded-2xl px-3 py-2.5 text-left hover:bg-slate-50'}
              >
                <span className={active ? 'flex items-center gap-1.5 font-semibold text-kiln-hue-800' : 'flex items-center gap-1.5 font-medium text-slate-800'}>
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
