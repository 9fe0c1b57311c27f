import { useState } from 'react';
import { AlertCircle, ArrowRight, CheckCircle2, Eye, Loader2, PenLine, Send } from 'lucide-react';
import AppHeader from '@/components/AppHeader';

const POSTS_KEY = 'kiln-slug.posts';
const COMMENTS_KEY = 'kiln-slug.comments';
const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

function starterPosts() {
  const now = Date.now();
  return [
    { id: 'balcony-tomatoes', title: 'Growing tomatoes on a north-facing balcony', excerpt: 'Four hours of sun, six pots and one stubborn gardener. Here is what actually ripened.', body: 'Everyone told me a north-facing balcony was hopeless for tomatoes. They were half right.\n\nI chose cherry varieties that ripen early, Sungold and Tumbling Tom, and gave each plant a 20-litre pot. The pots sat on the railing side, where the light bounces off the white wall opposite.\n\nBy August I was picking a small bowl every other day. Not a glut, but enough for salads and one memorable tart. Next year: a reflective sheet behind the pots and one more plant.', tag: 'Garden', author: 'Priya Shah', publishedAt: now - 1 * DAY, likes: 42, comments: 2 },
    { id: 'morning-pages', title: 'What a year of morning pages taught me', excerpt: 'Three pages, longhand, before coffee. Most of it was rubbish, and that was the point.', body: 'I started writing three pages every morning after a friend would not stop talking about it. I expected clarity. I mostly got lists of worries and half-remembered dreams.\n\nAround month four something shifted. The worries repeated, and seeing them repeat made them smaller. Ideas for work started to show up on page two, after the complaining ran out.\n\nI still do it most days. Not for the writing, but for the twenty quiet minutes before the day starts asking for things.', tag: 'Writing', author: 'Daniel Okafor', publishedAt: now - 3 * DAY, likes: 87, comments: 0 },
    { id: 'slow-lisbon', title: 'A slow Sunday in Lisbon', excerpt: 'No museums, no lists: one tram ride, two bakeries and a long lunch by the river.', body: 'We gave ourselves one rule for the day: nothing booked. We took the 28 tram to the end of the line and walked back down through Graça.\n\nThe first bakery was for pastéis de nata, still warm. The second was because the first one was so good. Lunch was grilled sardines at a place with four tables and no menu.\n\nBy the time the light went gold over the river we had seen almost none of the sights, and it was the best day of the trip.', tag: 'Travel', author: 'Priya Shah', publishedAt: now - 6 * DAY, likes: 64, comments: 0 },
    { id: 'five-minute-rule', title: 'The five-minute rule for hard tasks', excerpt: 'Promise yourself five minutes. You are allowed to stop after that. You usually will not.', body: 'The hardest part of a difficult task is the first minute. So I stopped asking myself to finish things and started asking for five minutes.\n\nSet a timer, open the document, write one bad sentence. When the timer rings you can stop with a clear conscience.\n\nMost days I keep going, because starting was the only hard part. On the days I stop, I still did five minutes more than I would have.', tag: 'Habits', author: 'Daniel Okafor', publishedAt: now - 10 * DAY, likes: 120, comments: 1 },
    { id: 'paper-calendar', title: 'Why I went back to a paper calendar', excerpt: 'Notifications told me where to be. A paper week told me what my week was for.', body: 'For years my calendar lived in my phone, and my phone decided when I thought about it.\n\nA paper week on my desk changed that. Every Sunday I copy in the fixed things, then look at the gaps and decide what they are for. Writing it by hand makes me choose.\n\nI still keep the digital calendar for shared meetings. But the paper one is where the week actually gets planned.', tag: 'Tools', author: 'Mina Larsen', publishedAt: now - 15 * DAY, likes: 33, comments: 0 },
  ];
}

