import { useEffect, useState } from 'react';
import { AlertCircle, Loader2, Medal } from 'lucide-react';
import AppHeader from '@/components/AppHeader';
import WorkoutCard from '@/components/WorkoutCard';

export default function HistoryPage() {
  const ACTIVITIES = [{"name":"Run","met":9.8,"distance":true,"icon":"Footprints"},{"name":"Ride","met":7.5,"distance":true,"icon":"Bike"},{"name":"Swim","met":8,"distance":true,"icon":"Waves"},{"name":"Walk","met":3.8,"distance":true,"icon":"Mountain"},{"name":"Strength","met":5,"distance":false,"icon":"Dumbbell"},{"name":"Yoga","met":2.5,"distance":false,"icon":"Flower2"},{"name":"HIIT","met":8,"distance":false,"icon":"Flame"}];

  function isoDay(offset) {
    const d = new Date();
    d.setDate(d.getDate() + offset);
    return [d.getFullYear(), String(d.getMonth() + 1).padStart(2, '0'), String(d.getDate()).padStart(2, '0')].join('-');
  }

  function starter() {
    return [
      { id: 'seed-1', activity: 'Strength', minutes: 50, distance: 0, calories: 292, date: isoDay(-12), note: 'Legs: squats, deadlifts, lunges', createdAt: 1 },
      { id: 'seed-2', activity: 'Run', minutes: 62, distance: 10.5, calories: 709, date: isoDay(-11), note: 'Long run, easy pace', createdAt: 2 },
      { id: 'seed-3', activity: 'Walk', minutes: 55, distance: 4.8, calories: 244, date: isoDay(-9), note: 'Hike up Lookout Hill', createdAt: 3 },
      { id: 'seed-4', activity: 'HIIT', minutes: 25, distance: 0, calories: 233, date: isoDay(-8), note: 'Tabata circuit', createdAt: 4 },
      { id: 'seed-5', activity: 'Swim', minutes: 40, distance: 1.6, calories: 373, date: isoDay(-6), note: '64 lengths, mostly freestyle', createdAt: 5 },
      { id: 'seed-6', activity: 'Run', minutes: 48, distance: 8, calories: 549, date: isoDay(-4), note: 'Tempo: 4 × 1 km intervals', createdAt: 6 },
      { id: 'seed-7', activity: 'Yoga', minutes: 30, distance: 0, calories: 88, date: isoDay(-3), note: 'Mobility flow', createdAt: 7 },
      { id: 'seed-8', activity: 'Ride', minutes: 75, distance: 28.4, calories: 656, date: isoDay(-2), note: 'Saturday loop with the club', createdAt: 8 },
      { id: 'seed-9', activity: 'Strength', minutes: 45, distance: 0, calories: 263, date: isoDay(-1), note: 'Upper body: bench, rows, pull-ups', createdAt: 9 },
      { id: 'seed-10', activity: 'Run', minutes: 32, distance: 5.2, calories: 366, date: isoDay(0), note: 'Easy morning run along the river', createdAt: 10 },
    ];
  }

  // 'loading' until /api/workouts answers, then 'server' (the app's database) or 'local' (this browser only).
  const [source, setSource] = useState('loading');
  const [records, setRecords] = useState([]);

  function savedRecords() {
    try {
      const saved = JSON.parse(window.localStorage.getItem('kiln-slug.workouts') || 'null');
      return Array.isArray(saved) ? saved : starter();
    } catch {
      return starter();
    }
  }

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
    fetch('/api/workouts', { signal: controller.signal })
      .then((res) => (res.ok ? res.json() : null))
      .catch(() => null)
      .then((data) => {
        clearTimeout(timer);
        if (!active) return;
        if (data && Array.isArray(data.workouts)) {
          setRecords(data.workouts);
          setSource('server');
        } else {
          // No backend answered (a static copy or a render check): the browser keeps the data, as before.
          setRecords(savedRecords());
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
    if (source !== 'local') return;
    try {
      window.localStorage.setItem('kiln-slug.workouts', JSON.stringify(records));
    } catch {
      // Storage can be full or disabled; the app still works for this visit.
    }
  }, [records, source]);

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

  /** Shows a new record at once and, with a backend, stores it (taken back with a notice if that fails). */
  function addRecord(fields) {
    const record = { ...fields, id: Date.now().toString(36) + Math.random().toString(36).slice(2, 7), createdAt: Date.now() };
    setRecords((current) => [record, ...current]);
    if (source === 'server') {
      api('POST', '/api/workouts', record)
        .then((data) => setRecords((current) => current.map((r) => (r.id === record.id ? data.workout : r))))
        .catch((error) => {
          setRecords((current) => current.filter((r) => r.id !== record.id));
          setNotice("Couldn't save that. " + error.message);
        });
    }
    return record;
  }

  /** Removes a record at once and, with a backend, deletes it (put back with a notice if that fails). */
  function removeRecord(id) {
    const removed = records.find((r) => r.id === id);
    if (!removed) return;
    setRecords((current) => current.filter((r) => r.id !== id));
    if (source === 'server') {
      api('DELETE', '/api/workouts/' + encodeURIComponent(id)).catch((error) => {
        setRecords((current) => [removed, ...current]);
        setNotice("Couldn't delete that. " + error.message);
      });
    }
  }


  const [activity, setActivity] = useState('All');
  const shown = records
    .filter((w) => activity === 'All' || w.activity === activity)
    .sort((x, y) => (x.date === y.date ? y.createdAt - x.createdAt : x.date < y.date ? 1 : -1));

  function best(name, key) {
    const mine = records.filter((w) => w.activity === name && w[key] > 0);
    return mine.length ? mine.reduce((top, w) => (w[key] > top[key] ? w : top)) : null;
  }
  const longestSession = records.length ? records.reduce((top, w) => (w.minutes > top.minutes ? w : top)) : null;
  const bests = [
    { label: 'Longest run', workout: best('Run', 'distance'), value: (w) => w.distance.toFixed(1) + ' km' },
    { label: 'Longest ride', workout: best('Ride', 'distance'), value: (w) => w.distance.toFixed(1) + ' km' },
    { label: 'Longest swim', workout: best('Swim', 'distance'), value: (w) => w.distance.toFixed(1) + ' km' },
    { label: 'Longest session', workout: longestSession, value: (w) => w.minutes + ' min' },
  ];

  return (
    <div className="min-h-screen bg-gradient-to-b from-kiln-hue-50 to-white text-slate-900">
      <AppHeader />
      <main className="mx-auto max-w-6xl px-4 pb-16 pt-8 sm:px-6">
        <h1 className="text-3xl font-bold tracking-tight">History</h1>
        <p className="mt-1 text-slate-600">Every workout you have logged, and the personal bests to beat.</p>

        <section className="mt-6 grid grid-cols-2 gap-3 lg:grid-cols-4" aria-label="Personal bests">
          {bests.map((b) => (
            <div key={b.label} className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
              <p className="flex items-center gap-1.5 text-xs font-medium text-slate-500">
                <Medal className="h-3.5 w-3.5 text-kiln-hue-600" aria-hidden="true" />
                {b.label}
              </p>
              <p className="mt-1 text-xl font-bold">{b.workout ? b.value(b.workout) : '—'}</p>
              <p className="text-xs text-slate-400">{b.workout ? b.workout.date : 'Not yet'}</p>
            </div>
          ))}
        </section>

        <div className="mt-8 flex flex-wrap items-center gap-2">
          {['All', ...ACTIVITIES.map((x) => x.name)].map((name) => (
            <button
              key={name}
              type="button"
              aria-pressed={activity === name}
              onClick={() => setActivity(name)}
              className={activity === name ? 'rounded-full bg-kiln-hue-600 px-3.5 py-1.5 text-sm font-semibold text-white' : 'rounded-full bg-white px-3.5 py-1.5 text-sm font-medium text-slate-600 ring-1 ring-slate-200 hover:text-slate-900'}
            >
              {name}
            </button>
          ))}
          {source === 'loading' && (
            <span className="inline-flex items-center gap-1.5 text-xs font-medium text-slate-400">
              <Loader2 className="h-3.5 w-3.5 animate-spin" aria-hidden="true" />
              Loading…
            </span>
          )}
        </div>

        <ul className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {shown.map((w) => (
            <WorkoutCard key={w.id} workout={w} onDelete={removeRecord} />
          ))}
        </ul>
        {shown.length === 0 && source !== 'loading' && (
          <p className="mt-4 rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center text-slate-500">No {activity === 'All' ? '' : activity.toLowerCase() + ' '}workouts yet.</p>
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
