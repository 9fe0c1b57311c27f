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
