import { useState } from 'react';
import { Search } from 'lucide-react';
import AppHeader from '@/components/AppHeader';
import SampleDataBanner from '@/components/SampleDataBanner';
import CoinIcon from '@/components/CoinIcon';
import Sparkline from '@/components/Sparkline';

export default function MarketsPage() {
  const MARKET = [{"symbol":"BTC","name":"Bitcoin","price":67420.15,"change":2.4,"color":"#f7931a","rank":1,"week":[67061.4,67098.8,66877.5,66439.7,65861.9,65239.7,64670.6,64237,63993,63957.5,64114.2,64418.4,64807.5,65215.6,65585.4,65878.5,66080.3,66199.2,66261.4,66302.7,66358,66453.5,66600.4,66793.9,67015.1,67237.5,67433.9,67420.15]},{"symbol":"ETH","name":"Ethereum","price":3512.8,"change":-1.2,"color":"#627eea","rank":2,"week":[3579.71,3551.73,3521.11,3492.59,3470.69,3458.82,3458.68,3469.98,3490.57,3516.91,3544.75,3569.94,3589.13,3600.32,3603.02,3598.2,3587.93,3574.83,3561.51,3550.01,3541.54,3536.3,3533.64,3532.36,3531.14,3528.88,3525.04,3512.8]},{"symbol":"SOL","name":"Solana","price":158.34,"change":5.8,"color":"#9945ff","rank":3,"week":[141.105,141.292,141.666,142.362,143.437,144.862,146.526,148.266,149.898,151.255,152.218,152.737,152.84,152.619,152.212,151.775,151.455,151.358,151.541,152.004,152.699,153.547,154.458,155.354,156.18,156.917,157.577,158.34]},{"symbol":"XRP","name":"XRP","price":0.5234,"change":1.1,"color":"#23292f","rank":4,"week":[0.518852,0.516578,0.515606,0.515894,0.517122,0.518787,0.520323,0.521225,0.521159,0.520021,0.51795,0.515293,0.512522,0.510135,0.50856,0.50807,0.50874,0.510445,0.512898,0.515715,0.518497,0.520905,0.522721,0.52387,0.524414,0.524518,0.524394,0.5234]},{"symbol":"DOGE","name":"Dogecoin","price":0.1587,"change":3.9,"color":"#c2a633","rank":5,"week":[0.142662,0.143227,0.144264,0.145573,0.146938,0.148167,0.14913,0.14977,0.150115,0.150257,0.150326,0.150464,0.150786,0.15136,0.152195,0.15324,0.154398,0.155551,0.156583,0.157403,0.157964,0.158271,0.158371,0.158345,0.158285,0.158275,0.158376,0.1587]},{"symbol":"ADA","name":"Cardano","price":0.4512,"change":-0.6,"color":"#0033ad","rank":6,"week":[0.447751,0.453132,0.458082,0.461986,0.464457,0.465377,0.464893,0.463367,0.461281,0.459136,0.457354,0.456203,0.455765,0.455939,0.456486,0.457098,0.457471,0.457378,0.456718,0.455527,0.453962,0.452265,0.450698,0.449485,0.448766,0.448571,0.448818,0.4512]},{"symbol":"AVAX","name":"Avalanche","price":36.4,"change":4.2,"color":"#e84142","rank":7,"week":[34.9801,35.2067,35.2853,35.2219,35.0446,34.7976,34.5328,34.2999,34.1386,34.0722,34.1056,34.2262,34.4085,34.6206,34.831,35.0151,35.1592,35.2619,35.3324,35.3876,35.4465,35.5254,35.6344,35.7746,35.9387,36.1134,36.2826,36.4]},{"symbol":"LINK","name":"Chainlink","price":17.85,"change":0.8,"color":"#2a5ada","rank":8,"week":[17.7824,17.6598,17.5068,17.3466,17.2045,17.1028,17.0569,17.0729,17.1468,17.2657,17.4108,17.5609,17.6965,17.8029,17.8726,17.9051,17.9067,17.8881,17.8614,17.8377,17.8246,17.8253,17.8385,17.8593,17.8812,17.8979,17.9057,17.85]},{"symbol":"DOT","name":"Polkadot","price":7.21,"change":-2.3,"color":"#e6007a","rank":9,"week":[7.42661,7.39025,7.35997,7.34342,7.34529,7.36638,7.40355,7.45044,7.49874,7.53988,7.56658,7.57419,7.56135,7.53007,7.4851,7.43285,7.38012,7.3328,7.29494,7.26822,7.25201,7.24386,7.24033,7.23791,7.23388,7.22681,7.21675,7.21]},{"symbol":"LTC","name":"Litecoin","price":84.12,"change":-0.4,"color":"#345d9d","rank":10,"week":[85.8219,85.4457,85.2408,85.2262,85.3732,85.6157,85.8663,86.0367,86.0565,85.8877,85.531,85.0253,84.4379,83.851,83.3451,82.9836,82.8023,82.8047,82.9639,83.2304,83.5435,83.8445,84.0874,84.246,84.316,84.312,84.2607,84.12]}];

  const usd = (value) =>
    new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: Math.abs(value) < 1 && value !== 0 ? 4 : 2 }).format(value);

  const [query, setQuery] = useState('');
  const [sort, setSort] = useState('rank');
  const [selected, setSelected] = useState('BTC');

  const q = query.trim().toLowerCase();
  const shown = MARKET.filter((c) => !q || c.name.toLowerCase().includes(q) || c.symbol.toLowerCase().includes(q)).sort((x, y) =>
    sort === 'gainers' ? y.change - x.change : sort === 'losers' ? x.change - y.change : x.rank - y.rank,
  );
  const coin = MARKET.find((c) => c.symbol === selected) || MARKET[0];
  const low = Math.min(...coin.week);
  const high = Math.max(...coin.week);
  const sorts = [
    { id: 'rank', label: 'Top' },
    { id: 'gainers', label: 'Gainers' },
    { id: 'losers', label: 'Losers' },
  ];

  return (
    <div className="min-h-screen bg-slate-50 text-slate-900">
      <AppHeader />
      <main className="mx-auto max-w-6xl px-4 pb-16 pt-6 sm:px-6">
        <SampleDataBanner />
        <h1 className="mt-6 text-3xl font-bold tracking-tight">Markets</h1>
        <p className="mt-1 text-slate-600">Ten large coins with sample prices and their 7-day trend.</p>

        <section className="mt-6 rounded-3xl border border-slate-200 bg-white p-5 shadow-sm" aria-label={coin.name + ' details'}>
          <div className="flex flex-wrap items-center justify-between gap-4">
            <div className="flex items-center gap-3">
              <CoinIcon coin={coin} large />
              <div>
                <p className="text-lg font-semibold">{coin.name} <span className="text-sm font-normal text-slate-500">{coin.symbol}</span></p>
                <p className="text-2xl font-bold tabular-nums">{usd(coin.price)}</p>
              </div>
            </div>
            <dl className="flex gap-6 text-sm">
              <div><dt className="text-slate-500">24h</dt><dd className={coin.change >= 0 ? 'font-semibold text-green-600' : 'font-semibold text-red-600'}>{(coin.change >= 0 ? '+' : '') + coin.change.toFixed(1)}%</dd></div>
              <div><dt className="text-slate-500">7d low</dt><dd className="font-semibold tabular-nums">{usd(low)}</dd></div>
              <div><dt className="text-slate-500">7d high</dt><dd className="font-semibold tabular-nums">{usd(high)}</dd></div>
            </dl>
          </div>
          <Sparkline values={coin.week} color={coin.color} height={140} filled />
          <p className="mt-1 flex justify-between text-xs text-slate-400"><span>7 days ago</span><span>Now (sample)</span></p>
        </section>

        <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:items-center">
          <label className="relative flex-1">
            <span className="sr-only">Search coins</span>
            <Search className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-slate-400" aria-hidden="true" />
            <input
              name="query"
              type="search"
              value={query}
              onChange={(e) => setQuery(e.target.value)}
              placeholder="Search by name or symbol"
              className="w-full rounded-xl border border-slate-200 bg-white py-2 pl-9 pr-3 focus:border-kiln-hue-400 focus:outline-none focus:ring-4 focus:ring-kiln-hue-100"
            />
          </label>
          <div className="flex gap-1 rounded-xl bg-slate-200/60 p-1">
            {sorts.map((s) => (
              <button
                key={s.id}
                type="button"
                aria-pressed={sort === s.id}
                onClick={() => setSort(s.id)}
                className={sort === s.id ? 'rounded-lg bg-white px-3 py-1.5 text-sm font-medium text-kiln-hue-700 shadow-sm' : 'rounded-lg px-3 py-1.5 text-sm font-medium text-slate-600 hover:text-slate-900'}
              >
                {s.label}
              </button>
            ))}
          </div>
        </div>

        <ul className="mt-4 divide-y divide-slate-100 rounded-3xl border border-slate-200 bg-white px-4 shadow-sm">
          {shown.map((c) => (
            <li key={c.symbol}>
              <button
                type="button"
                onClick={() => setSelected(c.symbol)}
                aria-pressed={selected === c.symbol}
                className={'grid w-full grid-cols-[auto_1fr_auto] items-center gap-3 py-3 text-left sm:grid-cols-[2rem_auto_1fr_8rem_6rem_5rem] ' + (selected === c.symbol ? 'bg-kiln-hue-50/60' : '')}
              >
                <span className="hidden text-sm text-slate-400 sm:block">{c.rank}</span>
                <CoinIcon coin={c} />
                <span className="min-w-0">
                  <span className="block truncate font-medium">{c.name}</span>
                  <span className="block text-xs text-slate-500">{c.symbol}</span>
                </span>
                <span className="hidden sm:block"><Sparkline values={c.week} color={c.change >= 0 ? '#1f9d55' : '#d93a3a'} height={32} /></span>
                <span className="text-right font-semibold tabular-nums">{usd(c.price)}</span>
                <span className={c.change >= 0 ? 'hidden text-right text-sm font-medium text-green-600 sm:block' : 'hidden text-right text-sm font-medium text-red-600 sm:block'}>
                  {(c.change >= 0 ? '+' : '') + c.change.toFixed(1)}%
                </span>
              </button>
            </li>
          ))}
        </ul>
        {shown.length === 0 && <p className="mt-4 text-center text-sm text-slate-500">No coin matches “{query}”.</p>}
      </main>
    </div>
  );
}
