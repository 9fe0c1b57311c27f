export default function BudgetList(props) {
  const { budgets, spent, money } = props;
  return (
    <ul className="mt-4 space-y-4">
      {Object.entries(budgets).map(([name, limit]) => {
        const used = spent[name] || 0;
        const share = used / (limit * 100);
        const over = share > 1;
        return (
          <li key={name}>
            <div className="flex items-baseline justify-between gap-2 text-sm">
              <span className="font-medium">{name}</span>
              <span className={over ? 'font-medium text-red-600' : 'text-slate-500'}>
                {over ? money(used - limit * 100) + ' over' : money(limit * 100 - used) + ' left'}
              </span>
            </div>
            <div className="mt-1.5 h-2 overflow-hidden rounded-full bg-slate-100" role="progressbar" aria-label={name + ' budget used'} aria-valuenow={Math.round(share * 100)} aria-valuemin={0} aria-valuemax={100}>
              <div className={over ? 'h-full rounded-full bg-red-500' : share > 0.8 ? 'h-full rounded-full bg-amber-400' : 'h-full rounded-full bg-kiln-hue-500'} style={{ width: Math.min(100, share * 100) + '%' }} />
            </div>
            <p className="mt-1 text-xs text-slate-400">{money(used)} of {money(limit * 100)}</p>
          </li>
        );
      })}
    </ul>
  );
}
