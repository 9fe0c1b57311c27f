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

  const field = 'mt-1 w-full rounded-xl border border-slate-200 bg-slate-50 px-3 py-2 focus:border-kiln-hue-400 focus:bg-white focus:outline-none focus:ring-4 focus:ring-kiln-hue-100';
  return (
    <form onSubmit={submit} className="rounded-3xl border border-slate-200 bg-white p-5 shadow-sm" aria-label="Log a workout">
      <h2 className="font-semibold">Log a workout</h2>
      {/* biome-ignore lint/a11y/useSemanticElements: kiln: the generated activity picker is a div with role group. */}
      <div className="mt-3 grid grid-cols-4 gap-2" role="group" aria-label="Activity">
        {activities.map((x) => {
          const Icon = ICONS[x.icon] || Dumbbell;
          return (
            <button
              key={x.name}
              type="button"
              aria-pressed={activity === x.name}
              onClick={() => setActivity(x.name)}
              className={activity === x.name ? 'flex flex-col items-center gap-1 rounded-xl bg-kiln-hue-600 px-1 py-2 text-xs font-semibold text-white' : 'flex flex-col items-center gap-1 rounded-xl bg-slate-50 px-1 py-2 text-xs font-medium text-slate-600 ring-1 ring-slate-200 hover:text-slate-900'}
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
      <button type="submit" disabled={disabled} className="mt-4 inline-flex w-full items-center justify-center gap-1.5 rounded-xl bg-kiln-hue-600 px-4 py-2.5 text-sm font-semibold text-white shadow-sm hover:bg-kiln-hue-700 disabled:opacity-50">
        <Plus className="h-4 w-4" aria-hidden="true" />
        Log workout
      </button>
    </form>
  );
}
