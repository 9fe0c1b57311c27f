/**
 * The builtin FITNESS_TRACKER_APP: a workout log — the week's active minutes against the 150-minute goal,
 * the day streak, a 7-day chart, totals, a quick "log a workout" form (activity, time, distance, date, note;
 * calories estimated from the activity), and a History page with personal bests, an activity filter and
 * deletes. Workouts live in the app's `workouts` table behind `/api/workouts`; without a backend they stay in
 * localStorage.
 * @module
 */
import { jsString, jsxText } from '../format.ts';
import { loadingHint, NOTICE_TOAST } from './backend.ts';
import {
  ISO_DAY,
  type RecordSpec,
  recordRoutes,
  recordsState,
  recordsTableSql,
  sqlDay,
  sqlValue,
} from './records.ts';
import {
  type AppContext,
  appHeader,
  type BuiltApp,
  component,
  documentTitleEffect,
  otherHue,
  otherName,
  page,
} from './shared.ts';
import { slugKey } from './todo-list.ts';

/** Activities with their MET value (energy use relative to resting) and whether distance applies. */
const ACTIVITIES: { name: string; met: number; distance: boolean; icon: string }[] = [
  { name: 'Run', met: 9.8, distance: true, icon: 'Footprints' },
  { name: 'Ride', met: 7.5, distance: true, icon: 'Bike' },
  { name: 'Swim', met: 8, distance: true, icon: 'Waves' },
  { name: 'Walk', met: 3.8, distance: true, icon: 'Mountain' },
  { name: 'Strength', met: 5, distance: false, icon: 'Dumbbell' },
  { name: 'Yoga', met: 2.5, distance: false, icon: 'Flower2' },
  { name: 'HIIT', met: 8, distance: false, icon: 'Flame' },
];

/** Calories for an activity over `minutes` at 70 kg. */
function calories(activity: string, minutes: number): number {
  const met = ACTIVITIES.find((x) => x.name === activity)?.met ?? 5;
  return Math.round((met * 70 * minutes) / 60);
}

/** Seed workouts: activity, minutes, km, day offset, note. */
const STARTER: [string, number, number, number, string][] = [
  ['Strength', 50, 0, -12, 'Legs: squats, deadlifts, lunges'],
  ['Run', 62, 10.5, -11, 'Long run, easy pace'],
  ['Walk', 55, 4.8, -9, 'Hike up Lookout Hill'],
  ['HIIT', 25, 0, -8, 'Tabata circuit'],
  ['Swim', 40, 1.6, -6, '64 lengths, mostly freestyle'],
  ['Run', 48, 8, -4, 'Tempo: 4 × 1 km intervals'],
  ['Yoga', 30, 0, -3, 'Mobility flow'],
  ['Ride', 75, 28.4, -2, 'Saturday loop with the club'],
  ['Strength', 45, 0, -1, 'Upper body: bench, rows, pull-ups'],
  ['Run', 32, 5.2, 0, 'Easy morning run along the river'],
];

const WORKOUTS: RecordSpec = {
  resource: 'workouts',
  one: 'workout',
  table: 'workouts',
  fields: [
    {
      key: 'activity',
      column: 'activity',
      kind: 'choice',
      label: 'an activity',
      required: true,
      options: ACTIVITIES.map((x) => x.name),
    },
    { key: 'minutes', column: 'minutes', kind: 'int', label: 'the duration in minutes', min: 1, max: 1440 },
    { key: 'distance', column: 'distance_km', kind: 'number', label: 'the distance in km', max: 1000 },
    { key: 'calories', column: 'calories', kind: 'int', label: 'the calories', max: 20000 },
    { key: 'date', column: 'date', kind: 'date', label: 'the date', required: true },
    { key: 'note', column: 'note', kind: 'text', label: 'the note', max: 140 },
  ],
  orderBy: 'date DESC, created_at DESC',
  limit: 500,
  deletable: true,
  missing: 'That workout no longer exists.',
};

