import { useEffect, useState } from 'react';
import { AlertCircle, Heart, Loader2, RotateCcw, SlidersHorizontal, Sparkles, Undo2, X } from 'lucide-react';
import AppHeader from '@/components/AppHeader';
import ProfileCard from '@/components/ProfileCard';

export default function DiscoverPage() {
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

  useEffect(() => {
    document.title = kiln.title;
  }, []);

  const [maxDistance, setMaxDistance] = useState(25);
  const [minAge, setMinAge] = useState(21);
  const [maxAge, setMaxAge] = useState(40);
  const [interest, setInterest] = useState('');
  const [history, setHistory] = useState([]);
  const [match, setMatch] = useState(null);

  const interests = Array.from(new Set(profiles.flatMap((p) => p.interests))).sort();
  const fits = (p) => p.distanceKm <= maxDistance && p.age >= minAge && p.age <= maxAge && (!interest || p.interests.includes(interest));
  const queue = profiles.filter((p) => !p.decision && fits(p));
  const current = queue[0] || null;
  const likes = profiles.filter((p) => p.decision === 'like').length;
  const matches = profiles.filter((p) => p.matched).length;

  function swipe(decision) {
    if (!current) return;
    const person = current;
    setHistory((h) => [...h, person.id]);
    decide(person.id, decision).then((isMatch) => {
      if (isMatch) setMatch(person);
    });
  }

  function undo() {
    const last = history[history.length - 1];
    if (!last) return;
    setHistory((h) => h.slice(0, -1));
    decide(last, null);
  }

  function startOver() {
    const passed = profiles.filter((p) => p.decision === 'pass').map((p) => p.id);
    setProfiles((list) => list.map((p) => (p.decision === 'pass' ? { ...p, decision: null } : p)));
    setHistory([]);
    if (source === 'server' && passed.length > 0) {
      api('DELETE', '/api/swipes').catch((error) => setNotice("Couldn't bring them back. " + error.message));
    }
  }

  const field = 'mt-1 w-full accent-kiln-hue-600';

  return (
    <div className="min-h-screen bg-gradient-to-b from-kiln-hue-50 via-white to-white text-slate-900">
      <AppHeader />
      <main className="mx-auto grid max-w-6xl gap-8 px-4 py-6 sm:px-6 md:grid-cols-[1fr_280px] md:py-10">
        <section aria-label="Discover" className="mx-auto w-full max-w-2xl">
          <div className="mb-4 flex items-end justify-between gap-3">
            <div>
              <h1 className="text-2xl font-bold tracking-tight">Discover</h1>
              <p className="text-sm text-slate-500">kiln-tagline</p>
            </div>
            {source === 'loading' && (
            <span className="inline-flex items-center gap-1.5 text-xs font-medium text-slate-400">
              <Loader2 className="h-3.5 w-3.5 animate-spin" aria-hidden="true" />
              Loading…
            </span>
          )}
          </div>

          {current ? (
            <>
              <ProfileCard profile={current} highlight={interest} />
              <div className="sticky bottom-4 z-10 mt-5 flex items-center justify-center gap-5 sm:static">
                <button
                  type="button"
                  onClick={undo}
                  disabled={history.length === 0}
                  aria-label="Undo"
                  className="flex h-11 w-11 items-center justify-center rounded-full bg-white text-slate-500 shadow ring-1 ring-slate-200 hover:text-slate-800 disabled:opacity-40"
                >
                  <Undo2 className="h-5 w-5" aria-hidden="true" />
                </button>
                <button
                  type="button"
                  onClick={() => swipe('pass')}
                  aria-label={'Pass on ' + current.name}
                  className="flex h-16 w-16 items-center justify-center rounded-full bg-white text-slate-500 shadow-lg ring-1 ring-slate-200 transition hover:scale-105 hover:text-slate-900"
                >
                  <X className="h-8 w-8" aria-hidden="true" />
                </button>
                <button
                  type="button"
                  onClick={() => swipe('like')}
                  aria-label={'Like ' + current.name}
                  className="flex h-16 w-16 items-center justify-center rounded-full bg-kiln-hue-500 text-white shadow-lg shadow-kiln-hue-500/30 transition hover:scale-105 hover:bg-kiln-hue-600"
                >
                  <Heart className="h-8 w-8 fill-white" aria-hidden="true" />
                </button>
              </div>
              <p className="mt-3 text-center text-xs text-slate-400">{queue.length - 1} more nearby</p>
            </>
          ) : (
            source !== 'loading' && (
              <div className="rounded-3xl border border-dashed border-kiln-hue-200 bg-white p-10 text-center">
                <span className="mx-auto flex h-14 w-14 items-center justify-center rounded-2xl bg-kiln-hue-100 text-kiln-hue-600">
                  <Sparkles className="h-7 w-7" aria-hidden="true" />
                </span>
                <h2 className="mt-4 text-lg font-semibold">You have seen everyone for now</h2>
                <p className="mt-1 text-sm text-slate-500">Widen your filters, or look again at the people you passed.</p>
                <button type="button" onClick={startOver} className="mt-5 inline-flex items-center gap-1.5 rounded-xl bg-kiln-hue-500 px-4 py-2.5 text-sm font-semibold text-white hover:bg-kiln-hue-600">
                  <RotateCcw className="h-4 w-4" aria-hidden="true" />
                  Show passed profiles
                </button>
              </div>
            )
          )}
        </section>

        <aside className="space-y-4">
          <div className="rounded-3xl border border-slate-200 bg-white p-5 shadow-sm">
            <h2 className="flex items-center gap-2 font-semibold">
              <SlidersHorizontal className="h-4 w-4 text-kiln-hue-600" aria-hidden="true" />
              Filters
            </h2>
            <label className="mt-4 block text-sm">
              <span className="flex justify-between font-medium text-slate-700">
                Distance <span className="text-slate-500">up to {maxDistance} km</span>
              </span>
              <input name="distance" type="range" min="1" max="50" value={maxDistance} onChange={(e) => setMaxDistance(Number(e.target.value))} className={field} />
            </label>
            <div className="mt-3 grid grid-cols-2 gap-3 text-sm">
              <label className="block">
                <span className="font-medium text-slate-700">Min age</span>
                <input name="minAge" type="number" min="18" max="99" value={minAge} onChange={(e) => setMinAge(Number(e.target.value) || 18)} className="mt-1 w-full rounded-xl border border-slate-200 px-3 py-2" />
              </label>
              <label className="block">
                <span className="font-medium text-slate-700">Max age</span>
                <input name="maxAge" type="number" min="18" max="99" value={maxAge} onChange={(e) => setMaxAge(Number(e.target.value) || 99)} className="mt-1 w-full rounded-xl border border-slate-200 px-3 py-2" />
              </label>
            </div>
            <label className="mt-3 block text-sm">
              <span className="font-medium text-slate-700">Interest</span>
              <select name="interest" value={interest} onChange={(e) => setInterest(e.target.value)} className="mt-1 w-full rounded-xl border border-slate-200 bg-white px-3 py-2">
                <option value="">Any interest</option>
                {interests.map((i) => (
                  <option key={i} value={i}>{i}</option>
                ))}
              </select>
            </label>
          </div>
          <div className="grid grid-cols-2 gap-3">
            <div className="rounded-2xl bg-white p-4 text-center shadow-sm ring-1 ring-slate-200">
              <p className="text-2xl font-bold text-slate-900">{likes}</p>
              <p className="text-xs text-slate-500">Likes sent</p>
            </div>
            <a href="/matches" className="rounded-2xl bg-kiln-hue-500 p-4 text-center text-white shadow-sm hover:bg-kiln-hue-600">
              {/* biome-ignore lint/a11y/useAriaPropsSupportedByRole: kiln: the generated code labels the count this way. */}
              <p className="text-2xl font-bold" aria-label={matches === 1 ? '1 match' : matches + ' matches'}>{matches}</p>
              <p className="text-xs text-white/90">Matches</p>
            </a>
          </div>
          <p className="px-1 text-xs leading-relaxed text-slate-400">
            {source === 'server' ? "Your likes are saved in the app's database." : 'Your likes are saved in this browser.'} These are sample profiles.
          </p>
        </aside>
      </main>

      {match && (
        <div className="fixed inset-0 z-40 flex items-center justify-center bg-slate-900/60 p-4" role="dialog" aria-modal="true" aria-label="It's a match">
          <div className="w-full max-w-sm rounded-3xl bg-white p-8 text-center shadow-2xl">
            <span className="mx-auto flex h-16 w-16 items-center justify-center rounded-full bg-kiln-hue-100 text-kiln-hue-600">
              <Heart className="h-8 w-8 fill-current" aria-hidden="true" />
            </span>
            <h2 className="mt-4 text-2xl font-bold tracking-tight">It's a match!</h2>
            <p className="mt-1 text-slate-500">You and {match.name} like each other.</p>
            <div className="mt-6 flex flex-col gap-2">
              <a href="/matches" className="rounded-xl bg-kiln-hue-500 px-4 py-2.5 font-semibold text-white hover:bg-kiln-hue-600">
                Say hi to {match.name}
              </a>
              <button type="button" onClick={() => setMatch(null)} className="rounded-xl px-4 py-2.5 font-medium text-slate-600 hover:bg-slate-100">
                Keep discovering
              </button>
            </div>
          </div>
        </div>
      )}
      {notice && (
        <div role="status" className="fixed inset-x-0 bottom-4 z-30 mx-auto flex w-fit max-w-[calc(100%-2rem)] items-center gap-2 rounded-xl bg-slate-900 px-4 py-2.5 text-sm text-white shadow-lg">
          <AlertCircle className="h-4 w-4 shrink-0 text-amber-300" aria-hidden="true" />
          {notice}
        </div>
      )}
    </div>
  );
}
