/**
 * The builtin SOCIAL_NETWORK: a small community network. A feed with a composer, topics, likes and reply
 * threads beside a profile card and "people to follow"; a members directory (`/members`). With a backend
 * the members, posts and replies live in the app's `members`, `posts` and `replies` tables behind
 * `/api/posts`, `/api/posts/[id]`, `/api/replies` and `/api/members`; without one they stay in
 * localStorage. Who you follow and what you liked are kept in this browser.
 * @module
 */
import { jsString, jsxText } from '../format.ts';
import {
  API_CALLER,
  loadingHint,
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

/** Members: handle, name, bio, place. */
const MEMBERS: [handle: string, name: string, bio: string, place: string][] = [
  ['ana', 'Ana Costa', 'Dog walker, two rescue greyhounds, always up for a park meet-up.', 'Riverside'],
  ['ben', 'Ben Hughes', 'Runs the Saturday repair café. Bring your broken toaster.', 'Old Town'],
  ['chloe', 'Chloe Kim', 'Baker by night, gardener by day. Sourdough starter available.', 'Hillcrest'],
  ['dev', 'Dev Patel', 'Cyclist and map nerd. Organises the Sunday ride.', 'Riverside'],
  ['emma', 'Emma Walsh', 'New here! Looking for a book club and good coffee.', 'Station Road'],
  ['felix', 'Felix Wong', 'Photographer. Posting the neighbourhood one photo at a time.', 'Old Town'],
];

/** Posts: id, author handle, body, topic, likes, minutes ago. */
const POSTS: [id: string, handle: string, body: string, topic: string, likes: number, minutesAgo: number][] =
  [
    [
      'p1',
      'ana',
      'Big dog meet-up at Riverside Park this Saturday, 10am by the east gate. Calm dogs and nervous ones welcome, we will walk the long loop.',
      'dogs',
      24,
      35,
    ],
    [
      'p2',
      'chloe',
      'I have too much sourdough starter again. If you want some, leave a jar on my step (14 Hillcrest Lane) and I will fill it tonight.',
      'food',
      41,
      150,
    ],
    [
      'p3',
      'ben',
      'Repair café is back next Saturday in the church hall. Last month we saved 3 lamps, a bike and a very old radio.',
      'events',
      18,
      420,
    ],
    [
      'p4',
      'emma',
      'Does anyone know a vet near Station Road that is open on Sundays? Our puppy ate half a sock.',
      'help',
      7,
      900,
    ],
    [
      'p5',
      'felix',
      'Fog over the river this morning. Worth getting up at six for.',
      'neighbourhood',
      56,
      1500,
    ],
  ];

/** Replies: id, post id, author handle, body, minutes ago. */
const REPLIES: [id: string, postId: string, handle: string, body: string, minutesAgo: number][] = [
  ['r1', 'p1', 'dev', 'We will be there with Biscuit!', 20],
  ['r2', 'p4', 'ana', 'Hillcrest Vets does Sunday mornings. Hope the puppy is OK.', 860],
  ['r3', 'p4', 'emma', 'Thank you! All fine, sock recovered.', 600],
];

/** Builds the social network. */
export function socialApp(ctx: AppContext): BuiltApp {
  const a = ctx.accent;
  const key = slugKey(ctx.title);
  const names = new Map(MEMBERS.map((m) => [m[0], m[1]]));
  const seedMembers = MEMBERS.map(
    ([handle, name, bio, place]) =>
      `    { handle: ${jsString(handle)}, name: ${jsString(name)}, bio: ${jsString(bio)}, place: ${jsString(place)}, posts: ${POSTS.filter((p) => p[1] === handle).length} },`,
  ).join('\n');
  const seedPosts = POSTS.map(
    ([id, handle, body, topic, likes, minutesAgo]) =>
      `    { id: ${jsString(id)}, handle: ${jsString(handle)}, name: ${jsString(names.get(handle) ?? handle)}, body: ${jsString(body)}, topic: ${jsString(topic)}, likes: ${likes}, createdAt: now - ${minutesAgo} * MINUTE, replies: [${REPLIES.filter(
        (r) => r[1] === id,
      )
        .map(
          ([rid, , rh, rb, rm]) =>
            `{ id: ${jsString(rid)}, handle: ${jsString(rh)}, name: ${jsString(names.get(rh) ?? rh)}, body: ${jsString(rb)}, createdAt: now - ${rm} * MINUTE }`,
        )
        .join(', ')}] },`,
  ).join('\n');
  const localStore = `const POSTS_KEY = ${jsString(`${key}.posts`)};
const PROFILE_KEY = ${jsString(`${key}.profile`)};
const LIKED_KEY = ${jsString(`${key}.liked`)};
const FOLLOWING_KEY = ${jsString(`${key}.following`)};
const MINUTE = 60 * 1000;

function starterMembers() {
  return [
${seedMembers}
  ];
}

function starterPosts() {
  const now = Date.now();
  return [
${seedPosts}
  ];
}

function readLocal(key, fallback) {
  try {
    const saved = JSON.parse(window.localStorage.getItem(key) || 'null');
    return saved === null ? fallback() : saved;
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
import { useEffect, useState } from 'react';
import { AlertCircle, Hash, Loader2, MapPin, Send, UserPlus, Users } from 'lucide-react';
import AppHeader from '@/components/AppHeader';
import Avatar from '@/components/Avatar';
import FeedPost from '@/components/FeedPost';

${localStore}

const TOPICS = ['neighbourhood', 'dogs', 'food', 'events', 'help'];

export default function FeedPage() {
  const [source, setSource] = useState('loading');
  const [posts, setPosts] = useState([]);
  const [members, setMembers] = useState([]);
  const [profile, setProfile] = useState({ name: '' });
  const [liked, setLiked] = useState([]);
  const [following, setFollowing] = useState([]);
  const [topic, setTopic] = useState('');
  const [draft, setDraft] = useState({ name: '', body: '', topic: 'neighbourhood' });

${documentTitleEffect(ctx.title)}

${NOTICE_STATE}

  useEffect(() => {
    setProfile(readLocal(PROFILE_KEY, () => ({ name: '' })));
    setLiked(readLocal(LIKED_KEY, () => []));
    setFollowing(readLocal(FOLLOWING_KEY, () => ['ana']));
    let active = true;
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), 5000);
    const get = (path) => fetch(path, { signal: controller.signal }).then((res) => (res.ok ? res.json() : null)).catch(() => null);
    Promise.all([get('/api/posts'), get('/api/members')]).then(([p, m]) => {
      clearTimeout(timer);
      if (!active) return;
      if (p && Array.isArray(p.posts) && m && Array.isArray(m.members)) {
        setPosts(p.posts);
        setMembers(m.members);
        setSource('server');
      } else {
        // No backend answered (a static copy or a render check): the browser keeps the feed.
        setPosts(readLocal(POSTS_KEY, starterPosts));
        setMembers(starterMembers());
        setSource('local');
      }
    });
    return () => {
      active = false;
      clearTimeout(timer);
      controller.abort();
    };
  }, []);

  useEffect(() => {
    if (source === 'local') writeLocal(POSTS_KEY, posts);
  }, [posts, source]);

${API_CALLER}

  function handleOf(name) {
    return name.toLowerCase().replace(/[^a-z0-9]+/g, '').slice(0, 20) || 'member';
  }

  function publish(event) {
    event.preventDefault();
    const name = (profile.name || draft.name).trim();
    const body = draft.body.trim();
    if (!name || !body) return;
    if (!profile.name) {
      setProfile({ name });
      writeLocal(PROFILE_KEY, { name });
    }
    const post = { id: Date.now().toString(36), handle: handleOf(name), name, body, topic: draft.topic, likes: 0, createdAt: Date.now(), replies: [] };
    setPosts((current) => [post, ...current]);
    setDraft({ ...draft, body: '' });
    if (source !== 'server') return;
    api('POST', '/api/posts', { name, body, topic: draft.topic })
      .then((data) => setPosts((current) => current.map((p) => (p.id === post.id ? data.post : p))))
      .catch((error) => {
        setPosts((current) => current.filter((p) => p.id !== post.id));
        setDraft((d) => ({ ...d, body }));
        setNotice("Couldn't share your post. " + error.message);
      });
  }

  function toggleLike(post) {
    const on = !liked.includes(post.id);
    const nextLiked = on ? [...liked, post.id] : liked.filter((id) => id !== post.id);
    setLiked(nextLiked);
    writeLocal(LIKED_KEY, nextLiked);
    const delta = on ? 1 : -1;
    setPosts((current) => current.map((p) => (p.id === post.id ? { ...p, likes: p.likes + delta } : p)));
    if (source !== 'server') return;
    api('PATCH', '/api/posts/' + encodeURIComponent(post.id), { like: delta }).catch((error) => {
      setLiked(liked);
      writeLocal(LIKED_KEY, liked);
      setPosts((current) => current.map((p) => (p.id === post.id ? { ...p, likes: p.likes - delta } : p)));
      setNotice("Couldn't save your like. " + error.message);
    });
  }

  function reply(post, body) {
    const name = profile.name || 'Neighbour';
    const entry = { id: Date.now().toString(36), handle: handleOf(name), name, body, createdAt: Date.now() };
    const withReply = (p) => (p.id === post.id ? { ...p, replies: [...p.replies, entry] } : p);
    setPosts((current) => current.map(withReply));
    if (source !== 'server') return;
    api('POST', '/api/replies', { postId: post.id, name, body })
      .then((data) => setPosts((current) => current.map((p) => (p.id === post.id ? { ...p, replies: p.replies.map((r) => (r.id === entry.id ? data.reply : r)) } : p))))
      .catch((error) => {
        setPosts((current) => current.map((p) => (p.id === post.id ? { ...p, replies: p.replies.filter((r) => r.id !== entry.id) } : p)));
        setNotice("Couldn't post your reply. " + error.message);
      });
  }

  function toggleFollow(handle) {
    const next = following.includes(handle) ? following.filter((h) => h !== handle) : [...following, handle];
    setFollowing(next);
    writeLocal(FOLLOWING_KEY, next);
  }

  const visible = posts.filter((p) => !topic || p.topic === topic).slice().sort((x, y) => y.createdAt - x.createdAt);
  const myPosts = profile.name ? posts.filter((p) => p.name === profile.name).length : 0;
  const suggestions = members.filter((m) => !following.includes(m.handle) && m.name !== profile.name).slice(0, 4);

  return (
    <div className="min-h-screen bg-slate-100 text-slate-900">
      <AppHeader />
      <main className="mx-auto grid max-w-6xl grid-cols-1 gap-6 px-4 py-6 sm:px-6 lg:grid-cols-[240px_1fr_280px]">
        <aside className="hidden space-y-4 lg:block">
          <section className="overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
            <div className="h-16 bg-gradient-to-r from-${a}-500 to-${a}-300" />
            <div className="-mt-8 px-4 pb-4">
              <Avatar name={profile.name || '?'} size="lg" />
              <p className="mt-2 font-semibold">{profile.name || 'Welcome, neighbour'}</p>
              <p className="text-sm text-slate-500">{profile.name ? '@' + handleOf(profile.name) : 'Share your first post to join in.'}</p>
              <dl className="mt-3 flex gap-4 text-sm">
                <div><dt className="text-slate-500">Posts</dt><dd className="font-semibold">{myPosts}</dd></div>
                <div><dt className="text-slate-500">Following</dt><dd className="font-semibold">{following.length}</dd></div>
              </dl>
            </div>
          </section>
          <nav aria-label="Topics" className="rounded-2xl bg-white p-2 shadow-sm ring-1 ring-slate-200">
            <button type="button" onClick={() => setTopic('')} className={!topic ? 'flex w-full items-center gap-2 rounded-xl bg-${a}-50 px-3 py-2 text-sm font-semibold text-${a}-700' : 'flex w-full items-center gap-2 rounded-xl px-3 py-2 text-sm text-slate-600 hover:bg-slate-50'}>
              <Users className="h-4 w-4" aria-hidden="true" /> Everything
            </button>
            {TOPICS.map((t) => (
              <button key={t} type="button" onClick={() => setTopic(t)} className={topic === t ? 'flex w-full items-center gap-2 rounded-xl bg-${a}-50 px-3 py-2 text-sm font-semibold text-${a}-700' : 'flex w-full items-center gap-2 rounded-xl px-3 py-2 text-sm text-slate-600 hover:bg-slate-50'}>
                <Hash className="h-4 w-4" aria-hidden="true" /> {t}
              </button>
            ))}
          </nav>
        </aside>

        <section aria-label="Feed" className="min-w-0 space-y-4">
          <h1 className="sr-only">${jsxText(ctx.title)}</h1>
          <form onSubmit={publish} aria-label="Share something" className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
            <div className="flex gap-3">
              <Avatar name={profile.name || draft.name || '?'} />
              <div className="min-w-0 flex-1 space-y-2">
                {!profile.name && (
                  <label className="block">
                    <span className="sr-only">Your name</span>
                    <input name="name" autoComplete="name" value={draft.name} onChange={(e) => setDraft({ ...draft, name: e.target.value })} placeholder="Your name" className="w-full rounded-xl border border-slate-200 px-3 py-2 text-sm focus:border-${a}-400 focus:outline-none focus:ring-4 focus:ring-${a}-100" />
                  </label>
                )}
                <label className="block">
                  <span className="sr-only">What is happening in the neighbourhood?</span>
                  <textarea name="body" rows={3} maxLength={500} value={draft.body} onChange={(e) => setDraft({ ...draft, body: e.target.value })} placeholder="What is happening in the neighbourhood?" className="w-full resize-none rounded-xl border border-slate-200 px-3 py-2 focus:border-${a}-400 focus:outline-none focus:ring-4 focus:ring-${a}-100" />
                </label>
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <label className="flex items-center gap-1.5 text-sm text-slate-500">
                    <Hash className="h-4 w-4" aria-hidden="true" />
                    <select name="topic" aria-label="Topic" value={draft.topic} onChange={(e) => setDraft({ ...draft, topic: e.target.value })} className="rounded-lg border border-slate-200 bg-white px-2 py-1.5 text-sm text-slate-700">
                      {TOPICS.map((t) => (
                        <option key={t} value={t}>{t}</option>
                      ))}
                    </select>
                  </label>
                  <div className="flex items-center gap-3">
                    <span className={draft.body.length > 450 ? 'text-xs font-medium text-red-600' : 'text-xs text-slate-400'}>{500 - draft.body.length}</span>
                    <button type="submit" disabled={!draft.body.trim() || !(profile.name || draft.name.trim())} className="inline-flex items-center gap-1.5 rounded-full bg-${a}-600 px-4 py-2 text-sm font-semibold text-white hover:bg-${a}-700 disabled:opacity-50">
                      <Send className="h-4 w-4" aria-hidden="true" />
                      Share
                    </button>
                  </div>
                </div>
              </div>
            </div>
          </form>

          <div className="flex gap-1.5 overflow-x-auto lg:hidden" aria-label="Topics on this phone">
            {['', ...TOPICS].map((t) => (
              <button key={t || 'all'} type="button" onClick={() => setTopic(t)} aria-pressed={topic === t} className={topic === t ? 'shrink-0 rounded-full bg-${a}-600 px-3 py-1.5 text-sm font-semibold text-white' : 'shrink-0 rounded-full bg-white px-3 py-1.5 text-sm text-slate-600 ring-1 ring-slate-200'}>
                {t ? '#' + t : 'Everything'}
              </button>
            ))}
          </div>
          <div className="flex items-center justify-between px-1">
            <p className="text-sm font-medium text-slate-600">{topic ? '#' + topic : 'Latest from your circles'}</p>
            ${loadingHint('Loading the feed…')}
          </div>
          {visible.map((p) => (
            <FeedPost key={p.id} post={p} liked={liked.includes(p.id)} onLike={() => toggleLike(p)} onReply={(body) => reply(p, body)} />
          ))}
          {source !== 'loading' && visible.length === 0 && (
            <p className="rounded-2xl bg-white px-6 py-12 text-center text-slate-500 ring-1 ring-slate-200">No posts in #{topic} yet. Be the first.</p>
          )}
        </section>

        <aside className="space-y-4">
          <section className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
            <h2 className="text-sm font-semibold">People to follow</h2>
            <ul className="mt-3 space-y-3">
              {suggestions.map((m) => (
                <li key={m.handle} className="flex items-center gap-3">
                  <Avatar name={m.name} size="sm" />
                  <div className="min-w-0 flex-1">
                    <p className="truncate text-sm font-medium">{m.name}</p>
                    <p className="flex items-center gap-1 truncate text-xs text-slate-500"><MapPin className="h-3 w-3" aria-hidden="true" />{m.place}</p>
                  </div>
                  <button type="button" onClick={() => toggleFollow(m.handle)} aria-label={'Follow ' + m.name} className="rounded-full border border-${a}-200 p-1.5 text-${a}-700 hover:bg-${a}-50">
                    <UserPlus className="h-4 w-4" aria-hidden="true" />
                  </button>
                </li>
              ))}
              {suggestions.length === 0 && <li className="text-sm text-slate-500">You follow everyone. Nice!</li>}
            </ul>
            <a href="/members" className="mt-3 block text-sm font-medium text-${a}-700 hover:underline">See all members</a>
          </section>
          <p className="px-1 text-xs text-slate-400">
            {source === 'server' ? "Posts are saved in the app's database." : source === 'local' ? 'Posts are saved in this browser.' : ''}
          </p>
        </aside>
      </main>
${NOTICE_TOAST}
    </div>
  );
}
`,
  );

  const membersPage = page(
    'members',
    `
import { useEffect, useState } from 'react';
import { Check, Loader2, MapPin, Search, UserPlus } from 'lucide-react';
import AppHeader from '@/components/AppHeader';
import Avatar from '@/components/Avatar';

${localStore}

export default function MembersPage() {
  const [source, setSource] = useState('loading');
  const [members, setMembers] = useState([]);
  const [following, setFollowing] = useState([]);
  const [query, setQuery] = useState('');

  useEffect(() => {
    setFollowing(readLocal(FOLLOWING_KEY, () => ['ana']));
    let active = true;
    fetch('/api/members')
      .then((res) => (res.ok ? res.json() : null))
      .catch(() => null)
      .then((data) => {
        if (!active) return;
        if (data && Array.isArray(data.members)) {
          setMembers(data.members);
          setSource('server');
        } else {
          setMembers(starterMembers());
          setSource('local');
        }
      });
    return () => {
      active = false;
    };
  }, []);

  function toggleFollow(handle) {
    const next = following.includes(handle) ? following.filter((h) => h !== handle) : [...following, handle];
    setFollowing(next);
    writeLocal(FOLLOWING_KEY, next);
  }

  const needle = query.trim().toLowerCase();
  const visible = members.filter((m) => !needle || (m.name + ' ' + m.bio + ' ' + m.place).toLowerCase().includes(needle));

  return (
    <div className="min-h-screen bg-slate-100 text-slate-900">
      <AppHeader />
      <main className="mx-auto max-w-6xl px-4 py-8 sm:px-6">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
          <div>
            <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Members</h1>
            <p className="mt-1 text-sm text-slate-600">{members.length} neighbours so far. Follow people to see them first.</p>
          </div>
          <label className="relative sm:w-72">
            <span className="sr-only">Search members</span>
            <Search className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-slate-400" aria-hidden="true" />
            <input name="search" type="search" value={query} onChange={(e) => setQuery(e.target.value)} placeholder="Search by name, place or interest" className="w-full rounded-full border border-slate-200 bg-white py-2 pl-9 pr-3 text-sm focus:border-${a}-400 focus:outline-none focus:ring-4 focus:ring-${a}-100" />
          </label>
        </div>
        <div className="mt-3">${loadingHint('Loading members…')}</div>
        <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {visible.map((m) => {
            const on = following.includes(m.handle);
            return (
              <li key={m.handle} className="flex flex-col rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
                <div className="flex items-center gap-3">
                  <Avatar name={m.name} size="lg" />
                  <div className="min-w-0">
                    <p className="truncate font-semibold">{m.name}</p>
                    <p className="text-sm text-slate-500">@{m.handle}</p>
                  </div>
                </div>
                <p className="mt-3 flex-1 text-sm text-slate-600">{m.bio}</p>
                <div className="mt-4 flex items-center justify-between text-sm">
                  <span className="flex items-center gap-1 text-slate-500"><MapPin className="h-3.5 w-3.5" aria-hidden="true" />{m.place} · {m.posts} {m.posts === 1 ? 'post' : 'posts'}</span>
                  <button type="button" onClick={() => toggleFollow(m.handle)} aria-pressed={on} aria-label={(on ? 'Unfollow ' : 'Follow ') + m.name} className={on ? 'inline-flex items-center gap-1 rounded-full bg-slate-100 px-3 py-1.5 font-medium text-slate-700' : 'inline-flex items-center gap-1 rounded-full bg-${a}-600 px-3 py-1.5 font-semibold text-white hover:bg-${a}-700'}>
                    {on ? <Check className="h-4 w-4" aria-hidden="true" /> : <UserPlus className="h-4 w-4" aria-hidden="true" />}
                    {on ? 'Following' : 'Follow'}
                  </button>
                </div>
              </li>
            );
          })}
        </ul>
      </main>
    </div>
  );
}
`,
  );

  const avatar = component(
    'Avatar',
    `
const TONES = ['bg-${a}-100 text-${a}-700', 'bg-slate-200 text-slate-700', 'bg-${a}-600 text-white', 'bg-slate-800 text-white'];

export default function Avatar(props) {
  const name = props.name || '?';
  const initials = name.split(/\\s+/).filter(Boolean).slice(0, 2).map((w) => w.charAt(0).toUpperCase()).join('') || '?';
  let hash = 0;
  for (let i = 0; i < name.length; i++) hash = (hash * 31 + name.charCodeAt(i)) % 997;
  const size = props.size === 'lg' ? 'h-14 w-14 text-lg ring-4 ring-white' : props.size === 'sm' ? 'h-9 w-9 text-xs' : 'h-11 w-11 text-sm';
  return (
    <span className={'flex shrink-0 items-center justify-center rounded-full font-semibold ' + size + ' ' + TONES[hash % TONES.length]} aria-hidden="true">
      {initials}
    </span>
  );
}
`,
  );

  const feedPost = component(
    'FeedPost',
    `
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
          <span className="mt-2 inline-block rounded-full bg-${a}-50 px-2.5 py-0.5 text-xs font-medium text-${a}-700">#{post.topic}</span>
          <div className="mt-2 flex items-center gap-1 text-sm text-slate-500">
            <button type="button" onClick={onLike} aria-pressed={liked} aria-label={liked ? 'Unlike' : 'Like'} className={liked ? 'inline-flex items-center gap-1.5 rounded-full px-2.5 py-1.5 font-medium text-${a}-600 hover:bg-${a}-50' : 'inline-flex items-center gap-1.5 rounded-full px-2.5 py-1.5 hover:bg-slate-100'}>
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
                  <input name="reply" value={text} onChange={(e) => setText(e.target.value)} placeholder={'Reply to ' + post.name.split(' ')[0]} className="w-full rounded-full border border-slate-200 px-3 py-1.5 text-sm focus:border-${a}-400 focus:outline-none focus:ring-4 focus:ring-${a}-100" />
                </label>
                <button type="submit" aria-label="Send reply" disabled={!text.trim()} className="rounded-full bg-${a}-600 p-2 text-white hover:bg-${a}-700 disabled:opacity-50">
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
`,
  );

  return {
    migrations: [socialMigration()],
    modules: [
      postsRoute(),
      postRoute(),
      repliesRoute(),
      membersRoute(),
      home,
      membersPage,
      appHeader(ctx, {
        icon: 'Users',
        links: [
          { href: '/', label: 'Feed' },
          { href: '/members', label: 'Members' },
        ],
        maxWidth: 'max-w-6xl',
      }),
      avatar,
      feedPost,
    ],
    plan: [
      `Build "${ctx.title}", a small community network.`,
      '- Tables `members` (six neighbours), `posts` (five posts with topics and likes) and `replies` (three).',
      '- Functions: `/api/posts` (GET the feed with replies, POST a post; the author joins the members), `/api/posts/[id]` (PATCH a like or unlike), `/api/replies` (POST) and `/api/members` (GET with post counts).',
      '- Page `/`: a profile card and topics on the left, a composer (name once, text, topic, characters left) and the feed with likes and reply threads in the middle, people to follow on the right.',
      '- Page `/members`: the directory with search and Follow buttons.',
      '- Components: AppHeader, Avatar (initials), FeedPost.',
      `- Without a backend the feed stays in the browser; likes and follows are per browser. ${a} accent, Tailwind, lucide-react icons.`,
    ].join('\n'),
    summary: [
      `I built **${ctx.title}**, a community network: share a post with a topic, like posts, reply in threads, filter the feed by topic, and find and follow neighbours on the Members page.`,
      '',
      "Members, posts and replies live in the app's database (tables `members`, `posts` and `replies`, through `/api/posts`, `/api/posts/[id]`, `/api/replies` and `/api/members`); your name, likes and follows are remembered in this browser. Opened without its backend, the feed stays in the browser.",
    ].join('\n'),
    choices: [
      `change the colour to ${otherHue(ctx.accent, 'violet', 'blue')}`,
      `rename the app to ${otherName(ctx.title, 'Good Neighbours', 'Street Life')}`,
      'add sign-in',
    ],
  };
}

