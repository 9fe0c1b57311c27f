import { useEffect, useState } from 'react';
import { AlertCircle, Hash, Loader2, MapPin, Send, UserPlus, Users } from 'lucide-react';
import AppHeader from '@/components/AppHeader';
import Avatar from '@/components/Avatar';
import FeedPost from '@/components/FeedPost';

const POSTS_KEY = 'kiln-slug.posts';
const PROFILE_KEY = 'kiln-slug.profile';
const LIKED_KEY = 'kiln-slug.liked';
const FOLLOWING_KEY = 'kiln-slug.following';
const MINUTE = 60 * 1000;

function starterMembers() {
  return [
    { handle: 'ana', name: 'Ana Costa', bio: 'Dog walker, two rescue greyhounds, always up for a park meet-up.', place: 'Riverside', posts: 1 },
    { handle: 'ben', name: 'Ben Hughes', bio: 'Runs the Saturday repair café. Bring your broken toaster.', place: 'Old Town', posts: 1 },
    { handle: 'chloe', name: 'Chloe Kim', bio: 'Baker by night, gardener by day. Sourdough starter available.', place: 'Hillcrest', posts: 1 },
    { handle: 'dev', name: 'Dev Patel', bio: 'Cyclist and map nerd. Organises the Sunday ride.', place: 'Riverside', posts: 0 },
    { handle: 'emma', name: 'Emma Walsh', bio: 'New here! Looking for a book club and good coffee.', place: 'Station Road', posts: 1 },
    { handle: 'felix', name: 'Felix Wong', bio: 'Photographer. Posting the neighbourhood one photo at a time.', place: 'Old Town', posts: 1 },
  ];
}

