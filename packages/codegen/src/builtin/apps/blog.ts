/**
 * The builtin BLOG_PLATFORM: a blog with a front page (featured post, topics, search), a reader page per
 * post (`/post?id=…`) with likes and comments, and a writing page that publishes new posts. With a backend
 * the posts and comments live in the app's `posts` and `comments` tables behind `/api/posts`,
 * `/api/posts/[id]` and `/api/comments`; without one they stay in localStorage.
 * @module
 */
import { jsString, jsxText } from '../format.ts';
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
  otherName,
  page,
} from './shared.ts';
import { slugKey } from './todo-list.ts';

interface Post {
  id: string;
  title: string;
  excerpt: string;
  body: string;
  tag: string;
  author: string;
  daysAgo: number;
  likes: number;
}

const POSTS: Post[] = [
  {
    id: 'balcony-tomatoes',
    title: 'Growing tomatoes on a north-facing balcony',
    excerpt: 'Four hours of sun, six pots and one stubborn gardener. Here is what actually ripened.',
    body: 'Everyone told me a north-facing balcony was hopeless for tomatoes. They were half right.\n\nI chose cherry varieties that ripen early, Sungold and Tumbling Tom, and gave each plant a 20-litre pot. The pots sat on the railing side, where the light bounces off the white wall opposite.\n\nBy August I was picking a small bowl every other day. Not a glut, but enough for salads and one memorable tart. Next year: a reflective sheet behind the pots and one more plant.',
    tag: 'Garden',
    author: 'Priya Shah',
    daysAgo: 1,
    likes: 42,
  },
  {
    id: 'morning-pages',
    title: 'What a year of morning pages taught me',
    excerpt: 'Three pages, longhand, before coffee. Most of it was rubbish, and that was the point.',
    body: 'I started writing three pages every morning after a friend would not stop talking about it. I expected clarity. I mostly got lists of worries and half-remembered dreams.\n\nAround month four something shifted. The worries repeated, and seeing them repeat made them smaller. Ideas for work started to show up on page two, after the complaining ran out.\n\nI still do it most days. Not for the writing, but for the twenty quiet minutes before the day starts asking for things.',
    tag: 'Writing',
    author: 'Daniel Okafor',
    daysAgo: 3,
    likes: 87,
  },
  {
    id: 'slow-lisbon',
    title: 'A slow Sunday in Lisbon',
    excerpt: 'No museums, no lists: one tram ride, two bakeries and a long lunch by the river.',
    body: 'We gave ourselves one rule for the day: nothing booked. We took the 28 tram to the end of the line and walked back down through Graça.\n\nThe first bakery was for pastéis de nata, still warm. The second was because the first one was so good. Lunch was grilled sardines at a place with four tables and no menu.\n\nBy the time the light went gold over the river we had seen almost none of the sights, and it was the best day of the trip.',
    tag: 'Travel',
    author: 'Priya Shah',
    daysAgo: 6,
    likes: 64,
  },
  {
    id: 'five-minute-rule',
    title: 'The five-minute rule for hard tasks',
    excerpt: 'Promise yourself five minutes. You are allowed to stop after that. You usually will not.',
    body: 'The hardest part of a difficult task is the first minute. So I stopped asking myself to finish things and started asking for five minutes.\n\nSet a timer, open the document, write one bad sentence. When the timer rings you can stop with a clear conscience.\n\nMost days I keep going, because starting was the only hard part. On the days I stop, I still did five minutes more than I would have.',
    tag: 'Habits',
    author: 'Daniel Okafor',
    daysAgo: 10,
    likes: 120,
  },
  {
    id: 'paper-calendar',
    title: 'Why I went back to a paper calendar',
    excerpt: 'Notifications told me where to be. A paper week told me what my week was for.',
    body: 'For years my calendar lived in my phone, and my phone decided when I thought about it.\n\nA paper week on my desk changed that. Every Sunday I copy in the fixed things, then look at the gaps and decide what they are for. Writing it by hand makes me choose.\n\nI still keep the digital calendar for shared meetings. But the paper one is where the week actually gets planned.',
    tag: 'Tools',
    author: 'Mina Larsen',
    daysAgo: 15,
    likes: 33,
  },
];

