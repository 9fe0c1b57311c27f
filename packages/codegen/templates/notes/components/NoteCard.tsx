import { Pin } from 'lucide-react';

export default function NoteCard(props) {
  const { note, active, onSelect } = props;
  const excerpt = note.body.replace(/\s+/g, ' ').trim();
  const when = new Date(note.updatedAt).toLocaleDateString(undefined, { month: 'short', day: 'numeric' });

  return (
    <li>
      <button
        type="button"
        onClick={onSelect}
        className={
          active
            ? 'w-full rounded-2xl border border-kiln-hue-300 bg-kiln-hue-50 p-4 text-left shadow-sm ring-2 ring-kiln-hue-200'
            : 'w-full rounded-2xl border border-slate-200 bg-white p-4 text-left shadow-sm transition hover:border-kiln-hue-200 hover:shadow'
        }
      >
        <div className="flex items-start justify-between gap-2">
          <h3 className="line-clamp-1 font-semibold text-slate-900">{note.title || 'Untitled note'}</h3>
          {note.pinned && <Pin className="h-4 w-4 shrink-0 fill-kiln-hue-400 text-kiln-hue-500" aria-label="Pinned" />}
        </div>
        <p className="mt-1 line-clamp-2 text-sm text-slate-500">{excerpt || 'No content yet'}</p>
        <div className="mt-3 flex items-center gap-2 text-xs text-slate-400">
          <span>{when}</span>
          {note.tags.slice(0, 3).map((tag) => (
            <span key={tag} className="rounded-full bg-slate-100 px-2 py-0.5 text-slate-600">
              #{tag}
            </span>
          ))}
        </div>
      </button>
    </li>
  );
}
