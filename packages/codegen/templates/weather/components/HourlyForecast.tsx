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
      <svg viewBox={'0 0 ' + width + ' ' + height} className="mt-3 h-20 w-full text-kiln-hue-500" preserveAspectRatio="none" role="img" aria-label={'Temperature from ' + deg(min) + ' to ' + deg(max)}>
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