function starterPosts() {
  const now = Date.now();
  return [
    { id: 'p1', handle: 'ana', name: 'Ana Costa', body: 'Big dog meet-up at Riverside Park this Saturday, 10am by the east gate. Calm dogs and nervous ones welcome, we will walk the long loop.', topic: 'dogs', likes: 24, createdAt: now - 35 * MINUTE, replies: [{ id: 'r1', handle: 'dev', name: 'Dev Patel', body: 'We will be there with Biscuit!', createdAt: now - 20 * MINUTE }] },
    { id: 'p2', handle: 'chloe', name: 'Chloe Kim', body: 'I have too much sourdough starter again. If you want some, leave a jar on my step (14 Hillcrest Lane) and I will fill it tonight.', topic: 'food', likes: 41, createdAt: now - 150 * MINUTE, replies: [] },
    { id: 'p3', handle: 'ben', name: 'Ben Hughes', body: 'Repair café is back next Saturday in the church hall. Last month we saved 3 lamps, a bike and a very old radio.', topic: 'events', likes: 18, createdAt: now - 420 * MINUTE, replies: [] },
    { id: 'p4', handle: 'emma', name: 'Emma Walsh', body: 'Does anyone know a vet near Station Road that is open on Sundays? Our puppy ate half a sock.', topic: 'help', likes: 7, createdAt: now - 900 * MINUTE, replies: [{ id: 'r2', handle: 'ana', name: 'Ana Costa', body: 'Hillcrest Vets does Sunday mornings. Hope the puppy is OK.', createdAt: now - 860 * MINUTE }, { id: 'r3', handle: 'emma', name: 'Emma Walsh', body: 'Thank you! All fine, sock recovered.', createdAt: now - 600 * MINUTE }] },
    { id: 'p5', handle: 'felix', name: 'Felix Wong', body: 'Fog over the river this morning. Worth getting up at six for.', topic: 'neighbourhood', likes: 56, createdAt: now - 1500 * MINUTE, replies: [] },
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
}

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

  useEffect(() => {
    document.title = kiln.title;
  }, []);

  const [notice, setNotice] = useState('');

  useEffect(() => {
    if (!notice) return undefined;
    const timer = setTimeout(() => setNotice(''), 4500);
    return () => clearTimeout(timer);
  }, [notice]);

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
            <div className="h-16 bg-gradient-to-r from-kiln-hue-500 to-kiln-hue-300" />
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
            <button type="button" onClick={() => setTopic('')} className={!topic ? 'flex w-full items-center gap-2 rounded-xl bg-kiln-hue-50 px-3 py-2 text-sm font-semibold text-kiln-hue-700' : 'flex w-full items-center gap-2 rounded-xl px-3 py-2 text-sm text-slate-600 hover:bg-slate-50'}>
              <Users className="h-4 w-4" aria-hidden="true" /> Everything
            </button>
            {TOPICS.map((t) => (
              <button key={t} type="button" onClick={() => setTopic(t)} className={topic === t ? 'flex w-full items-center gap-2 rounded-xl bg-kiln-hue-50 px-3 py-2 text-sm font-semibold text-kiln-hue-700' : 'flex w-full items-center gap-2 rounded-xl px-3 py-2 text-sm text-slate-600 hover:bg-slate-50'}>
                <Hash className="h-4 w-4" aria-hidden="true" /> {t}
              </button>
            ))}
          </nav>
        </aside>

        <section aria-label="Feed" className="min-w-0 space-y-4">
          <h1 className="sr-only">kiln-titleText</h1>
          <form onSubmit={publish} aria-label="Share something" className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
            <div className="flex gap-3">
              <Avatar name={profile.name || draft.name || '?'} />
              <div className="min-w-0 flex-1 space-y-2">
                {!profile.name && (
                  <label className="block">
                    <span className="sr-only">Your name</span>
                    <input name="name" autoComplete="name" value={draft.name} onChange={(e) => setDraft({ ...draft, name: e.target.value })} placeholder="Your name" className="w-full rounded-xl border border-slate-200 px-3 py-2 text-sm focus:border-kiln-hue-400 focus:outline-none focus:ring-4 focus:ring-kiln-hue-100" />
                  </label>
                )}
                <label className="block">
                  <span className="sr-only">What is happening in the neighbourhood?</span>
                  <textarea name="body" rows={3} maxLength={500} value={draft.body} onChange={(e) => setDraft({ ...draft, body: e.target.value })} placeholder="What is happening in the neighbourhood?" className="w-full resize-none rounded-xl border border-slate-200 px-3 py-2 focus:border-kiln-hue-400 focus:outline-none focus:ring-4 focus:ring-kiln-hue-100" />
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
                    <button type="submit" disabled={!draft.body.trim() || !(profile.name || draft.name.trim())} className="inline-flex items-center gap-1.5 rounded-full bg-kiln-hue-600 px-4 py-2 text-sm font-semibold text-white hover:bg-kiln-hue-700 disabled:opacity-50">
                      <Send className="h-4 w-4" aria-hidden="true" />
                      Share
                    </button>
                  </div>
                </div>
              </div>
            </div>
          </form>

          {/* biome-ignore lint/a11y/useAriaPropsSupportedByRole: kiln: the generated code labels the topic chips this way. */}
          <div className="flex gap-1.5 overflow-x-auto lg:hidden" aria-label="Topics on this phone">
            {['', ...TOPICS].map((t) => (
              <button key={t || 'all'} type="button" onClick={() => setTopic(t)} aria-pressed={topic === t} className={topic === t ? 'shrink-0 rounded-full bg-kiln-hue-600 px-3 py-1.5 text-sm font-semibold text-white' : 'shrink-0 rounded-full bg-white px-3 py-1.5 text-sm text-slate-600 ring-1 ring-slate-200'}>
                {t ? '#' + t : 'Everything'}
              </button>
            ))}
          </div>
          <div className="flex items-center justify-between px-1">
            <p className="text-sm font-medium text-slate-600">{topic ? '#' + topic : 'Latest from your circles'}</p>
            {source === 'loading' && (
            <span className="inline-flex items-center gap-1.5 text-xs font-medium text-slate-400">
              <Loader2 className="h-3.5 w-3.5 animate-spin" aria-hidden="true" />
              Loading the feed…
            </span>
          )}
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
                  <button type="button" onClick={() => toggleFollow(m.handle)} aria-label={'Follow ' + m.name} className="rounded-full border border-kiln-hue-200 p-1.5 text-kiln-hue-700 hover:bg-kiln-hue-50">
                    <UserPlus className="h-4 w-4" aria-hidden="true" />
                  </button>
                </li>
              ))}
              {suggestions.length === 0 && <li className="text-sm text-slate-500">You follow everyone. Nice!</li>}
            </ul>
            <a href="/members" className="mt-3 block text-sm font-medium text-kiln-hue-700 hover:underline">See all members</a>
          </section>
          <p className="px-1 text-xs text-slate-400">
            {source === 'server' ? "Posts are saved in the app's database." : source === 'local' ? 'Posts are saved in this browser.' : ''}
          </p>
        </aside>
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
