/**
 * The builtin DATING_APP: Discover (one profile at a time with photo, interests and a prompt; like or pass,
 * undo, filters for distance, age and interest; "It's a match!" when the like is mutual) and Matches (mutual
 * likes with an opener to send, and the likes still waiting). With a backend the profiles and your swipes
 * live in the app's `profiles` and `swipes` tables behind `/api/profiles`, `/api/swipes` and
 * `/api/swipes/[id]`; without one the swipes stay in localStorage.
 * @module
 */
import { jsString } from '../format.ts';
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
  page,
} from './shared.ts';
import { slugKey } from './todo-list.ts';

interface StarterProfile {
  id: string;
  name: string;
  age: number;
  city: string;
  distanceKm: number;
  bio: string;
  interests: string[];
  prompt: string;
  answer: string;
  photo: string;
  /** Whether this person already liked you (a like back is a match). */
  likesYou: boolean;
}

const STARTER_PROFILES: StarterProfile[] = [
  {
    id: 'elena',
    name: 'Elena',
    age: 29,
    city: 'Riverside',
    distanceKm: 3,
    bio: 'Weekend trail runner, weekday architect. Looking for someone to share summit snacks with.',
    interests: ['hiking', 'coffee', 'architecture'],
    prompt: 'A perfect Sunday',
    answer: 'Sunrise hike, long brunch, and a nap I will deny taking.',
    photo: 'Smiling woman with a backpack on a mountain trail at sunrise',
    likesYou: true,
  },
  {
    id: 'jonah',
    name: 'Jonah',
    age: 32,
    city: 'Old Town',
    distanceKm: 5,
    bio: 'Sound engineer who bakes sourdough for the whole building.',
    interests: ['music', 'baking', 'hiking'],
    prompt: 'I geek out on',
    answer: 'Old synthesizers and the perfect open crumb.',
    photo: 'Man with curly hair holding a loaf of sourdough in a sunny kitchen',
    likesYou: false,
  },
  {
    id: 'aisha',
    name: 'Aisha',
    age: 27,
    city: 'Harbourside',
    distanceKm: 8,
    bio: 'Marine biologist. I will talk about octopuses on the first date, you have been warned.',
    interests: ['diving', 'travel', 'books'],
    prompt: 'Two truths and a lie',
    answer: 'I have held a baby shark, I speak four languages, I dislike coffee.',
    photo: 'Woman in a wetsuit laughing on a boat at sea',
    likesYou: true,
  },
  {
    id: 'mateo',
    name: 'Mateo',
    age: 30,
    city: 'Northside',
    distanceKm: 2,
    bio: 'Climbing gym regular, amateur chef, proudly terrible at karaoke.',
    interests: ['climbing', 'cooking', 'hiking'],
    prompt: 'Green flags I look for',
    answer: 'Kind to waiters, texts back, shares dessert without being asked.',
    photo: 'Man chalking his hands in front of a colourful climbing wall',
    likesYou: true,
  },
  {
    id: 'noor',
    name: 'Noor',
    age: 34,
    city: 'Garden District',
    distanceKm: 12,
    bio: 'Product designer with a balcony garden that is slowly taking over the flat.',
    interests: ['gardening', 'design', 'yoga'],
    prompt: 'My simple pleasures',
    answer: 'Fresh basil, clean sheets and a well-kerned poster.',
    photo: 'Woman watering plants on a sunny balcony full of herbs',
    likesYou: false,
  },
  {
    id: 'sam',
    name: 'Sam',
    age: 28,
    city: 'Eastgate',
    distanceKm: 6,
    bio: 'Nurse on nights, mountain biker on days off. Dog person, cat tolerant.',
    interests: ['cycling', 'hiking', 'podcasts'],
    prompt: "Let's make sure we're on the same page about",
    answer: 'Dogs are family and pineapple on pizza is fine.',
    photo: 'Person with a mountain bike and a happy dog on a forest path',
    likesYou: true,
  },
  {
    id: 'claire',
    name: 'Claire',
    age: 31,
    city: 'University Quarter',
    distanceKm: 20,
    bio: 'History teacher and host of a very competitive board-game night.',
    interests: ['board games', 'history', 'hiking'],
    prompt: 'The way to win me over is',
    answer: 'Know one obscure historical fact and lose gracefully at Catan.',
    photo: 'Woman laughing at a table covered with board games',
    likesYou: false,
  },
  {
    id: 'kenji',
    name: 'Kenji',
    age: 33,
    city: 'Station Hill',
    distanceKm: 4,
    bio: 'Photographer chasing good light and better ramen.',
    interests: ['photography', 'food', 'travel'],
    prompt: 'Typical Saturday',
    answer: 'Golden-hour walk with my camera, then the ramen place with the long queue.',
    photo: 'Man with a film camera on a city rooftop at golden hour',
    likesYou: true,
  },
];

