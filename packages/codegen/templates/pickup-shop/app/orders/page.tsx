import { useEffect, useState } from 'react';
import { AlertCircle, CheckCircle2, Clock, Loader2, PackageCheck, Phone } from 'lucide-react';
import AppHeader from '@/components/AppHeader';

const COLUMNS = [
  { id: 'new', label: 'New', next: 'ready', action: 'Mark ready' },
  { id: 'ready', label: 'Ready for pickup', next: 'collected', action: 'Mark collected' },
  { id: 'collected', label: 'Collected', next: null, action: '' },
];

export default function CounterPage() {
  const ordersKey = 'kiln-slug.pickup-orders';
  const [source, setSource] = useState('loading');
  const [orders, setOrders] = useState([]);

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
    fetch('/api/pickup-orders', { signal: controller.signal })
      .then((res) => (res.ok ? res.json() : null))
      .catch(() => null)
      .then((data) => {
        clearTimeout(timer);
        if (!active) return;
        if (data && Array.isArray(data.orders)) {
          setOrders(data.orders);
          setSource('server');
        } else {
          // No backend answered (a static copy or a render check): the browser keeps the data, as before.
          try {
            const saved = JSON.parse(window.localStorage.getItem(ordersKey) || '[]');
            setOrders(Array.isArray(saved) ? saved : []);
          } catch {
            setOrders([]);
          }
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
      window.localStorage.setItem(ordersKey, JSON.stringify(orders));
    } catch {
      // Storage can be full or disabled.
    }
  }, [orders, source]);

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
          {source === 'loading' && (
            <span className="inline-flex items-center gap-1.5 text-xs font-medium text-slate-400">
              <Loader2 className="h-3.5 w-3.5 animate-spin" aria-hidden="true" />
              Loading orders…
            </span>
          )}
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
                        <span className="rounded-lg bg-kiln-hue-100 px-2 py-1 font-mono text-sm font-bold tracking-widest text-kiln-hue-800">{o.code}</span>
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
                        <button type="button" onClick={() => move(o, col.next)} className="mt-3 inline-flex w-full items-center justify-center gap-1.5 rounded-lg bg-kiln-hue-600 py-2 text-sm font-semibold text-white hover:bg-kiln-hue-700">
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
      {notice && (
        <div role="status" className="fixed inset-x-0 bottom-4 z-30 mx-auto flex w-fit max-w-[calc(100%-2rem)] items-center gap-2 rounded-xl bg-slate-900 px-4 py-2.5 text-sm text-white shadow-lg">
          <AlertCircle className="h-4 w-4 shrink-0 text-amber-300" aria-hidden="true" />
          {notice}
        </div>
      )}
    </div>
  );
}
