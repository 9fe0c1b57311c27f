import { useEffect, useState } from 'react';
import { AlertCircle, ArrowRight, Loader2, PiggyBank } from 'lucide-react';
import AppHeader from '@/components/AppHeader';
import StatCard from '@/components/StatCard';
import TransactionForm from '@/components/TransactionForm';
import TransactionRow from '@/components/TransactionRow';
import SpendingChart from '@/components/SpendingChart';
import BudgetList from '@/components/BudgetList';

export default function DashboardPage() {
  const CATEGORIES = ["Salary","Freelance","Housing","Groceries","Dining out","Transport","Utilities","Entertainment","Health","Shopping","Other"];
  const BUDGETS = {"Groceries":400,"Dining out":150,"Transport":120,"Utilities":180,"Shopping":200,"Entertainment":80,"Health":60};

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


  useEffect(() => {
    document.title = kiln.title;
  }, []);

  const money = (cents) =>
    new Intl.NumberFormat(undefined, { style: 'currency', currency: 'kiln-currency' }).format(cents / 100);

  const since = isoDay(-29);
  const recent = records.filter((t) => t.date >= since && t.date <= isoDay(0));
  const income = recent.filter((t) => t.kind === 'income').reduce((sum, t) => sum + t.cents, 0);
  const spending = recent.filter((t) => t.kind === 'expense').reduce((sum, t) => sum + t.cents, 0);
  const net = income - spending;
  const savingsRate = income > 0 ? Math.round((net / income) * 100) : 0;

  const byCategory = {};
  for (const t of recent) if (t.kind === 'expense') byCategory[t.category] = (byCategory[t.category] || 0) + t.cents;

  const days = [];
  for (let offset = -13; offset <= 0; offset++) {
    const day = isoDay(offset);
    days.push({ day, cents: records.filter((t) => t.kind === 'expense' && t.date === day).reduce((sum, t) => sum + t.cents, 0) });
  }
  const peak = Math.max(1, ...days.map((d) => d.cents));

  const latest = records
    .slice()
    .sort((x, y) => (x.date === y.date ? y.createdAt - x.createdAt : x.date < y.date ? 1 : -1))
    .slice(0, 6);

  return (
    <div className="min-h-screen bg-slate-50 text-slate-900">
      <AppHeader />
      <main className="mx-auto max-w-6xl px-4 pb-16 pt-8 sm:px-6">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <div>
            <p className="text-sm font-medium text-kiln-hue-700">Last 30 days</p>
            <h1 className="mt-1 text-3xl font-bold tracking-tight">kiln-titleText</h1>
            <p className="mt-1 text-slate-600">Where your money came from, where it went, and what is left in each budget.</p>
          </div>
          {source === 'loading' && (
            <span className="inline-flex items-center gap-1.5 text-xs font-medium text-slate-400">
              <Loader2 className="h-3.5 w-3.5 animate-spin" aria-hidden="true" />
              Loading transactions…
            </span>
          )}
        </div>

        <section className="mt-6 grid gap-3 sm:grid-cols-3">
          <StatCard label="Net" value={money(net)} hint={income > 0 ? 'You kept ' + savingsRate + '% of your income' : 'No income recorded yet'} tone={net >= 0 ? 'accent' : 'negative'} icon="wallet" />
          <StatCard label="Income" value={money(income)} hint={recent.filter((t) => t.kind === 'income').length + ' payments in'} tone="positive" icon="in" />
          <StatCard label="Spending" value={money(spending)} hint={recent.filter((t) => t.kind === 'expense').length + ' payments out'} tone="neutral" icon="out" />
        </section>

        <div className="mt-6 grid gap-6 lg:grid-cols-[1fr_360px]">
          <div className="space-y-6">
            <section className="rounded-3xl border border-slate-200 bg-white p-5 shadow-sm">
              <h2 className="font-semibold">Daily spending · last 14 days</h2>
              <div className="mt-4 flex h-40 items-end gap-1.5" role="img" aria-label="Daily spending over the last 14 days">
                {days.map((d) => (
                  <div key={d.day} className="group relative flex h-full flex-1 flex-col justify-end">
                    <div
                      className={d.cents > 0 ? 'rounded-t-md bg-kiln-hue-500 transition group-hover:bg-kiln-hue-600' : 'rounded-t-md bg-slate-100'}
                      style={{ height: d.cents > 0 ? Math.max(6, (d.cents / peak) * 100) + '%' : '4px' }}
                      title={d.day + ': ' + money(d.cents)}
                    />
                  </div>
                ))}
              </div>
              <div className="mt-2 flex justify-between text-xs text-slate-400">
                <span>{days[0].day.slice(5)}</span>
                <span>Today</span>
              </div>
            </section>

            <section className="rounded-3xl border border-slate-200 bg-white p-5 shadow-sm">
              <h2 className="font-semibold">Spending by category</h2>
              <SpendingChart byCategory={byCategory} total={spending} money={money} />
            </section>

            <section className="rounded-3xl border border-slate-200 bg-white p-5 shadow-sm">
              <div className="flex items-center justify-between">
                <h2 className="font-semibold">Recent transactions</h2>
                <a href="/transactions" className="inline-flex items-center gap-1 text-sm font-medium text-kiln-hue-700 hover:text-kiln-hue-800">
                  See all
                  <ArrowRight className="h-4 w-4" aria-hidden="true" />
                </a>
              </div>
              <ul className="mt-2 divide-y divide-slate-100">
                {latest.map((t) => (
                  <TransactionRow key={t.id} transaction={t} money={money} />
                ))}
              </ul>
            </section>
          </div>

          <div className="space-y-6">
            <TransactionForm categories={CATEGORIES} onAdd={addRecord} disabled={source === 'loading'} today={isoDay(0)} />
            <section className="rounded-3xl border border-slate-200 bg-white p-5 shadow-sm">
              <h2 className="flex items-center gap-2 font-semibold">
                <PiggyBank className="h-5 w-5 text-kiln-hue-600" aria-hidden="true" />
                Monthly budgets
              </h2>
              <BudgetList budgets={BUDGETS} spent={byCategory} money={money} />
            </section>
          </div>
        </div>
        <p className="mt-10 text-center text-xs text-slate-400">
          {source === 'server' ? "Transactions are saved in the app's database." : source === 'local' ? 'Transactions are saved in this browser.' : ''}
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