function socialMigration(): BuiltMigration {
  const names = new Map(MEMBERS.map((m) => [m[0], m[1]]));
  const ms = (minutes: number) => `(extract(epoch from now()) * 1000)::bigint - ${minutes * 60_000}`;
  const members = MEMBERS.map(
    ([handle, name, bio, place]) =>
      `  (${sqlText(handle)}, ${sqlText(name)}, ${sqlText(bio)}, ${sqlText(place)})`,
  );
  const posts = POSTS.map(
    ([id, handle, body, topic, likes, minutesAgo]) =>
      `  (${sqlText(id)}, ${sqlText(handle)}, ${sqlText(names.get(handle) ?? handle)}, ${sqlText(body)}, ${sqlText(topic)}, ${likes}, ${ms(minutesAgo)})`,
  );
  const replies = REPLIES.map(
    ([id, postId, handle, body, minutesAgo]) =>
      `  (${sqlText(id)}, ${sqlText(postId)}, ${sqlText(handle)}, ${sqlText(names.get(handle) ?? handle)}, ${sqlText(body)}, ${ms(minutesAgo)})`,
  );
  return {
    name: 'create_members_posts_and_replies',
    sql: `CREATE TABLE members (
  handle text PRIMARY KEY,
  name text NOT NULL,
  bio text NOT NULL DEFAULT '',
  place text NOT NULL DEFAULT ''
);
CREATE TABLE posts (
  id text PRIMARY KEY,
  handle text NOT NULL,
  name text NOT NULL,
  body text NOT NULL,
  topic text NOT NULL DEFAULT 'neighbourhood',
  likes integer NOT NULL DEFAULT 0 CHECK (likes >= 0),
  created_at bigint NOT NULL
);
CREATE TABLE replies (
  id text PRIMARY KEY,
  post_id text NOT NULL REFERENCES posts(id) ON DELETE CASCADE,
  handle text NOT NULL,
  name text NOT NULL,
  body text NOT NULL,
  created_at bigint NOT NULL
);
INSERT INTO members (handle, name, bio, place) VALUES
${members.join(',\n')};
INSERT INTO posts (id, handle, name, body, topic, likes, created_at) VALUES
${posts.join(',\n')};
INSERT INTO replies (id, post_id, handle, name, body, created_at) VALUES
${replies.join(',\n')};`,
  };
}

