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
              className={d.minutes > 0 ? 'w-3/5 rounded-lg bg-kiln-hue-500' : 'w-3/5 rounded-lg bg-slate-200'}
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
