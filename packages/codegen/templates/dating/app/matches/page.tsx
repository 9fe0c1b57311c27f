import { useEffect, useState } from 'react';
import { AlertCircle, Clock, Heart, Loader2 } from 'lucide-react';
import AppHeader from '@/components/AppHeader';
import MatchCard from '@/components/MatchCard';

export default function MatchesPage() {
  const storageKey = 'kiln-slug.swipes';

  // Without a backend: the sample profiles, and your decisions kept in this browser.
  function localProfiles() {
    let swipes = {};
    try {
      swipes = JSON.parse(window.localStorage.getItem(storageKey) || '{}') || {};
    } catch {
      swipes = {};
    }
    return [
    { id: 'elena', name: 'Elena', age: 29, city: 'Riverside', distanceKm: 3, bio: 'Weekend trail runner, weekday architect. Looking for someone to share summit snacks with.', interests: ['hiking', 'coffee', 'architecture'], prompt: 'A perfect Sunday', answer: 'Sunrise hike, long brunch, and a nap I will deny taking.', photo: 'Smiling woman with a backpack on a mountain trail at sunrise', likesYou: true },
    { id: 'jonah', name: 'Jonah', age: 32, city: 'Old Town', distanceKm: 5, bio: 'Sound engineer who bakes sourdough for the whole building.', interests: ['music', 'baking', 'hiking'], prompt: 'I geek out on', answer: 'Old synthesizers and the perfect open crumb.', photo: 'Man with curly hair holding a loaf of sourdough in a sunny kitchen', likesYou: false },
    { id: 'aisha', name: 'Aisha', age: 27, city: 'Harbourside', distanceKm: 8, bio: 'Marine biologist. I will talk about octopuses on the first date, you have been warned.', interests: ['diving', 'travel', 'books'], prompt: 'Two truths and a lie', answer: 'I have held a baby shark, I speak four languages, I dislike coffee.', photo: 'Woman in a wetsuit laughing on a boat at sea', likesYou: true },
    { id: 'mateo', name: 'Mateo', age: 30, city: 'Northside', distanceKm: 2, bio: 'Climbing gym regular, amateur chef, proudly terrible at karaoke.', interests: ['climbing', 'cooking', 'hiking'], prompt: 'Green flags I look for', answer: 'Kind to waiters, texts back, shares dessert without being asked.', photo: 'Man chalking his hands in front of a colourful climbing wall', likesYou: true },
    { id: 'noor', name: 'Noor', age: 34, city: 'Garden District', distanceKm: 12, bio: 'Product designer with a balcony garden that is slowly taking over the flat.', interests: ['gardening', 'design', 'yoga'], prompt: 'My simple pleasures', answer: 'Fresh basil, clean sheets and a well-kerned poster.', photo: 'Woman watering plants on a sunny balcony full of herbs', likesYou: false },
    { id: 'sam', name: 'Sam', age: 28, city: 'Eastgate', distanceKm: 6, bio: 'Nurse on nights, mountain biker on days off. Dog person, cat tolerant.', interests: ['cycling', 'hiking', 'podcasts'], prompt: 'Let\'s make sure we\'re on the same page about', answer: 'Dogs are family and pineapple on pizza is fine.', photo: 'Person with a mountain bike and a happy dog on a forest path', likesYou: true },
    { id: 'claire', name: 'Claire', age: 31, city: 'University Quarter', distanceKm: 20, bio: 'History teacher and host of a very competitive board-game night.', interests: ['board games', 'history', 'hiking'], prompt: 'The way to win me over is', answer: 'Know one obscure historical fact and lose gracefully at Catan.', photo: 'Woman laughing at a table covered with board games', likesYou: false },
    { id: 'kenji', name: 'Kenji', age: 33, city: 'Station Hill', distanceKm: 4, bio: 'Photographer chasing good light and better ramen.', interests: ['photography', 'food', 'travel'], prompt: 'Typical Saturday', answer: 'Golden-hour walk with my camera, then the ramen place with the long queue.', photo: 'Man with a film camera on a city rooftop at golden hour', likesYou: true },
    ].map((p) => ({ ...p, decision: swipes[p.id] || null, matched: swipes[p.id] === 'like' && p.likesYou }));
  }

  function keepLocal(list) {
    const swipes = {};
    for (const p of list) if (p.decision) swipes[p.id] = p.decision;
    try {
      window.localStorage.setItem(storageKey, JSON.stringify(swipes));
    } catch {
      // Storage can be full or disabled; decisions still count for this visit.
    }
  }

  // 'loading' until /api/profiles answers, then 'server' (the app's database) or 'local' (this browser only).
  const [source, setSource] = useState('loading');
  const [profiles, setProfiles] = useState([]);

  const [notice, setNotice] = useState('');

  useEffect(() => {
    if (!notice) return undefined;
    const timer = setTimeout(() => setNotice(''), 4500);
    return () => clearTimeout(timer);
  }, [notice]);

  useEffect(() => {
    let active = true;
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), 5000);
    fetch('/api/profiles', { signal: controller.signal })
      .then((res) => (res.ok ? res.json() : null))
      .catch(() => null)
      .then((data) => {
        clearTimeout(timer);
        if (!active) return;
        if (data && Array.isArray(data.profiles)) {
          setProfiles(data.profiles);
          setSource('server');
        } else {
          // No backend answered (a static copy or a render check): the browser keeps the data, as before.
          setProfiles(localProfiles());
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
    if (source === 'local') keepLocal(profiles);
  }, [profiles, source]);

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

  /** Records a decision ('like', 'pass', or null to undo); resolves to whether it made a match. */
  function decide(id, decision) {
    const before = profiles.find((p) => p.id === id);
    if (!before) return Promise.resolve(false);
    const matched = decision === 'like' && Boolean(before.likesYou);
    setProfiles((current) =>
      current.map((p) => (p.id === id ? { ...p, decision, matched: source === 'server' ? false : matched } : p)),
    );
    if (source !== 'server') return Promise.resolve(matched);
    const call = decision
      ? api('POST', '/api/swipes', { profileId: id, decision })
      : api('DELETE', '/api/swipes/' + encodeURIComponent(id));
    return call.then(
      (data) => {
        const isMatch = Boolean(data && data.matched);
        setProfiles((current) => current.map((p) => (p.id === id ? { ...p, decision, matched: isMatch } : p)));
        return isMatch;
      },
      (error) => {
        setProfiles((current) => current.map((p) => (p.id === id ? before : p)));
        setNotice("Couldn't save that. " + error.message);
        return false;
      },
    );
  }

  const matched = profiles.filter((p) => p.matched);
  const waiting = profiles.filter((p) => p.decision === 'like' && !p.matched);

  return (
    <div className="min-h-screen bg-slate-50 text-slate-900">
      <AppHeader />
      <main className="mx-auto max-w-6xl px-4 py-8 sm:px-6 md:py-10">
        <div className="flex items-end justify-between gap-3">
          <div>
            <h1 className="text-2xl font-bold tracking-tight">Your matches</h1>
            <p className="text-sm text-slate-500">People who liked you back. Send a first message while it is fresh.</p>
          </div>
          {source === 'loading' && (
            <span className="inline-flex items-center gap-1.5 text-xs font-medium text-slate-400">
              <Loader2 className="h-3.5 w-3.5 animate-spin" aria-hidden="true" />
              Loading…
            </span>
          )}
        </div>
        {matched.length > 0 ? (
          <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {matched.map((p) => (
              <MatchCard key={p.id} profile={p} onUnmatch={() => decide(p.id, null)} />
            ))}
          </ul>
        ) : (
          source !== 'loading' && (
            <div className="mt-6 rounded-3xl border border-dashed border-slate-300 bg-white p-10 text-center">
              <Heart className="mx-auto h-8 w-8 text-kiln-hue-400" aria-hidden="true" />
              <h2 className="mt-3 font-semibold">No matches yet</h2>
              <p className="mt-1 text-sm text-slate-500">Like a few people on Discover. When they like you back, they show up here.</p>
              <a href="/" className="mt-4 inline-block rounded-xl bg-kiln-hue-500 px-4 py-2.5 text-sm font-semibold text-white hover:bg-kiln-hue-600">
                Go to Discover
              </a>
            </div>
          )
        )}

        {waiting.length > 0 && (
          <section className="mt-10">
            <h2 className="flex items-center gap-2 text-sm font-semibold uppercase tracking-wide text-slate-500">
              <Clock className="h-4 w-4" aria-hidden="true" />
              Liked, waiting to hear back
            </h2>
            <ul className="mt-3 flex flex-wrap gap-2">
              {waiting.map((p) => (
                <li key={p.id} className="flex items-center gap-2 rounded-full bg-white py-1 pl-1 pr-3 text-sm shadow-sm ring-1 ring-slate-200">
                  <img alt={p.photo} className="h-8 w-8 rounded-full object-cover" />
                  {p.name}, {p.age}
                </li>
              ))}
            </ul>
          </section>
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