function starterComments() {
  const now = Date.now();
  return [
    { id: 'c1', postId: 'balcony-tomatoes', author: 'Tom', body: 'Sungold is the one for shade. Mine did well on an east wall too.', createdAt: now - 10 * HOUR },
    { id: 'c2', postId: 'balcony-tomatoes', author: 'Alice', body: 'The reflective sheet tip is brilliant, trying it in spring.', createdAt: now - 4 * HOUR },
    { id: 'c3', postId: 'five-minute-rule', author: 'Marco', body: 'This got me to finally start my tax return. Thank you!', createdAt: now - 30 * HOUR },
  ];
}

function readLocal(key, fallback) {
  try {
    const saved = JSON.parse(window.localStorage.getItem(key) || 'null');
    return Array.isArray(saved) ? saved : fallback();
  } catch {
    return fallback();
  }
}

function writeLocal(key, value) {
  try {
    window.localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Storage can be full or disabled; the change still shows on this page.
  }
}

const TOPICS = ['Garden', 'Writing', 'Travel', 'Habits', 'Tools', 'Food'];

export default function WritePage() {
  const [draft, setDraft] = useState({ title: '', tag: 'Writing', excerpt: '', body: '', author: '' });
  const [preview, setPreview] = useState(false);
  const [publishing, setPublishing] = useState(false);
  const [error, setError] = useState('');
  const [published, setPublished] = useState(null);

  function set(field, value) {
    setDraft((d) => ({ ...d, [field]: value }));
  }

  async function publish(event) {
    event.preventDefault();
    setError('');
    if (!draft.title.trim()) return setError('Give your post a title.');
    if (draft.body.trim().split(/\s+/).length < 5) return setError('Write a few sentences before publishing.');
    if (!draft.author.trim()) return setError('Add your name as the author.');
    setPublishing(true);
    let post = null;
    try {
      const res = await fetch('/api/posts', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(draft) });
      const data = await res.json().catch(() => null);
      if (res.ok && data && data.post) post = data.post;
      else if (data && data.error) {
        setPublishing(false);
        return setError(data.error);
      }
    } catch {
      // No backend answered: the post is kept in this browser.
    }
    if (!post) {
      post = {
        id: draft.title.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 48) + '-' + Date.now().toString(36).slice(-4),
        title: draft.title.trim(),
        tag: draft.tag,
        excerpt: draft.excerpt.trim() || draft.body.trim().slice(0, 140),
        body: draft.body.trim(),
        author: draft.author.trim(),
        publishedAt: Date.now(),
        likes: 0,
        comments: 0,
      };
      writeLocal(POSTS_KEY, [post, ...readLocal(POSTS_KEY, starterPosts)]);
    }
    setPublished(post);
    setPublishing(false);
  }

  const field = 'w-full rounded-xl border border-slate-200 bg-white px-3.5 py-2.5 focus:border-kiln-hue-400 focus:outline-none focus:ring-4 focus:ring-kiln-hue-100';
  const words = draft.body.trim() ? draft.body.trim().split(/\s+/).length : 0;

  if (published) {
    return (
      <div className="min-h-screen bg-slate-50 text-slate-900">
        <AppHeader />
        <main className="mx-auto max-w-xl px-4 py-16 text-center sm:px-6">
          <CheckCircle2 className="mx-auto h-12 w-12 text-kiln-hue-600" aria-hidden="true" />
          <h1 className="mt-4 font-serif text-3xl font-bold">Published</h1>
          <p className="mt-2 text-slate-600">“{published.title}” is now on the front page.</p>
          <div className="mt-8 flex flex-wrap justify-center gap-3">
            <a href={'/post?id=' + encodeURIComponent(published.id)} className="inline-flex items-center gap-1.5 rounded-full bg-kiln-hue-600 px-5 py-2.5 text-sm font-semibold text-white hover:bg-kiln-hue-700">
              Read your post
              <ArrowRight className="h-4 w-4" aria-hidden="true" />
            </a>
            <button type="button" onClick={() => { setPublished(null); setDraft({ title: '', tag: 'Writing', excerpt: '', body: '', author: draft.author }); }} className="rounded-full border border-slate-200 bg-white px-5 py-2.5 text-sm font-semibold text-slate-700 hover:bg-slate-100">
              Write another
            </button>
          </div>
        </main>
      </div>
    );
  }

  return (
    <div className="min-h-screen bg-slate-50 text-slate-900">
      <AppHeader />
      <main className="mx-auto max-w-3xl px-4 py-8 sm:px-6">
        <div className="flex items-center justify-between gap-3">
          <h1 className="flex items-center gap-2 text-2xl font-bold tracking-tight">
            <PenLine className="h-6 w-6 text-kiln-hue-600" aria-hidden="true" />
            New post
          </h1>
          <button type="button" onClick={() => setPreview(!preview)} aria-pressed={preview} className="inline-flex items-center gap-1.5 rounded-full border border-slate-200 bg-white px-3.5 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-100">
            <Eye className="h-4 w-4" aria-hidden="true" />
            {preview ? 'Edit' : 'Preview'}
          </button>
        </div>

        {preview ? (
          <article className="mt-6 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-10">
            <p className="text-xs font-semibold uppercase tracking-wider text-kiln-hue-700">{draft.tag}</p>
            <h2 className="mt-2 font-serif text-3xl font-bold">{draft.title || 'Untitled post'}</h2>
            {draft.excerpt && <p className="mt-3 text-lg text-slate-600">{draft.excerpt}</p>}
            <div className="mt-6 space-y-4 font-serif text-lg leading-8 text-slate-800">
              {(draft.body || 'Nothing written yet.').split(/\n\s*\n/).map((p, i) => (
                <p key={i}>{p}</p>
              ))}
            </div>
          </article>
        ) : (
          <form id="post-form" onSubmit={publish} className="mt-6 space-y-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-8">
            <label className="block">
              <span className="text-sm font-medium text-slate-700">Title</span>
              <input name="title" value={draft.title} onChange={(e) => set('title', e.target.value)} placeholder="A title that makes people curious" className={field + ' mt-1 font-serif text-xl'} />
            </label>
            <div className="grid gap-4 sm:grid-cols-2">
              <label className="block">
                <span className="text-sm font-medium text-slate-700">Topic</span>
                <select name="tag" value={draft.tag} onChange={(e) => set('tag', e.target.value)} className={field + ' mt-1'}>
                  {TOPICS.map((t) => (
                    <option key={t}>{t}</option>
                  ))}
                </select>
              </label>
              <label className="block">
                <span className="text-sm font-medium text-slate-700">Author</span>
                <input name="author" autoComplete="name" value={draft.author} onChange={(e) => set('author', e.target.value)} placeholder="Your name" className={field + ' mt-1'} />
              </label>
            </div>
            <label className="block">
              <span className="text-sm font-medium text-slate-700">Summary <span className="font-normal text-slate-400">(shown on the front page)</span></span>
              <input name="excerpt" value={draft.excerpt} onChange={(e) => set('excerpt', e.target.value)} placeholder="One or two sentences" className={field + ' mt-1'} />
            </label>
            <label className="block">
              <span className="text-sm font-medium text-slate-700">Story</span>
              <textarea name="body" rows={12} value={draft.body} onChange={(e) => set('body', e.target.value)} placeholder="Write here. Leave an empty line between paragraphs." className={field + ' mt-1 font-serif text-lg leading-8'} />
            </label>
            <div className="flex flex-wrap items-center justify-between gap-3">
              <p className="text-sm text-slate-500">{words} words · {Math.max(1, Math.round(words / 200))} min read</p>
              <button type="submit" disabled={publishing} className="inline-flex items-center gap-2 rounded-full bg-kiln-hue-600 px-5 py-2.5 text-sm font-semibold text-white shadow-sm hover:bg-kiln-hue-700 disabled:opacity-60">
                {publishing ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : <Send className="h-4 w-4" aria-hidden="true" />}
                Publish
              </button>
            </div>
            {error && (
              <p role="alert" className="flex items-center gap-1.5 text-sm text-red-600">
                <AlertCircle className="h-4 w-4" aria-hidden="true" />
                {error}
              </p>
            )}
          </form>
        )}
      </main>
    </div>
  );
}
