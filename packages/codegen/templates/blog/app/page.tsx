import { useState, useEffect } from 'react';
import { AlertCircle, Loader2, PenLine, Search } from 'lucide-react';
import AppHeader from '@/components/AppHeader';
import PostCard from '@/components/PostCard';

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

export default function BlogHome() {
  const [source, setSource] = useState('loading');
  const [posts, setPosts] = useState([]);
  const [tag, setTag] = useState('All');
  const [query, setQuery] = useState('');

  useEffect(() => {
    document.title = kiln.title;
  }, []);

  useEffect(() => {
    let active = true;
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), 5000);
    fetch('/api/posts', { signal: controller.signal })
      .then((res) => (res.ok ? res.json() : null))
      .catch(() => null)
      .then((data) => {
        clearTimeout(timer);
        if (!active) return;
        if (data && Array.isArray(data.posts)) {
          setPosts(data.posts);
          setSource('server');
        } else {
          // No backend answered (a static copy or a render check): the browser keeps the data, as before.
          setPosts(readLocal(POSTS_KEY, starterPosts));
          setSource('local');
        }
      });
    return () => {
      active = false;
      clearTimeout(timer);
      controller.abort();
    };
  }, []);

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
          <p className="text-xs font-semibold uppercase tracking-[0.25em] text-kiln-hue-600">Essays · notes · small discoveries</p>
          <h1 className="mt-3 font-serif text-4xl font-bold tracking-tight sm:text-6xl">kiln-titleText</h1>
          <p className="mx-auto mt-3 max-w-xl text-slate-600">Short, honest writing about gardens, habits, travel and the tools we live with.</p>
          <a href="/write" className="mt-6 inline-flex items-center gap-2 rounded-full bg-kiln-hue-600 px-5 py-2.5 text-sm font-semibold text-white shadow-sm hover:bg-kiln-hue-700">
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
              className="w-full rounded-full border border-slate-200 py-2 pl-9 pr-3 text-sm focus:border-kiln-hue-400 focus:outline-none focus:ring-4 focus:ring-kiln-hue-100"
            />
          </label>
        </div>

        {source === 'loading' && <div className="py-10">{source === 'loading' && (
            <span className="inline-flex items-center gap-1.5 text-xs font-medium text-slate-400">
              <Loader2 className="h-3.5 w-3.5 animate-spin" aria-hidden="true" />
              Loading posts…
            </span>
          )}</div>}

        {featured && (
          <a href={'/post?id=' + encodeURIComponent(featured.id)} className="group mt-4 grid overflow-hidden rounded-3xl bg-kiln-hue-50 sm:grid-cols-2">
            <img alt={featured.title} className="aspect-[4/3] h-full w-full bg-kiln-hue-100 object-cover" />
            <div className="flex flex-col justify-center gap-3 p-6 sm:p-10">
              <p className="text-xs font-semibold uppercase tracking-wider text-kiln-hue-700">Latest · {featured.tag}</p>
              <h2 className="font-serif text-2xl font-bold leading-tight group-hover:underline sm:text-3xl">{featured.title}</h2>
              <p className="text-slate-600">{featured.excerpt}</p>
              <p className="text-sm text-slate-500">{featured.author} · {Math.max(1, Math.round(featured.body.split(/\s+/).length / 200))} min read</p>
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
