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

  const field = 'mt-1 w-full rounded-xl border border-slate-200 bg-slate-50 px-3 py-2 focus:border-kiln-hue-400 focus:bg-white focus:outline-none focus:ring-4 focus:ring-kiln-hue-100';
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
      <button type="submit" disabled={disabled} className="mt-4 inline-flex w-full items-center justify-center gap-1.5 rounded-xl bg-kiln-hue-600 px-4 py-2.5 text-sm font-semibold text-white shadow-sm hover:bg-kiln-hue-700 disabled:opacity-50">
        <Plus className="h-4 w-4" aria-hidden="true" />
        Add to portfolio
      </button>
    </form>
  );
}
