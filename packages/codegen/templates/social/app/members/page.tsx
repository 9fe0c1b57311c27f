import { useEffect, useState } from 'react';
import { Check, Loader2, MapPin, Search, UserPlus } from 'lucide-react';
import AppHeader from '@/components/AppHeader';
import Avatar from '@/components/Avatar';

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
            <input name="search" type="search" value={query} onChange={(e) => setQuery(e.target.value)} placeholder="Search by name, place or interest" className="w-full rounded-full border border-slate-200 bg-white py-2 pl-9 pr-3 text-sm focus:border-kiln-hue-400 focus:outline-none focus:ring-4 focus:ring-kiln-hue-100" />
          </label>
        </div>
        <div className="mt-3">{source === 'loading' && (
            <span className="inline-flex items-center gap-1.5 text-xs font-medium text-slate-400">
              <Loader2 className="h-3.5 w-3.5 animate-spin" aria-hidden="true" />
              Loading members…
            </span>
          )}</div>
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
                  <button type="button" onClick={() => toggleFollow(m.handle)} aria-pressed={on} aria-label={(on ? 'Unfollow ' : 'Follow ') + m.name} className={on ? 'inline-flex items-center gap-1 rounded-full bg-slate-100 px-3 py-1.5 font-medium text-slate-700' : 'inline-flex items-center gap-1 rounded-full bg-kiln-hue-600 px-3 py-1.5 font-semibold text-white hover:bg-kiln-hue-700'}>
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
