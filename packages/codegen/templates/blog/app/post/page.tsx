import { useEffect, useState } from 'react';
import { AlertCircle, ArrowLeft, Heart, Loader2, MessageCircle } from 'lucide-react';
import AppHeader from '@/components/AppHeader';
import CommentSection from '@/components/CommentSection';

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

export default function PostPage(props) {
  const id = (props && props.searchParams && props.searchParams.id) || (typeof window === 'undefined' ? '' : new URLSearchParams(window.location.search).get('id') || '');
  const [source, setSource] = useState('loading');
  const [post, setPost] = useState(null);
  const [comments, setComments] = useState([]);
  const [liked, setLiked] = useState(false);

  const [notice, setNotice] = useState('');

  useEffect(() => {
    if (!notice) return undefined;
    const timer = setTimeout(() => setNotice(''), 4500);
    return () => clearTimeout(timer);
  }, [notice]);

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
    if (post) document.title = post.title + ' · ' + kiln.title;
  }, [post]);

  async function api(method, path, body) {
    const res = await fetch(path, {
      method,
      headers: body === undefined ? undefined : { 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    }).catch(() => {
      throw new Error('The server could not be reached.');
    });
    const data = await res.json().catch(() => null);
    if (!res.ok) throw new Error((data && data.error) || 'The server answered ' + res.status + '.');
    return data;
  }

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
  const minutes = post ? Math.max(1, Math.round(post.body.split(/\s+/).length / 200)) : 0;

  return (
    <div className="min-h-screen bg-white text-slate-900">
      <AppHeader />
      <main className="mx-auto max-w-2xl px-4 pb-20 pt-8 sm:px-6">
        <a href="/" className="inline-flex items-center gap-1 text-sm font-medium text-slate-500 hover:text-slate-900">
          <ArrowLeft className="h-4 w-4" aria-hidden="true" />
          All posts
        </a>
        {source === 'loading' && <div className="py-16">{source === 'loading' && (
            <span className="inline-flex items-center gap-1.5 text-xs font-medium text-slate-400">
              <Loader2 className="h-3.5 w-3.5 animate-spin" aria-hidden="true" />
              Loading the post…
            </span>
          )}</div>}
        {source !== 'loading' && !post && (
          <div className="py-20 text-center">
            <h1 className="font-serif text-3xl font-bold">Post not found</h1>
            <p className="mt-2 text-slate-500">It may have been removed. Have a look at the latest posts instead.</p>
          </div>
        )}
        {post && (
          <article className="mt-6">
            <p className="text-xs font-semibold uppercase tracking-wider text-kiln-hue-700">{post.tag}</p>
            <h1 className="mt-2 font-serif text-3xl font-bold leading-tight tracking-tight sm:text-5xl">{post.title}</h1>
            {!post.body.startsWith(post.excerpt) && <p className="mt-4 text-lg text-slate-600">{post.excerpt}</p>}
            <div className="mt-6 flex items-center gap-3 border-y border-slate-100 py-4 text-sm">
              <span className="flex h-10 w-10 items-center justify-center rounded-full bg-kiln-hue-100 font-semibold text-kiln-hue-700" aria-hidden="true">
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
                className={liked ? 'inline-flex items-center gap-1.5 rounded-full bg-kiln-hue-600 px-3.5 py-2 font-semibold text-white' : 'inline-flex items-center gap-1.5 rounded-full border border-slate-200 px-3.5 py-2 font-semibold text-slate-700 hover:border-kiln-hue-300 hover:text-kiln-hue-700'}
              >
                <Heart className={liked ? 'h-4 w-4 fill-white' : 'h-4 w-4'} aria-hidden="true" />
                <span data-testid="likes">{post.likes}</span>
              </button>
            </div>
            <img alt={post.title} className="mt-8 aspect-[16/9] w-full rounded-2xl bg-kiln-hue-50 object-cover" />
            <div className="mt-8 space-y-5 font-serif text-lg leading-8 text-slate-800">
              {post.body.split(/\n\s*\n/).map((paragraph, i) => (
                <p key={i}>{paragraph}</p>
              ))}
            </div>
            <h2 className="mt-14 flex items-center gap-2 text-lg font-semibold">
              <MessageCircle className="h-5 w-5 text-kiln-hue-600" aria-hidden="true" />
              {comments.length} {comments.length === 1 ? 'comment' : 'comments'}
            </h2>
            <CommentSection comments={comments} onAdd={addComment} />
          </article>
        )}
      </main>
      {notice && (
        <div role="status" className="fixed inset-x-0 bottom-4 z-30 mx-auto flex w-fit max-w-[calc(100%-2rem)] items-center gap-2 rounded-xl bg-slate-900 px-4 py-2.5 text-sm text-white shadow-lg">
          <AlertCircle className="h-4 w-4 shrink-0 text-amber-300" aria-hidden="true" />
          {notice}
        </div>
      )}
    </div>
  );
}