const COMMENTS: [id: string, postId: string, author: string, body: string, hoursAgo: number][] = [
  ['c1', 'balcony-tomatoes', 'Tom', 'Sungold is the one for shade. Mine did well on an east wall too.', 10],
  ['c2', 'balcony-tomatoes', 'Alice', 'The reflective sheet tip is brilliant, trying it in spring.', 4],
  ['c3', 'five-minute-rule', 'Marco', 'This got me to finally start my tax return. Thank you!', 30],
];

/** Builds the blog. */
export function blogApp(ctx: AppContext): BuiltApp {
  const a = ctx.accent;
  const key = slugKey(ctx.title);
  const seedPosts = POSTS.map(
    (p) =>
      `    { id: ${jsString(p.id)}, title: ${jsString(p.title)}, excerpt: ${jsString(p.excerpt)}, body: ${jsString(p.body)}, tag: ${jsString(p.tag)}, author: ${jsString(p.author)}, publishedAt: now - ${p.daysAgo} * DAY, likes: ${p.likes}, comments: ${COMMENTS.filter((c) => c[1] === p.id).length} },`,
  ).join('\n');
  const seedComments = COMMENTS.map(
    ([id, postId, author, body, hoursAgo]) =>
      `    { id: ${jsString(id)}, postId: ${jsString(postId)}, author: ${jsString(author)}, body: ${jsString(body)}, createdAt: now - ${hoursAgo} * HOUR },`,
  ).join('\n');
  /** Page code: the posts and comments kept in this browser when no backend answers. */
  const localStore = `const POSTS_KEY = ${jsString(`${key}.posts`)};
const COMMENTS_KEY = ${jsString(`${key}.comments`)};
const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

function starterPosts() {
  const now = Date.now();
  return [
${seedPosts}
  ];
}

function starterComments() {
  const now = Date.now();
  return [
${seedComments}
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
}`;

  const home = page(
    '',
    `
import { useState, useEffect } from 'react';
import { AlertCircle, Loader2, PenLine, Search } from 'lucide-react';
import AppHeader from '@/components/AppHeader';
import PostCard from '@/components/PostCard';

${localStore}

export default function BlogHome() {
  const [source, setSource] = useState('loading');
  const [posts, setPosts] = useState([]);
  const [tag, setTag] = useState('All');
  const [query, setQuery] = useState('');

${documentTitleEffect(ctx.title)}

${loadOnMount({
  path: '/api/posts',
  accept: 'data && Array.isArray(data.posts)',
  onServer: 'setPosts(data.posts);',
  onLocal: 'setPosts(readLocal(POSTS_KEY, starterPosts));',
})}

  const sorted = posts.slice().sort((x, y) => y.publishedAt - x.publishedAt);
  const tags = ['All', ...Array.from(new Set(sorted.map((p) => p.tag)))];
  const needle = query.trim().toLowerCase();
  const filtering = tag !== 'All' || needle !== '';
  const visible = sorted
    .filter((p) => tag === 'All' || p.tag === tag)
    .filter((p) => !needle || (p.title + ' ' + p.excerpt + ' ' + p.body + ' ' + p.author).toLowerCase().includes(needle));
  const featured = filtering ? null : visible[0];
  const rest = featured ? visible.slice(1) : visible;

  return (
    <div className="min-h-screen bg-white text-slate-900">
      <AppHeader />
      <main className="mx-auto max-w-5xl px-4 pb-20 sm:px-6">
        <section className="border-b border-slate-200 py-10 text-center sm:py-14">
          <p className="text-xs font-semibold uppercase tracking-[0.25em] text-${a}-600">Essays · notes · small discoveries</p>
          <h1 className="mt-3 font-serif text-4xl font-bold tracking-tight sm:text-6xl">${jsxText(ctx.title)}</h1>
          <p className="mx-auto mt-3 max-w-xl text-slate-600">Short, honest writing about gardens, habits, travel and the tools we live with.</p>
          <a href="/write" className="mt-6 inline-flex items-center gap-2 rounded-full bg-${a}-600 px-5 py-2.5 text-sm font-semibold text-white shadow-sm hover:bg-${a}-700">
            <PenLine className="h-4 w-4" aria-hidden="true" />
            Write a post
          </a>
        </section>

        <div className="sticky top-[61px] z-10 -mx-4 flex flex-col gap-3 bg-white/90 px-4 py-4 backdrop-blur sm:-mx-6 sm:flex-row sm:items-center sm:justify-between sm:px-6">
          <div className="flex gap-1.5 overflow-x-auto">
            {tags.map((t) => (
              <button
                key={t}
                type="button"
                onClick={() => setTag(t)}
                aria-pressed={tag === t}
                className={tag === t ? 'shrink-0 rounded-full bg-slate-900 px-3.5 py-1.5 text-sm font-medium text-white' : 'shrink-0 rounded-full px-3.5 py-1.5 text-sm font-medium text-slate-600 hover:bg-slate-100'}
              >
                {t}
              </button>
            ))}
          </div>
          <label className="relative sm:w-64">
            <span className="sr-only">Search posts</span>
            <Search className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-slate-400" aria-hidden="true" />
            <input
              name="search"
              type="search"
              value={query}
              onChange={(e) => setQuery(e.target.value)}
              placeholder="Search posts"
              className="w-full rounded-full border border-slate-200 py-2 pl-9 pr-3 text-sm focus:border-${a}-400 focus:outline-none focus:ring-4 focus:ring-${a}-100"
            />
          </label>
        </div>

        {source === 'loading' && <div className="py-10">${loadingHint('Loading posts…')}</div>}

        {featured && (
          <a href={'/post?id=' + encodeURIComponent(featured.id)} className="group mt-4 grid overflow-hidden rounded-3xl bg-${a}-50 sm:grid-cols-2">
            <img alt={featured.title} className="aspect-[4/3] h-full w-full bg-${a}-100 object-cover" />
            <div className="flex flex-col justify-center gap-3 p-6 sm:p-10">
              <p className="text-xs font-semibold uppercase tracking-wider text-${a}-700">Latest · {featured.tag}</p>
              <h2 className="font-serif text-2xl font-bold leading-tight group-hover:underline sm:text-3xl">{featured.title}</h2>
              <p className="text-slate-600">{featured.excerpt}</p>
              <p className="text-sm text-slate-500">{featured.author} · {Math.max(1, Math.round(featured.body.split(/\\s+/).length / 200))} min read</p>
            </div>
          </a>
        )}

        <section aria-label="Posts" className="mt-8 grid gap-x-8 gap-y-10 sm:grid-cols-2">
          {rest.map((p) => (
            <PostCard key={p.id} post={p} />
          ))}
        </section>

        {source !== 'loading' && visible.length === 0 && (
          <p className="py-16 text-center text-slate-500">No posts match. Try another topic or word.</p>
        )}
      </main>
    </div>
  );
}
`,
  );

  const reader = page(
    'post',
    `
import { useEffect, useState } from 'react';
import { AlertCircle, ArrowLeft, Heart, Loader2, MessageCircle } from 'lucide-react';
import AppHeader from '@/components/AppHeader';
import CommentSection from '@/components/CommentSection';

${localStore}

export default function PostPage(props) {
  const id = (props && props.searchParams && props.searchParams.id) || (typeof window === 'undefined' ? '' : new URLSearchParams(window.location.search).get('id') || '');
  const [source, setSource] = useState('loading');
  const [post, setPost] = useState(null);
  const [comments, setComments] = useState([]);
  const [liked, setLiked] = useState(false);

${NOTICE_STATE}

  useEffect(() => {
    let active = true;
    setSource('loading');
    fetch('/api/posts/' + encodeURIComponent(id))
      .then((res) => (res.ok || res.status === 404 ? res.json() : null))
      .catch(() => null)
      .then((data) => {
        if (!active) return;
        if (data && (data.post || data.error)) {
          setPost(data.post || null);
          setComments(data.comments || []);
          setSource('server');
        } else {
          // No backend answered: the posts in this browser.
          const all = readLocal(POSTS_KEY, starterPosts);
          const found = all.find((p) => p.id === id) || (id ? null : all[0]);
          setPost(found || null);
          setComments(readLocal(COMMENTS_KEY, starterComments).filter((c) => found && c.postId === found.id));
          setSource('local');
        }
      });
    return () => {
      active = false;
    };
  }, [id]);

  useEffect(() => {
    if (post) document.title = post.title + ' · ' + ${jsString(ctx.title)};
  }, [post]);

${API_CALLER}

  function like() {
    if (!post || liked) return;
    setLiked(true);
    setPost({ ...post, likes: post.likes + 1 });
    if (source === 'server') {
      api('PATCH', '/api/posts/' + encodeURIComponent(post.id), { like: true }).catch((error) => {
        setLiked(false);
        setPost((current) => current && { ...current, likes: current.likes - 1 });
        setNotice("Couldn't save your like. " + error.message);
      });
    } else {
      writeLocal(POSTS_KEY, readLocal(POSTS_KEY, starterPosts).map((p) => (p.id === post.id ? { ...p, likes: p.likes + 1 } : p)));
    }
  }

  async function addComment(author, body) {
    const comment = { id: Date.now().toString(36), postId: post.id, author, body, createdAt: Date.now() };
    setComments((current) => [...current, comment]);
    if (source === 'server') {
      try {
        const data = await api('POST', '/api/comments', { postId: post.id, author, body });
        setComments((current) => current.map((c) => (c.id === comment.id ? data.comment : c)));
      } catch (error) {
        setComments((current) => current.filter((c) => c.id !== comment.id));
        setNotice("Couldn't post your comment. " + error.message);
      }
    } else {
      writeLocal(COMMENTS_KEY, [...readLocal(COMMENTS_KEY, starterComments), comment]);
    }
  }

  const date = post ? new Date(post.publishedAt).toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric' }) : '';
  const minutes = post ? Math.max(1, Math.round(post.body.split(/\\s+/).length / 200)) : 0;

  return (
    <div className="min-h-screen bg-white text-slate-900">
      <AppHeader />
      <main className="mx-auto max-w-2xl px-4 pb-20 pt-8 sm:px-6">
        <a href="/" className="inline-flex items-center gap-1 text-sm font-medium text-slate-500 hover:text-slate-900">
          <ArrowLeft className="h-4 w-4" aria-hidden="true" />
          All posts
        </a>
        {source === 'loading' && <div className="py-16">${loadingHint('Loading the post…')}</div>}
        {source !== 'loading' && !post && (
          <div className="py-20 text-center">
            <h1 className="font-serif text-3xl font-bold">Post not found</h1>
            <p className="mt-2 text-slate-500">It may have been removed. Have a look at the latest posts instead.</p>
          </div>
        )}
        {post && (
          <article className="mt-6">
            <p className="text-xs font-semibold uppercase tracking-wider text-${a}-700">{post.tag}</p>
            <h1 className="mt-2 font-serif text-3xl font-bold leading-tight tracking-tight sm:text-5xl">{post.title}</h1>
            {!post.body.startsWith(post.excerpt) && <p className="mt-4 text-lg text-slate-600">{post.excerpt}</p>}
            <div className="mt-6 flex items-center gap-3 border-y border-slate-100 py-4 text-sm">
              <span className="flex h-10 w-10 items-center justify-center rounded-full bg-${a}-100 font-semibold text-${a}-700" aria-hidden="true">
                {post.author.charAt(0)}
              </span>
              <div className="flex-1">
                <p className="font-medium">{post.author}</p>
                <p className="text-slate-500">{date} · {minutes} min read</p>
              </div>
              <button
                type="button"
                onClick={like}
                aria-pressed={liked}
                aria-label={liked ? 'Liked' : 'Like this post'}
                className={liked ? 'inline-flex items-center gap-1.5 rounded-full bg-${a}-600 px-3.5 py-2 font-semibold text-white' : 'inline-flex items-center gap-1.5 rounded-full border border-slate-200 px-3.5 py-2 font-semibold text-slate-700 hover:border-${a}-300 hover:text-${a}-700'}
              >
                <Heart className={liked ? 'h-4 w-4 fill-white' : 'h-4 w-4'} aria-hidden="true" />
                <span data-testid="likes">{post.likes}</span>
              </button>
            </div>
            <img alt={post.title} className="mt-8 aspect-[16/9] w-full rounded-2xl bg-${a}-50 object-cover" />
            <div className="mt-8 space-y-5 font-serif text-lg leading-8 text-slate-800">
              {post.body.split(/\\n\\s*\\n/).map((paragraph, i) => (
                <p key={i}>{paragraph}</p>
              ))}
            </div>
            <h2 className="mt-14 flex items-center gap-2 text-lg font-semibold">
              <MessageCircle className="h-5 w-5 text-${a}-600" aria-hidden="true" />
              {comments.length} {comments.length === 1 ? 'comment' : 'comments'}
            </h2>
            <CommentSection comments={comments} onAdd={addComment} />
          </article>
        )}
      </main>
${NOTICE_TOAST}
    </div>
  );
}
`,
  );

  const write = page(
    'write',
    `
import { useState } from 'react';
import { AlertCircle, ArrowRight, CheckCircle2, Eye, Loader2, PenLine, Send } from 'lucide-react';
import AppHeader from '@/components/AppHeader';

${localStore}

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
    if (draft.body.trim().split(/\\s+/).length < 5) return setError('Write a few sentences before publishing.');
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

  const field = 'w-full rounded-xl border border-slate-200 bg-white px-3.5 py-2.5 focus:border-${a}-400 focus:outline-none focus:ring-4 focus:ring-${a}-100';
  const words = draft.body.trim() ? draft.body.trim().split(/\\s+/).length : 0;

  if (published) {
    return (
      <div className="min-h-screen bg-slate-50 text-slate-900">
        <AppHeader />
        <main className="mx-auto max-w-xl px-4 py-16 text-center sm:px-6">
          <CheckCircle2 className="mx-auto h-12 w-12 text-${a}-600" aria-hidden="true" />
          <h1 className="mt-4 font-serif text-3xl font-bold">Published</h1>
          <p className="mt-2 text-slate-600">“{published.title}” is now on the front page.</p>
          <div className="mt-8 flex flex-wrap justify-center gap-3">
            <a href={'/post?id=' + encodeURIComponent(published.id)} className="inline-flex items-center gap-1.5 rounded-full bg-${a}-600 px-5 py-2.5 text-sm font-semibold text-white hover:bg-${a}-700">
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
            <PenLine className="h-6 w-6 text-${a}-600" aria-hidden="true" />
            New post
          </h1>
          <button type="button" onClick={() => setPreview(!preview)} aria-pressed={preview} className="inline-flex items-center gap-1.5 rounded-full border border-slate-200 bg-white px-3.5 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-100">
            <Eye className="h-4 w-4" aria-hidden="true" />
            {preview ? 'Edit' : 'Preview'}
          </button>
        </div>

        {preview ? (
          <article className="mt-6 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-10">
            <p className="text-xs font-semibold uppercase tracking-wider text-${a}-700">{draft.tag}</p>
            <h2 className="mt-2 font-serif text-3xl font-bold">{draft.title || 'Untitled post'}</h2>
            {draft.excerpt && <p className="mt-3 text-lg text-slate-600">{draft.excerpt}</p>}
            <div className="mt-6 space-y-4 font-serif text-lg leading-8 text-slate-800">
              {(draft.body || 'Nothing written yet.').split(/\\n\\s*\\n/).map((p, i) => (
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
              <button type="submit" disabled={publishing} className="inline-flex items-center gap-2 rounded-full bg-${a}-600 px-5 py-2.5 text-sm font-semibold text-white shadow-sm hover:bg-${a}-700 disabled:opacity-60">
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
`,
  );

  const card = component(
    'PostCard',
    `
import { Heart, MessageCircle } from 'lucide-react';

export default function PostCard(props) {
  const { post } = props;
  const date = new Date(post.publishedAt).toLocaleDateString('en-US', { month: 'short', day: 'numeric' });

  return (
    <article className="group">
      <a href={'/post?id=' + encodeURIComponent(post.id)} className="block">
        <img alt={post.title} className="aspect-[16/10] w-full rounded-2xl bg-${a}-50 object-cover transition group-hover:opacity-90" />
        <p className="mt-4 text-xs font-semibold uppercase tracking-wider text-${a}-700">{post.tag}</p>
        <h2 className="mt-1.5 font-serif text-xl font-bold leading-snug group-hover:underline">{post.title}</h2>
        <p className="mt-2 line-clamp-2 text-slate-600">{post.excerpt}</p>
      </a>
      <p className="mt-3 flex items-center gap-3 text-sm text-slate-500">
        <span>{post.author} · {date}</span>
        <span className="inline-flex items-center gap-1"><Heart className="h-3.5 w-3.5" aria-hidden="true" /><span className="sr-only">Likes</span>{post.likes}</span>
        <span className="inline-flex items-center gap-1"><MessageCircle className="h-3.5 w-3.5" aria-hidden="true" /><span className="sr-only">Comments</span>{post.comments}</span>
      </p>
    </article>
  );
}
`,
  );

  const commentSection = component(
    'CommentSection',
    `
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
          <input name="author" value={author} onChange={(e) => setAuthor(e.target.value)} placeholder="Your name" className="w-full rounded-lg border border-slate-200 px-3 py-2 text-sm focus:border-${a}-400 focus:outline-none focus:ring-4 focus:ring-${a}-100" />
        </label>
        <label className="block">
          <span className="sr-only">Comment</span>
          <textarea name="comment" rows={3} value={body} onChange={(e) => setBody(e.target.value)} placeholder="Add to the conversation" className="w-full rounded-lg border border-slate-200 px-3 py-2 text-sm focus:border-${a}-400 focus:outline-none focus:ring-4 focus:ring-${a}-100" />
        </label>
        <div className="flex justify-end">
          <button type="submit" disabled={!author.trim() || !body.trim()} className="inline-flex items-center gap-1.5 rounded-full bg-${a}-600 px-4 py-2 text-sm font-semibold text-white hover:bg-${a}-700 disabled:opacity-50">
            <Send className="h-4 w-4" aria-hidden="true" />
            Post comment
          </button>
        </div>
      </form>
    </div>
  );
}
`,
  );

  return {
    migrations: [blogMigration()],
    modules: [
      postsRoute(),
      postRoute(),
      commentsRoute(),
      home,
      reader,
      write,
      appHeader(ctx, {
        icon: 'BookOpen',
        links: [
          { href: '/', label: 'Stories' },
          { href: '/write', label: 'Write' },
        ],
      }),
      card,
      commentSection,
    ],
    plan: [
      `Build "${ctx.title}", a blog.`,
      '- Tables `posts` (five posts on gardening, writing, travel, habits and tools, with likes) and `comments` (three comments).',
      '- Functions: `/api/posts` (GET newest first with comment counts, POST a checked new post), `/api/posts/[id]` (GET the post and its comments, PATCH a like, DELETE) and `/api/comments` (POST).',
      '- Page `/`: masthead, topic chips and search, the latest post featured, the others as cards.',
      '- Page `/post?id=…`: the article with author, date and reading time, a like button and the comments with a form.',
      '- Page `/write`: title, topic, author, summary and story with a word count and a preview, then Publish.',
      '- Components: AppHeader, PostCard, CommentSection.',
      `- Without a backend posts, likes and comments stay in the browser. ${a} accent, serif headings, Tailwind, lucide-react icons.`,
    ].join('\n'),
    summary: [
      `I built **${ctx.title}**, a blog: a front page with the latest post featured, topics and search; a reading page for each post with likes and comments; and a Write page to publish new posts with a preview.`,
      '',
      "Posts and comments live in the app's database (tables `posts` and `comments`, through `/api/posts`, `/api/posts/[id]` and `/api/comments`). Opened without its backend, the blog keeps them in the browser.",
    ].join('\n'),
    choices: [
      `change the colour to ${otherHue(ctx.accent, 'indigo', 'rose')}`,
      `rename the app to ${otherName(ctx.title, 'Field Notes', 'Slow Days')}`,
      'add a page called About',
    ],
  };
}