/** Builds the workout tracker. */
export function fitnessApp(ctx: AppContext): BuiltApp {
  const a = ctx.accent;
  const storageKey = `${slugKey(ctx.title)}.workouts`;
  const starterFn = `${ISO_DAY}

  function starter() {
    return [
${STARTER.map(
  ([activity, minutes, km, day, note], i) =>
    `      { id: 'seed-${i + 1}', activity: '${activity}', minutes: ${minutes}, distance: ${km}, calories: ${calories(activity, minutes)}, date: isoDay(${day}), note: ${jsString(note)}, createdAt: ${i + 1} },`,
).join('\n')}
    ];
  }`;
  const activitiesCode = `const ACTIVITIES = ${JSON.stringify(ACTIVITIES)};`;

  const home = page(
    '',
    `
import { useEffect, useState } from 'react';
import { AlertCircle, ArrowRight, Flame, Loader2, Route, Timer, Trophy, Zap } from 'lucide-react';
import AppHeader from '@/components/AppHeader';
import GoalRing from '@/components/GoalRing';
import WeekChart from '@/components/WeekChart';
import WorkoutForm from '@/components/WorkoutForm';
import WorkoutCard from '@/components/WorkoutCard';

export default function TodayPage() {
  ${activitiesCode}
  const WEEKLY_GOAL = 150;

${starterFn}

${recordsState(WORKOUTS, storageKey)}

${documentTitleEffect(ctx.title)}

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
    <div className="min-h-screen bg-gradient-to-b from-${a}-50 to-white text-slate-900">
      <AppHeader />
      <main className="mx-auto max-w-6xl px-4 pb-16 pt-8 sm:px-6">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <div>
            <p className="text-sm font-semibold text-${a}-700">Your week so far</p>
            <h1 className="mt-1 text-3xl font-bold tracking-tight">${jsxText(ctx.title)}</h1>
            <p className="mt-1 text-slate-600">Log every workout and keep your streak alive. Aim for 150 active minutes a week.</p>
          </div>
          ${loadingHint('Loading workouts…')}
        </div>

        <div className="mt-6 grid gap-6 lg:grid-cols-[1fr_380px]">
          <div className="space-y-6">
            <section className="grid gap-6 rounded-3xl border border-slate-200 bg-white p-5 shadow-sm sm:grid-cols-[auto_1fr] sm:items-center">
              <GoalRing minutes={minutes} goal={WEEKLY_GOAL} />
              <div>
                <dl className="grid grid-cols-2 gap-3">
                  <div className="rounded-2xl bg-orange-50 p-3">
                    <dt className="flex items-center gap-1.5 text-xs font-medium text-orange-700"><Flame className="h-3.5 w-3.5" aria-hidden="true" />Day streak</dt>
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
                <a href="/history" className="inline-flex items-center gap-1 text-sm font-medium text-${a}-700 hover:text-${a}-800">
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
              <Trophy className="h-4 w-4 shrink-0 text-${a}-600" aria-hidden="true" />
              Calories are estimated from the activity and its length for a 70 kg person; treat them as a guide.
            </p>
          </div>
        </div>
        <p className="mt-10 text-center text-xs text-slate-400">
          {source === 'server' ? "Workouts are saved in the app's database." : source === 'local' ? 'Workouts are saved in this browser.' : ''}
        </p>
      </main>
${NOTICE_TOAST}
    </div>
  );
}
`,
  );

  const history = page(
    'history',
    `
import { useEffect, useState } from 'react';
import { AlertCircle, Loader2, Medal } from 'lucide-react';
import AppHeader from '@/components/AppHeader';
import WorkoutCard from '@/components/WorkoutCard';

export default function HistoryPage() {
  ${activitiesCode}

${starterFn}

${recordsState(WORKOUTS, storageKey)}

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
    <div className="min-h-screen bg-gradient-to-b from-${a}-50 to-white text-slate-900">
      <AppHeader />
      <main className="mx-auto max-w-6xl px-4 pb-16 pt-8 sm:px-6">
        <h1 className="text-3xl font-bold tracking-tight">History</h1>
        <p className="mt-1 text-slate-600">Every workout you have logged, and the personal bests to beat.</p>

        <section className="mt-6 grid grid-cols-2 gap-3 lg:grid-cols-4" aria-label="Personal bests">
          {bests.map((b) => (
            <div key={b.label} className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
              <p className="flex items-center gap-1.5 text-xs font-medium text-slate-500">
                <Medal className="h-3.5 w-3.5 text-${a}-600" aria-hidden="true" />
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
              className={activity === name ? 'rounded-full bg-${a}-600 px-3.5 py-1.5 text-sm font-semibold text-white' : 'rounded-full bg-white px-3.5 py-1.5 text-sm font-medium text-slate-600 ring-1 ring-slate-200 hover:text-slate-900'}
            >
              {name}
            </button>
          ))}
          ${loadingHint('Loading…')}
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
${NOTICE_TOAST}
    </div>
  );
}
`,
  );

  const ring = component(
    'GoalRing',
    `
export default function GoalRing(props) {
  const { minutes, goal } = props;
  const share = Math.min(1, minutes / goal);
  const circumference = 2 * Math.PI * 54;
  return (
    <div className="relative mx-auto h-40 w-40" role="img" aria-label={'Active minutes ' + minutes + ' of ' + goal}>
      <svg viewBox="0 0 128 128" className="h-full w-full -rotate-90" aria-hidden="true">
        <circle cx="64" cy="64" r="54" fill="none" strokeWidth="14" className="stroke-slate-100" />
        <circle
          cx="64"
          cy="64"
          r="54"
          fill="none"
          strokeWidth="14"
          strokeLinecap="round"
          className="stroke-${a}-500 transition-all duration-700"
          strokeDasharray={circumference}
          strokeDashoffset={circumference * (1 - share)}
        />
      </svg>
      <div className="absolute inset-0 flex flex-col items-center justify-center">
        <span className="text-3xl font-bold">{minutes}</span>
        <span className="text-xs text-slate-500">of {goal} min</span>
        {minutes >= goal && <span className="mt-1 rounded-full bg-${a}-100 px-2 py-0.5 text-xs font-semibold text-${a}-700">Goal met</span>}
      </div>
    </div>
  );
}
`,
  );

  const chart = component(
    'WeekChart',
    `
export default function WeekChart(props) {
  const { week } = props;
  const peak = Math.max(60, ...week.map((d) => d.minutes));
  function weekday(iso) {
    const parts = iso.split('-').map(Number);
    return new Date(parts[0], parts[1] - 1, parts[2]).toLocaleDateString(undefined, { weekday: 'short' });
  }
  return (
    <div className="mt-4 grid grid-cols-7 gap-2">
      {week.map((d, i) => (
        <div key={d.day} className="flex flex-col items-center gap-2">
          <div className="flex h-36 w-full items-end justify-center rounded-xl bg-slate-50">
            <div
              className={d.minutes > 0 ? 'w-3/5 rounded-lg bg-${a}-500' : 'w-3/5 rounded-lg bg-slate-200'}
              style={{ height: d.minutes > 0 ? Math.max(8, (d.minutes / peak) * 100) + '%' : '4px' }}
              title={d.minutes + ' min'}
            />
          </div>
          <span className={i === week.length - 1 ? 'text-xs font-semibold text-slate-900' : 'text-xs text-slate-500'}>{i === week.length - 1 ? 'Today' : weekday(d.day)}</span>
          <span className="text-xs tabular-nums text-slate-400">{d.minutes ? d.minutes + 'm' : '–'}</span>
        </div>
      ))}
    </div>
  );
}
`,
  );

  const form = component(
    'WorkoutForm',
    `
import { useState } from 'react';
import { Bike, Dumbbell, Flame, Flower2, Footprints, Mountain, Plus, Waves } from 'lucide-react';

const ICONS = { Footprints, Bike, Waves, Mountain, Dumbbell, Flower2, Flame };

export default function WorkoutForm(props) {
  const { activities, onAdd, disabled, today } = props;
  const [activity, setActivity] = useState(activities[0].name);
  const [minutes, setMinutes] = useState('');
  const [distance, setDistance] = useState('');
  const [date, setDate] = useState(today);
  const [note, setNote] = useState('');
  const [error, setError] = useState('');

  const chosen = activities.find((x) => x.name === activity) || activities[0];
  const mins = Number(minutes);
  const estimate = mins > 0 ? Math.round((chosen.met * 70 * mins) / 60) : 0;

  function submit(event) {
    event.preventDefault();
    const km = chosen.distance && distance ? Number(distance.replace(',', '.')) : 0;
    if (!Number.isInteger(mins) || mins < 1) return setError('Enter how many minutes you trained.');
    if (!Number.isFinite(km) || km < 0) return setError('Enter the distance in km, like 5.2.');
    setError('');
    onAdd({ activity, minutes: mins, distance: Math.round(km * 100) / 100, calories: estimate, date: date || today, note: note.trim() });
    setMinutes('');
    setDistance('');
    setNote('');
  }

  const field = 'mt-1 w-full rounded-xl border border-slate-200 bg-slate-50 px-3 py-2 focus:border-${a}-400 focus:bg-white focus:outline-none focus:ring-4 focus:ring-${a}-100';
  return (
    <form onSubmit={submit} className="rounded-3xl border border-slate-200 bg-white p-5 shadow-sm" aria-label="Log a workout">
      <h2 className="font-semibold">Log a workout</h2>
      <div className="mt-3 grid grid-cols-4 gap-2" role="group" aria-label="Activity">
        {activities.map((x) => {
          const Icon = ICONS[x.icon] || Dumbbell;
          return (
            <button
              key={x.name}
              type="button"
              aria-pressed={activity === x.name}
              onClick={() => setActivity(x.name)}
              className={activity === x.name ? 'flex flex-col items-center gap-1 rounded-xl bg-${a}-600 px-1 py-2 text-xs font-semibold text-white' : 'flex flex-col items-center gap-1 rounded-xl bg-slate-50 px-1 py-2 text-xs font-medium text-slate-600 ring-1 ring-slate-200 hover:text-slate-900'}
            >
              <Icon className="h-5 w-5" aria-hidden="true" />
              {x.name}
            </button>
          );
        })}
      </div>
      <div className="mt-4 grid grid-cols-2 gap-3">
        <label className="block text-sm font-medium text-slate-700">
          Minutes
          <input name="minutes" type="number" min="1" max="1440" inputMode="numeric" value={minutes} onChange={(e) => setMinutes(e.target.value)} placeholder="30" className={field} />
        </label>
        {chosen.distance ? (
          <label className="block text-sm font-medium text-slate-700">
            Distance (km)
            <input name="distance" inputMode="decimal" value={distance} onChange={(e) => setDistance(e.target.value)} placeholder="5.0" className={field} />
          </label>
        ) : (
          <div className="flex items-end pb-2 text-xs text-slate-400">No distance for {chosen.name.toLowerCase()}</div>
        )}
        <label className="col-span-2 block text-sm font-medium text-slate-700">
          Date
          <input name="date" type="date" value={date} onChange={(e) => setDate(e.target.value)} className={field} />
        </label>
        <label className="col-span-2 block text-sm font-medium text-slate-700">
          Note
          <input name="note" value={note} onChange={(e) => setNote(e.target.value)} maxLength={140} placeholder="How did it feel?" className={field} />
        </label>
      </div>
      <p className="mt-3 flex items-center gap-1.5 text-sm text-slate-500">
        <Flame className="h-4 w-4 text-orange-500" aria-hidden="true" />
        {estimate > 0 ? 'About ' + estimate + ' kcal' : 'Calories are estimated as you type'}
      </p>
      {error && <p className="mt-2 text-sm text-red-600" role="alert">{error}</p>}
      <button type="submit" disabled={disabled} className="mt-4 inline-flex w-full items-center justify-center gap-1.5 rounded-xl bg-${a}-600 px-4 py-2.5 text-sm font-semibold text-white shadow-sm hover:bg-${a}-700 disabled:opacity-50">
        <Plus className="h-4 w-4" aria-hidden="true" />
        Log workout
      </button>
    </form>
  );
}
`,
  );

  const card = component(
    'WorkoutCard',
    `
import { Bike, Dumbbell, Flame, Flower2, Footprints, Mountain, Trash2, Waves } from 'lucide-react';

const ICONS = { Run: Footprints, Ride: Bike, Swim: Waves, Walk: Mountain, Strength: Dumbbell, Yoga: Flower2, HIIT: Flame };
const TINTS = { Run: '#fb923c', Ride: '#38bdf8', Swim: '#22d3ee', Walk: '#4ade80', Strength: '#a78bfa', Yoga: '#f472b6', HIIT: '#f87171' };

export default function WorkoutCard(props) {
  const { workout: w, onDelete } = props;
  const Icon = ICONS[w.activity] || Dumbbell;
  const parts = w.date.split('-').map(Number);
  const when = new Date(parts[0], parts[1] - 1, parts[2]).toLocaleDateString(undefined, { weekday: 'short', month: 'short', day: 'numeric' });
  return (
    <li className="group flex gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
      <span className="flex h-11 w-11 shrink-0 items-center justify-center rounded-xl text-white" style={{ backgroundColor: TINTS[w.activity] || '#94a3b8' }}>
        <Icon className="h-5 w-5" aria-hidden="true" />
      </span>
      <div className="min-w-0 flex-1">
        <div className="flex items-baseline justify-between gap-2">
          <p className="font-semibold">{w.activity}</p>
          <p className="text-xs text-slate-400">{when}</p>
        </div>
        <p className="text-sm text-slate-600">
          {w.minutes} min{w.distance > 0 ? ' · ' + w.distance.toFixed(1) + ' km' : ''} · {w.calories} kcal
        </p>
        {w.note && <p className="mt-1 truncate text-sm text-slate-500">{w.note}</p>}
      </div>
      {onDelete && (
        <button
          type="button"
          onClick={() => onDelete(w.id)}
          aria-label={'Delete ' + w.activity.toLowerCase() + ' on ' + when}
          className="self-start rounded-lg p-1.5 text-slate-400 hover:bg-red-50 hover:text-red-600 sm:opacity-0 sm:group-hover:opacity-100 focus:opacity-100"
        >
          <Trash2 className="h-4 w-4" aria-hidden="true" />
        </button>
      )}
    </li>
  );
}
`,
  );

  return {
    migrations: [
      {
        name: 'create_workouts',
        sql: recordsTableSql(
          WORKOUTS,
          STARTER.map(([activity, minutes, km, day, note]) => [
            sqlValue(activity),
            String(minutes),
            String(km),
            String(calories(activity, minutes)),
            sqlDay(day),
            sqlValue(note),
          ]),
        ),
      },
    ],
    modules: [
      ...recordRoutes(WORKOUTS),
      home,
      history,
      appHeader(ctx, {
        icon: 'Activity',
        links: [
          { href: '/', label: 'This week' },
          { href: '/history', label: 'History' },
        ],
        maxWidth: 'max-w-6xl',
      }),
      ring,
      chart,
      form,
      card,
    ],
    plan: [
      `Build "${ctx.title}", a workout tracker.`,
      '- Table `workouts` (id, activity, minutes, distance_km, calories, date, note, created_at) with ten workouts from the last two weeks.',
      '- Functions: `/api/workouts` (GET newest first, POST checked) and `/api/workouts/[id]` (DELETE).',
      '- Page `/`: the 150-minute weekly goal ring, day streak, workouts, distance and calories this week, a 7-day chart, the latest workouts and a "log a workout" form with a calorie estimate.',
      '- Page `/history`: personal bests, an activity filter and every workout with delete.',
      `- Components: AppHeader, GoalRing, WeekChart, WorkoutForm, WorkoutCard. Without a backend workouts stay in localStorage; ${a} accent.`,
    ].join('\n'),
    summary: [
      `I built **${ctx.title}**, a workout tracker: log a run, ride, swim, walk, strength, yoga or HIIT session with its time, distance and a note, and see your active minutes against the 150-minute weekly goal, your day streak, the last 7 days and your totals. The History page lists every workout with personal bests and an activity filter.`,
      '',
      "Workouts are stored in the app's database (table `workouts`, through the functions `/api/workouts` and `/api/workouts/[id]`). Opened without its backend, the app keeps them in the browser instead. Calories are an estimate for a 70 kg person.",
    ].join('\n'),
    choices: [
      `change the colour to ${otherHue(ctx.accent, 'orange', 'sky')}`,
      `rename the app to ${otherName(ctx.title, 'PaceBook', 'Move More')}`,
      'add a page called Goals',
    ],
  };
}