/** What the pages share: loading profiles and swipes (server or this browser), swiping and undoing. */
function swipeState(storageKey: string): string {
  const starter = STARTER_PROFILES.map(
    (p) =>
      `    { id: ${jsString(p.id)}, name: ${jsString(p.name)}, age: ${p.age}, city: ${jsString(p.city)}, distanceKm: ${p.distanceKm}, bio: ${jsString(p.bio)}, interests: [${p.interests.map(jsString).join(', ')}], prompt: ${jsString(p.prompt)}, answer: ${jsString(p.answer)}, photo: ${jsString(p.photo)}, likesYou: ${p.likesYou} },`,
  ).join('\n');
  return `  const storageKey = ${jsString(storageKey)};

  // Without a backend: the sample profiles, and your decisions kept in this browser.
  function localProfiles() {
    let swipes = {};
    try {
      swipes = JSON.parse(window.localStorage.getItem(storageKey) || '{}') || {};
    } catch {
      swipes = {};
    }
    return [
${starter}
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

${NOTICE_STATE}

${loadOnMount({
  path: '/api/profiles',
  accept: 'data && Array.isArray(data.profiles)',
  onServer: 'setProfiles(data.profiles);',
  onLocal: 'setProfiles(localProfiles());',
})}

  useEffect(() => {
    if (source === 'local') keepLocal(profiles);
  }, [profiles, source]);

${API_CALLER}

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
  }`;
}

