/**
 * The builtin ONLINE_STORE: a small local shop taking orders for pickup. Customers pick from the shop's
 * aisles, choose a pickup day and time and get a pickup code; the shop's counter page (`/orders`) lists the
 * orders as New, Ready and Collected. With a backend the shelf is the `shop_items` table and orders are
 * `pickup_orders` rows behind `/api/shop-items`, `/api/pickup-orders` and `/api/pickup-orders/[id]`;
 * without one the shelf is built in and orders stay in localStorage.
 * @module
 */
import { jsString, jsxText } from '../format.ts';
import {
  API_CALLER,
  loadingHint,
  loadOnMount,
  NOTICE_STATE,
  NOTICE_TOAST,
  READ_BODY,
  SQL_IMPORT,
  sqlText,
} from './backend.ts';
import {
  type AppContext,
  apiRoute,
  appHeader,
  type BuiltApp,
  type BuiltMigration,
  component,
  documentTitleEffect,
  otherHue,
  otherName,
  page,
} from './shared.ts';
import { slugKey } from './todo-list.ts';

/** The shelf: id, name, aisle, price in cents, unit, in stock today. */
const ITEMS: [id: string, name: string, aisle: string, priceCents: number, unit: string, inStock: boolean][] =
  [
    ['sourdough', 'Sourdough loaf', 'Bakery', 650, '800 g, baked this morning', true],
    ['croissant', 'Butter croissant', 'Bakery', 325, 'each', true],
    ['cinnamon-bun', 'Cinnamon bun', 'Bakery', 375, 'each', true],
    ['seeded-rye', 'Seeded rye', 'Bakery', 580, '700 g', false],
    ['cheddar', 'Aged cheddar', 'Deli', 540, '200 g, cut to order', true],
    ['ham', 'Smoked ham, sliced', 'Deli', 490, '150 g', true],
    ['hummus', 'Lemon hummus', 'Deli', 360, '250 g tub', true],
    ['milk', 'Whole milk', 'Dairy & eggs', 180, '1 litre, local farm', true],
    ['eggs', 'Free-range eggs', 'Dairy & eggs', 420, 'box of 6', true],
    ['tomatoes', 'Vine tomatoes', 'Fruit & veg', 310, '500 g', true],
    ['apples', 'Orchard apples', 'Fruit & veg', 280, 'bag of 6', true],
    ['coffee', 'House blend coffee', 'Pantry', 950, '250 g, ground', true],
    ['honey', 'Wildflower honey', 'Pantry', 800, '340 g jar', true],
  ];

/** Orders already at the counter: code, name, phone, pickup time, items, status, minutes ago. */
const SEED_ORDERS: [
  id: string,
  code: string,
  name: string,
  phone: string,
  time: string,
  items: [string, number][],
  status: string,
  minutesAgo: number,
][] = [
  [
    'seed-1',
    'K4P',
    'Maya Patel',
    '555 0142',
    '09:30',
    [
      ['sourdough', 1],
      ['eggs', 1],
      ['milk', 2],
    ],
    'ready',
    95,
  ],
  [
    'seed-2',
    'T7M',
    'Tom Reyes',
    '555 0187',
    '12:00',
    [
      ['croissant', 4],
      ['coffee', 1],
    ],
    'new',
    20,
  ],
];

