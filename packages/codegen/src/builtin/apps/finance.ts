/**
 * The builtin FINANCE_APP: a personal budget tracker — income and spending over the last 30 days, spending by
 * category, monthly budgets with what is left, a 14-day spending chart, an add form, and a searchable,
 * filterable transactions page with deletes. Transactions live in the app's `transactions` table behind
 * `/api/transactions` (amounts in cents); without a backend they stay in localStorage.
 * @module
 */
import { jsString, jsxText } from '../format.ts';
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

const CATEGORIES = [
  'Salary',
  'Freelance',
  'Housing',
  'Groceries',
  'Dining out',
  'Transport',
  'Utilities',
  'Entertainment',
  'Health',
  'Shopping',
  'Other',
];

/** Seed transactions: description, cents, kind, category, day offset from today. */
const STARTER: [string, number, 'income' | 'expense', string, number][] = [
  ['Monthly salary', 385000, 'income', 'Salary', -20],
  ['Rent', 125000, 'expense', 'Housing', -19],
  ['Internet', 4500, 'expense', 'Utilities', -16],
  ['Running shoes', 9500, 'expense', 'Shopping', -14],
  ['Electricity bill', 6420, 'expense', 'Utilities', -12],
  ['Streaming subscriptions', 2298, 'expense', 'Entertainment', -10],
  ['Groceries at Fresh Market', 7215, 'expense', 'Groceries', -9],
  ['Pharmacy', 1875, 'expense', 'Health', -7],
  ['Logo design for a client', 42000, 'income', 'Freelance', -6],
  ['Cinema tickets', 2400, 'expense', 'Entertainment', -5],
  ['Metro card top-up', 4000, 'expense', 'Transport', -4],
  ["Dinner at Luca's", 5850, 'expense', 'Dining out', -3],
  ['Groceries at Fresh Market', 8640, 'expense', 'Groceries', -2],
  ['Coffee with Sam', 780, 'expense', 'Dining out', -1],
];

/** Monthly budgets per spending category, in whole currency units. */
const BUDGETS: [string, number][] = [
  ['Groceries', 400],
  ['Dining out', 150],
  ['Transport', 120],
  ['Utilities', 180],
  ['Shopping', 200],
  ['Entertainment', 80],
  ['Health', 60],
];

const TRANSACTIONS: RecordSpec = {
  resource: 'transactions',
  one: 'transaction',
  table: 'transactions',
  fields: [
    {
      key: 'description',
      column: 'description',
      kind: 'text',
      label: 'a description',
      required: true,
      max: 80,
    },
    { key: 'cents', column: 'amount_cents', kind: 'int', label: 'an amount', min: 1, max: 100_000_000 },
    {
      key: 'kind',
      column: 'kind',
      kind: 'choice',
      label: 'income or expense',
      required: true,
      options: ['income', 'expense'],
    },
    {
      key: 'category',
      column: 'category',
      kind: 'choice',
      label: 'a category',
      required: true,
      options: CATEGORIES,
    },
    { key: 'date', column: 'date', kind: 'date', label: 'the date', required: true },
  ],
  orderBy: 'date DESC, created_at DESC',
  limit: 500,
  deletable: true,
  missing: 'That transaction no longer exists.',
};

/** The currency a prompt suggests (euros, pounds), else US dollars. */
function currencyFromPrompt(prompt: string): string {
  if (/€|\beuros?\b|\beur\b/i.test(prompt)) return 'EUR';
  if (/£|\bpounds?\b|\bgbp\b|\bsterling\b/i.test(prompt)) return 'GBP';
  if (/₹|\brupees?\b|\binr\b/i.test(prompt)) return 'INR';
  return 'USD';
}

/** Page code: the money formatter for the app's currency. */
function moneyCode(currency: string): string {
  return `  const money = (cents) =>
    new Intl.NumberFormat(undefined, { style: 'currency', currency: '${currency}' }).format(cents / 100);`;
}