/** Builds the dating app. */
export function datingApp(ctx: AppContext): BuiltApp {
  const a = ctx.accent;
  const storageKey = `${slugKey(ctx.title)}.swipes`;
  const hikers = /\bhik(e|ers?|ing)\b|\boutdoor|\btrail/i.test(ctx.prompt);
  const tagline = hikers
    ? 'Meet people who love the trail as much as you do.'
    : 'Meet people nearby who share what you love.';

  const discover = page(
    '',
    `
import { useEffect, useState } from 'react';
import { AlertCircle, Heart, Loader2, RotateCcw, SlidersHorizontal, Sparkles, Undo2, X } from 'lucide-react';
import AppHeader from '@/components/AppHeader';
import ProfileCard from '@/components/ProfileCard';

export default function DiscoverPage() {
${swipeState(storageKey)}

${documentTitleEffect(ctx.title)}

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

  const field = 'mt-1 w-full accent-${a}-600';

  return (
    <div className="min-h-screen bg-gradient-to-b from-${a}-50 via-white to-white text-slate-900">
      <AppHeader />
      <main className="mx-auto grid max-w-6xl gap-8 px-4 py-6 sm:px-6 md:grid-cols-[1fr_280px] md:py-10">
        <section aria-label="Discover" className="mx-auto w-full max-w-2xl">
          <div className="mb-4 flex items-end justify-between gap-3">
            <div>
              <h1 className="text-2xl font-bold tracking-tight">Discover</h1>
              <p className="text-sm text-slate-500">${tagline}</p>
            </div>
            ${loadingHint('Loading…')}
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
                  className="flex h-16 w-16 items-center justify-center rounded-full bg-${a}-500 text-white shadow-lg shadow-${a}-500/30 transition hover:scale-105 hover:bg-${a}-600"
                >
                  <Heart className="h-8 w-8 fill-white" aria-hidden="true" />
                </button>
              </div>
              <p className="mt-3 text-center text-xs text-slate-400">{queue.length - 1} more nearby</p>
            </>
          ) : (
            source !== 'loading' && (
              <div className="rounded-3xl border border-dashed border-${a}-200 bg-white p-10 text-center">
                <span className="mx-auto flex h-14 w-14 items-center justify-center rounded-2xl bg-${a}-100 text-${a}-600">
                  <Sparkles className="h-7 w-7" aria-hidden="true" />
                </span>
                <h2 className="mt-4 text-lg font-semibold">You have seen everyone for now</h2>
                <p className="mt-1 text-sm text-slate-500">Widen your filters, or look again at the people you passed.</p>
                <button type="button" onClick={startOver} className="mt-5 inline-flex items-center gap-1.5 rounded-xl bg-${a}-500 px-4 py-2.5 text-sm font-semibold text-white hover:bg-${a}-600">
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
              <SlidersHorizontal className="h-4 w-4 text-${a}-600" aria-hidden="true" />
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
            <a href="/matches" className="rounded-2xl bg-${a}-500 p-4 text-center text-white shadow-sm hover:bg-${a}-600">
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
            <span className="mx-auto flex h-16 w-16 items-center justify-center rounded-full bg-${a}-100 text-${a}-600">
              <Heart className="h-8 w-8 fill-current" aria-hidden="true" />
            </span>
            <h2 className="mt-4 text-2xl font-bold tracking-tight">It's a match!</h2>
            <p className="mt-1 text-slate-500">You and {match.name} like each other.</p>
            <div className="mt-6 flex flex-col gap-2">
              <a href="/matches" className="rounded-xl bg-${a}-500 px-4 py-2.5 font-semibold text-white hover:bg-${a}-600">
                Say hi to {match.name}
              </a>
              <button type="button" onClick={() => setMatch(null)} className="rounded-xl px-4 py-2.5 font-medium text-slate-600 hover:bg-slate-100">
                Keep discovering
              </button>
            </div>
          </div>
        </div>
      )}
${NOTICE_TOAST}
    </div>
  );
}
`,
  );

  const matchesPage = page(
    'matches',
    `
import { useEffect, useState } from 'react';
import { AlertCircle, Clock, Heart, Loader2 } from 'lucide-react';
import AppHeader from '@/components/AppHeader';
import MatchCard from '@/components/MatchCard';

export default function MatchesPage() {
${swipeState(storageKey)}

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
          ${loadingHint('Loading…')}
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
              <Heart className="mx-auto h-8 w-8 text-${a}-400" aria-hidden="true" />
              <h2 className="mt-3 font-semibold">No matches yet</h2>
              <p className="mt-1 text-sm text-slate-500">Like a few people on Discover. When they like you back, they show up here.</p>
              <a href="/" className="mt-4 inline-block rounded-xl bg-${a}-500 px-4 py-2.5 text-sm font-semibold text-white hover:bg-${a}-600">
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
${NOTICE_TOAST}
    </div>
  );
}
`,
  );

  const card = component(
    'ProfileCard',
    `
import { MapPin, Quote } from 'lucide-react';

export default function ProfileCard(props) {
  const { profile, highlight } = props;
  return (
    <article className="overflow-hidden rounded-3xl bg-white shadow-xl shadow-slate-900/10 ring-1 ring-slate-200 sm:grid sm:grid-cols-2">
      <div className="relative aspect-[4/5] max-h-[420px] w-full bg-slate-200 sm:aspect-auto sm:h-full sm:max-h-none sm:min-h-[440px]">
        <img alt={profile.photo} className="h-full w-full object-cover" />
        <div className="absolute inset-x-0 bottom-0 bg-gradient-to-t from-slate-900/80 via-slate-900/30 to-transparent p-5 pt-16 text-white">
          <h2 className="text-3xl font-bold tracking-tight">
            {profile.name}, <span className="font-medium">{profile.age}</span>
          </h2>
          <p className="mt-1 flex items-center gap-1 text-sm text-white/90">
            <MapPin className="h-4 w-4" aria-hidden="true" />
            {profile.city} · {profile.distanceKm} km away
          </p>
        </div>
      </div>
      <div className="flex flex-col gap-4 p-5 sm:justify-center sm:p-6">
        <p className="leading-relaxed text-slate-700">{profile.bio}</p>
        <ul className="flex flex-wrap gap-1.5" aria-label="Interests">
          {profile.interests.map((i) => (
            <li key={i} className={i === highlight ? 'rounded-full bg-${a}-500 px-3 py-1 text-xs font-medium text-white' : 'rounded-full bg-${a}-50 px-3 py-1 text-xs font-medium text-${a}-800 ring-1 ring-${a}-100'}>
              {i}
            </li>
          ))}
        </ul>
        <figure className="rounded-2xl bg-slate-50 p-4">
          <figcaption className="flex items-center gap-1.5 text-xs font-semibold uppercase tracking-wide text-slate-400">
            <Quote className="h-3.5 w-3.5" aria-hidden="true" />
            {profile.prompt}
          </figcaption>
          <p className="mt-1.5 text-lg font-semibold leading-snug text-slate-900">{profile.answer}</p>
        </figure>
      </div>
    </article>
  );
}
`,
  );

  const matchCard = component(
    'MatchCard',
    `
import { useState } from 'react';
import { Check, Copy, MessageCircleHeart } from 'lucide-react';

const OPENERS = {
  hiking: 'Which trail should be on my list this month?',
  coffee: 'Settle this: the best coffee in town is…?',
  travel: 'Where was the last place that surprised you?',
  cooking: 'What is the dish you make to impress people?',
  climbing: 'Bouldering or ropes? Asking for a future date.',
  photography: 'Show me your favourite shot from this year?',
  books: 'What are you reading right now?',
  music: 'What song is stuck in your head today?',
};

export default function MatchCard(props) {
  const { profile, onUnmatch } = props;
  const opener = profile.interests.map((i) => OPENERS[i]).find(Boolean) || 'I loved your answer to "' + profile.prompt + '". Tell me more?';
  const [copied, setCopied] = useState(false);

  function copy() {
    const text = 'Hi ' + profile.name + '! ' + opener;
    if (navigator.clipboard) navigator.clipboard.writeText(text).catch(() => undefined);
    setCopied(true);
    setTimeout(() => setCopied(false), 2000);
  }

  return (
    <li className="overflow-hidden rounded-3xl bg-white shadow-sm ring-1 ring-slate-200">
      <div className="flex items-center gap-4 p-5">
        <img alt={profile.photo} className="h-16 w-16 rounded-2xl object-cover" />
        <div className="min-w-0">
          <h2 className="text-lg font-semibold">{profile.name}, {profile.age}</h2>
          <p className="truncate text-sm text-slate-500">{profile.interests.join(' · ')}</p>
        </div>
      </div>
      <div className="border-t border-slate-100 bg-${a}-50/50 p-5">
        <p className="flex items-center gap-1.5 text-xs font-semibold uppercase tracking-wide text-${a}-700">
          <MessageCircleHeart className="h-4 w-4" aria-hidden="true" />
          Opener idea
        </p>
        <p className="mt-1 text-sm text-slate-700">Hi {profile.name}! {opener}</p>
        <div className="mt-4 flex gap-2">
          <button type="button" onClick={copy} className="inline-flex flex-1 items-center justify-center gap-1.5 rounded-xl bg-${a}-500 px-3 py-2 text-sm font-semibold text-white hover:bg-${a}-600">
            {copied ? <Check className="h-4 w-4" aria-hidden="true" /> : <Copy className="h-4 w-4" aria-hidden="true" />}
            {copied ? 'Copied' : 'Copy opener'}
          </button>
          <button
            type="button"
            onClick={() => {
              if (window.confirm('Unmatch ' + profile.name + '?')) onUnmatch();
            }}
            className="rounded-xl px-3 py-2 text-sm font-medium text-slate-500 hover:bg-white hover:text-slate-800"
          >
            Unmatch
          </button>
        </div>
      </div>
    </li>
  );
}
`,
  );

  return {
    migrations: [datingMigration()],
    modules: [
      profilesRoute(),
      swipesRoute(),
      swipeRoute(),
      discover,
      matchesPage,
      appHeader(ctx, {
        icon: 'Heart',
        links: [
          { href: '/', label: 'Discover' },
          { href: '/matches', label: 'Matches' },
        ],
        maxWidth: 'max-w-6xl',
      }),
      card,
      matchCard,
    ],
    plan: [
      `Build "${ctx.title}", a dating app.`,
      '- Tables `profiles` (name, age, city, distance, bio, interests, a prompt and answer, photo description, whether they already like you) with eight sample people, and `swipes` (your like or pass per profile).',
      '- Functions: `/api/profiles` (GET with your decision and whether it is a match), `/api/swipes` (POST like/pass, answering whether it is a match; DELETE brings back the passed) and `/api/swipes/[id]` (DELETE: undo or unmatch).',
      '- Page `/` Discover: one profile card at a time with like, pass and undo; filters for distance, age and interest; an "It\'s a match!" dialog.',
      '- Page `/matches`: mutual likes with an opener idea to copy, unmatch, and the likes still waiting.',
      `- Components: AppHeader, ProfileCard, MatchCard. Without a backend the likes stay in localStorage; ${a} accent.`,
    ].join('\n'),
    summary: [
      `I built **${ctx.title}**: Discover shows one person at a time with photo, interests and a prompt answer; like, pass or undo, and filter by distance, age and interest. When someone you like has liked you too, you get "It's a match!" and they appear under Matches with an opener idea to copy.`,
      '',
      "Profiles and your likes are stored in the app's database (tables `profiles` and `swipes`, through `/api/profiles`, `/api/swipes` and `/api/swipes/[id]`). The eight people are sample profiles. Opened without its backend, the app keeps your likes in the browser instead.",
    ].join('\n'),
    choices: [`make it ${otherHue(ctx.accent, 'fuchsia', 'rose')}`, 'add sign-in', 'make a mobile version'],
  };
}

