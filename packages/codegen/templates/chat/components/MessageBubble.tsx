const AVATAR_HUES = ['bg-kiln-hue-500', 'bg-slate-700', 'bg-slate-500', 'bg-kiln-hue-700', 'bg-slate-400'];

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
              ? 'whitespace-pre-wrap break-words rounded-2xl rounded-br-md bg-kiln-hue-600 px-4 py-2.5 text-sm text-white shadow-sm' + (message.pending ? ' opacity-70' : '')
              : 'whitespace-pre-wrap break-words rounded-2xl rounded-bl-md bg-white px-4 py-2.5 text-sm text-slate-800 shadow-sm ring-1 ring-slate-200'
          }
        >
          {message.body}
        </p>
      </div>
    </li>
  );
}
