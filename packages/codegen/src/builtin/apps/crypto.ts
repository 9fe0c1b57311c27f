/**
 * The builtin CRYPTOCURRENCY_APP: a portfolio tracker priced from a fixed set of sample prices, labelled as
 * such everywhere they show (the builtin app makes no outside network calls, so it cannot fetch a live
 * market). Purchases ("lots": coin, amount, price paid, date) live in the app's `holdings` table behind
 * `/api/holdings`; the portfolio page totals them per coin (value, average cost, profit or loss, allocation,
 * 24-hour change) and a Markets page lists the sample prices with 7-day sparklines. Without a backend the
 * lots stay in localStorage.
 * @module
 */
import { jsxText } from '../format.ts';
import { loadingHint, NOTICE_TOAST } from './backend.ts';
import {
  ISO_DAY,
  type RecordSpec,
  recordRoutes,
  recordsState,
  recordsTableSql,
  sqlDay,
  sqlValue,
} from './records.ts';
import {
  type AppContext,
  appHeader,
  type BuiltApp,
  component,
  documentTitleEffect,
  otherHue,
  otherName,
  page,
} from './shared.ts';
import { slugKey } from './todo-list.ts';

/** Sample market: symbol, name, price (USD), 24h change %, colour, market-cap rank. */
const COINS: [string, string, number, number, string][] = [
  ['BTC', 'Bitcoin', 67420.15, 2.4, '#f7931a'],
  ['ETH', 'Ethereum', 3512.8, -1.2, '#627eea'],
  ['SOL', 'Solana', 158.34, 5.8, '#9945ff'],
  ['XRP', 'XRP', 0.5234, 1.1, '#23292f'],
  ['DOGE', 'Dogecoin', 0.1587, 3.9, '#c2a633'],
  ['ADA', 'Cardano', 0.4512, -0.6, '#0033ad'],
  ['AVAX', 'Avalanche', 36.4, 4.2, '#e84142'],
  ['LINK', 'Chainlink', 17.85, 0.8, '#2a5ada'],
  ['DOT', 'Polkadot', 7.21, -2.3, '#e6007a'],
  ['LTC', 'Litecoin', 84.12, -0.4, '#345d9d'],
];

/** A deterministic 7-day sample series (28 points, 6-hourly) ending at the price. */
function series(price: number, change: number, k: number): number[] {
  const points: number[] = [];
  const weekDrift = change * 1.8;
  for (let i = 0; i < 28; i++) {
    const t = i / 27;
    const wave = Math.sin(i / 2.3 + k) * 0.018 + Math.sin(i / 5.1 + k * 2) * 0.025;
    const factor = 1 - (weekDrift / 100) * (1 - t) + wave * (1 - t * 0.9);
    points.push(Number((price * factor).toPrecision(6)));
  }
  points[27] = price;
  return points;
}

function marketCode(): string {
  const market = COINS.map(([symbol, name, price, change, color], i) => ({
    symbol,
    name,
    price,
    change,
    color,
    rank: i + 1,
    week: series(price, change, i + 1),
  }));
  return `const MARKET = ${JSON.stringify(market)};`;
}

/** Seed lots: symbol, amount, price paid, day offset. */
const STARTER: [string, number, number, number][] = [
  ['BTC', 0.15, 52300, -120],
  ['ETH', 2.4, 2950, -90],
  ['SOL', 35, 98.5, -60],
  ['BTC', 0.05, 61800, -45],
  ['ADA', 1500, 0.38, -30],
  ['LINK', 40, 14.2, -14],
];

const HOLDINGS: RecordSpec = {
  resource: 'holdings',
  one: 'holding',
  table: 'holdings',
  fields: [
    {
      key: 'symbol',
      column: 'symbol',
      kind: 'choice',
      label: 'a coin',
      required: true,
      options: COINS.map((c) => c[0]),
    },
    { key: 'amount', column: 'amount', kind: 'number', label: 'the amount', min: 0.00000001, max: 1e12 },
    { key: 'price', column: 'price_usd', kind: 'number', label: 'the price paid', max: 1e9 },
    { key: 'date', column: 'bought_on', kind: 'date', label: 'the date', required: true },
  ],
  orderBy: 'bought_on DESC, created_at DESC',
  limit: 500,
  deletable: true,
  missing: 'That purchase no longer exists.',
};