/** The `profiles` (with the sample people) and `swipes` tables. */
function datingMigration(): BuiltMigration {
  const rows = STARTER_PROFILES.map(
    (p, i) =>
      `  (${sqlText(p.id)}, ${sqlText(p.name)}, ${p.age}, ${sqlText(p.city)}, ${p.distanceKm}, ${sqlText(p.bio)}, ARRAY[${p.interests.map(sqlText).join(', ')}]::text[], ${sqlText(p.prompt)}, ${sqlText(p.answer)}, ${sqlText(p.photo)}, ${p.likesYou}, ${i + 1})`,
  );
  return {
    name: 'create_profiles_and_swipes',
    sql: `CREATE TABLE profiles (
  id text PRIMARY KEY,
  name text NOT NULL,
  age integer NOT NULL CHECK (age >= 18),
  city text NOT NULL DEFAULT '',
  distance_km integer NOT NULL DEFAULT 0,
  bio text NOT NULL DEFAULT '',
  interests text[] NOT NULL DEFAULT '{}',
  prompt text NOT NULL DEFAULT '',
  answer text NOT NULL DEFAULT '',
  photo text NOT NULL DEFAULT '',
  likes_you boolean NOT NULL DEFAULT false,
  sort_order integer NOT NULL DEFAULT 0
);
CREATE TABLE swipes (
  profile_id text PRIMARY KEY REFERENCES profiles (id) ON DELETE CASCADE,
  decision text NOT NULL CHECK (decision IN ('like', 'pass')),
  created_at timestamptz NOT NULL DEFAULT now()
);
INSERT INTO profiles (id, name, age, city, distance_km, bio, interests, prompt, answer, photo, likes_you, sort_order) VALUES
${rows.join(',\n')};`,
  };
}