function blogMigration(): BuiltMigration {
  const posts = POSTS.map(
    (p) =>
      `  (${sqlText(p.id)}, ${sqlText(p.title)}, ${sqlText(p.excerpt)}, ${sqlText(p.body)}, ${sqlText(p.tag)}, ${sqlText(p.author)}, ${p.likes}, (extract(epoch from now()) * 1000)::bigint - ${p.daysAgo * 86_400_000})`,
  );
  const comments = COMMENTS.map(
    ([id, postId, author, body, hoursAgo]) =>
      `  (${sqlText(id)}, ${sqlText(postId)}, ${sqlText(author)}, ${sqlText(body)}, (extract(epoch from now()) * 1000)::bigint - ${hoursAgo * 3_600_000})`,
  );
  return {
    name: 'create_posts_and_comments',
    sql: `CREATE TABLE posts (
  id text PRIMARY KEY,
  title text NOT NULL,
  excerpt text NOT NULL DEFAULT '',
  body text NOT NULL,
  tag text NOT NULL DEFAULT '',
  author text NOT NULL,
  likes integer NOT NULL DEFAULT 0,
  published_at bigint NOT NULL
);
CREATE TABLE comments (
  id text PRIMARY KEY,
  post_id text NOT NULL REFERENCES posts(id) ON DELETE CASCADE,
  author text NOT NULL,
  body text NOT NULL,
  created_at bigint NOT NULL
);
INSERT INTO posts (id, title, excerpt, body, tag, author, likes, published_at) VALUES
${posts.join(',\n')};
INSERT INTO comments (id, post_id, author, body, created_at) VALUES
${comments.join(',\n')};`,
  };
}