const USD = `  const usd = (value) =>
    new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: Math.abs(value) < 1 && value !== 0 ? 4 : 2 }).format(value);`;

/** The banner every page shows: the prices are samples, not a live market. */
const SAMPLE_NOTE =
  'Sample prices, not live market data: this app works offline, so prices are a fixed snapshot for trying it out.';

/** Builds the crypto portfolio tracker. */
export function cryptoApp(ctx: AppContext): BuiltApp {
  const a = ctx.accent;
  const storageKey = `${slugKey(ctx.title)}.holdings`;
  const starterFn = `${ISO_DAY}

  function starter() {
    return [
${STARTER.map(
  ([symbol, amount, price, day], i) =>
    `      { id: 'seed-${i + 1}', symbol: '${symbol}', amount: ${amount}, price: ${price}, date: isoDay(${day}), createdAt: ${i + 1} },`,
).join('\n')}
    ];
  }`;

  const home = page(
    '',
    `
import { useEffect, useState } from 'react';
import { AlertCircle, Loader2, TrendingDown, TrendingUp } from 'lucide-react';
import AppHeader from '@/components/AppHeader';
import SampleDataBanner from '@/components/SampleDataBanner';
import HoldingsTable from '@/components/HoldingsTable';
import AddLotForm from '@/components/AddLotForm';
import CoinIcon from '@/components/CoinIcon';

export default function PortfolioPage() {
  ${marketCode()}

${starterFn}

${recordsState(HOLDINGS, storageKey)}

${documentTitleEffect(ctx.title)}

${USD}

  const bySymbol = Object.fromEntries(MARKET.map((c) => [c.symbol, c]));
  const positions = MARKET.map((coin) => {
    const lots = records.filter((r) => r.symbol === coin.symbol);
    const amount = lots.reduce((sum, r) => sum + r.amount, 0);
    const cost = lots.reduce((sum, r) => sum + r.amount * r.price, 0);
    const value = amount * coin.price;
    return { coin, lots, amount, cost, value, dayChange: value - value / (1 + coin.change / 100) };
  })
    .filter((p) => p.amount > 0)
    .sort((x, y) => y.value - x.value);
  const total = positions.reduce((sum, p) => sum + p.value, 0);
  const cost = positions.reduce((sum, p) => sum + p.cost, 0);
  const day = positions.reduce((sum, p) => sum + p.dayChange, 0);
  const gain = total - cost;
  const gainPct = cost > 0 ? (gain / cost) * 100 : 0;
  const dayPct = total - day > 0 ? (day / (total - day)) * 100 : 0;

  const lots = records
    .slice()
    .sort((x, y) => (x.date === y.date ? y.createdAt - x.createdAt : x.date < y.date ? 1 : -1));

  return (
    <div className="min-h-screen bg-slate-50 text-slate-900">
      <AppHeader />
      <main className="mx-auto max-w-6xl px-4 pb-16 pt-6 sm:px-6">
        <SampleDataBanner />
        <section className="mt-6 overflow-hidden rounded-3xl bg-slate-900 p-6 text-white shadow-lg sm:p-8">
          <div className="flex flex-wrap items-start justify-between gap-6">
            <div>
              <h1 className="text-sm font-medium text-slate-300">${jsxText(ctx.title)} · portfolio value</h1>
              <p className="mt-2 text-4xl font-bold tracking-tight tabular-nums sm:text-5xl" aria-label={'Portfolio value ' + usd(total)}>{usd(total)}</p>
              <p className={day >= 0 ? 'mt-2 inline-flex items-center gap-1.5 text-sm font-medium text-green-400' : 'mt-2 inline-flex items-center gap-1.5 text-sm font-medium text-red-400'}>
                {day >= 0 ? <TrendingUp className="h-4 w-4" aria-hidden="true" /> : <TrendingDown className="h-4 w-4" aria-hidden="true" />}
                {(day >= 0 ? '+' : '−') + usd(Math.abs(day))} ({dayPct.toFixed(2)}%) in 24h
              </p>
            </div>
            <dl className="grid grid-cols-2 gap-6 text-sm">
              <div>
                <dt className="text-slate-400">Invested</dt>
                <dd className="mt-1 text-lg font-semibold tabular-nums">{usd(cost)}</dd>
              </div>
              <div>
                <dt className="text-slate-400">Profit / loss</dt>
                <dd className={gain >= 0 ? 'mt-1 text-lg font-semibold tabular-nums text-green-400' : 'mt-1 text-lg font-semibold tabular-nums text-red-400'}>
                  {(gain >= 0 ? '+' : '−') + usd(Math.abs(gain))} <span className="text-sm">({gainPct.toFixed(1)}%)</span>
                </dd>
              </div>
            </dl>
          </div>
          {total > 0 && (
            <div className="mt-6">
              <div className="flex h-2.5 overflow-hidden rounded-full bg-white/10" role="img" aria-label="Allocation by coin">
                {positions.map((p) => (
                  <div key={p.coin.symbol} style={{ width: (p.value / total) * 100 + '%', backgroundColor: p.coin.color }} />
                ))}
              </div>
              <ul className="mt-3 flex flex-wrap gap-x-5 gap-y-1 text-xs text-slate-300">
                {positions.map((p) => (
                  <li key={p.coin.symbol} className="flex items-center gap-1.5">
                    <span className="h-2 w-2 rounded-full" style={{ backgroundColor: p.coin.color }} />
                    {p.coin.symbol} {((p.value / total) * 100).toFixed(1)}%
                  </li>
                ))}
              </ul>
            </div>
          )}
        </section>

        <div className="mt-6 grid gap-6 lg:grid-cols-[1fr_340px]">
          <section className="min-w-0 rounded-3xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
            <div className="flex items-center justify-between gap-2">
              <h2 className="font-semibold">Holdings</h2>
              ${loadingHint('Loading…')}
            </div>
            <HoldingsTable positions={positions} usd={usd} />
          </section>
          <AddLotForm market={MARKET} onAdd={addRecord} disabled={source === 'loading'} today={isoDay(0)} usd={usd} />
        </div>

        <section className="mt-6 rounded-3xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
          <h2 className="font-semibold">Purchases</h2>
          <ul className="mt-2 divide-y divide-slate-100">
            {lots.map((lot) => {
              const coin = bySymbol[lot.symbol];
              if (!coin) return null;
              const change = coin.price / lot.price - 1;
              return (
                <li key={lot.id} className="flex items-center gap-3 py-3">
                  <CoinIcon coin={coin} />
                  <div className="min-w-0 flex-1">
                    <p className="font-medium">{lot.amount} {lot.symbol} <span className="font-normal text-slate-500">at {usd(lot.price)}</span></p>
                    <p className="text-xs text-slate-500">Bought {lot.date}</p>
                  </div>
                  <span className={change >= 0 ? 'text-sm font-semibold text-green-600' : 'text-sm font-semibold text-red-600'}>
                    {(change >= 0 ? '+' : '') + (change * 100).toFixed(1)}%
                  </span>
                  <button
                    type="button"
                    onClick={() => removeRecord(lot.id)}
                    aria-label={'Remove the purchase of ' + lot.amount + ' ' + lot.symbol}
                    className="rounded-lg px-2 py-1 text-xs font-medium text-slate-400 hover:bg-red-50 hover:text-red-600"
                  >
                    Remove
                  </button>
                </li>
              );
            })}
          </ul>
          {lots.length === 0 && source !== 'loading' && <p className="py-6 text-center text-sm text-slate-500">No purchases yet: add your first one above.</p>}
        </section>
        <p className="mt-10 text-center text-xs text-slate-400">
          {source === 'server' ? "Your purchases are saved in the app's database." : source === 'local' ? 'Your purchases are saved in this browser.' : ''}
        </p>
      </main>
${NOTICE_TOAST}
    </div>
  );
}
`,
  );

  const markets = page(
    'markets',
    `
import { useState } from 'react';
import { Search } from 'lucide-react';
import AppHeader from '@/components/AppHeader';
import SampleDataBanner from '@/components/SampleDataBanner';
import CoinIcon from '@/components/CoinIcon';
import Sparkline from '@/components/Sparkline';

export default function MarketsPage() {
  ${marketCode()}

${USD}

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
              className="w-full rounded-xl border border-slate-200 bg-white py-2 pl-9 pr-3 focus:border-${a}-400 focus:outline-none focus:ring-4 focus:ring-${a}-100"
            />
          </label>
          <div className="flex gap-1 rounded-xl bg-slate-200/60 p-1">
            {sorts.map((s) => (
              <button
                key={s.id}
                type="button"
                aria-pressed={sort === s.id}
                onClick={() => setSort(s.id)}
                className={sort === s.id ? 'rounded-lg bg-white px-3 py-1.5 text-sm font-medium text-${a}-700 shadow-sm' : 'rounded-lg px-3 py-1.5 text-sm font-medium text-slate-600 hover:text-slate-900'}
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
                className={'grid w-full grid-cols-[auto_1fr_auto] items-center gap-3 py-3 text-left sm:grid-cols-[2rem_auto_1fr_8rem_6rem_5rem] ' + (selected === c.symbol ? 'bg-${a}-50/60' : '')}
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
`,
  );

  const banner = component(
    'SampleDataBanner',
    `
import { Info } from 'lucide-react';

export default function SampleDataBanner() {
  return (
    <p role="note" className="flex items-start gap-2 rounded-2xl border border-${a}-200 bg-${a}-50 px-4 py-3 text-sm text-${a}-900">
      <Info className="mt-0.5 h-4 w-4 shrink-0 text-${a}-600" aria-hidden="true" />
      <span><strong className="font-semibold">${SAMPLE_NOTE.split(':')[0]}:</strong>${SAMPLE_NOTE.slice(SAMPLE_NOTE.indexOf(':') + 1)}</span>
    </p>
  );
}
`,
  );

  const coinIcon = component(
    'CoinIcon',
    `
export default function CoinIcon(props) {
  const { coin, large } = props;
  return (
    <span
      className={large ? 'flex h-12 w-12 shrink-0 items-center justify-center rounded-full text-sm font-bold text-white' : 'flex h-9 w-9 shrink-0 items-center justify-center rounded-full text-[11px] font-bold text-white'}
      style={{ backgroundColor: coin.color }}
      aria-hidden="true"
    >
      {coin.symbol.slice(0, 4)}
    </span>
  );
}
`,
  );

  const sparkline = component(
    'Sparkline',
    `
export default function Sparkline(props) {
  const { values, color, height, filled } = props;
  const width = 300;
  const low = Math.min(...values);
  const high = Math.max(...values);
  const span = high - low || 1;
  const points = values.map((v, i) => [(i / (values.length - 1)) * width, height - 4 - ((v - low) / span) * (height - 8)]);
  const line = points.map((p) => p[0].toFixed(1) + ',' + p[1].toFixed(1)).join(' ');
  return (
    <svg viewBox={'0 0 ' + width + ' ' + height} preserveAspectRatio="none" className="mt-2 w-full" style={{ height }} aria-hidden="true">
      {filled && <polygon points={'0,' + height + ' ' + line + ' ' + width + ',' + height} fill={color} opacity="0.12" />}
      <polyline points={line} fill="none" stroke={color} strokeWidth={filled ? 2.5 : 1.75} strokeLinejoin="round" strokeLinecap="round" vectorEffect="non-scaling-stroke" />
    </svg>
  );
}
`,
  );

  const table = component(
    'HoldingsTable',
    `
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
`,
  );

  const form = component(
    'AddLotForm',
    `
import { useState } from 'react';
import { Plus } from 'lucide-react';

export default function AddLotForm(props) {
  const { market, onAdd, disabled, today, usd } = props;
  const [symbol, setSymbol] = useState(market[0].symbol);
  const [amount, setAmount] = useState('');
  const [price, setPrice] = useState(String(market[0].price));
  const [date, setDate] = useState(today);
  const [error, setError] = useState('');

  const coin = market.find((c) => c.symbol === symbol) || market[0];
  const qty = Number(amount.replace(',', '.'));
  const paid = Number(price.replace(',', '.'));

  function chooseCoin(next) {
    setSymbol(next);
    const found = market.find((c) => c.symbol === next);
    if (found) setPrice(String(found.price));
  }

  function submit(event) {
    event.preventDefault();
    if (!Number.isFinite(qty) || qty <= 0) return setError('Enter how much you bought, like 0.25.');
    if (!Number.isFinite(paid) || paid < 0) return setError('Enter the price you paid per coin.');
    setError('');
    onAdd({ symbol, amount: qty, price: paid, date: date || today });
    setAmount('');
  }

  const field = 'mt-1 w-full rounded-xl border border-slate-200 bg-slate-50 px-3 py-2 focus:border-${a}-400 focus:bg-white focus:outline-none focus:ring-4 focus:ring-${a}-100';
  return (
    <form onSubmit={submit} className="h-fit rounded-3xl border border-slate-200 bg-white p-5 shadow-sm" aria-label="Add a purchase">
      <h2 className="font-semibold">Add a purchase</h2>
      <div className="mt-3 space-y-3">
        <label className="block text-sm font-medium text-slate-700">
          Coin
          <select name="symbol" value={symbol} onChange={(e) => chooseCoin(e.target.value)} className={field}>
            {market.map((c) => (
              <option key={c.symbol} value={c.symbol}>{c.name} ({c.symbol})</option>
            ))}
          </select>
        </label>
        <div className="grid grid-cols-2 gap-3">
          <label className="block text-sm font-medium text-slate-700">
            Amount
            <input name="amount" inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} placeholder="0.25" className={field} />
          </label>
          <label className="block text-sm font-medium text-slate-700">
            Price paid (USD)
            <input name="price" inputMode="decimal" value={price} onChange={(e) => setPrice(e.target.value)} className={field} />
          </label>
        </div>
        <label className="block text-sm font-medium text-slate-700">
          Date
          <input name="date" type="date" value={date} onChange={(e) => setDate(e.target.value)} className={field} />
        </label>
      </div>
      <p className="mt-3 text-sm text-slate-500">
        {qty > 0 && paid >= 0 ? 'Cost ' + usd(qty * paid) + ' · worth ' + usd(qty * coin.price) + ' at the sample price' : 'Sample price: ' + usd(coin.price)}
      </p>
      {error && <p className="mt-2 text-sm text-red-600" role="alert">{error}</p>}
      <button type="submit" disabled={disabled} className="mt-4 inline-flex w-full items-center justify-center gap-1.5 rounded-xl bg-${a}-600 px-4 py-2.5 text-sm font-semibold text-white shadow-sm hover:bg-${a}-700 disabled:opacity-50">
        <Plus className="h-4 w-4" aria-hidden="true" />
        Add to portfolio
      </button>
    </form>
  );
}
`,
  );

  return {
    migrations: [
      {
        name: 'create_holdings',
        sql: recordsTableSql(
          HOLDINGS,
          STARTER.map(([symbol, amount, price, day]) => [
            sqlValue(symbol),
            String(amount),
            String(price),
            sqlDay(day),
          ]),
        ),
      },
    ],
    modules: [
      ...recordRoutes(HOLDINGS),
      home,
      markets,
      appHeader(ctx, {
        icon: 'Coins',
        links: [
          { href: '/', label: 'Portfolio' },
          { href: '/markets', label: 'Markets' },
        ],
        maxWidth: 'max-w-6xl',
      }),
      banner,
      coinIcon,
      sparkline,
      table,
      form,
    ],
    plan: [
      `Build "${ctx.title}", a crypto portfolio tracker priced from clearly labelled sample prices (no outside network calls).`,
      '- Table `holdings` (id, symbol, amount, price_usd, bought_on, created_at) with six purchases of BTC, ETH, SOL, ADA and LINK.',
      '- Functions: `/api/holdings` (GET newest first, POST checked) and `/api/holdings/[id]` (DELETE).',
      '- Page `/`: portfolio value, 24-hour change, invested, profit or loss, allocation; holdings per coin (amount, average cost, price, value, P/L); an add-purchase form; every purchase with remove.',
      '- Page `/markets`: ten coins with sample prices, 24-hour change and 7-day sparklines; search, top/gainers/losers, a detail chart.',
      `- Components: AppHeader, SampleDataBanner, CoinIcon, Sparkline, HoldingsTable, AddLotForm. Without a backend purchases stay in localStorage; ${a} accent.`,
    ].join('\n'),
    summary: [
      `I built **${ctx.title}**, a crypto portfolio tracker: add what you bought (coin, amount, price paid, date) and see the portfolio's value, 24-hour change, profit or loss and allocation, with each coin's average cost. The Markets page lists ten coins with 7-day charts, search and gainers/losers.`,
      '',
      "Prices are a fixed sample, labelled on every page: the app makes no outside network calls, so it has no live market feed. Your purchases are stored in the app's database (table `holdings`, through `/api/holdings` and `/api/holdings/[id]`); opened without its backend, the app keeps them in the browser.",
    ].join('\n'),
    choices: [
      `change the colour to ${otherHue(ctx.accent, 'violet', 'sky')}`,
      `rename the app to ${otherName(ctx.title, 'HODL Book', 'Coin Ledger')}`,
      'add a page called Learn',
    ],
  };
}
