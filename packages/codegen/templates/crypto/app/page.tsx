import { useEffect, useState } from 'react';
import { AlertCircle, Loader2, TrendingDown, TrendingUp } from 'lucide-react';
import AppHeader from '@/components/AppHeader';
import SampleDataBanner from '@/components/SampleDataBanner';
import HoldingsTable from '@/components/HoldingsTable';
import AddLotForm from '@/components/AddLotForm';
import CoinIcon from '@/components/CoinIcon';

export default function PortfolioPage() {
  const MARKET = [{"symbol":"BTC","name":"Bitcoin","price":67420.15,"change":2.4,"color":"#f7931a","rank":1,"week":[67061.4,67098.8,66877.5,66439.7,65861.9,65239.7,64670.6,64237,63993,63957.5,64114.2,64418.4,64807.5,65215.6,65585.4,65878.5,66080.3,66199.2,66261.4,66302.7,66358,66453.5,66600.4,66793.9,67015.1,67237.5,67433.9,67420.15]},{"symbol":"ETH","name":"Ethereum","price":3512.8,"change":-1.2,"color":"#627eea","rank":2,"week":[3579.71,3551.73,3521.11,3492.59,3470.69,3458.82,3458.68,3469.98,3490.57,3516.91,3544.75,3569.94,3589.13,3600.32,3603.02,3598.2,3587.93,3574.83,3561.51,3550.01,3541.54,3536.3,3533.64,3532.36,3531.14,3528.88,3525.04,3512.8]},{"symbol":"SOL","name":"Solana","price":158.34,"change":5.8,"color":"#9945ff","rank":3,"week":[141.105,141.292,141.666,142.362,143.437,144.862,146.526,148.266,149.898,151.255,152.218,152.737,152.84,152.619,152.212,151.775,151.455,151.358,151.541,152.004,152.699,153.547,154.458,155.354,156.18,156.917,157.577,158.34]},{"symbol":"XRP","name":"XRP","price":0.5234,"change":1.1,"color":"#23292f","rank":4,"week":[0.518852,0.516578,0.515606,0.515894,0.517122,0.518787,0.520323,0.521225,0.521159,0.520021,0.51795,0.515293,0.512522,0.510135,0.50856,0.50807,0.50874,0.510445,0.512898,0.515715,0.518497,0.520905,0.522721,0.52387,0.524414,0.524518,0.524394,0.5234]},{"symbol":"DOGE","name":"Dogecoin","price":0.1587,"change":3.9,"color":"#c2a633","rank":5,"week":[0.142662,0.143227,0.144264,0.145573,0.146938,0.148167,0.14913,0.14977,0.150115,0.150257,0.150326,0.150464,0.150786,0.15136,0.152195,0.15324,0.154398,0.155551,0.156583,0.157403,0.157964,0.158271,0.158371,0.158345,0.158285,0.158275,0.158376,0.1587]},{"symbol":"ADA","name":"Cardano","price":0.4512,"change":-0.6,"color":"#0033ad","rank":6,"week":[0.447751,0.453132,0.458082,0.461986,0.464457,0.465377,0.464893,0.463367,0.461281,0.459136,0.457354,0.456203,0.455765,0.455939,0.456486,0.457098,0.457471,0.457378,0.456718,0.455527,0.453962,0.452265,0.450698,0.449485,0.448766,0.448571,0.448818,0.4512]},{"symbol":"AVAX","name":"Avalanche","price":36.4,"change":4.2,"color":"#e84142","rank":7,"week":[34.9801,35.2067,35.2853,35.2219,35.0446,34.7976,34.5328,34.2999,34.1386,34.0722,34.1056,34.2262,34.4085,34.6206,34.831,35.0151,35.1592,35.2619,35.3324,35.3876,35.4465,35.5254,35.6344,35.7746,35.9387,36.1134,36.2826,36.4]},{"symbol":"LINK","name":"Chainlink","price":17.85,"change":0.8,"color":"#2a5ada","rank":8,"week":[17.7824,17.6598,17.5068,17.3466,17.2045,17.1028,17.0569,17.0729,17.1468,17.2657,17.4108,17.5609,17.6965,17.8029,17.8726,17.9051,17.9067,17.8881,17.8614,17.8377,17.8246,17.8253,17.8385,17.8593,17.8812,17.8979,17.9057,17.85]},{"symbol":"DOT","name":"Polkadot","price":7.21,"change":-2.3,"color":"#e6007a","rank":9,"week":[7.42661,7.39025,7.35997,7.34342,7.34529,7.36638,7.40355,7.45044,7.49874,7.53988,7.56658,7.57419,7.56135,7.53007,7.4851,7.43285,7.38012,7.3328,7.29494,7.26822,7.25201,7.24386,7.24033,7.23791,7.23388,7.22681,7.21675,7.21]},{"symbol":"LTC","name":"Litecoin","price":84.12,"change":-0.4,"color":"#345d9d","rank":10,"week":[85.8219,85.4457,85.2408,85.2262,85.3732,85.6157,85.8663,86.0367,86.0565,85.8877,85.531,85.0253,84.4379,83.851,83.3451,82.9836,82.8023,82.8047,82.9639,83.2304,83.5435,83.8445,84.0874,84.246,84.316,84.312,84.2607,84.12]}];

  function isoDay(offset) {
    const d = new Date();
    d.setDate(d.getDate() + offset);
    return [d.getFullYear(), String(d.getMonth() + 1).padStart(2, '0'), String(d.getDate()).padStart(2, '0')].join('-');
  }

  function starter() {
    return [
      { id: 'seed-1', symbol: 'BTC', amount: 0.15, price: 52300, date: isoDay(-120), createdAt: 1 },
      { id: 'seed-2', symbol: 'ETH', amount: 2.4, price: 2950, date: isoDay(-90), createdAt: 2 },
      { id: 'seed-3', symbol: 'SOL', amount: 35, price: 98.5, date: isoDay(-60), createdAt: 3 },
      { id: 'seed-4', symbol: 'BTC', amount: 0.05, price: 61800, date: isoDay(-45), createdAt: 4 },
      { id: 'seed-5', symbol: 'ADA', amount: 1500, price: 0.38, date: isoDay(-30), createdAt: 5 },
      { id: 'seed-6', symbol: 'LINK', amount: 40, price: 14.2, date: isoDay(-14), createdAt: 6 },
    ];
  }

  // 'loading' until /api/holdings answers, then 'server' (the app's database) or 'local' (this browser only).
  const [source, setSource] = useState('loading');
  const [records, setRecords] = useState([]);

  function savedRecords() {
    try {
      const saved = JSON.parse(window.localStorage.getItem('kiln-slug.holdings') || 'null');
      return Array.isArray(saved) ? saved : starter();
    } catch {
      return starter();
    }
  }

  const [notice, setNotice] = useState('');

  useEffect(() => {
    if (!notice) return undefined;
    const timer = setTimeout(() => setNotice(''), 4500);
    return () => clearTimeout(timer);
  }, [notice]);

  useEffect(() => {
    let active = true;
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), 5000);
    fetch('/api/holdings', { signal: controller.signal })
      .then((res) => (res.ok ? res.json() : null))
      .catch(() => null)
      .then((data) => {
        clearTimeout(timer);
        if (!active) return;
        if (data && Array.isArray(data.holdings)) {
          setRecords(data.holdings);
          setSource('server');
        } else {
          // No backend answered (a static copy or a render check): the browser keeps the data, as before.
          setRecords(savedRecords());
          setSource('local');
        }
      });
    return () => {
      active = false;
      clearTimeout(timer);
      controller.abort();
    };
  }, []);

  useEffect(() => {
    if (source !== 'local') return;
    try {
      window.localStorage.setItem('kiln-slug.holdings', JSON.stringify(records));
    } catch {
      // Storage can be full or disabled; the app still works for this visit.
    }
  }, [records, source]);

  async function api(method, path, body) {
    const res = await fetch(path, {
      method,
      headers: body === undefined ? undefined : { 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    }).catch(() => {
      throw new Error('The server could not be reached.');
    });
    const data = await res.json().catch(() => null);
    if (!res.ok) throw new Error((data && data.error) || 'The server answered ' + res.status + '.');
    return data;
  }

  /** Shows a new record at once and, with a backend, stores it (taken back with a notice if that fails). */
  function addRecord(fields) {
    const record = { ...fields, id: Date.now().toString(36) + Math.random().toString(36).slice(2, 7), createdAt: Date.now() };
    setRecords((current) => [record, ...current]);
    if (source === 'server') {
      api('POST', '/api/holdings', record)
        .then((data) => setRecords((current) => current.map((r) => (r.id === record.id ? data.holding : r))))
        .catch((error) => {
          setRecords((current) => current.filter((r) => r.id !== record.id));
          setNotice("Couldn't save that. " + error.message);
        });
    }
    return record;
  }

  /** Removes a record at once and, with a backend, deletes it (put back with a notice if that fails). */
  function removeRecord(id) {
    const removed = records.find((r) => r.id === id);
    if (!removed) return;
    setRecords((current) => current.filter((r) => r.id !== id));
    if (source === 'server') {
      api('DELETE', '/api/holdings/' + encodeURIComponent(id)).catch((error) => {
        setRecords((current) => [removed, ...current]);
        setNotice("Couldn't delete that. " + error.message);
      });
    }
  }


  useEffect(() => {
    document.title = kiln.title;
  }, []);

  const usd = (value) =>
    new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: Math.abs(value) < 1 && value !== 0 ? 4 : 2 }).format(value);

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
              <h1 className="text-sm font-medium text-slate-300">kiln-titleText · portfolio value</h1>
              {/* biome-ignore lint/a11y/useAriaPropsSupportedByRole: kiln: the generated portfolio value is read out with its label. */}
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
              {source === 'loading' && (
            <span className="inline-flex items-center gap-1.5 text-xs font-medium text-slate-400">
              <Loader2 className="h-3.5 w-3.5 animate-spin" aria-hidden="true" />
              Loading…
            </span>
          )}
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
      {notice && (
        <div role="status" className="fixed inset-x-0 bottom-4 z-30 mx-auto flex w-fit max-w-[calc(100%-2rem)] items-center gap-2 rounded-xl bg-slate-900 px-4 py-2.5 text-sm text-white shadow-lg">
          <AlertCircle className="h-4 w-4 shrink-0 text-amber-300" aria-hidden="true" />
          {notice}
        </div>
      )}
    </div>
  );
}