/** Builds the local pickup shop. */
export function pickupShopApp(ctx: AppContext): BuiltApp {
  const a = ctx.accent;
  const key = slugKey(ctx.title);
  const shelf = ITEMS.map(
    ([id, name, aisle, price, unit, inStock]) =>
      `  { id: ${jsString(id)}, name: ${jsString(name)}, aisle: ${jsString(aisle)}, priceCents: ${price}, unit: ${jsString(unit)}, inStock: ${inStock} },`,
  ).join('\n');

  const home = page(
    '',
    `
import { useEffect, useState } from 'react';
import { AlertCircle, Clock, Loader2, MapPin, ShoppingBasket, Store } from 'lucide-react';
import AppHeader from '@/components/AppHeader';
import ShopItemRow from '@/components/ShopItemRow';
import PickupTicket from '@/components/PickupTicket';

const SHELF = [
${shelf}
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
  const ordersKey = ${jsString(`${key}.pickup-orders`)};
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

${documentTitleEffect(ctx.title)}

${NOTICE_STATE}

${loadOnMount({
  path: '/api/shop-items',
  accept: 'data && Array.isArray(data.items)',
  onServer: 'setItems(data.items);',
  onLocal: 'setItems(SHELF);',
})}

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

  const field = 'w-full rounded-xl border border-slate-200 bg-white px-3.5 py-2.5 text-sm focus:border-${a}-400 focus:outline-none focus:ring-4 focus:ring-${a}-100';

  return (
    <div className="min-h-screen bg-${a}-50/40 text-slate-900">
      <AppHeader />
      <main className="mx-auto max-w-6xl px-4 pb-24 pt-6 sm:px-6 lg:pb-16">
        <section className="flex flex-col gap-4 rounded-3xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:flex-row sm:items-center sm:justify-between sm:p-6">
          <div>
            <p className="text-sm font-semibold text-${a}-700">Order ahead · pick up in store</p>
            <h1 className="mt-1 text-2xl font-bold tracking-tight sm:text-3xl">${jsxText(ctx.title)}</h1>
            <p className="mt-1 text-sm text-slate-600">Fresh bread, deli counter and the everyday basics, packed and waiting when you arrive.</p>
          </div>
          <ul className="grid gap-1.5 text-sm text-slate-600">
            <li className="flex items-center gap-2"><MapPin className="h-4 w-4 text-${a}-600" aria-hidden="true" /> 14 Elm Street, next to the post office</li>
            <li className="flex items-center gap-2"><Clock className="h-4 w-4 text-${a}-600" aria-hidden="true" /> Pickup 8:00 – 19:00, every day</li>
            <li className="flex items-center gap-2"><Store className="h-4 w-4 text-${a}-600" aria-hidden="true" /> Pay at the counter, card or cash</li>
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
                      className={aisle === x ? 'shrink-0 rounded-lg bg-${a}-600 px-3 py-1.5 text-sm font-semibold text-white' : 'shrink-0 rounded-lg px-3 py-1.5 text-sm font-medium text-slate-600 hover:bg-slate-100'}
                    >
                      {x}
                    </button>
                  ))}
                </div>
                ${loadingHint('Loading the shelf…')}
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
                <ShoppingBasket className="h-5 w-5 text-${a}-600" aria-hidden="true" />
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
                      className={day === d.id ? 'rounded-xl border-2 border-${a}-500 bg-${a}-50 py-2 text-sm font-semibold text-${a}-800' : 'rounded-xl border border-slate-200 py-2 text-sm font-medium text-slate-600 hover:border-slate-300 disabled:opacity-40'}
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
              <button type="submit" disabled={placing || source === 'loading'} className="mt-4 inline-flex w-full items-center justify-center gap-2 rounded-xl bg-${a}-600 px-4 py-3 text-sm font-semibold text-white shadow-sm hover:bg-${a}-700 disabled:opacity-60">
                {placing && <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />}
                Place pickup order
              </button>
            </form>
          </div>
        )}
      </main>
      {!ticket && count > 0 && (
        <a href="#basket" className="fixed inset-x-3 bottom-3 z-20 flex items-center justify-between rounded-2xl bg-${a}-600 px-4 py-3 text-sm font-semibold text-white shadow-lg lg:hidden">
          <span className="flex items-center gap-2">
            <ShoppingBasket className="h-5 w-5" aria-hidden="true" />
            {count} {count === 1 ? 'item' : 'items'} · {money(total)}
          </span>
          <span>Choose pickup</span>
        </a>
      )}
${NOTICE_TOAST}
    </div>
  );
}
`,
  );

  const counter = page(
    'orders',
    `
import { useEffect, useState } from 'react';
import { AlertCircle, CheckCircle2, Clock, Loader2, PackageCheck, Phone } from 'lucide-react';
import AppHeader from '@/components/AppHeader';

const COLUMNS = [
  { id: 'new', label: 'New', next: 'ready', action: 'Mark ready' },
  { id: 'ready', label: 'Ready for pickup', next: 'collected', action: 'Mark collected' },
  { id: 'collected', label: 'Collected', next: null, action: '' },
];

export default function CounterPage() {
  const ordersKey = ${jsString(`${key}.pickup-orders`)};
  const [source, setSource] = useState('loading');
  const [orders, setOrders] = useState([]);

${NOTICE_STATE}

${loadOnMount({
  path: '/api/pickup-orders',
  accept: 'data && Array.isArray(data.orders)',
  onServer: 'setOrders(data.orders);',
  onLocal: `try {
  const saved = JSON.parse(window.localStorage.getItem(ordersKey) || '[]');
  setOrders(Array.isArray(saved) ? saved : []);
} catch {
  setOrders([]);
}`,
})}

  useEffect(() => {
    if (source !== 'local') return;
    try {
      window.localStorage.setItem(ordersKey, JSON.stringify(orders));
    } catch {
      // Storage can be full or disabled.
    }
  }, [orders, source]);

${API_CALLER}

  function move(order, status) {
    setOrders((current) => current.map((o) => (o.id === order.id ? { ...o, status } : o)));
    if (source !== 'server') return;
    api('PATCH', '/api/pickup-orders/' + encodeURIComponent(order.id), { status }).catch((error) => {
      setOrders((current) => current.map((o) => (o.id === order.id ? { ...o, status: order.status } : o)));
      setNotice("Couldn't update order " + order.code + '. ' + error.message);
    });
  }

  const money = (cents) => (cents / 100).toLocaleString('en-US', { style: 'currency', currency: 'USD' });
  const dayLabel = (iso) => {
    const parts = iso.split('-').map(Number);
    const date = new Date(parts[0], parts[1] - 1, parts[2]);
    const today = new Date();
    today.setHours(0, 0, 0, 0);
    const diff = Math.round((date.getTime() - today.getTime()) / 86400000);
    return diff === 0 ? 'Today' : diff === 1 ? 'Tomorrow' : date.toLocaleDateString('en-US', { weekday: 'short', month: 'short', day: 'numeric' });
  };
  const sorted = orders.slice().sort((x, y) => (x.pickupDay + x.pickupTime < y.pickupDay + y.pickupTime ? -1 : 1));

  return (
    <div className="min-h-screen bg-slate-50 text-slate-900">
      <AppHeader />
      <main className="mx-auto max-w-6xl px-4 py-8 sm:px-6">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <div>
            <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Pickup orders</h1>
            <p className="mt-1 text-sm text-slate-600">The counter view: pack new orders, mark them ready, and tick them off when they are collected.</p>
          </div>
          ${loadingHint('Loading orders…')}
        </div>
        <div className="mt-6 grid gap-4 md:grid-cols-3">
          {COLUMNS.map((col) => {
            const list = sorted.filter((o) => o.status === col.id);
            return (
              <section key={col.id} aria-label={col.label} className="rounded-2xl bg-white/60 p-3 ring-1 ring-slate-200">
                <h2 className="flex items-center justify-between px-1 text-sm font-semibold text-slate-700">
                  {col.label}
                  <span className="rounded-full bg-slate-200 px-2 py-0.5 text-xs">{list.length}</span>
                </h2>
                <ul className="mt-3 space-y-3">
                  {list.map((o) => (
                    <li key={o.id} className={o.status === 'collected' ? 'rounded-xl bg-white p-4 opacity-70 shadow-sm ring-1 ring-slate-200' : 'rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200'}>
                      <div className="flex items-start justify-between gap-2">
                        <div>
                          <p className="font-semibold">{o.name}</p>
                          <p className="mt-0.5 flex items-center gap-1 text-xs text-slate-500">
                            <Clock className="h-3.5 w-3.5" aria-hidden="true" /> {dayLabel(o.pickupDay)} at {o.pickupTime}
                          </p>
                        </div>
                        <span className="rounded-lg bg-${a}-100 px-2 py-1 font-mono text-sm font-bold tracking-widest text-${a}-800">{o.code}</span>
                      </div>
                      <ul className="mt-3 space-y-0.5 text-sm text-slate-700">
                        {o.items.map((item) => (
                          <li key={item.itemId}>{item.quantity} × {item.name}</li>
                        ))}
                      </ul>
                      {o.note && <p className="mt-2 rounded-lg bg-slate-50 px-2.5 py-1.5 text-xs text-slate-600">“{o.note}”</p>}
                      <div className="mt-3 flex items-center justify-between gap-2 border-t border-slate-100 pt-3">
                        <a href={'tel:' + o.phone} className="inline-flex items-center gap-1 text-xs text-slate-500 hover:text-slate-800">
                          <Phone className="h-3.5 w-3.5" aria-hidden="true" /> {o.phone}
                        </a>
                        <span className="text-sm font-semibold">{money(o.totalCents)}</span>
                      </div>
                      {col.next && (
                        <button type="button" onClick={() => move(o, col.next)} className="mt-3 inline-flex w-full items-center justify-center gap-1.5 rounded-lg bg-${a}-600 py-2 text-sm font-semibold text-white hover:bg-${a}-700">
                          {col.next === 'ready' ? <PackageCheck className="h-4 w-4" aria-hidden="true" /> : <CheckCircle2 className="h-4 w-4" aria-hidden="true" />}
                          {col.action} <span className="sr-only">{o.code}</span>
                        </button>
                      )}
                    </li>
                  ))}
                  {list.length === 0 && source !== 'loading' && <li className="px-1 py-6 text-center text-sm text-slate-400">Nothing here</li>}
                </ul>
              </section>
            );
          })}
        </div>
        <p className="mt-8 text-center text-xs text-slate-400">
          {source === 'server' ? "Orders come from the app's database." : source === 'local' ? 'Without a server, this shows the orders placed in this browser.' : ''}
        </p>
      </main>
${NOTICE_TOAST}
    </div>
  );
}
`,
  );

  const row = component(
    'ShopItemRow',
    `
import { Minus, Plus } from 'lucide-react';

export default function ShopItemRow(props) {
  const { item, quantity, onChange } = props;
  const money = (cents) => (cents / 100).toLocaleString('en-US', { style: 'currency', currency: 'USD' });

  return (
    <li className={item.inStock ? 'flex items-center gap-3 px-4 py-3' : 'flex items-center gap-3 px-4 py-3 opacity-50'}>
      <div className="min-w-0 flex-1">
        <p className="font-medium">{item.name}</p>
        <p className="text-xs text-slate-500">{item.inStock ? item.unit : 'Sold out today'}</p>
      </div>
      <p className="w-16 text-right text-sm font-semibold">{money(item.priceCents)}</p>
      {quantity === 0 ? (
        <button
          type="button"
          disabled={!item.inStock}
          onClick={() => onChange(1)}
          aria-label={'Add ' + item.name}
          className="inline-flex w-[104px] items-center justify-center gap-1 rounded-full border border-${a}-300 py-1.5 text-sm font-semibold text-${a}-700 hover:bg-${a}-50 disabled:border-slate-200 disabled:text-slate-400"
        >
          <Plus className="h-4 w-4" aria-hidden="true" />
          Add
        </button>
      ) : (
        <div className="inline-flex w-[104px] items-center justify-between rounded-full bg-${a}-600 text-white">
          <button type="button" onClick={() => onChange(-1)} aria-label={'One less ' + item.name} className="rounded-full p-2 hover:bg-${a}-700">
            <Minus className="h-4 w-4" aria-hidden="true" />
          </button>
          <span className="text-sm font-semibold" aria-label={quantity + ' in basket'}>{quantity}</span>
          <button type="button" onClick={() => onChange(1)} aria-label={'One more ' + item.name} className="rounded-full p-2 hover:bg-${a}-700">
            <Plus className="h-4 w-4" aria-hidden="true" />
          </button>
        </div>
      )}
    </li>
  );
}
`,
  );

  const ticketComponent = component(
    'PickupTicket',
    `
import { CalendarClock, CheckCircle2, MapPin } from 'lucide-react';

export default function PickupTicket(props) {
  const { order, onDone } = props;
  const money = (cents) => (cents / 100).toLocaleString('en-US', { style: 'currency', currency: 'USD' });
  const parts = order.pickupDay.split('-').map(Number);
  const when = new Date(parts[0], parts[1] - 1, parts[2]).toLocaleDateString('en-US', { weekday: 'long', month: 'long', day: 'numeric' });

  return (
    <section aria-label="Your pickup ticket" className="mx-auto mt-8 max-w-md overflow-hidden rounded-3xl bg-white shadow-lg ring-1 ring-slate-200">
      <div className="bg-${a}-600 px-6 py-6 text-center text-white">
        <CheckCircle2 className="mx-auto h-10 w-10" aria-hidden="true" />
        <h2 className="mt-2 text-xl font-bold">Order placed, {order.name.split(' ')[0]}!</h2>
        <p className="mt-1 text-sm text-white/80">Show this code at the counter</p>
        <p className="mt-3 font-mono text-5xl font-black tracking-[0.3em]" data-testid="pickup-code">{order.code}</p>
      </div>
      <div className="space-y-3 px-6 py-5 text-sm">
        <p className="flex items-center gap-2 text-slate-700">
          <CalendarClock className="h-4 w-4 text-${a}-600" aria-hidden="true" />
          {when} at {order.pickupTime}
        </p>
        <p className="flex items-center gap-2 text-slate-700">
          <MapPin className="h-4 w-4 text-${a}-600" aria-hidden="true" />
          14 Elm Street, next to the post office
        </p>
        <ul className="divide-y divide-dashed divide-slate-200 border-y border-dashed border-slate-200">
          {order.items.map((item) => (
            <li key={item.itemId} className="flex justify-between py-2">
              <span>{item.quantity} × {item.name}</span>
              <span>{money(item.quantity * item.priceCents)}</span>
            </li>
          ))}
        </ul>
        <p className="flex justify-between text-base font-semibold">
          <span>Pay at pickup</span>
          <span>{money(order.totalCents)}</span>
        </p>
        {order.local && <p className="text-xs text-slate-400">No server answered, so this order is saved in this browser only.</p>}
        <button type="button" onClick={onDone} className="w-full rounded-xl border border-slate-200 py-2.5 font-semibold text-slate-700 hover:bg-slate-50">
          Start a new order
        </button>
      </div>
    </section>
  );
}
`,
  );

  return {
    migrations: [shopMigration()],
    modules: [
      shopItemsRoute(),
      pickupOrdersRoute(),
      pickupOrderRoute(),
      home,
      counter,
      appHeader(ctx, {
        icon: 'Store',
        links: [
          { href: '/', label: 'Order' },
          { href: '/orders', label: 'Counter' },
        ],
        maxWidth: 'max-w-6xl',
      }),
      row,
      ticketComponent,
    ],
    plan: [
      `Build "${ctx.title}", a neighbourhood shop that takes orders for pickup.`,
      '- Tables `shop_items` (thirteen items in five aisles, one sold out today) and `pickup_orders` (code, name, phone, pickup day and time, items, total, status; two orders already at the counter).',
      '- Functions: `/api/shop-items` (GET the shelf), `/api/pickup-orders` (GET for the counter, POST a checked order priced from the shelf with a pickup code) and `/api/pickup-orders/[id]` (PATCH the status: new, ready, collected).',
      '- Page `/`: shop details, aisle tabs, the shelf with Add and +/- steppers, a basket with the total, today/tomorrow and half-hour pickup slots, name and phone, then a pickup ticket with the code.',
      '- Page `/orders`: the counter view in three columns (New, Ready for pickup, Collected) with a button to move each order on.',
      '- Components: AppHeader, ShopItemRow, PickupTicket.',
      `- Without a backend the shelf is built in and orders stay in the browser. ${a} accent, Tailwind, lucide-react icons.`,
    ].join('\n'),
    summary: [
      `I built **${ctx.title}**, a local shop taking pickup orders: customers add bread, deli and basics from the aisles, choose today or tomorrow and a half-hour slot, and get a pickup code to show at the counter. Payment happens in the shop.`,
      '',
      "The counter page (/orders) is for the shop: new orders, ready for pickup and collected, one tap to move each along. The shelf and the orders live in the app's database (tables `shop_items` and `pickup_orders`, through `/api/shop-items`, `/api/pickup-orders` and `/api/pickup-orders/[id]`). Opened without its backend, the shop uses its built-in shelf and keeps orders in the browser.",
    ].join('\n'),
    choices: [
      `change the colour to ${otherHue(ctx.accent, 'green', 'orange')}`,
      `rename the app to ${otherName(ctx.title, 'Elm Street Deli', 'Corner Pantry')}`,
      'add a page called About',
    ],
  };
}

