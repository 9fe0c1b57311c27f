import CoinIcon from '@/components/CoinIcon';

export default function HoldingsTable(props) {
  const { positions, usd } = props;
  if (positions.length === 0) return <p className="py-8 text-center text-sm text-slate-500">No holdings yet.</p>;
  return (
    <div className="mt-3 overflow-x-auto">
      <table className="w-full min-w-[520px] text-sm">
        <thead>
          <tr className="text-left text-xs uppercase tracking-wide text-slate-400">
            <th className="pb-2 font-medium">Coin</th>
            <th className="pb-2 text-right font-medium">Holding</th>
            <th className="pb-2 text-right font-medium">Avg. cost</th>
            <th className="pb-2 text-right font-medium">Price*</th>
            <th className="pb-2 text-right font-medium">Value</th>
            <th className="pb-2 text-right font-medium">P/L</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {positions.map((p) => {
            const pl = p.value - p.cost;
            const pct = p.cost > 0 ? (pl / p.cost) * 100 : 0;
            return (
              <tr key={p.coin.symbol}>
                <td className="py-3">
                  <span className="flex items-center gap-2.5">
                    <CoinIcon coin={p.coin} />
                    <span>
                      <span className="block font-medium">{p.coin.name}</span>
                      <span className="block text-xs text-slate-500">{p.lots.length} {p.lots.length === 1 ? 'purchase' : 'purchases'}</span>
                    </span>
                  </span>
                </td>
                <td className="py-3 text-right tabular-nums">{Number(p.amount.toFixed(8))} {p.coin.symbol}</td>
                <td className="py-3 text-right tabular-nums text-slate-600">{usd(p.cost / p.amount)}</td>
                <td className="py-3 text-right tabular-nums text-slate-600">{usd(p.coin.price)}</td>
                <td className="py-3 text-right font-semibold tabular-nums">{usd(p.value)}</td>
                <td className={pl >= 0 ? 'py-3 text-right font-medium tabular-nums text-green-600' : 'py-3 text-right font-medium tabular-nums text-red-600'}>
                  {(pl >= 0 ? '+' : '') + pct.toFixed(1)}%
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <p className="mt-3 text-xs text-slate-400">* Sample price, not live market data.</p>
    </div>
  );
}
