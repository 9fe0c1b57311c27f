import { Pin, PinOff, Trash2 } from 'lucide-react';

export default function NoteEditor(props) {
  const { note, onChange, onDelete } = props;
  const words = note.body.trim() ? note.body.trim().split(/\s+/).length : 0;

  function setTags(text) {
    const tags = text
      .split(',')
      .map((t) => t.trim().toLowerCase().replace(/^#/, '').replace(/\s+/g, '-'))
      .filter(Boolean);
    onChange({ tags: Array.from(new Set(tags)) });
  }

  return (
    <article className="rounded-3xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8">
      <div className="flex items-center justify-between gap-3">
        <p className="text-xs text-slate-400">
          Edited {new Date(note.updatedAt).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })} · {words} {words === 1 ? 'word' : 'words'}
        </p>
        <div className="flex items-center gap-1">
          <button
            type="button"
            onClick={() => onChange({ pinned: !note.pinned })}
            aria-label={note.pinned ? 'Unpin note' : 'Pin note'}
            className={note.pinned ? 'rounded-lg bg-kiln-hue-100 p-2 text-kiln-hue-700' : 'rounded-lg p-2 text-slate-400 hover:bg-slate-100 hover:text-slate-700'}
          >
            {note.pinned ? <PinOff className="h-4 w-4" aria-hidden="true" /> : <Pin className="h-4 w-4" aria-hidden="true" />}
          </button>
          <button
            type="button"
            onClick={() => {
              if (window.confirm('Delete this note?')) onDelete();
            }}
            aria-label="Delete note"
            className="rounded-lg p-2 text-slate-400 hover:bg-red-50 hover:text-red-600"
          >
            <Trash2 className="h-4 w-4" aria-hidden="true" />
          </button>
        </div>
      </div>
      <input
        name="title"
        value={note.title}
        onChange={(e) => onChange({ title: e.target.value })}
        placeholder="Title"
        className="mt-4 w-full border-0 bg-transparent p-0 text-2xl font-bold tracking-tight text-slate-900 placeholder:text-slate-300 focus:outline-none sm:text-3xl"
      />
      <input
        name="tags"
        defaultValue={note.tags.join(', ')}
        onBlur={(e) => setTags(e.target.value)}
        placeholder="Tags, separated by commas"
        className="mt-3 w-full rounded-lg border-0 bg-slate-50 px-3 py-2 text-sm text-slate-600 placeholder:text-slate-400 focus:outline-none focus:ring-2 focus:ring-kiln-hue-200"
      />
      <textarea
        name="body"
        value={note.body}
        onChange={(e) => onChange({ body: e.target.value })}
        placeholder="Start writing…"
        rows={16}
        className="mt-4 w-full resize-y border-0 bg-transparent p-0 leading-relaxed text-slate-700 placeholder:text-slate-300 focus:outline-none"
      />
    </article>
  );
}
