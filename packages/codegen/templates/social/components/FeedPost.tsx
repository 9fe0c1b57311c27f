import { useState } from 'react';
import { Heart, MessageCircle, Send } from 'lucide-react';
import Avatar from '@/components/Avatar';

function ago(time) {
  const minutes = Math.max(0, Math.round((Date.now() - time) / 60000));
  if (minutes < 1) return 'now';
  if (minutes < 60) return minutes + 'm';
  const hours = Math.round(minutes / 60);
  if (hours < 24) return hours + 'h';
  return Math.round(hours / 24) + 'd';
}

export default function FeedPost(props) {
  const { post, liked, onLike, onReply } = props;
  const [open, setOpen] = useState(post.replies.length > 0 && post.replies.length <= 2);
  const [text, setText] = useState('');

  function submit(event) {
    event.preventDefault();
    if (!text.trim()) return;
    onReply(text.trim());
    setText('');
    setOpen(true);
  }

  return (
    <article aria-label={'Post by ' + post.name} className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <div className="flex gap-3">
        <Avatar name={post.name} />
        <div className="min-w-0 flex-1">
          <p className="flex flex-wrap items-baseline gap-x-1.5 text-sm">
            <span className="font-semibold">{post.name}</span>
            <span className="text-slate-500">@{post.handle} · {ago(post.createdAt)}</span>
          </p>
          <p className="mt-1 whitespace-pre-line break-words">{post.body}</p>
          <span className="mt-2 inline-block rounded-full bg-kiln-hue-50 px-2.5 py-0.5 text-xs font-medium text-kiln-hue-700">#{post.topic}</span>
          <div className="mt-2 flex items-center gap-1 text-sm text-slate-500">
            <button type="button" onClick={onLike} aria-pressed={liked} aria-label={liked ? 'Unlike' : 'Like'} className={liked ? 'inline-flex items-center gap-1.5 rounded-full px-2.5 py-1.5 font-medium text-kiln-hue-600 hover:bg-kiln-hue-50' : 'inline-flex items-center gap-1.5 rounded-full px-2.5 py-1.5 hover:bg-slate-100'}>
              <Heart className={liked ? 'h-4 w-4 fill-current' : 'h-4 w-4'} aria-hidden="true" />
              <span data-testid="like-count">{post.likes}</span>
            </button>
            <button type="button" onClick={() => setOpen(!open)} aria-expanded={open} className="inline-flex items-center gap-1.5 rounded-full px-2.5 py-1.5 hover:bg-slate-100">
              <MessageCircle className="h-4 w-4" aria-hidden="true" />
              {post.replies.length} {post.replies.length === 1 ? 'reply' : 'replies'}
            </button>
          </div>
          {open && (
            <div className="mt-2 space-y-3 border-l-2 border-slate-100 pl-3">
              {post.replies.map((r) => (
                <div key={r.id} className="flex gap-2">
                  <Avatar name={r.name} size="sm" />
                  <div className="min-w-0 rounded-2xl bg-slate-50 px-3 py-2">
                    <p className="text-xs"><span className="font-semibold">{r.name}</span> <span className="text-slate-500">· {ago(r.createdAt)}</span></p>
                    <p className="text-sm">{r.body}</p>
                  </div>
                </div>
              ))}
              <form onSubmit={submit} className="flex gap-2">
                <label className="min-w-0 flex-1">
                  <span className="sr-only">Reply to {post.name}</span>
                  <input name="reply" value={text} onChange={(e) => setText(e.target.value)} placeholder={'Reply to ' + post.name.split(' ')[0]} className="w-full rounded-full border border-slate-200 px-3 py-1.5 text-sm focus:border-kiln-hue-400 focus:outline-none focus:ring-4 focus:ring-kiln-hue-100" />
                </label>
                <button type="submit" aria-label="Send reply" disabled={!text.trim()} className="rounded-full bg-kiln-hue-600 p-2 text-white hover:bg-kiln-hue-700 disabled:opacity-50">
                  <Send className="h-4 w-4" aria-hidden="true" />
                </button>
              </form>
            </div>
          )}
        </div>
      </div>
    </article>
  );
}
