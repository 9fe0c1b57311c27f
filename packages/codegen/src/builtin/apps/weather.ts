/**
 * The builtin WEATHER_APP: current conditions, the next 24 hours (strip and temperature curve), a 7-day
 * forecast with range bars, details (humidity, wind, UV, pressure, sunrise) and what to wear or bring, for a
 * handful of cities, in °C or °F. The builtin never calls out to a weather service, so the forecast is sample
 * data, and the page says so; the chosen city, saved cities and unit are kept in the browser.
 * @module
 */
import { jsString } from '../format.ts';
import {
  type AppContext,
  appHeader,
  type BuiltApp,
  component,
  documentTitleEffect,
  otherHue,
  page,
} from './shared.ts';
import { slugKey } from './todo-list.ts';

type Condition = 'sunny' | 'partly-cloudy' | 'cloudy' | 'rain' | 'storm' | 'snow' | 'fog';

interface SampleCity {
  id: string;
  name: string;
  country: string;
  condition: Condition;
  temp: number;
  feels: number;
  humidity: number;
  windKmh: number;
  uv: number;
  pressure: number;
  visibilityKm: number;
  sunrise: string;
  sunset: string;
  /** Seven days: condition, high, low, chance of rain (%). */
  days: [Condition, number, number, number][];
}

const CITIES: SampleCity[] = [
  {
    id: 'lisbon',
    name: 'Lisbon',
    country: 'Portugal',
    condition: 'partly-cloudy',
    temp: 19,
    feels: 18,
    humidity: 64,
    windKmh: 14,
    uv: 4,
    pressure: 1018,
    visibilityKm: 16,
    sunrise: '07:31',
    sunset: '17:19',
    days: [
      ['partly-cloudy', 21, 13, 10],
      ['sunny', 22, 14, 0],
      ['sunny', 23, 14, 0],
      ['cloudy', 20, 15, 20],
      ['rain', 17, 13, 80],
      ['partly-cloudy', 19, 12, 30],
      ['sunny', 21, 12, 5],
    ],
  },
  {
    id: 'oslo',
    name: 'Oslo',
    country: 'Norway',
    condition: 'snow',
    temp: -2,
    feels: -7,
    humidity: 88,
    windKmh: 18,
    uv: 0,
    pressure: 1006,
    visibilityKm: 4,
    sunrise: '08:41',
    sunset: '15:28',
    days: [
      ['snow', 0, -5, 70],
      ['cloudy', 1, -4, 30],
      ['snow', -1, -6, 60],
      ['partly-cloudy', -2, -9, 10],
      ['sunny', -1, -10, 0],
      ['cloudy', 1, -5, 20],
      ['snow', 0, -3, 75],
    ],
  },
  {
    id: 'tokyo',
    name: 'Tokyo',
    country: 'Japan',
    condition: 'sunny',
    temp: 15,
    feels: 14,
    humidity: 52,
    windKmh: 9,
    uv: 3,
    pressure: 1022,
    visibilityKm: 20,
    sunrise: '06:24',
    sunset: '16:29',
    days: [
      ['sunny', 17, 9, 0],
      ['sunny', 18, 10, 0],
      ['partly-cloudy', 16, 10, 10],
      ['rain', 13, 9, 70],
      ['cloudy', 14, 8, 30],
      ['sunny', 17, 8, 0],
      ['partly-cloudy', 16, 9, 10],
    ],
  },
  {
    id: 'new-york',
    name: 'New York',
    country: 'United States',
    condition: 'rain',
    temp: 9,
    feels: 6,
    humidity: 82,
    windKmh: 22,
    uv: 1,
    pressure: 1009,
    visibilityKm: 8,
    sunrise: '06:51',
    sunset: '16:32',
    days: [
      ['rain', 11, 6, 85],
      ['storm', 12, 7, 90],
      ['cloudy', 9, 3, 30],
      ['partly-cloudy', 8, 2, 10],
      ['sunny', 10, 3, 0],
      ['fog', 9, 5, 20],
      ['partly-cloudy', 11, 5, 10],
    ],
  },
  {
    id: 'sydney',
    name: 'Sydney',
    country: 'Australia',
    condition: 'sunny',
    temp: 25,
    feels: 26,
    humidity: 58,
    windKmh: 17,
    uv: 9,
    pressure: 1014,
    visibilityKm: 25,
    sunrise: '05:44',
    sunset: '19:38',
    days: [
      ['sunny', 27, 19, 0],
      ['sunny', 29, 20, 5],
      ['storm', 24, 19, 70],
      ['partly-cloudy', 25, 18, 20],
      ['sunny', 26, 18, 0],
      ['sunny', 28, 19, 0],
      ['partly-cloudy', 26, 20, 15],
    ],
  },
];

