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
        <label className="flex flex-1 items-center gap-2 rounded-2xl border border-slate-200 px-3 focus-within:border-kiln-hue-400 focus-within:ring-4 focus-within:ring-kiln-hue-100">
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
        <button type="submit" className="rounded-2xl bg-kiln-hue-600 px-5 py-2.5 text-sm font-semibold text-white hover:bg-kiln-hue-700">
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
            className="max-h-40 min-h-[44px] w-full resize-none rounded-2xl border border-slate-200 px-4 py-2.5 text-sm focus:border-kiln-hue-400 focus:outline-none focus:ring-4 focus:ring-kiln-hue-100"
          />
        </label>
        <button
          type="submit"
          aria-label="Send"
          disabled={!text.trim()}
          className="flex h-11 w-11 shrink-0 items-center justify-center rounded-2xl bg-kiln-hue-600 text-white shadow-sm hover:bg-kiln-hue-700 disabled:opacity-40"
        >
          <SendHorizontal className="h-5 w-5" aria-hidden="true" />
        </button>
      </div>
      <p className="mt-1.5 px-1 text-xs text-slate-400">
        Chatting as <span className="font-medium text-slate-600">{name}</span> ·{' '}
        {shared ? 'everyone in this app sees new messages within seconds' : 'messages are kept in this browser'}
        {' · '}
        <button type="button" onClick={() => onChooseName('')} className="font-medium text-kiln-hue-700 hover:underline">
          change name
        </button>
      </p>
    </form>
  );
}
