import { useState } from 'react';
import { Send } from 'lucide-react';

export default function CommentSection(props) {
  const { comments, onAdd } = props;
  const [author, setAuthor] = useState('');
  const [body, setBody] = useState('');

  function submit(event) {
    event.preventDefault();
    if (!author.trim() || !body.trim()) return;
    onAdd(author.trim(), body.trim());
    setBody('');
  }

  function ago(time) {
    const minutes = Math.round((Date.now() - time) / 60000);
    if (minutes < 1) return 'just now';
    if (minutes < 60) return minutes + ' min ago';
    const hours = Math.round(minutes / 60);
    if (hours < 24) return hours + ' h ago';
    return Math.round(hours / 24) + ' d ago';
  }

  return (
    <div className="mt-4">
      <ul className="space-y-4">
        {comments.map((c) => (
          <li key={c.id} className="flex gap-3">
            <span className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-slate-100 text-sm font-semibold text-slate-600" aria-hidden="true">
              {c.author.charAt(0).toUpperCase()}
            </span>
            <div className="min-w-0 flex-1 rounded-2xl bg-slate-50 px-4 py-3">
              <p className="text-sm"><span className="font-semibold">{c.author}</span> <span className="text-slate-400">· {ago(c.createdAt)}</span></p>
              <p className="mt-1 whitespace-pre-line text-slate-700">{c.body}</p>
            </div>
          </li>
        ))}
      </ul>
      <form onSubmit={submit} aria-label="Leave a comment" className="mt-6 space-y-2 rounded-2xl border border-slate-200 p-4">
        <label className="block">
          <span className="sr-only">Your name</span>
          <input name="author" value={author} onChange={(e) => setAuthor(e.target.value)} placeholder="Your name" className="w-full rounded-lg border border-slate-200 px-3 py-2 text-sm focus:border-kiln-hue-400 focus:outline-none focus:ring-4 focus:ring-kiln-hue-100" />
        </label>
        <label className="block">
          <span className="sr-only">Comment</span>
          <textarea name="comment" rows={3} value={body} onChange={(e) => setBody(e.target.value)} placeholder="Add to the conversation" className="w-full rounded-lg border border-slate-200 px-3 py-2 text-sm focus:border-kiln-hue-400 focus:outline-none focus:ring-4 focus:ring-kiln-hue-100" />
        </label>
        <div className="flex justify-end">
          <button type="submit" disabled={!author.trim() || !body.trim()} className="inline-flex items-center gap-1.5 rounded-full bg-kiln-hue-600 px-4 py-2 text-sm font-semibold text-white hover:bg-kiln-hue-700 disabled:opacity-50">
            <Send className="h-4 w-4" aria-hidden="true" />
            Post comment
          </button>
        </div>
      </form>
    </div>
  );
}
