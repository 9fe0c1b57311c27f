const COLORS = ['#38bdf8', '#a78bfa', '#fb7185', '#fbbf24', '#34d399', '#f472b6', '#60a5fa', '#fb923c', '#94a3b8'];

export default function SpendingChart(props) {
  const { byCategory, total, money } = props;
  const rows = Object.entries(byCategory).sort((x, y) => y[1] - x[1]);
  if (rows.length === 0) return <p className="mt-4 text-sm text-slate-500">No spending in the last 30 days.</p>;
  return (
    <div className="mt-4">
      <div className="flex h-3 overflow-hidden rounded-full bg-slate-100">
        {rows.map(([name, cents], i) => (
          <div key={name} style={{ width: (cents / total) * 100 + '%', backgroundColor: COLORS[i % COLORS.length] }} title={name} />
        ))}
      </div>
      <ul className="mt-4 grid gap-x-6 gap-y-2 sm:grid-cols-2">
        {rows.map(([name, cents], i) => (
          <li key={name} className="flex items-center gap-2 text-sm">
            <span className="h-2.5 w-2.5 shrink-0 rounded-full" style={{ backgroundColor: COLORS[i % COLORS.length] }} />
            <span className="flex-1 text-slate-700">{name}</span>
            <span className="tabular-nums text-slate-500">{Math.round((cents / total) * 100)}%</span>
            <span className="w-24 text-right font-medium tabular-nums">{money(cents)}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
