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

  const field = 'w-full rounded-xl border border-slate-200 bg-slate-50 px-3 py-2 focus:border-kiln-hue-400 focus:bg-white focus:outline-none focus:ring-4 focus:ring-kiln-hue-100';
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
            className={kind === k ? 'rounded-lg bg-white py-1.5 text-sm font-semibold text-kiln-hue-700 shadow-sm' : 'rounded-lg py-1.5 text-sm font-medium text-slate-600'}
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
      <button type="submit" disabled={disabled} className="mt-4 inline-flex w-full items-center justify-center gap-1.5 rounded-xl bg-kiln-hue-600 px-4 py-2.5 text-sm font-semibold text-white shadow-sm hover:bg-kiln-hue-700 disabled:opacity-50">
        <Plus className="h-4 w-4" aria-hidden="true" />
        Add {kind === 'expense' ? 'expense' : 'income'}
      </button>
    </form>
  );
}