function shopMigration(): BuiltMigration {
  const items = ITEMS.map(
    ([id, name, aisle, price, unit, inStock], i) =>
      `  (${sqlText(id)}, ${sqlText(name)}, ${sqlText(aisle)}, ${price}, ${sqlText(unit)}, ${inStock}, ${i + 1})`,
  );
  const byId = new Map(ITEMS.map((it) => [it[0], it]));
  const orders = SEED_ORDERS.map(([id, code, name, phone, time, lines, status, minutesAgo]) => {
    const items = lines.map(([itemId, quantity]) => {
      const it = byId.get(itemId);
      return { itemId, name: it?.[1] ?? itemId, quantity, priceCents: it?.[3] ?? 0 };
    });
    const total = items.reduce((n, l) => n + l.quantity * l.priceCents, 0);
    return `  (${sqlText(id)}, ${sqlText(code)}, ${sqlText(name)}, ${sqlText(phone)}, to_char(current_date, 'YYYY-MM-DD'), ${sqlText(time)}, ${sqlText(JSON.stringify(items))}, ${total}, '', ${sqlText(status)}, (extract(epoch from now()) * 1000)::bigint - ${minutesAgo * 60_000})`;
  });
  return {
    name: 'create_shop_items_and_pickup_orders',
    sql: `CREATE TABLE shop_items (
  id text PRIMARY KEY,
  name text NOT NULL,
  aisle text NOT NULL,
  price_cents integer NOT NULL CHECK (price_cents >= 0),
  unit text NOT NULL DEFAULT '',
  in_stock boolean NOT NULL DEFAULT true,
  position integer NOT NULL DEFAULT 0
);
CREATE TABLE pickup_orders (
  id text PRIMARY KEY,
  code text NOT NULL,
  customer_name text NOT NULL,
  phone text NOT NULL,
  pickup_day text NOT NULL,
  pickup_time text NOT NULL,
  items jsonb NOT NULL,
  total_cents integer NOT NULL,
  note text NOT NULL DEFAULT '',
  status text NOT NULL DEFAULT 'new' CHECK (status IN ('new', 'ready', 'collected')),
  created_at bigint NOT NULL
);
INSERT INTO shop_items (id, name, aisle, price_cents, unit, in_stock, position) VALUES
${items.join(',\n')};
INSERT INTO pickup_orders (id, code, customer_name, phone, pickup_day, pickup_time, items, total_cents, note, status, created_at) VALUES
${orders.join(',\n')};`,
  };
}

