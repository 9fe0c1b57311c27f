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
            <span className={rain >= 50 ? 'text-xs font-semibold text-kiln-hue-600' : 'text-xs text-slate-400'}>{rain > 0 ? rain + '%' : ''}</span>
            <span className="flex items-center gap-3 text-sm tabular-nums">
              <span className="w-9 text-right text-slate-400">{deg(lo)}</span>
              <span className="relative h-1.5 flex-1 rounded-full bg-slate-100">
                <span
                  className="absolute inset-y-0 rounded-full bg-gradient-to-r from-kiln-hue-300 to-kiln-hue-600"
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