const POST_ROW = `/** A row of posts as the pages use it. */
function toPost(row: Record<string, unknown>) {
  return {
    id: String(row.id),
    title: String(row.title),
    excerpt: String(row.excerpt),
    body: String(row.body),
    tag: String(row.tag),
    author: String(row.author),
    likes: Number(row.likes),
    publishedAt: Number(row.published_at),
    comments: Number(row.comment_count ?? 0),
  };
}

/** A row of comments as the pages use it. */
function toComment(row: Record<string, unknown>) {
  return {
    id: String(row.id),
    postId: String(row.post_id),
    author: String(row.author),
    body: String(row.body),
    createdAt: Number(row.created_at),
  };
}

function text(value: unknown, max: number): string {
  return typeof value === 'string' ? value.trim().slice(0, max) : '';
}`;

/** `/api/posts`: the front page and publishing. */
function postsRoute() {
  return apiRoute(
    'posts',
    `
${SQL_IMPORT}

${READ_BODY}

${POST_ROW}

/** Every post, newest first, with its number of comments. */
export async function GET() {
  const rows = await sql\`
    SELECT p.*, (SELECT count(*) FROM comments c WHERE c.post_id = p.id)::int AS comment_count
    FROM posts p ORDER BY published_at DESC\`;
  return Response.json({ posts: rows.map(toPost) });
}

/** Publishes a post: { title, body, author, tag?, excerpt? }. */
export async function POST(request: Request) {
  const body = await readBody(request);
  if (!body) return badRequest('Send the post as JSON.');
  const title = text(body.title, 160);
  const story = text(body.body, 50000);
  const author = text(body.author, 80);
  const tag = text(body.tag, 40) || 'Writing';
  const excerpt = text(body.excerpt, 300) || story.slice(0, 140);
  if (!title) return badRequest('Give your post a title.');
  if (story.split(/\\s+/).length < 5) return badRequest('Write a few sentences before publishing.');
  if (!author) return badRequest('Add your name as the author.');
  const slug = title.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 48) || 'post';
  const id = slug + '-' + crypto.randomUUID().slice(0, 4);
  const [row] = await sql\`
    INSERT INTO posts (id, title, excerpt, body, tag, author, likes, published_at)
    VALUES (\${id}, \${title}, \${excerpt}, \${story}, \${tag}, \${author}, 0, \${Date.now()})
    RETURNING *\`;
  return Response.json({ post: toPost(row) }, { status: 201 });
}
`,
  );
}

