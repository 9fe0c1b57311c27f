import { useEffect, useState } from 'react';
import { AlertCircle, Loader2, Search } from 'lucide-react';
import AppHeader from '@/components/AppHeader';
import TransactionRow from '@/components/TransactionRow';

export default function TransactionsPage() {
  const CATEGORIES = ["Salary","Freelance","Housing","Groceries","Dining out","Transport","Utilities","Entertainment","Health","Shopping","Other"];

  function isoDay(offset) {
    const d = new Date();
    d.setDate(d.getDate() + offset);
    return [d.getFullYear(), String(d.getMonth() + 1).padStart(2, '0'), String(d.getDate()).padStart(2, '0')].join('-');
  }

  function starter() {
    return [
      { id: 'seed-1', description: 'Monthly salary', cents: 385000, kind: 'income', category: 'Salary', date: isoDay(-20), createdAt: 1 },
      { id: 'seed-2', description: 'Rent', cents: 125000, kind: 'expense', category: 'Housing', date: isoDay(-19), createdAt: 2 },
      { id: 'seed-3', description: 'Internet', cents: 4500, kind: 'expense', category: 'Utilities', date: isoDay(-16), createdAt: 3 },
      { id: 'seed-4', description: 'Running shoes', cents: 9500, kind: 'expense', category: 'Shopping', date: isoDay(-14), createdAt: 4 },
      { id: 'seed-5', description: 'Electricity bill', cents: 6420, kind: 'expense', category: 'Utilities', date: isoDay(-12), createdAt: 5 },
      { id: 'seed-6', description: 'Streaming subscriptions', cents: 2298, kind: 'expense', category: 'Entertainment', date: isoDay(-10), createdAt: 6 },
      { id: 'seed-7', description: 'Groceries at Fresh Market', cents: 7215, kind: 'expense', category: 'Groceries', date: isoDay(-9), createdAt: 7 },
      { id: 'seed-8', description: 'Pharmacy', cents: 1875, kind: 'expense', category: 'Health', date: isoDay(-7), createdAt: 8 },
      { id: 'seed-9', description: 'Logo design for a client', cents: 42000, kind: 'income', category: 'Freelance', date: isoDay(-6), createdAt: 9 },
      { id: 'seed-10', description: 'Cinema tickets', cents: 2400, kind: 'expense', category: 'Entertainment', date: isoDay(-5), createdAt: 10 },
      { id: 'seed-11', description: 'Metro card top-up', cents: 4000, kind: 'expense', category: 'Transport', date: isoDay(-4), createdAt: 11 },
      { id: 'seed-12', description: 'Dinner at Luca\'s', cents: 5850, kind: 'expense', category: 'Dining out', date: isoDay(-3), createdAt: 12 },
      { id: 'seed-13', description: 'Groceries at Fresh Market', cents: 8640, kind: 'expense', category: 'Groceries', date: isoDay(-2), createdAt: 13 },
      { id: 'seed-14', description: 'Coffee with Sam', cents: 780, kind: 'expense', category: 'Dining out', date: isoDay(-1), createdAt: 14 },
    ];
  }

  // 'loading' until /api/transactions answers, then 'server' (the app's database) or 'local' (this browser only).
  const [source, setSource] = useState('loading');
  const [records, setRecords] = useState([]);

  function savedRecords() {
    try {
      const saved = JSON.parse(window.localStorage.getItem('kiln-slug.transactions') || 'null');
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
    fetch('/api/transactions', { signal: controller.signal })
      .then((res) => (res.ok ? res.json() : null))
      .catch(() => null)
      .then((data) => {
        clearTimeout(timer);
        if (!active) return;
        if (data && Array.isArray(data.transactions)) {
          setRecords(data.transactions);
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
      window.localStorage.setItem('kiln-slug.transactions', JSON.stringify(records));
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
      api('POST', '/api/transactions', record)
        .then((data) => setRecords((current) => current.map((r) => (r.id === record.id ? data.transaction : r))))
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
      api('DELETE', '/api/transactions/' + encodeURIComponent(id)).catch((error) => {
        setRecords((current) => [removed, ...current]);
        setNotice("Couldn't delete that. " + error.message);
      });
    }
  }


  const money = (cents) =>
    new Intl.NumberFormat(undefined, { style: 'currency', currency: 'kiln-currency' }).format(cents / 100);

  const [query, setQuery] = useState('');
  const [kind, setKind] = useState('all');
  const [category, setCategory] = useState('');

  const shown = records
    .filter((t) => (kind === 'all' ? true : t.kind === kind))
    .filter((t) => (category ? t.category === category : true))
    .filter((t) => t.description.toLowerCase().includes(query.trim().toLowerCase()))
    .sort((x, y) => (x.date === y.date ? y.createdAt - x.createdAt : x.date < y.date ? 1 : -1));
  const total = shown.reduce((sum, t) => sum + (t.kind === 'income' ? t.cents : -t.cents), 0);

  const groups = [];
  for (const t of shown) {
    const last = groups[groups.length - 1];
    if (last && last.date === t.date) last.items.push(t);
    else groups.push({ date: t.date, items: [t] });
  }

  function dayLabel(iso) {
    const parts = iso.split('-').map(Number);
    return new Date(parts[0], parts[1] - 1, parts[2]).toLocaleDateString(undefined, { weekday: 'long', month: 'long', day: 'numeric' });
  }

  const kinds = [
    { id: 'all', label: 'All' },
    { id: 'income', label: 'Income' },
    { id: 'expense', label: 'Expenses' },
  ];

  return (
    <div className="min-h-screen bg-slate-50 text-slate-900">
      <AppHeader />
      <main className="mx-auto max-w-6xl px-4 pb-16 pt-8 sm:px-6">
        <h1 className="text-3xl font-bold tracking-tight">Transactions</h1>
        <p className="mt-1 text-slate-600">Search, filter and tidy up every payment in and out.</p>

        <div className="mt-6 flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-3 shadow-sm md:flex-row md:items-center">
          <label className="relative flex-1">
            <span className="sr-only">Search transactions</span>
            <Search className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-slate-400" aria-hidden="true" />
            <input
              name="query"
              type="search"
              value={query}
              onChange={(e) => setQuery(e.target.value)}
              placeholder="Search descriptions"
              className="w-full rounded-xl border border-slate-200 bg-slate-50 py-2 pl-9 pr-3 focus:border-kiln-hue-400 focus:bg-white focus:outline-none focus:ring-4 focus:ring-kiln-hue-100"
            />
          </label>
          <div className="flex gap-1 rounded-xl bg-slate-100 p-1">
            {kinds.map((k) => (
              <button
                key={k.id}
                type="button"
                aria-pressed={kind === k.id}
                onClick={() => setKind(k.id)}
                className={kind === k.id ? 'rounded-lg bg-white px-3 py-1.5 text-sm font-medium text-kiln-hue-700 shadow-sm' : 'rounded-lg px-3 py-1.5 text-sm font-medium text-slate-600 hover:text-slate-900'}
              >
                {k.label}
              </button>
            ))}
          </div>
          <label className="flex items-center gap-2 text-sm text-slate-600">
            <span className="sr-only">Category</span>
            <select
              name="category"
              value={category}
              onChange={(e) => setCategory(e.target.value)}
              className="rounded-xl border border-slate-200 bg-white px-3 py-2 text-sm focus:border-kiln-hue-400 focus:outline-none focus:ring-4 focus:ring-kiln-hue-100"
            >
              <option value="">All categories</option>
              {CATEGORIES.map((c) => (
                <option key={c} value={c}>{c}</option>
              ))}
            </select>
          </label>
        </div>

        <div className="mt-4 flex items-center justify-between text-sm text-slate-600">
          <span>
            {shown.length} {shown.length === 1 ? 'transaction' : 'transactions'} · net{' '}
            <span className={total >= 0 ? 'font-semibold text-green-700' : 'font-semibold text-slate-900'}>{money(total)}</span>
          </span>
          {source === 'loading' && (
            <span className="inline-flex items-center gap-1.5 text-xs font-medium text-slate-400">
              <Loader2 className="h-3.5 w-3.5 animate-spin" aria-hidden="true" />
              Loading…
            </span>
          )}
        </div>

        <div className="mt-3 space-y-5">
          {groups.map((g) => (
            <section key={g.date}>
              <h2 className="px-1 text-xs font-semibold uppercase tracking-wide text-slate-500">{dayLabel(g.date)}</h2>
              <ul className="mt-2 divide-y divide-slate-100 rounded-2xl border border-slate-200 bg-white px-4 shadow-sm">
                {g.items.map((t) => (
                  <TransactionRow key={t.id} transaction={t} money={money} onDelete={removeRecord} />
                ))}
              </ul>
            </section>
          ))}
          {shown.length === 0 && source !== 'loading' && (
            <p className="rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center text-slate-500">No transactions match these filters.</p>
          )}
        </div>
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