const HELPERS = `${READ_BODY}

function text(value: unknown, max: number): string {
  return typeof value === 'string' ? value.trim().slice(0, max) : '';
}

/** A member's handle from a display name: lowercase letters and digits. */
function handleOf(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]+/g, '').slice(0, 20) || 'member';
}

function toReply(row: Record<string, unknown>) {
  return {
    id: String(row.id),
    handle: String(row.handle),
    name: String(row.name),
    body: String(row.body),
    createdAt: Number(row.created_at),
  };
}

function toPost(row: Record<string, unknown>, replies: Record<string, unknown>[]) {
  return {
    id: String(row.id),
    handle: String(row.handle),
    name: String(row.name),
    body: String(row.body),
    topic: String(row.topic),
    likes: Number(row.likes),
    createdAt: Number(row.created_at),
    replies: replies.filter((r) => r.post_id === row.id).map(toReply),
  };
}`;

const TOPICS = "['neighbourhood', 'dogs', 'food', 'events', 'help']";

/** `/api/posts`: the feed (newest first, with replies) and sharing a post. */
function postsRoute() {
  return apiRoute(
    'posts',
    `
${SQL_IMPORT}

${HELPERS}

export async function GET() {
  const posts = await sql\`SELECT * FROM posts ORDER BY created_at DESC LIMIT 100\`;
  const replies = await sql\`SELECT * FROM replies ORDER BY created_at\`;
  return Response.json({ posts: posts.map((row) => toPost(row, replies)) });
}

/** Shares a post: { name, body, topic }. The author joins the members the first time. */
export async function POST(request: Request) {
  const body = await readBody(request);
  if (!body) return badRequest('Send the post as JSON.');
  const name = text(body.name, 60);
  const message = text(body.body, 500);
  const topic = ${TOPICS}.includes(String(body.topic)) ? String(body.topic) : 'neighbourhood';
  if (!name) return badRequest('Add your name to post.');
  if (!message) return badRequest('Write something to share.');
  const handle = handleOf(name);
  await sql\`INSERT INTO members (handle, name) VALUES (\${handle}, \${name}) ON CONFLICT (handle) DO NOTHING\`;
  const [row] = await sql\`
    INSERT INTO posts (id, handle, name, body, topic, likes, created_at)
    VALUES (\${crypto.randomUUID()}, \${handle}, \${name}, \${message}, \${topic}, 0, \${Date.now()})
    RETURNING *\`;
  return Response.json({ post: toPost(row, []) }, { status: 201 });
}
`,
  );
}

