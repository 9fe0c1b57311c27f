import { useEffect, useState } from 'react';
import { Droplets, Eye, Gauge, Info, MapPin, Search, Star, Sun, Sunrise, Sunset, Wind } from 'lucide-react';
import AppHeader from '@/components/AppHeader';
import CurrentConditions from '@/components/CurrentConditions';
import DailyForecast from '@/components/DailyForecast';
import HourlyForecast from '@/components/HourlyForecast';

// Sample forecasts: this app works offline and does not fetch live weather.
const CITIES = [
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
    days: [['partly-cloudy', 21, 13, 10], ['sunny', 22, 14, 0], ['sunny', 23, 14, 0], ['cloudy', 20, 15, 20], ['rain', 17, 13, 80], ['partly-cloudy', 19, 12, 30], ['sunny', 21, 12, 5]],
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
    days: [['snow', 0, -5, 70], ['cloudy', 1, -4, 30], ['snow', -1, -6, 60], ['partly-cloudy', -2, -9, 10], ['sunny', -1, -10, 0], ['cloudy', 1, -5, 20], ['snow', 0, -3, 75]],
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
    days: [['sunny', 17, 9, 0], ['sunny', 18, 10, 0], ['partly-cloudy', 16, 10, 10], ['rain', 13, 9, 70], ['cloudy', 14, 8, 30], ['sunny', 17, 8, 0], ['partly-cloudy', 16, 9, 10]],
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
    days: [['rain', 11, 6, 85], ['storm', 12, 7, 90], ['cloudy', 9, 3, 30], ['partly-cloudy', 8, 2, 10], ['sunny', 10, 3, 0], ['fog', 9, 5, 20], ['partly-cloudy', 11, 5, 10]],
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
    days: [['sunny', 27, 19, 0], ['sunny', 29, 20, 5], ['storm', 24, 19, 70], ['partly-cloudy', 25, 18, 20], ['sunny', 26, 18, 0], ['sunny', 28, 19, 0], ['partly-cloudy', 26, 20, 15]],
  },
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
  const storageKey = 'kiln-slug.weather';
  const [cityId, setCityId] = useState(CITIES[0].id);
  const [unit, setUnit] = useState('C');
  const [saved, setSaved] = useState(['lisbon', 'tokyo']);
  const [query, setQuery] = useState('');
  const [ready, setReady] = useState(false);

  useEffect(() => {
    document.title = kiln.title;
  }, []);

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
                  className="w-full rounded-xl border border-slate-200 bg-white py-2.5 pl-9 pr-3 text-sm focus:border-kiln-hue-400 focus:outline-none focus:ring-4 focus:ring-kiln-hue-100"
                />
              </label>
              {needle && (
                // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: kiln: the generated code keeps this.
                <ul className="absolute inset-x-0 top-full z-10 mt-1 overflow-hidden rounded-xl border border-slate-200 bg-white shadow-lg" role="listbox" aria-label="Cities">
                  {matches.map((c) => (
                    <li key={c.id}>
                      <button type="button" role="option" aria-selected={c.id === city.id} onClick={() => choose(c.id)} className="flex w-full items-center gap-2 px-3 py-2 text-left text-sm hover:bg-kiln-hue-50">
                        <MapPin className="h-4 w-4 text-slate-400" aria-hidden="true" />
                        {c.name}, <span className="text-slate-500">{c.country}</span>
                      </button>
                    </li>
                  ))}
                  {matches.length === 0 && <li className="px-3 py-2 text-sm text-slate-500">No sample data for that city.</li>}
                </ul>
              )}
            </div>

            {/* biome-ignore lint/a11y/useSemanticElements: kiln: the generated code keeps this. */}
            <div className="flex rounded-xl bg-white p-1 text-sm font-medium shadow-sm ring-1 ring-slate-200" role="group" aria-label="Units">
              {['C', 'F'].map((u) => (
                <button
                  key={u}
                  type="button"
                  onClick={() => setUnit(u)}
                  aria-pressed={unit === u}
                  className={unit === u ? 'flex-1 rounded-lg bg-kiln-hue-600 py-1.5 text-white' : 'flex-1 rounded-lg py-1.5 text-slate-600 hover:bg-slate-100'}
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
                    className={c.id === city.id ? 'rounded-full bg-kiln-hue-600 px-3.5 py-1.5 text-sm font-medium text-white' : 'rounded-full bg-white px-3.5 py-1.5 text-sm font-medium text-slate-700 ring-1 ring-slate-200'}
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
                        className={c.id === city.id ? 'flex w-full items-center justify-between rounded-xl bg-kiln-hue-50 px-3 py-2 text-left' : 'flex w-full items-center justify-between rounded-xl px-3 py-2 text-left hover:bg-slate-50'}
                      >
                        <span className="flex items-center gap-1.5">
                          {saved.includes(c.id) && <Star className="h-3.5 w-3.5 fill-amber-400 text-amber-400" aria-label="Saved" />}
                          <span className={c.id === city.id ? 'font-semibold text-kiln-hue-800' : 'font-medium text-slate-700'}>{c.name}</span>
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
                      <Sunset className="h-4 w-4 text-kiln-hue-600" aria-hidden="true" />
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
