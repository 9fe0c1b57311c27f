import { useEffect, useState } from 'react';
import { AlertCircle, Clock, Loader2, MapPin, ShoppingBasket, Store } from 'lucide-react';
import AppHeader from '@/components/AppHeader';
import ShopItemRow from '@/components/ShopItemRow';
import PickupTicket from '@/components/PickupTicket';

const SHELF = [
  { id: 'sourdough', name: 'Sourdough loaf', aisle: 'Bakery', priceCents: 650, unit: '800 g, baked this morning', inStock: true },
  { id: 'croissant', name: 'Butter croissant', aisle: 'Bakery', priceCents: 325, unit: 'each', inStock: true },
  { id: 'cinnamon-bun', name: 'Cinnamon bun', aisle: 'Bakery', priceCents: 375, unit: 'each', inStock: true },
  { id: 'seeded-rye', name: 'Seeded rye', aisle: 'Bakery', priceCents: 580, unit: '700 g', inStock: false },
  { id: 'cheddar', name: 'Aged cheddar', aisle: 'Deli', priceCents: 540, unit: '200 g, cut to order', inStock: true },
  { id: 'ham', name: 'Smoked ham, sliced', aisle: 'Deli', priceCents: 490, unit: '150 g', inStock: true },
  { id: 'hummus', name: 'Lemon hummus', aisle: 'Deli', priceCents: 360, unit: '250 g tub', inStock: true },
  { id: 'milk', name: 'Whole milk', aisle: 'Dairy & eggs', priceCents: 180, unit: '1 litre, local farm', inStock: true },
  { id: 'eggs', name: 'Free-range eggs', aisle: 'Dairy & eggs', priceCents: 420, unit: 'box of 6', inStock: true },
  { id: 'tomatoes', name: 'Vine tomatoes', aisle: 'Fruit & veg', priceCents: 310, unit: '500 g', inStock: true },
  { id: 'apples', name: 'Orchard apples', aisle: 'Fruit & veg', priceCents: 280, unit: 'bag of 6', inStock: true },
  { id: 'coffee', name: 'House blend coffee', aisle: 'Pantry', priceCents: 950, unit: '250 g, ground', inStock: true },
  { id: 'honey', name: 'Wildflower honey', aisle: 'Pantry', priceCents: 800, unit: '340 g jar', inStock: true },
];

function isoDay(offset) {
  const d = new Date();
  d.setDate(d.getDate() + offset);
  return [d.getFullYear(), String(d.getMonth() + 1).padStart(2, '0'), String(d.getDate()).padStart(2, '0')].join('-');
}

/** Pickup times every half hour from 8:00 to 18:30; today's start 30 minutes from now. */
function slotsFor(day) {
  const slots = [];
  const now = new Date();
  const earliest = day === isoDay(0) ? now.getHours() * 60 + now.getMinutes() + 30 : 0;
  for (let m = 8 * 60; m <= 18 * 60 + 30; m += 30) {
    if (m >= earliest) slots.push(String(Math.floor(m / 60)).padStart(2, '0') + ':' + String(m % 60).padStart(2, '0'));
  }
  return slots;
}