const TO_PROFILE = `/**
 * A profile as the page shows it, with your decision. Whether they like you is only told once you like them
 * (then it is a match).
 */
function toProfile(row: Record<string, unknown>) {
  const decision = row.decision === 'like' || row.decision === 'pass' ? row.decision : null;
  return {
    id: String(row.id),
    name: String(row.name),
    age: Number(row.age),
    city: String(row.city ?? ''),
    distanceKm: Number(row.distance_km),
    bio: String(row.bio ?? ''),
    interests: Array.isArray(row.interests) ? row.interests.map(String) : [],
    prompt: String(row.prompt ?? ''),
    answer: String(row.answer ?? ''),
    photo: String(row.photo ?? ''),
    decision,
    matched: decision === 'like' && row.likes_you === true,
  };
}`;

/** `/api/profiles`: everyone, in order, with your decision. */
function profilesRoute() {
  return apiRoute(
    'profiles',
    `
${SQL_IMPORT}

${TO_PROFILE}

export async function GET() {
  const rows = await sql\`
    SELECT p.*, s.decision FROM profiles p LEFT JOIN swipes s ON s.profile_id = p.id
    ORDER BY p.sort_order, p.id\`;
  return Response.json({ profiles: rows.map(toProfile) });
}
`,
  );
}