/** `/api/posts/[id]`: one post with its comments, a like, deleting. */
function postRoute() {
  return apiRoute(
    'posts/[id]',
    `
${SQL_IMPORT}

${READ_BODY}

${POST_ROW}

type Context = { params: { id: string } };

function notFound() {
  return Response.json({ error: 'That post does not exist.' }, { status: 404 });
}

export async function GET(_request: Request, { params }: Context) {
  const [row] = await sql\`SELECT * FROM posts WHERE id = \${params.id}\`;
  if (!row) return notFound();
  const comments = await sql\`SELECT * FROM comments WHERE post_id = \${params.id} ORDER BY created_at\`;
  return Response.json({ post: { ...toPost(row), comments: comments.length }, comments: comments.map(toComment) });
}

/** { like: true } adds a like. */
export async function PATCH(request: Request, { params }: Context) {
  const body = await readBody(request);
  if (!body || body.like !== true) return badRequest('Send { "like": true } to like a post.');
  const [row] = await sql\`UPDATE posts SET likes = likes + 1 WHERE id = \${params.id} RETURNING *\`;
  return row ? Response.json({ post: toPost(row) }) : notFound();
}

export async function DELETE(_request: Request, { params }: Context) {
  const [row] = await sql\`DELETE FROM posts WHERE id = \${params.id} RETURNING id\`;
  return row ? Response.json({ deleted: String(row.id) }) : notFound();
}
`,
  );
}

/** `/api/comments`: adds a comment to a post. */
function commentsRoute() {
  return apiRoute(
    'comments',
    `
${SQL_IMPORT}

${READ_BODY}

${POST_ROW}

/** Adds a comment: { postId, author, body }. */
export async function POST(request: Request) {
  const body = await readBody(request);
  if (!body) return badRequest('Send the comment as JSON.');
  const postId = text(body.postId, 100);
  const author = text(body.author, 60);
  const comment = text(body.body, 2000);
  if (!author) return badRequest('Add your name to comment.');
  if (!comment) return badRequest('Write something first.');
  const [post] = await sql\`SELECT id FROM posts WHERE id = \${postId}\`;
  if (!post) return Response.json({ error: 'That post does not exist.' }, { status: 404 });
  const [row] = await sql\`
    INSERT INTO comments (id, post_id, author, body, created_at)
    VALUES (\${crypto.randomUUID()}, \${postId}, \${author}, \${comment}, \${Date.now()})
    RETURNING *\`;
  return Response.json({ comment: toComment(row) }, { status: 201 });
}
`,
  );
}
