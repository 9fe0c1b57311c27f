import { MapPin, Star } from 'lucide-react';
import WeatherIcon from '@/components/WeatherIcon';

const LABELS = {
  sunny: 'Sunny',
  'partly-cloudy': 'Partly cloudy',
  cloudy: 'Cloudy',
  rain: 'Rain',
  storm: 'Thunderstorms',
  snow: 'Snow',
  fog: 'Fog',
};

export default function CurrentConditions(props) {
  const { city, deg, saved, onToggleSaved } = props;
  const [, hi, lo] = city.days[0];
  const today = new Date().toLocaleDateString(undefined, { weekday: 'long', day: 'numeric', month: 'long' });

  return (
    <section aria-label="Now" className="relative overflow-hidden rounded-3xl bg-gradient-to-br from-kiln-hue-500 via-kiln-hue-600 to-kiln-hue-800 p-6 text-white shadow-lg shadow-kiln-hue-900/20 sm:p-8">
      <div className="pointer-events-none absolute -right-16 -top-16 h-64 w-64 rounded-full bg-white/10" aria-hidden="true" />
      <div className="relative flex items-start justify-between gap-4">
        <div className="min-w-0">
          <p className="flex items-center gap-1.5 text-sm text-white/80">
            <MapPin className="h-4 w-4" aria-hidden="true" />
            {city.country} · {today}
          </p>
          <h1 className="mt-1 text-3xl font-bold tracking-tight sm:text-4xl">{city.name}</h1>
          <div className="mt-4 flex items-end gap-4">
            {/* biome-ignore lint/a11y/useAriaPropsSupportedByRole: kiln: the generated code keeps this. */}
            <p className="text-7xl font-semibold leading-none tracking-tighter tabular-nums" aria-label="Temperature now">{deg(city.temp)}</p>
            <div className="pb-1 text-sm text-white/85">
              <p className="text-lg font-semibold text-white">{LABELS[city.condition]}</p>
              <p>Feels like {deg(city.feels)}</p>
              <p>H {deg(hi)} · L {deg(lo)}</p>
            </div>
          </div>
        </div>
        <div className="flex shrink-0 flex-col items-end gap-4">
          <button
            type="button"
            onClick={onToggleSaved}
            aria-pressed={saved}
            aria-label={saved ? 'Saved' : 'Save city'}
            className="inline-flex items-center gap-1.5 rounded-full bg-white/15 px-3 py-1.5 text-sm font-medium backdrop-blur hover:bg-white/25"
          >
            <Star className={saved ? 'h-4 w-4 fill-white' : 'h-4 w-4'} aria-hidden="true" />
            <span className="hidden sm:inline">{saved ? 'Saved' : 'Save city'}</span>
          </button>
          <WeatherIcon condition={city.condition} className="hidden h-28 w-28 text-white drop-shadow sm:block" />
        </div>
      </div>
    </section>
  );
}