function cityLiteral(c: SampleCity): string {
  const days = c.days.map(([cond, hi, lo, rain]) => `[${jsString(cond)}, ${hi}, ${lo}, ${rain}]`).join(', ');
  return `  {
    id: ${jsString(c.id)},
    name: ${jsString(c.name)},
    country: ${jsString(c.country)},
    condition: ${jsString(c.condition)},
    temp: ${c.temp},
    feels: ${c.feels},
    humidity: ${c.humidity},
    windKmh: ${c.windKmh},
    uv: ${c.uv},
    pressure: ${c.pressure},
    visibilityKm: ${c.visibilityKm},
    sunrise: ${jsString(c.sunrise)},
    sunset: ${jsString(c.sunset)},
    days: [${days}],
  },`;
}

/** Builds the weather app. */
export function weatherApp(ctx: AppContext): BuiltApp {
  const a = ctx.accent;
  const key = slugKey(ctx.title);

  const home = page(
    '',
    `
import { useEffect, useState } from 'react';
import { Droplets, Eye, Gauge, Info, MapPin, Search, Star, Sun, Sunrise, Sunset, Wind } from 'lucide-react';
import AppHeader from '@/components/AppHeader';
import CurrentConditions from '@/components/CurrentConditions';
import DailyForecast from '@/components/DailyForecast';
import HourlyForecast from '@/components/HourlyForecast';

// Sample forecasts: this app works offline and does not fetch live weather.
const CITIES = [
${CITIES.map(cityLiteral).join('\n')}
];

// What to bring or wear, chosen by the day's weather.
const ADVICE = [
  { title: 'Take an umbrella', text: 'Showers are likely today; a light rain jacket helps too.', when: (c) => c.condition === 'rain' || (c.days[0][3] >= 60 && c.days[0][0] !== 'snow') },
  { title: 'Stay in during the storm', text: 'Thunderstorms are expected; avoid open ground and tall trees.', when: (c) => c.condition === 'storm' || c.days[0][0] === 'storm' },
  { title: 'Wrap up warm', text: 'It feels below freezing; gloves, a hat and a warm coat.', when: (c) => c.feels <= 2 },
  { title: 'Wear sunscreen', text: 'The UV index is high around midday; SPF 30 or more and a hat.', when: (c) => c.uv >= 6 },
  { title: 'Watch for ice', text: 'Snow on the ground can freeze overnight; allow extra time.', when: (c) => c.condition === 'snow' },
  { title: 'A great day to be outside', text: 'Dry and mild; perfect for a walk or a picnic.', when: (c) => (c.condition === 'sunny' || c.condition === 'partly-cloudy') && c.temp >= 12 && c.temp <= 26 },
  { title: 'Drive carefully', text: 'Fog lowers visibility this morning; use dipped headlights.', when: (c) => c.visibilityKm < 5 || c.condition === 'fog' },
];

/** 24 hourly readings from now, shaped by the day's high and low (coolest before dawn, warmest mid-afternoon). */
function hourlyFor(city) {
  const [cond, hi, lo, rain] = city.days[0];
  const start = new Date().getHours();
  const hours = [];
  for (let i = 0; i < 24; i++) {
    const hour = (start + i) % 24;
    const warmth = (Math.cos(((hour - 15) / 24) * 2 * Math.PI) + 1) / 2;
    const temp = i === 0 ? city.temp : Math.round(lo + (hi - lo) * warmth);
    const night = hour < Number(city.sunrise.slice(0, 2)) || hour >= Number(city.sunset.slice(0, 2));
    const condition = i === 0 ? city.condition : i > 12 ? cond : city.condition;
    hours.push({ hour, temp, condition, night, rain: Math.max(0, Math.min(100, Math.round(rain + Math.sin(hour) * 15))) });
  }
  return hours;
}

export default function HomePage() {
  const storageKey = ${jsString(`${key}.weather`)};
  const [cityId, setCityId] = useState(CITIES[0].id);
  const [unit, setUnit] = useState('C');
  const [saved, setSaved] = useState(['lisbon', 'tokyo']);
  const [query, setQuery] = useState('');
  const [ready, setReady] = useState(false);

${documentTitleEffect(ctx.title)}

  useEffect(() => {
    try {
      const prefs = JSON.parse(window.localStorage.getItem(storageKey) || 'null');
      if (prefs) {
        if (CITIES.some((c) => c.id === prefs.cityId)) setCityId(prefs.cityId);
        if (prefs.unit === 'F' || prefs.unit === 'C') setUnit(prefs.unit);
        if (Array.isArray(prefs.saved)) setSaved(prefs.saved.filter((id) => CITIES.some((c) => c.id === id)));
      }
    } catch {
      // Unreadable preferences: keep the defaults.
    }
    setReady(true);
  }, []);

  useEffect(() => {
    if (!ready) return;
    try {
      window.localStorage.setItem(storageKey, JSON.stringify({ cityId, unit, saved }));
    } catch {
      // Storage can be full or disabled; preferences last for this visit.
    }
  }, [cityId, unit, saved, ready]);

  const city = CITIES.find((c) => c.id === cityId) || CITIES[0];
  const deg = (c) => Math.round(unit === 'F' ? (c * 9) / 5 + 32 : c) + '°';
  const wind = unit === 'F' ? Math.round(city.windKmh / 1.609) + ' mph' : city.windKmh + ' km/h';
  const needle = query.trim().toLowerCase();
  const matches = needle ? CITIES.filter((c) => (c.name + ' ' + c.country).toLowerCase().includes(needle)) : [];
  const isSaved = saved.includes(city.id);
  const advice = ADVICE.filter((tip) => tip.when(city)).slice(0, 3);
  const details = [
    { label: 'Humidity', value: city.humidity + '%', icon: Droplets },
    { label: 'Wind', value: wind, icon: Wind },
    { label: 'UV index', value: city.uv + (city.uv >= 6 ? ' · high' : city.uv >= 3 ? ' · moderate' : ' · low'), icon: Sun },
    { label: 'Pressure', value: city.pressure + ' hPa', icon: Gauge },
    { label: 'Visibility', value: unit === 'F' ? Math.round(city.visibilityKm / 1.609) + ' mi' : city.visibilityKm + ' km', icon: Eye },
    { label: 'Sunrise · sunset', value: city.sunrise + ' · ' + city.sunset, icon: Sunrise },
  ];

  function choose(id) {
    setCityId(id);
    setQuery('');
  }

  return (
    <div className="min-h-screen bg-slate-100 text-slate-900">
      <AppHeader />
      <main className="mx-auto max-w-6xl px-4 py-6 sm:px-6 md:py-8">
        <p className="mb-5 flex items-start gap-2 rounded-2xl bg-amber-50 px-4 py-3 text-sm text-amber-900 ring-1 ring-amber-200">
          <Info className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
          <span>
            <strong className="font-semibold">Sample forecast.</strong> This app works offline with demo data for five cities; it does not show live weather.
          </span>
        </p>

        <div className="grid gap-6 lg:grid-cols-[260px_1fr]">
          <aside className="space-y-4">
            <div className="relative">
              <label className="relative block">
                <span className="sr-only">Find a city</span>
                <Search className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-slate-400" aria-hidden="true" />
                <input
                  name="city"
                  type="search"
                  value={query}
                  onChange={(e) => setQuery(e.target.value)}
                  placeholder="Find a city"
                  autoComplete="off"
                  className="w-full rounded-xl border border-slate-200 bg-white py-2.5 pl-9 pr-3 text-sm focus:border-${a}-400 focus:outline-none focus:ring-4 focus:ring-${a}-100"
                />
              </label>
              {needle && (
                <ul className="absolute inset-x-0 top-full z-10 mt-1 overflow-hidden rounded-xl border border-slate-200 bg-white shadow-lg" role="listbox" aria-label="Cities">
                  {matches.map((c) => (
                    <li key={c.id}>
                      <button type="button" role="option" aria-selected={c.id === city.id} onClick={() => choose(c.id)} className="flex w-full items-center gap-2 px-3 py-2 text-left text-sm hover:bg-${a}-50">
                        <MapPin className="h-4 w-4 text-slate-400" aria-hidden="true" />
                        {c.name}, <span className="text-slate-500">{c.country}</span>
                      </button>
                    </li>
                  ))}
                  {matches.length === 0 && <li className="px-3 py-2 text-sm text-slate-500">No sample data for that city.</li>}
                </ul>
              )}
            </div>

            <div className="flex rounded-xl bg-white p-1 text-sm font-medium shadow-sm ring-1 ring-slate-200" role="group" aria-label="Units">
              {['C', 'F'].map((u) => (
                <button
                  key={u}
                  type="button"
                  onClick={() => setUnit(u)}
                  aria-pressed={unit === u}
                  className={unit === u ? 'flex-1 rounded-lg bg-${a}-600 py-1.5 text-white' : 'flex-1 rounded-lg py-1.5 text-slate-600 hover:bg-slate-100'}
                >
                  °{u}
                </button>
              ))}
            </div>

            <ul className="-mx-1 flex gap-2 overflow-x-auto px-1 pb-1 lg:hidden" aria-label="Cities">
              {CITIES.map((c) => (
                <li key={c.id} className="shrink-0">
                  <button
                    type="button"
                    onClick={() => choose(c.id)}
                    aria-current={c.id === city.id ? 'true' : undefined}
                    className={c.id === city.id ? 'rounded-full bg-${a}-600 px-3.5 py-1.5 text-sm font-medium text-white' : 'rounded-full bg-white px-3.5 py-1.5 text-sm font-medium text-slate-700 ring-1 ring-slate-200'}
                  >
                    {c.name} <span className="opacity-75">{deg(c.temp)}</span>
                  </button>
                </li>
              ))}
            </ul>
            <nav aria-label="Saved and sample cities" className="hidden rounded-2xl bg-white p-2 shadow-sm ring-1 ring-slate-200 lg:block">
              <h2 className="px-2 py-1 text-xs font-semibold uppercase tracking-wide text-slate-400">Cities</h2>
              <ul>
                {CITIES.slice()
                  .sort((x, y) => Number(saved.includes(y.id)) - Number(saved.includes(x.id)))
                  .map((c) => (
                    <li key={c.id}>
                      <button
                        type="button"
                        onClick={() => choose(c.id)}
                        aria-current={c.id === city.id ? 'true' : undefined}
                        className={c.id === city.id ? 'flex w-full items-center justify-between rounded-xl bg-${a}-50 px-3 py-2 text-left' : 'flex w-full items-center justify-between rounded-xl px-3 py-2 text-left hover:bg-slate-50'}
                      >
                        <span className="flex items-center gap-1.5">
                          {saved.includes(c.id) && <Star className="h-3.5 w-3.5 fill-amber-400 text-amber-400" aria-label="Saved" />}
                          <span className={c.id === city.id ? 'font-semibold text-${a}-800' : 'font-medium text-slate-700'}>{c.name}</span>
                        </span>
                        <span className="text-sm tabular-nums text-slate-500">{deg(c.temp)}</span>
                      </button>
                    </li>
                  ))}
              </ul>
            </nav>
          </aside>

          <div className="min-w-0 space-y-6">
            <CurrentConditions
              city={city}
              deg={deg}
              saved={isSaved}
              onToggleSaved={() => setSaved(isSaved ? saved.filter((id) => id !== city.id) : [...saved, city.id])}
            />
            <HourlyForecast hours={hourlyFor(city)} deg={deg} />
            <div className="grid gap-6 xl:grid-cols-[1fr_320px]">
              <DailyForecast days={city.days} deg={deg} />
              <div className="space-y-6">
                <section aria-label="Details" className="grid grid-cols-2 gap-3">
                  {details.map((d) => (
                    <div key={d.label} className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
                      <p className="flex items-center gap-1.5 text-xs font-medium uppercase tracking-wide text-slate-400">
                        <d.icon className="h-3.5 w-3.5" aria-hidden="true" />
                        {d.label}
                      </p>
                      <p className="mt-1.5 font-semibold text-slate-900">{d.value}</p>
                    </div>
                  ))}
                </section>
                {advice.length > 0 && (
                  <section className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
                    <h2 className="flex items-center gap-2 font-semibold">
                      <Sunset className="h-4 w-4 text-${a}-600" aria-hidden="true" />
                      Today in {city.name}
                    </h2>
                    <ul className="mt-3 space-y-3">
                      {advice.map((tip) => (
                        <li key={tip.title}>
                          <p className="text-sm font-medium text-slate-900">{tip.title}</p>
                          <p className="text-sm text-slate-500">{tip.text}</p>
                        </li>
                      ))}
                    </ul>
                  </section>
                )}
              </div>
            </div>
          </div>
        </div>
      </main>
    </div>
  );
}
`,
  );

  const icon = component(
    'WeatherIcon',
    `
import { Cloud, CloudFog, CloudLightning, CloudMoon, CloudRain, CloudSnow, CloudSun, Moon, Sun } from 'lucide-react';

const ICONS = {
  sunny: Sun,
  'partly-cloudy': CloudSun,
  cloudy: Cloud,
  rain: CloudRain,
  storm: CloudLightning,
  snow: CloudSnow,
  fog: CloudFog,
};

const LABELS = {
  sunny: 'Sunny',
  'partly-cloudy': 'Partly cloudy',
  cloudy: 'Cloudy',
  rain: 'Rain',
  storm: 'Thunderstorms',
  snow: 'Snow',
  fog: 'Fog',
};

export default function WeatherIcon(props) {
  const { condition, night, className } = props;
  let Icon = ICONS[condition] || Cloud;
  if (night && condition === 'sunny') Icon = Moon;
  if (night && condition === 'partly-cloudy') Icon = CloudMoon;
  return <Icon className={className || 'h-6 w-6'} aria-label={LABELS[condition] || condition} role="img" />;
}
`,
  );

  const current = component(
    'CurrentConditions',
    `
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
    <section aria-label="Now" className="relative overflow-hidden rounded-3xl bg-gradient-to-br from-${a}-500 via-${a}-600 to-${a}-800 p-6 text-white shadow-lg shadow-${a}-900/20 sm:p-8">
      <div className="pointer-events-none absolute -right-16 -top-16 h-64 w-64 rounded-full bg-white/10" aria-hidden="true" />
      <div className="relative flex items-start justify-between gap-4">
        <div className="min-w-0">
          <p className="flex items-center gap-1.5 text-sm text-white/80">
            <MapPin className="h-4 w-4" aria-hidden="true" />
            {city.country} · {today}
          </p>
          <h1 className="mt-1 text-3xl font-bold tracking-tight sm:text-4xl">{city.name}</h1>
          <div className="mt-4 flex items-end gap-4">
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
`,
  );

  const hourly = component(
    'HourlyForecast',
    `
import { Droplets } from 'lucide-react';
import WeatherIcon from '@/components/WeatherIcon';

function label(hour, i) {
  if (i === 0) return 'Now';
  return String(hour).padStart(2, '0') + ':00';
}

export default function HourlyForecast(props) {
  const { hours, deg } = props;
  const temps = hours.map((h) => h.temp);
  const min = Math.min(...temps);
  const max = Math.max(...temps);
  const width = 720;
  const height = 90;
  const points = hours.map((h, i) => {
    const x = (i / (hours.length - 1)) * width;
    const y = max === min ? height / 2 : 12 + (1 - (h.temp - min) / (max - min)) * (height - 24);
    return [x, y];
  });
  const line = points.map(([x, y]) => x.toFixed(1) + ',' + y.toFixed(1)).join(' ');

  return (
    <section className="rounded-3xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6">
      <h2 className="font-semibold">Next 24 hours</h2>
      <svg viewBox={'0 0 ' + width + ' ' + height} className="mt-3 h-20 w-full text-${a}-500" preserveAspectRatio="none" role="img" aria-label={'Temperature from ' + deg(min) + ' to ' + deg(max)}>
        <defs>
          <linearGradient id="temp-fill" x1="0" x2="0" y1="0" y2="1">
            <stop offset="0%" stopColor="currentColor" stopOpacity="0.25" />
            <stop offset="100%" stopColor="currentColor" stopOpacity="0" />
          </linearGradient>
        </defs>
        <g>
          <polygon points={'0,' + height + ' ' + line + ' ' + width + ',' + height} fill="url(#temp-fill)" />
          <polyline points={line} fill="none" stroke="currentColor" strokeWidth="3" strokeLinecap="round" strokeLinejoin="round" vectorEffect="non-scaling-stroke" />
        </g>
      </svg>
      <ol className="-mx-1 mt-2 flex gap-1 overflow-x-auto pb-1">
        {hours.filter((_, i) => i % 2 === 0).map((h, i) => (
          <li key={i} className={i === 0 ? 'flex min-w-[64px] flex-col items-center gap-1.5 rounded-2xl bg-slate-100 px-2 py-3' : 'flex min-w-[64px] flex-col items-center gap-1.5 rounded-2xl px-2 py-3'}>
            <span className="text-xs font-medium text-slate-500">{label(h.hour, i)}</span>
            <WeatherIcon condition={h.condition} night={h.night} className="h-6 w-6 text-slate-700" />
            <span className="font-semibold tabular-nums">{deg(h.temp)}</span>
            <span className="flex items-center gap-0.5 text-[11px] text-slate-400">
              <Droplets className="h-3 w-3" aria-hidden="true" />
              {h.rain}%
            </span>
          </li>
        ))}
      </ol>
    </section>
  );
}
`,
  );

  const daily = component(
    'DailyForecast',
    `
import WeatherIcon from '@/components/WeatherIcon';

function dayName(offset) {
  if (offset === 0) return 'Today';
  return new Date(Date.now() + offset * 86400000).toLocaleDateString(undefined, { weekday: 'short' });
}

export default function DailyForecast(props) {
  const { days, deg } = props;
  const lowest = Math.min(...days.map((d) => d[2]));
  const highest = Math.max(...days.map((d) => d[1]));
  const span = Math.max(1, highest - lowest);

  return (
    <section className="rounded-3xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6">
      <h2 className="font-semibold">7-day forecast</h2>
      <ol className="mt-2 divide-y divide-slate-100">
        {days.map(([condition, hi, lo, rain], i) => (
          <li key={i} className="grid grid-cols-[3.5rem_2rem_3rem_1fr] items-center gap-3 py-3 sm:grid-cols-[4rem_2.5rem_3.5rem_1fr]">
            <span className="font-medium text-slate-700">{dayName(i)}</span>
            <WeatherIcon condition={condition} className="h-6 w-6 text-slate-600" />
            <span className={rain >= 50 ? 'text-xs font-semibold text-${a}-600' : 'text-xs text-slate-400'}>{rain > 0 ? rain + '%' : ''}</span>
            <span className="flex items-center gap-3 text-sm tabular-nums">
              <span className="w-9 text-right text-slate-400">{deg(lo)}</span>
              <span className="relative h-1.5 flex-1 rounded-full bg-slate-100">
                <span
                  className="absolute inset-y-0 rounded-full bg-gradient-to-r from-${a}-300 to-${a}-600"
                  style={{ left: ((lo - lowest) / span) * 100 + '%', right: ((highest - hi) / span) * 100 + '%' }}
                />
              </span>
              <span className="w-9 font-semibold text-slate-900">{deg(hi)}</span>
            </span>
          </li>
        ))}
      </ol>
    </section>
  );
}
`,
  );

  return {
    modules: [
      home,
      appHeader(ctx, { icon: 'CloudSun', links: [{ href: '/', label: 'Forecast' }], maxWidth: 'max-w-6xl' }),
      current,
      hourly,
      daily,
      icon,
    ],
    plan: [
      `Build "${ctx.title}", a weather app.`,
      '- No database and no network: five cities of sample forecast data in the page, clearly labelled as sample data.',
      '- Page `/`: city search and list (saved cities first), °C/°F, current conditions, next 24 hours (strip and temperature curve), 7-day forecast with range bars, details and what to wear or bring.',
      '- Components: AppHeader, CurrentConditions, HourlyForecast, DailyForecast, WeatherIcon.',
      `- The chosen city, saved cities and unit are kept in localStorage; ${a} accent.`,
    ].join('\n'),
    summary: [
      `I built **${ctx.title}**: current conditions, the next 24 hours with a temperature curve, a 7-day forecast and tips on what to wear, for Lisbon, Oslo, Tokyo, New York and Sydney. Switch between °C and °F and save your favourite cities.`,
      '',
      'The builtin generator works offline, so the forecast is **sample data** and the app says so on the page. Your city, saved cities and unit are kept in the browser.',
    ].join('\n'),
    choices: [
      `make it ${otherHue(ctx.accent, 'indigo', 'sky')}`,
      'make a mobile version',
      'add a page called About',
    ],
  };
}
