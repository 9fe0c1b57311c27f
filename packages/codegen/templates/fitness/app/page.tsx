import { useEffect, useState } from 'react';
import { AlertCircle, ArrowRight, Flame, Loader2, Route, Timer, Trophy, Zap } from 'lucide-react';
import AppHeader from '@/components/AppHeader';
import GoalRing from '@/components/GoalRing';
import WeekChart from '@/components/WeekChart';
import WorkoutForm from '@/components/WorkoutForm';
import WorkoutCard from '@/components/WorkoutCard';

export default function TodayPage() {
  const ACTIVITIES = [{"name":"Run","met":9.8,"distance":true,"icon":"Footprints"},{"name":"Ride","met":7.5,"distance":true,"icon":"Bike"},{"name":"Swim","met":8,"distance":true,"icon":"Waves"},{"name":"Walk","met":3.8,"distance":true,"icon":"Mountain"},{"name":"Strength","met":5,"distance":false,"icon":"Dumbbell"},{"name":"Yoga","met":2.5,"distance":false,"icon":"Flower2"},{"name":"HIIT","met":8,"distance":false,"icon":"Flame"}];
  const WEEKLY_GOAL = 150;

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


  useEffect(() => {
    document.title = kiln.title;
  }, []);

  const week = [];
  for (let offset = -6; offset <= 0; offset++) {
    const day = isoDay(offset);
    const items = records.filter((w) => w.date === day);
    week.push({ day, items, minutes: items.reduce((sum, w) => sum + w.minutes, 0) });
  }
  const thisWeek = week.flatMap((d) => d.items);
  const minutes = thisWeek.reduce((sum, w) => sum + w.minutes, 0);
  const km = thisWeek.reduce((sum, w) => sum + w.distance, 0);
  const kcal = thisWeek.reduce((sum, w) => sum + w.calories, 0);

  const days = new Set(records.map((w) => w.date));
  let streak = 0;
  for (let offset = days.has(isoDay(0)) ? 0 : -1; days.has(isoDay(offset)); offset--) streak++;

  const latest = records
    .slice()
    .sort((x, y) => (x.date === y.date ? y.createdAt - x.createdAt : x.date < y.date ? 1 : -1))
    .slice(0, 4);

  return (
    <div className="min-h-screen bg-gradient-to-b from-kiln-hue-50 to-white text-slate-900">
      <AppHeader />
      <main className="mx-auto max-w-6xl px-4 pb-16 pt-8 sm:px-6">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <div>
            <p className="text-sm font-semibold text-kiln-hue-700">Your week so far</p>
            <h1 className="mt-1 text-3xl font-bold tracking-tight">kiln-titleText</h1>
            <p className="mt-1 text-slate-600">Log every workout and keep your streak alive. Aim for 150 active minutes a week.</p>
          </div>
          {source === 'loading' && (
            <span className="inline-flex items-center gap-1.5 text-xs font-medium text-slate-400">
              <Loader2 className="h-3.5 w-3.5 animate-spin" aria-hidden="true" />
              Loading workouts…
            </span>
          )}
        </div>

        <div className="mt-6 grid gap-6 lg:grid-cols-[1fr_380px]">
          <div className="space-y-6">
            <section className="grid gap-6 rounded-3xl border border-slate-200 bg-white p-5 shadow-sm sm:grid-cols-[auto_1fr] sm:items-center">
              <GoalRing minutes={minutes} goal={WEEKLY_GOAL} />
              <div>
                <dl className="grid grid-cols-2 gap-3">
                  <div className="rounded-2xl bg-orange-50 p-3">
                    <dt className="flex items-center gap-1.5 text-xs font-medium text-orange-700"><Flame className="h-3.5 w-3.5" aria-hidden="true" />Day streak</dt>
                    {/* biome-ignore lint/a11y/useAriaPropsSupportedByRole: kiln: the generated streak is read out with its label. */}
                    <dd className="mt-1 text-2xl font-bold" aria-label={'Day streak ' + streak}>{streak} {streak === 1 ? 'day' : 'days'}</dd>
                  </div>
                  <div className="rounded-2xl bg-slate-50 p-3">
                    <dt className="flex items-center gap-1.5 text-xs font-medium text-slate-500"><Zap className="h-3.5 w-3.5" aria-hidden="true" />Workouts</dt>
                    <dd className="mt-1 text-2xl font-bold">{thisWeek.length}</dd>
                  </div>
                  <div className="rounded-2xl bg-slate-50 p-3">
                    <dt className="flex items-center gap-1.5 text-xs font-medium text-slate-500"><Route className="h-3.5 w-3.5" aria-hidden="true" />Distance</dt>
                    <dd className="mt-1 text-2xl font-bold">{km.toFixed(1)} km</dd>
                  </div>
                  <div className="rounded-2xl bg-slate-50 p-3">
                    <dt className="flex items-center gap-1.5 text-xs font-medium text-slate-500"><Timer className="h-3.5 w-3.5" aria-hidden="true" />Calories</dt>
                    <dd className="mt-1 text-2xl font-bold">{kcal.toLocaleString()}</dd>
                  </div>
                </dl>
              </div>
            </section>

            <section className="rounded-3xl border border-slate-200 bg-white p-5 shadow-sm">
              <h2 className="font-semibold">Last 7 days</h2>
              <WeekChart week={week} />
            </section>

            <section>
              <div className="flex items-center justify-between">
                <h2 className="font-semibold">Latest workouts</h2>
                <a href="/history" className="inline-flex items-center gap-1 text-sm font-medium text-kiln-hue-700 hover:text-kiln-hue-800">
                  Full history
                  <ArrowRight className="h-4 w-4" aria-hidden="true" />
                </a>
              </div>
              <ul className="mt-3 grid gap-3 sm:grid-cols-2">
                {latest.map((w) => (
                  <WorkoutCard key={w.id} workout={w} />
                ))}
              </ul>
            </section>
          </div>

          <div>
            <WorkoutForm activities={ACTIVITIES} onAdd={addRecord} disabled={source === 'loading'} today={isoDay(0)} />
            <p className="mt-4 flex items-start gap-2 rounded-2xl bg-white/70 p-4 text-xs text-slate-500 ring-1 ring-slate-200">
              <Trophy className="h-4 w-4 shrink-0 text-kiln-hue-600" aria-hidden="true" />
              Calories are estimated from the activity and its length for a 70 kg person; treat them as a guide.
            </p>
          </div>
        </div>
        <p className="mt-10 text-center text-xs text-slate-400">
          {source === 'server' ? "Workouts are saved in the app's database." : source === 'local' ? 'Workouts are saved in this browser.' : ''}
        </p>
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