export default function ShopPage() {
  const ordersKey = 'kiln-slug.pickup-orders';
  const [source, setSource] = useState('loading');
  const [items, setItems] = useState([]);
  const [basket, setBasket] = useState({});
  const [aisle, setAisle] = useState('All');
  const [day, setDay] = useState(isoDay(0));
  const [time, setTime] = useState('');
  const [form, setForm] = useState({ name: '', phone: '', note: '' });
  const [placing, setPlacing] = useState(false);
  const [error, setError] = useState('');
  const [ticket, setTicket] = useState(null);

  useEffect(() => {
    document.title = kiln.title;
  }, []);

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
    fetch('/api/shop-items', { signal: controller.signal })
      .then((res) => (res.ok ? res.json() : null))
      .catch(() => null)
      .then((data) => {
        clearTimeout(timer);
        if (!active) return;
        if (data && Array.isArray(data.items)) {
          setItems(data.items);
          setSource('server');
        } else {
          // No backend answered (a static copy or a render check): the browser keeps the data, as before.
          setItems(SHELF);
          setSource('local');
        }
      });
    return () => {
      active = false;
      clearTimeout(timer);
      controller.abort();
    };
  }, []);

  // Today may have no slots left (late evening): then tomorrow is picked.
  const todaySlots = slotsFor(isoDay(0));
  const slots = slotsFor(day);
  useEffect(() => {
    if (day === isoDay(0) && todaySlots.length === 0) setDay(isoDay(1));
    else if (!slots.includes(time)) setTime(slots[0] || '');
  }, [day]);

  function change(id, delta) {
    setBasket((current) => {
      const next = { ...current, [id]: Math.max(0, Math.min(20, (current[id] || 0) + delta)) };
      if (next[id] === 0) delete next[id];
      return next;
    });
  }

  const money = (cents) => (cents / 100).toLocaleString('en-US', { style: 'currency', currency: 'USD' });
  const lines = items.filter((i) => basket[i.id]).map((i) => ({ ...i, quantity: basket[i.id] }));
  const count = lines.reduce((n, l) => n + l.quantity, 0);
  const total = lines.reduce((n, l) => n + l.quantity * l.priceCents, 0);
  const aisles = ['All', ...Array.from(new Set(items.map((i) => i.aisle)))];
  const groups = aisles.filter((x) => x !== 'All' && (aisle === 'All' || aisle === x));

  async function placeOrder(event) {
    event.preventDefault();
    setError('');
    if (count === 0) return setError('Add something to your basket first.');
    if (!form.name.trim()) return setError('Please tell us your name for the pickup.');
    if (form.phone.replace(/[^0-9]/g, '').length < 7) return setError('Please enter a phone number we can call or text.');
    if (!time) return setError('Please choose a pickup time.');
    setPlacing(true);
    const body = { name: form.name, phone: form.phone, note: form.note, pickupDay: day, pickupTime: time, items: lines.map((l) => ({ itemId: l.id, quantity: l.quantity })) };
    let placed = null;
    try {
      const res = await fetch('/api/pickup-orders', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
      const data = await res.json().catch(() => null);
      if (res.ok && data && data.order) placed = data.order;
      else if (data && data.error) {
        setPlacing(false);
        return setError(data.error);
      }
    } catch {
      // No backend answered: the order is kept in this browser.
    }
    if (!placed) {
      const letters = 'ACDEFHJKMNPRTWXY';
      placed = {
        id: Date.now().toString(36),
        code: letters[Math.floor(Math.random() * letters.length)] + Math.floor(Math.random() * 10) + letters[Math.floor(Math.random() * letters.length)],
        name: form.name.trim(),
        phone: form.phone.trim(),
        note: form.note.trim(),
        pickupDay: day,
        pickupTime: time,
        items: lines.map((l) => ({ itemId: l.id, name: l.name, quantity: l.quantity, priceCents: l.priceCents })),
        totalCents: total,
        status: 'new',
        createdAt: Date.now(),
        local: true,
      };
      try {
        const saved = JSON.parse(window.localStorage.getItem(ordersKey) || '[]');
        window.localStorage.setItem(ordersKey, JSON.stringify([placed, ...(Array.isArray(saved) ? saved : [])]));
      } catch {
        // The ticket still shows.
      }
    }
    setTicket(placed);
    setBasket({});
    setPlacing(false);
    window.scrollTo({ top: 0, behavior: 'smooth' });
  }

  const field = 'w-full rounded-xl border border-slate-200 bg-white px-3.5 py-2.5 text-sm focus:border-kiln-hue-400 focus:outline-none focus:ring-4 focus:ring-kiln-hue-100';

  return (
    <div className="min-h-screen bg-kiln-hue-50/40 text-slate-900">
      <AppHeader />
      <main className="mx-auto max-w-6xl px-4 pb-24 pt-6 sm:px-6 lg:pb-16">
        <section className="flex flex-col gap-4 rounded-3xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:flex-row sm:items-center sm:justify-between sm:p-6">
          <div>
            <p className="text-sm font-semibold text-kiln-hue-700">Order ahead · pick up in store</p>
            <h1 className="mt-1 text-2xl font-bold tracking-tight sm:text-3xl">kiln-titleText</h1>
            <p className="mt-1 text-sm text-slate-600">Fresh bread, deli counter and the everyday basics, packed and waiting when you arrive.</p>
          </div>
          <ul className="grid gap-1.5 text-sm text-slate-600">
            <li className="flex items-center gap-2"><MapPin className="h-4 w-4 text-kiln-hue-600" aria-hidden="true" /> 14 Elm Street, next to the post office</li>
            <li className="flex items-center gap-2"><Clock className="h-4 w-4 text-kiln-hue-600" aria-hidden="true" /> Pickup 8:00 – 19:00, every day</li>
            <li className="flex items-center gap-2"><Store className="h-4 w-4 text-kiln-hue-600" aria-hidden="true" /> Pay at the counter, card or cash</li>
          </ul>
        </section>

        {ticket ? (
          <PickupTicket order={ticket} onDone={() => setTicket(null)} />
        ) : (
          <div className="mt-6 grid grid-cols-1 gap-6 lg:grid-cols-[1fr_360px]">
            <section aria-label="The shelf">
              <div className="flex items-center gap-3">
                <div className="flex gap-1 overflow-x-auto rounded-xl bg-white p-1 shadow-sm ring-1 ring-slate-200">
                  {aisles.map((x) => (
                    <button
                      key={x}
                      type="button"
                      onClick={() => setAisle(x)}
                      aria-pressed={aisle === x}
                      className={aisle === x ? 'shrink-0 rounded-lg bg-kiln-hue-600 px-3 py-1.5 text-sm font-semibold text-white' : 'shrink-0 rounded-lg px-3 py-1.5 text-sm font-medium text-slate-600 hover:bg-slate-100'}
                    >
                      {x}
                    </button>
                  ))}
                </div>
                {source === 'loading' && (
            <span className="inline-flex items-center gap-1.5 text-xs font-medium text-slate-400">
              <Loader2 className="h-3.5 w-3.5 animate-spin" aria-hidden="true" />
              Loading the shelf…
            </span>
          )}
              </div>
              {groups.map((g) => (
                <div key={g} className="mt-6">
                  <h2 className="text-xs font-bold uppercase tracking-wider text-slate-500">{g}</h2>
                  <ul className="mt-2 divide-y divide-slate-100 overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
                    {items.filter((i) => i.aisle === g).map((i) => (
                      <ShopItemRow key={i.id} item={i} quantity={basket[i.id] || 0} onChange={(delta) => change(i.id, delta)} />
                    ))}
                  </ul>
                </div>
              ))}
            </section>

            <form id="basket" onSubmit={placeOrder} aria-label="Your pickup order" className="scroll-mt-20 h-fit rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 lg:sticky lg:top-24">
              <h2 className="flex items-center gap-2 text-lg font-semibold">
                <ShoppingBasket className="h-5 w-5 text-kiln-hue-600" aria-hidden="true" />
                Your basket
              </h2>
              {lines.length === 0 ? (
                <p className="mt-3 rounded-xl bg-slate-50 px-3 py-4 text-center text-sm text-slate-500">Tap Add next to anything on the shelf.</p>
              ) : (
                <ul className="mt-3 space-y-1.5 text-sm">
                  {lines.map((l) => (
                    <li key={l.id} className="flex justify-between gap-2">
                      <span>{l.quantity} × {l.name}</span>
                      <span className="font-medium">{money(l.quantity * l.priceCents)}</span>
                    </li>
                  ))}
                </ul>
              )}
              <p className="mt-3 flex justify-between border-t border-slate-100 pt-3 font-semibold">
                <span>Total to pay at pickup</span>
                <span data-testid="basket-total">{money(total)}</span>
              </p>

              <fieldset className="mt-5">
                <legend className="text-sm font-semibold">Pickup</legend>
                <div className="mt-2 grid grid-cols-2 gap-2">
                  {[{ id: isoDay(0), label: 'Today' }, { id: isoDay(1), label: 'Tomorrow' }].map((d) => (
                    <button
                      key={d.id}
                      type="button"
                      disabled={d.id === isoDay(0) && todaySlots.length === 0}
                      onClick={() => setDay(d.id)}
                      aria-pressed={day === d.id}
                      className={day === d.id ? 'rounded-xl border-2 border-kiln-hue-500 bg-kiln-hue-50 py-2 text-sm font-semibold text-kiln-hue-800' : 'rounded-xl border border-slate-200 py-2 text-sm font-medium text-slate-600 hover:border-slate-300 disabled:opacity-40'}
                    >
                      {d.label}
                    </button>
                  ))}
                </div>
                <label className="mt-2 block">
                  <span className="sr-only">Pickup time</span>
                  <select name="pickupTime" value={time} onChange={(e) => setTime(e.target.value)} className={field}>
                    {slots.map((s) => (
                      <option key={s} value={s}>{s}</option>
                    ))}
                  </select>
                </label>
              </fieldset>

              <div className="mt-4 space-y-2">
                <label className="block">
                  <span className="sr-only">Your name</span>
                  <input name="name" autoComplete="name" placeholder="Your name" value={form.name} onChange={(e) => setForm({ ...form, name: e.target.value })} className={field} />
                </label>
                <label className="block">
                  <span className="sr-only">Phone</span>
                  <input name="phone" type="tel" autoComplete="tel" placeholder="Phone" value={form.phone} onChange={(e) => setForm({ ...form, phone: e.target.value })} className={field} />
                </label>
                <label className="block">
                  <span className="sr-only">Note for the shop</span>
                  <textarea name="note" rows={2} placeholder="Note for the shop (optional)" value={form.note} onChange={(e) => setForm({ ...form, note: e.target.value })} className={field} />
                </label>
              </div>
              {error && (
                <p role="alert" className="mt-3 flex items-start gap-1.5 text-sm text-red-600">
                  <AlertCircle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
                  {error}
                </p>
              )}
              <button type="submit" disabled={placing || source === 'loading'} className="mt-4 inline-flex w-full items-center justify-center gap-2 rounded-xl bg-kiln-hue-600 px-4 py-3 text-sm font-semibold text-white shadow-sm hover:bg-kiln-hue-700 disabled:opacity-60">
                {placing && <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />}
                Place pickup order
              </button>
            </form>
          </div>
        )}
      </main>
      {!ticket && count > 0 && (
        <a href="#basket" className="fixed inset-x-3 bottom-3 z-20 flex items-center justify-between rounded-2xl bg-kiln-hue-600 px-4 py-3 text-sm font-semibold text-white shadow-lg lg:hidden">
          <span className="flex items-center gap-2">
            <ShoppingBasket className="h-5 w-5" aria-hidden="true" />
            {count} {count === 1 ? 'item' : 'items'} · {money(total)}
          </span>
          <span>Choose pickup</span>
        </a>
      )}
      {notice && (
        <div role="status" className="fixed inset-x-0 bottom-4 z-30 mx-auto flex w-fit max-w-[calc(100%-2rem)] items-center gap-2 rounded-xl bg-slate-900 px-4 py-2.5 text-sm text-white shadow-lg">
          <AlertCircle className="h-4 w-4 shrink-0 text-amber-300" aria-hidden="true" />
          {notice}
        </div>
      )}
    </div>
  );
}