/** `/api/swipes`: like or pass on someone, and bringing back everyone you passed. */
function swipesRoute() {
  return apiRoute(
    'swipes',
    `
${SQL_IMPORT}

${READ_BODY}

${TO_PROFILE}

/** Records { profileId, decision: 'like' | 'pass' } (a new decision replaces the old); says whether it is a match. */
export async function POST(request: Request) {
  const body = await readBody(request);
  if (!body) return badRequest('Send the decision as JSON, e.g. { "profileId": "elena", "decision": "like" }.');
  const { profileId, decision } = body;
  if (typeof profileId !== 'string' || !profileId) return badRequest('Say whose profile this is (profileId).');
  if (decision !== 'like' && decision !== 'pass') return badRequest('decision must be "like" or "pass".');
  const [exists] = await sql\`SELECT id FROM profiles WHERE id = \${profileId}\`;
  if (!exists) return Response.json({ error: 'That profile is no longer here.' }, { status: 404 });
  await sql\`
    INSERT INTO swipes (profile_id, decision) VALUES (\${profileId}, \${decision})
    ON CONFLICT (profile_id) DO UPDATE SET decision = EXCLUDED.decision, created_at = now()\`;
  const [row] = await sql\`
    SELECT p.*, s.decision FROM profiles p JOIN swipes s ON s.profile_id = p.id WHERE p.id = \${profileId}\`;
  const profile = toProfile(row);
  return Response.json({ profile, matched: profile.matched }, { status: 201 });
}

/** Forgets every pass, so those people show up on Discover again; likes and matches stay. */
export async function DELETE() {
  const rows = await sql\`DELETE FROM swipes WHERE decision = 'pass' RETURNING profile_id\`;
  return Response.json({ cleared: rows.map((r) => String(r.profile_id)) });
}
`,
  );
}

/** `/api/swipes/[id]`: undo a decision or unmatch (the id is the profile's). */
function swipeRoute() {
  return apiRoute(
    'swipes/[id]',
    `
${SQL_IMPORT}

type Context = { params: { id: string } };

export async function DELETE(_request: Request, { params }: Context) {
  const [row] = await sql\`DELETE FROM swipes WHERE profile_id = \${params.id} RETURNING profile_id\`;
  if (!row) return Response.json({ error: 'There is no like or pass to undo for that profile.' }, { status: 404 });
  return Response.json({ deleted: String(row.profile_id), matched: false });
}
`,
  );
}