const ORDER_ROW = `/** A row of pickup_orders as the pages use it. */
function toOrder(row: Record<string, unknown>) {
  return {
    id: String(row.id),
    code: String(row.code),
    name: String(row.customer_name),
    phone: String(row.phone),
    pickupDay: String(row.pickup_day),
    pickupTime: String(row.pickup_time),
    items: typeof row.items === 'string' ? JSON.parse(row.items) : row.items,
    totalCents: Number(row.total_cents),
    note: String(row.note ?? ''),
    status: String(row.status),
    createdAt: Number(row.created_at),
  };
}`;

/** `/api/shop-items`: the shelf, aisle by aisle. */
function shopItemsRoute() {
  return apiRoute(
    'shop-items',
    `
${SQL_IMPORT}

export async function GET() {
  const rows = await sql\`SELECT * FROM shop_items ORDER BY position, name\`;
  return Response.json({
    items: rows.map((row) => ({
      id: String(row.id),
      name: String(row.name),
      aisle: String(row.aisle),
      priceCents: Number(row.price_cents),
      unit: String(row.unit),
      inStock: row.in_stock === true,
    })),
  });
}
`,
  );
}

/** `/api/pickup-orders`: the counter's list and placing an order. */
function pickupOrdersRoute() {
  return apiRoute(
    'pickup-orders',
    `
${SQL_IMPORT}

${READ_BODY}

${ORDER_ROW}

const CODE_LETTERS = 'ACDEFHJKMNPRTWXY';

function text(value: unknown, max: number): string {
  return typeof value === 'string' ? value.trim().slice(0, max) : '';
}

/** Every order, by pickup time. */
export async function GET() {
  const rows = await sql\`SELECT * FROM pickup_orders ORDER BY pickup_day, pickup_time, created_at\`;
  return Response.json({ orders: rows.map(toOrder) });
}

/**
 * Places a pickup order: { name, phone, note?, pickupDay: 'YYYY-MM-DD', pickupTime: 'HH:MM', items: [{ itemId,
 * quantity }] }. Prices come from the shelf; an item sold out today is refused (409).
 */
export async function POST(request: Request) {
  const body = await readBody(request);
  if (!body) return badRequest('Send the order as JSON.');
  const name = text(body.name, 80);
  const phone = text(body.phone, 30);
  const note = text(body.note, 300);
  const pickupDay = text(body.pickupDay, 10);
  const pickupTime = text(body.pickupTime, 5);
  if (!name) return badRequest('Please tell us your name for the pickup.');
  if (phone.replace(/[^0-9]/g, '').length < 7) return badRequest('Please enter a phone number we can call or text.');
  if (!/^\\d{4}-\\d{2}-\\d{2}$/.test(pickupDay)) return badRequest('Choose a pickup day.');
  if (!/^([01]\\d|2[0-3]):[0-5]\\d$/.test(pickupTime) || pickupTime < '08:00' || pickupTime > '18:30') {
    return badRequest('Pickup is between 08:00 and 18:30.');
  }
  if (!Array.isArray(body.items) || body.items.length === 0) return badRequest('Add something to your basket first.');

  const shelf = new Map((await sql\`SELECT * FROM shop_items\`).map((row) => [String(row.id), row]));
  const items = [];
  for (const line of body.items as { itemId?: unknown; quantity?: unknown }[]) {
    const row = line && typeof line.itemId === 'string' ? shelf.get(line.itemId) : undefined;
    const quantity = line ? Number(line.quantity) : 0;
    if (!row) return badRequest('One of the items is no longer on the shelf.');
    if (!Number.isInteger(quantity) || quantity < 1 || quantity > 20) return badRequest('Order from 1 to 20 of each item.');
    if (row.in_stock !== true) return Response.json({ error: String(row.name) + ' is sold out today.' }, { status: 409 });
    items.push({ itemId: String(row.id), name: String(row.name), quantity, priceCents: Number(row.price_cents) });
  }
  const total = items.reduce((n, l) => n + l.quantity * l.priceCents, 0);
  const random = crypto.getRandomValues(new Uint8Array(3));
  const code =
    CODE_LETTERS[random[0] % CODE_LETTERS.length] + String(random[1] % 10) + CODE_LETTERS[random[2] % CODE_LETTERS.length];
  const [row] = await sql\`
    INSERT INTO pickup_orders (id, code, customer_name, phone, pickup_day, pickup_time, items, total_cents, note, status, created_at)
    VALUES (\${crypto.randomUUID()}, \${code}, \${name}, \${phone}, \${pickupDay}, \${pickupTime}, \${JSON.stringify(items)}, \${total}, \${note}, 'new', \${Date.now()})
    RETURNING *\`;
  return Response.json({ order: toOrder(row) }, { status: 201 });
}
`,
  );
}

/** `/api/pickup-orders/[id]`: the counter moves an order on (new → ready → collected). */
function pickupOrderRoute() {
  return apiRoute(
    'pickup-orders/[id]',
    `
${SQL_IMPORT}

${READ_BODY}

${ORDER_ROW}

type Context = { params: { id: string } };

export async function PATCH(request: Request, { params }: Context) {
  const body = await readBody(request);
  const status = body ? body.status : undefined;
  if (status !== 'new' && status !== 'ready' && status !== 'collected') {
    return badRequest('status must be new, ready or collected.');
  }
  const [row] = await sql\`UPDATE pickup_orders SET status = \${status} WHERE id = \${params.id} RETURNING *\`;
  if (!row) return Response.json({ error: 'That order no longer exists.' }, { status: 404 });
  return Response.json({ order: toOrder(row) });
}
`,
  );
}