/** Builds the budget tracker. */
export function financeApp(ctx: AppContext): BuiltApp {
  const a = ctx.accent;
  const currency = currencyFromPrompt(ctx.prompt);
  const storageKey = `${slugKey(ctx.title)}.transactions`;
  const starterFn = `${ISO_DAY}

  function starter() {
    return [
${STARTER.map(
  ([description, cents, kind, category, day], i) =>
    `      { id: 'seed-${i + 1}', description: ${jsString(description)}, cents: ${cents}, kind: '${kind}', category: '${category}', date: isoDay(${day}), createdAt: ${i + 1} },`,
).join('\n')}
    ];
  }`;
  const categoriesCode = `const CATEGORIES = ${JSON.stringify(CATEGORIES)};`;

  const home = page(
    '',
    `
import { useEffect, useState } from 'react';
import { AlertCircle, ArrowRight, Loader2, PiggyBank } from 'lucide-react';
import AppHeader from '@/components/AppHeader';
import StatCard from '@/components/StatCard';
import TransactionForm from '@/components/TransactionForm';
import TransactionRow from '@/components/TransactionRow';
import SpendingChart from '@/components/SpendingChart';
import BudgetList from '@/components/BudgetList';

export default function DashboardPage() {
  ${categoriesCode}
  const BUDGETS = ${JSON.stringify(Object.fromEntries(BUDGETS))};

${starterFn}

${recordsState(TRANSACTIONS, storageKey)}

${documentTitleEffect(ctx.title)}

${moneyCode(currency)}

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
            <p className="text-sm font-medium text-${a}-700">Last 30 days</p>
            <h1 className="mt-1 text-3xl font-bold tracking-tight">${jsxText(ctx.title)}</h1>
            <p className="mt-1 text-slate-600">Where your money came from, where it went, and what is left in each budget.</p>
          </div>
          ${loadingHint('Loading transactions…')}
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
                      className={d.cents > 0 ? 'rounded-t-md bg-${a}-500 transition group-hover:bg-${a}-600' : 'rounded-t-md bg-slate-100'}
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
                <a href="/transactions" className="inline-flex items-center gap-1 text-sm font-medium text-${a}-700 hover:text-${a}-800">
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
                <PiggyBank className="h-5 w-5 text-${a}-600" aria-hidden="true" />
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
${NOTICE_TOAST}
    </div>
  );
}
`,
  );

  const list = page(
    'transactions',
    `
import { useEffect, useState } from 'react';
import { AlertCircle, Loader2, Search } from 'lucide-react';
import AppHeader from '@/components/AppHeader';
import TransactionRow from '@/components/TransactionRow';

export default function TransactionsPage() {
  ${categoriesCode}

${starterFn}

${recordsState(TRANSACTIONS, storageKey)}

${moneyCode(currency)}

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
              className="w-full rounded-xl border border-slate-200 bg-slate-50 py-2 pl-9 pr-3 focus:border-${a}-400 focus:bg-white focus:outline-none focus:ring-4 focus:ring-${a}-100"
            />
          </label>
          <div className="flex gap-1 rounded-xl bg-slate-100 p-1">
            {kinds.map((k) => (
              <button
                key={k.id}
                type="button"
                aria-pressed={kind === k.id}
                onClick={() => setKind(k.id)}
                className={kind === k.id ? 'rounded-lg bg-white px-3 py-1.5 text-sm font-medium text-${a}-700 shadow-sm' : 'rounded-lg px-3 py-1.5 text-sm font-medium text-slate-600 hover:text-slate-900'}
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
              className="rounded-xl border border-slate-200 bg-white px-3 py-2 text-sm focus:border-${a}-400 focus:outline-none focus:ring-4 focus:ring-${a}-100"
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
          ${loadingHint('Loading…')}
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
${NOTICE_TOAST}
    </div>
  );
}
`,
  );

  const statCard = component(
    'StatCard',
    `
import { ArrowDownRight, ArrowUpRight, Wallet } from 'lucide-react';

const ICONS = { wallet: Wallet, in: ArrowUpRight, out: ArrowDownRight };
const TONES = {
  accent: 'bg-${a}-600 text-white border-transparent',
  negative: 'bg-red-600 text-white border-transparent',
  positive: 'bg-white text-slate-900 border-slate-200',
  neutral: 'bg-white text-slate-900 border-slate-200',
};

export default function StatCard(props) {
  const { label, value, hint, tone, icon } = props;
  const Icon = ICONS[icon] || Wallet;
  const solid = tone === 'accent' || tone === 'negative';
  return (
    <div className={'rounded-3xl border p-5 shadow-sm ' + TONES[tone]}>
      <div className={solid ? 'flex items-center justify-between text-sm text-white/80' : 'flex items-center justify-between text-sm text-slate-500'}>
        {label}
        <span className={solid ? 'rounded-full bg-white/15 p-1.5' : tone === 'positive' ? 'rounded-full bg-green-50 p-1.5 text-green-600' : 'rounded-full bg-slate-100 p-1.5 text-slate-600'}>
          <Icon className="h-4 w-4" aria-hidden="true" />
        </span>
      </div>
      <p className="mt-2 text-3xl font-bold tracking-tight tabular-nums" aria-label={label + ' ' + value}>{value}</p>
      <p className={solid ? 'mt-1 text-sm text-white/80' : 'mt-1 text-sm text-slate-500'}>{hint}</p>
    </div>
  );
}
`,
  );

  const form = component(
    'TransactionForm',
    `
import { useState } from 'react';
import { Plus } from 'lucide-react';

export default function TransactionForm(props) {
  const { categories, onAdd, disabled, today } = props;
  const [kind, setKind] = useState('expense');
  const [description, setDescription] = useState('');
  const [amount, setAmount] = useState('');
  const [category, setCategory] = useState('Groceries');
  const [date, setDate] = useState(today);
  const [error, setError] = useState('');

  const options = kind === 'income' ? categories.filter((c) => ['Salary', 'Freelance', 'Other'].includes(c)) : categories.filter((c) => !['Salary', 'Freelance'].includes(c));

  function switchKind(next) {
    setKind(next);
    setCategory(next === 'income' ? 'Salary' : 'Groceries');
  }

  function submit(event) {
    event.preventDefault();
    const cents = Math.round(Number(amount.replace(',', '.')) * 100);
    if (!description.trim()) return setError('Add a short description.');
    if (!Number.isFinite(cents) || cents <= 0) return setError('Enter an amount above zero, like 12.50.');
    setError('');
    onAdd({ description: description.trim(), cents, kind, category, date: date || today });
    setDescription('');
    setAmount('');
  }

  const field = 'w-full rounded-xl border border-slate-200 bg-slate-50 px-3 py-2 focus:border-${a}-400 focus:bg-white focus:outline-none focus:ring-4 focus:ring-${a}-100';
  return (
    <form onSubmit={submit} className="rounded-3xl border border-slate-200 bg-white p-5 shadow-sm" aria-label="Add a transaction">
      <h2 className="font-semibold">Add a transaction</h2>
      <div className="mt-3 grid grid-cols-2 gap-1 rounded-xl bg-slate-100 p-1">
        {['expense', 'income'].map((k) => (
          <button
            key={k}
            type="button"
            aria-pressed={kind === k}
            onClick={() => switchKind(k)}
            className={kind === k ? 'rounded-lg bg-white py-1.5 text-sm font-semibold text-${a}-700 shadow-sm' : 'rounded-lg py-1.5 text-sm font-medium text-slate-600'}
          >
            {k === 'expense' ? 'Expense' : 'Income'}
          </button>
        ))}
      </div>
      <div className="mt-3 space-y-3">
        <label className="block text-sm font-medium text-slate-700">
          Description
          <input name="description" value={description} onChange={(e) => setDescription(e.target.value)} maxLength={80} placeholder="e.g. Weekly groceries" className={'mt-1 ' + field} />
        </label>
        <div className="grid grid-cols-2 gap-3">
          <label className="block text-sm font-medium text-slate-700">
            Amount
            <input name="amount" inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} placeholder="0.00" className={'mt-1 ' + field} />
          </label>
          <label className="block text-sm font-medium text-slate-700">
            Date
            <input name="date" type="date" value={date} onChange={(e) => setDate(e.target.value)} className={'mt-1 ' + field} />
          </label>
        </div>
        <label className="block text-sm font-medium text-slate-700">
          Category
          <select name="category" value={category} onChange={(e) => setCategory(e.target.value)} className={'mt-1 ' + field}>
            {options.map((c) => (
              <option key={c} value={c}>{c}</option>
            ))}
          </select>
        </label>
      </div>
      {error && <p className="mt-3 text-sm text-red-600" role="alert">{error}</p>}
      <button type="submit" disabled={disabled} className="mt-4 inline-flex w-full items-center justify-center gap-1.5 rounded-xl bg-${a}-600 px-4 py-2.5 text-sm font-semibold text-white shadow-sm hover:bg-${a}-700 disabled:opacity-50">
        <Plus className="h-4 w-4" aria-hidden="true" />
        Add {kind === 'expense' ? 'expense' : 'income'}
      </button>
    </form>
  );
}
`,
  );

  const row = component(
    'TransactionRow',
    `
import { Banknote, Briefcase, Car, Film, HeartPulse, Home, Lightbulb, ShoppingBag, ShoppingCart, Tag, Trash2, Utensils } from 'lucide-react';

const CATEGORY_ICONS = {
  Salary: Banknote,
  Freelance: Briefcase,
  Housing: Home,
  Groceries: ShoppingCart,
  'Dining out': Utensils,
  Transport: Car,
  Utilities: Lightbulb,
  Entertainment: Film,
  Health: HeartPulse,
  Shopping: ShoppingBag,
};

export default function TransactionRow(props) {
  const { transaction: t, money, onDelete } = props;
  const Icon = CATEGORY_ICONS[t.category] || Tag;
  const income = t.kind === 'income';
  return (
    <li className="group flex items-center gap-3 py-3">
      <span className={income ? 'flex h-10 w-10 shrink-0 items-center justify-center rounded-xl bg-green-50 text-green-600' : 'flex h-10 w-10 shrink-0 items-center justify-center rounded-xl bg-slate-100 text-slate-600'}>
        <Icon className="h-5 w-5" aria-hidden="true" />
      </span>
      <div className="min-w-0 flex-1">
        <p className="truncate font-medium">{t.description}</p>
        <p className="text-xs text-slate-500">{t.category} · {t.date}</p>
      </div>
      <span className={income ? 'font-semibold tabular-nums text-green-600' : 'font-semibold tabular-nums text-slate-900'}>
        {(income ? '+' : '−') + money(t.cents)}
      </span>
      {onDelete && (
        <button
          type="button"
          onClick={() => onDelete(t.id)}
          aria-label={'Delete ' + t.description}
          className="rounded-lg p-2 text-slate-400 hover:bg-red-50 hover:text-red-600 sm:opacity-0 sm:group-hover:opacity-100 focus:opacity-100"
        >
          <Trash2 className="h-4 w-4" aria-hidden="true" />
        </button>
      )}
    </li>
  );
}
`,
  );

  const chart = component(
    'SpendingChart',
    `
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
`,
  );

  const budgets = component(
    'BudgetList',
    `
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
              <div className={over ? 'h-full rounded-full bg-red-500' : share > 0.8 ? 'h-full rounded-full bg-amber-400' : 'h-full rounded-full bg-${a}-500'} style={{ width: Math.min(100, share * 100) + '%' }} />
            </div>
            <p className="mt-1 text-xs text-slate-400">{money(used)} of {money(limit * 100)}</p>
          </li>
        );
      })}
    </ul>
  );
}
`,
  );

  return {
    migrations: [
      {
        name: 'create_transactions',
        sql: recordsTableSql(
          TRANSACTIONS,
          STARTER.map(([description, cents, kind, category, day]) => [
            sqlValue(description),
            String(cents),
            sqlValue(kind),
            sqlValue(category),
            sqlDay(day),
          ]),
        ),
      },
    ],
    modules: [
      ...recordRoutes(TRANSACTIONS),
      home,
      list,
      appHeader(ctx, {
        icon: 'Wallet',
        links: [
          { href: '/', label: 'Dashboard' },
          { href: '/transactions', label: 'Transactions' },
        ],
        maxWidth: 'max-w-6xl',
      }),
      statCard,
      form,
      row,
      chart,
      budgets,
    ],
    plan: [
      `Build "${ctx.title}", a personal budget tracker (${currency}).`,
      '- Table `transactions` (id, description, amount_cents, kind, category, date, created_at) with 14 transactions from the last three weeks.',
      '- Functions: `/api/transactions` (GET newest first, POST checked) and `/api/transactions/[id]` (DELETE).',
      '- Page `/`: net, income and spending for the last 30 days, a 14-day spending chart, spending by category, recent transactions, an add form and monthly budgets with what is left.',
      '- Page `/transactions`: search, income/expense and category filters, grouped by day, delete.',
      `- Components: AppHeader, StatCard, TransactionForm, TransactionRow, SpendingChart, BudgetList. Without a backend transactions stay in localStorage; ${a} accent.`,
    ].join('\n'),
    summary: [
      `I built **${ctx.title}**, a budget tracker: the dashboard shows what came in, what went out and what you kept over the last 30 days, a 14-day spending chart, spending by category and how much is left in each monthly budget. Add income or an expense from the form; the Transactions page searches, filters and deletes.`,
      '',
      "Transactions are stored in the app's database (table `transactions`, through the functions `/api/transactions` and `/api/transactions/[id]`). Opened without its backend, the app keeps them in the browser instead.",
    ].join('\n'),
    choices: [
      `change the colour to ${otherHue(ctx.accent, 'indigo', 'sky')}`,
      `rename the app to ${otherName(ctx.title, 'Pocket Ledger', 'Money Map')}`,
      'add a page called Goals',
    ],
  };
}