/** `/api/posts/[id]`: a like (+1) or an unlike (-1). */
function postRoute() {
  return apiRoute(
    'posts/[id]',
    `
${SQL_IMPORT}

${HELPERS}

type Context = { params: { id: string } };

export async function PATCH(request: Request, { params }: Context) {
  const body = await readBody(request);
  const like = body ? body.like : undefined;
  if (like !== 1 && like !== -1) return badRequest('Send { "like": 1 } to like or { "like": -1 } to unlike.');
  const [row] = await sql\`UPDATE posts SET likes = GREATEST(0, likes + \${like}) WHERE id = \${params.id} RETURNING *\`;
  if (!row) return Response.json({ error: 'That post no longer exists.' }, { status: 404 });
  const replies = await sql\`SELECT * FROM replies WHERE post_id = \${params.id} ORDER BY created_at\`;
  return Response.json({ post: toPost(row, replies) });
}
`,
  );
}

/** `/api/replies`: replies to a post. */
function repliesRoute() {
  return apiRoute(
    'replies',
    `
${SQL_IMPORT}

${HELPERS}

/** Adds a reply: { postId, name, body }. */
export async function POST(request: Request) {
  const body = await readBody(request);
  if (!body) return badRequest('Send the reply as JSON.');
  const postId = text(body.postId, 100);
  const name = text(body.name, 60);
  const message = text(body.body, 500);
  if (!name || !message) return badRequest('A reply needs your name and some words.');
  const [post] = await sql\`SELECT id FROM posts WHERE id = \${postId}\`;
  if (!post) return Response.json({ error: 'That post no longer exists.' }, { status: 404 });
  const [row] = await sql\`
    INSERT INTO replies (id, post_id, handle, name, body, created_at)
    VALUES (\${crypto.randomUUID()}, \${postId}, \${handleOf(name)}, \${name}, \${message}, \${Date.now()})
    RETURNING *\`;
  return Response.json({ reply: toReply(row) }, { status: 201 });
}
`,
  );
}

/** `/api/members`: the directory with each member's number of posts. */
function membersRoute() {
  return apiRoute(
    'members',
    `
${SQL_IMPORT}

export async function GET() {
  const rows = await sql\`
    SELECT m.*, (SELECT count(*) FROM posts p WHERE p.handle = m.handle)::int AS post_count
    FROM members m ORDER BY m.name\`;
  return Response.json({
    members: rows.map((row) => ({
      handle: String(row.handle),
      name: String(row.name),
      bio: String(row.bio),
      place: String(row.place),
      posts: Number(row.post_count),
    })),
  });
}
`,
  );
}
