import { useEffect, useState } from 'react';
import { AlertCircle, ArrowLeft, CheckCircle2, Loader2, Minus, Plus, ShoppingBag, Trash2 } from 'lucide-react';
import AppHeader from '@/components/AppHeader';

export default function CartPage() {
  const cartKey = 'kiln-slug.cart';
  const ordersKey = 'kiln-slug.orders';
  const [cart, setCart] = useState([]);
  const [loaded, setLoaded] = useState(false);
  const [form, setForm] = useState({ name: '', email: '', address: '', city: '', postcode: '' });
  const [placing, setPlacing] = useState(false);
  const [order, setOrder] = useState(null);
  const [error, setError] = useState('');

  useEffect(() => {
    try {
      const saved = JSON.parse(window.localStorage.getItem(cartKey) || '[]');
      if (Array.isArray(saved)) setCart(saved);
    } catch {
      // A broken saved cart starts empty.
    }
    setLoaded(true);
  }, []);

  function saveCart(next) {
    setCart(next);
    try {
      window.localStorage.setItem(cartKey, JSON.stringify(next));
    } catch {
      // Storage can be full or disabled.
    }
  }

  function setQuantity(id, quantity) {
    if (quantity <= 0) saveCart(cart.filter((l) => l.id !== id));
    else saveCart(cart.map((l) => (l.id === id ? { ...l, quantity: Math.min(quantity, l.stock || quantity) } : l)));
  }

  const money = (cents) => (cents / 100).toLocaleString('en-US', { style: 'currency', currency: 'USD' });
  const count = cart.reduce((n, l) => n + l.quantity, 0);
  const subtotal = cart.reduce((n, l) => n + l.quantity * l.priceCents, 0);
  const shipping = subtotal === 0 || subtotal >= 7500 ? 0 : 695;
  const total = subtotal + shipping;

  async function placeOrder(event) {
    event.preventDefault();
    setError('');
    if (!form.name.trim() || !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(form.email.trim()) || !form.address.trim() || !form.city.trim() || !form.postcode.trim()) {
      setError('Please fill in your name, a valid email and the full delivery address.');
      return;
    }
    setPlacing(true);
    const body = { ...form, items: cart.map((l) => ({ productId: l.id, quantity: l.quantity })) };
    let placed = null;
    try {
      const res = await fetch('/api/orders', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
      const data = await res.json().catch(() => null);
      if (res.ok && data && data.order) placed = data.order;
      else if (data && data.error) {
        setError(data.error);
        setPlacing(false);
        return;
      }
    } catch {
      // No backend answered: the order is kept in this browser.
    }
    if (!placed) {
      placed = {
        id: 'NW-' + Date.now().toString(36).toUpperCase().slice(-6),
        name: form.name.trim(),
        email: form.email.trim(),
        items: cart.map((l) => ({ productId: l.id, name: l.name, quantity: l.quantity, priceCents: l.priceCents })),
        subtotalCents: subtotal,
        shippingCents: shipping,
        totalCents: total,
        createdAt: Date.now(),
        local: true,
      };
      try {
        const previous = JSON.parse(window.localStorage.getItem(ordersKey) || '[]');
        window.localStorage.setItem(ordersKey, JSON.stringify([placed, ...(Array.isArray(previous) ? previous : [])]));
      } catch {
        // The confirmation still shows.
      }
    }
    saveCart([]);
    setOrder(placed);
    setPlacing(false);
    window.scrollTo({ top: 0 });
  }

  const field = 'w-full rounded-xl border border-slate-200 bg-white px-3.5 py-2.5 text-sm focus:border-kiln-hue-400 focus:outline-none focus:ring-4 focus:ring-kiln-hue-100';

  if (order) {
    return (
      <div className="min-h-screen bg-stone-50 text-slate-900">
        <AppHeader />
        <main className="mx-auto max-w-2xl px-4 py-12 sm:px-6">
          <div className="rounded-3xl border border-slate-200 bg-white p-6 text-center shadow-sm sm:p-10">
            <CheckCircle2 className="mx-auto h-12 w-12 text-kiln-hue-600" aria-hidden="true" />
            <h1 className="mt-4 text-2xl font-bold tracking-tight sm:text-3xl">Thank you, {order.name.split(' ')[0]}!</h1>
            <p className="mt-2 text-slate-600">
              Order <strong className="font-mono text-slate-900">{order.id}</strong> is confirmed. A receipt goes to {order.email}.
            </p>
            <ul className="mt-6 divide-y divide-slate-100 text-left text-sm">
              {order.items.map((item) => (
                <li key={item.productId} className="flex justify-between gap-3 py-2.5">
                  <span>{item.quantity} × {item.name}</span>
                  <span className="font-medium">{money(item.quantity * item.priceCents)}</span>
                </li>
              ))}
              <li className="flex justify-between py-2.5 text-slate-500">
                <span>Shipping</span>
                <span>{order.shippingCents === 0 ? 'Free' : money(order.shippingCents)}</span>
              </li>
              <li className="flex justify-between py-2.5 text-base font-semibold">
                <span>Total paid</span>
                <span>{money(order.totalCents)}</span>
              </li>
            </ul>
            {order.local && <p className="mt-4 text-xs text-slate-400">No server answered, so this order is saved in this browser only.</p>}
            <a href="/" className="mt-8 inline-flex items-center gap-1.5 rounded-xl bg-kiln-hue-600 px-5 py-2.5 text-sm font-semibold text-white hover:bg-kiln-hue-700">
              Keep shopping
            </a>
          </div>
        </main>
      </div>
    );
  }

  return (
    <div className="min-h-screen bg-stone-50 text-slate-900">
      <AppHeader />
      <main className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-10">
        <a href="/" className="inline-flex items-center gap-1 text-sm font-medium text-slate-500 hover:text-slate-900">
          <ArrowLeft className="h-4 w-4" aria-hidden="true" />
          Continue shopping
        </a>
        <h1 className="mt-3 text-3xl font-bold tracking-tight">Your cart</h1>

        {loaded && cart.length === 0 ? (
          <div className="mt-8 rounded-3xl border border-dashed border-slate-300 bg-white px-6 py-16 text-center">
            <ShoppingBag className="mx-auto h-12 w-12 text-kiln-hue-400" aria-hidden="true" />
            <p className="mt-4 text-lg font-medium">Your cart is empty</p>
            <p className="mt-1 text-sm text-slate-500">Find something you love in the shop.</p>
            <a href="/" className="mt-6 inline-flex rounded-xl bg-kiln-hue-600 px-5 py-2.5 text-sm font-semibold text-white hover:bg-kiln-hue-700">
              Browse products
            </a>
          </div>
        ) : (
          <div className="mt-6 grid grid-cols-1 gap-6 lg:grid-cols-[1fr_380px]">
            <section aria-label="Items in your cart" className="space-y-3">
              {cart.map((line) => (
                <article key={line.id} className="flex gap-4 rounded-2xl border border-slate-200 bg-white p-3 shadow-sm sm:p-4">
                  <img alt={line.name} className="h-20 w-20 shrink-0 rounded-xl bg-kiln-hue-50 object-cover sm:h-24 sm:w-24" />
                  <div className="flex min-w-0 flex-1 flex-col justify-between gap-2">
                    <div className="flex justify-between gap-3">
                      <div className="min-w-0">
                        <h2 className="truncate font-semibold">{line.name}</h2>
                        <p className="text-sm text-slate-500">{line.category} · {money(line.priceCents)} each</p>
                      </div>
                      <p className="shrink-0 font-semibold">{money(line.priceCents * line.quantity)}</p>
                    </div>
                    <div className="flex items-center justify-between">
                      <div className="inline-flex items-center rounded-xl border border-slate-200">
                        <button type="button" onClick={() => setQuantity(line.id, line.quantity - 1)} aria-label={'One less ' + line.name} className="p-2 text-slate-600 hover:text-slate-900">
                          <Minus className="h-4 w-4" aria-hidden="true" />
                        </button>
                        {/* biome-ignore lint/a11y/useAriaPropsSupportedByRole: kiln: the generated code labels the quantity this way. */}
                        <span className="w-8 text-center text-sm font-semibold" aria-label="Quantity">{line.quantity}</span>
                        <button type="button" onClick={() => setQuantity(line.id, line.quantity + 1)} aria-label={'One more ' + line.name} className="p-2 text-slate-600 hover:text-slate-900">
                          <Plus className="h-4 w-4" aria-hidden="true" />
                        </button>
                      </div>
                      <button type="button" onClick={() => setQuantity(line.id, 0)} aria-label={'Remove ' + line.name} className="rounded-lg p-2 text-slate-400 hover:bg-red-50 hover:text-red-600">
                        <Trash2 className="h-4 w-4" aria-hidden="true" />
                      </button>
                    </div>
                  </div>
                </article>
              ))}
            </section>

            <form onSubmit={placeOrder} className="h-fit rounded-2xl border border-slate-200 bg-white p-5 shadow-sm lg:sticky lg:top-24">
              <h2 className="text-lg font-semibold">Order summary</h2>
              <dl className="mt-3 space-y-2 text-sm">
                <div className="flex justify-between"><dt className="text-slate-500">Subtotal ({count} {count === 1 ? 'item' : 'items'})</dt><dd>{money(subtotal)}</dd></div>
                <div className="flex justify-between"><dt className="text-slate-500">Shipping</dt><dd>{shipping === 0 ? 'Free' : money(shipping)}</dd></div>
                <div className="flex justify-between border-t border-slate-100 pt-2 text-base font-semibold"><dt>Total</dt><dd data-testid="cart-total">{money(total)}</dd></div>
              </dl>
              {shipping > 0 && <p className="mt-2 rounded-lg bg-kiln-hue-50 px-3 py-2 text-xs text-kiln-hue-800">Add {money(7500 - subtotal)} more for free shipping.</p>}

              <h3 className="mt-6 text-sm font-semibold">Delivery details</h3>
              <div className="mt-2 space-y-2.5">
                <label className="block">
                  <span className="sr-only">Full name</span>
                  <input name="name" autoComplete="name" placeholder="Full name" value={form.name} onChange={(e) => setForm({ ...form, name: e.target.value })} className={field} />
                </label>
                <label className="block">
                  <span className="sr-only">Email</span>
                  <input name="email" type="email" autoComplete="email" placeholder="Email" value={form.email} onChange={(e) => setForm({ ...form, email: e.target.value })} className={field} />
                </label>
                <label className="block">
                  <span className="sr-only">Street address</span>
                  <input name="address" autoComplete="street-address" placeholder="Street address" value={form.address} onChange={(e) => setForm({ ...form, address: e.target.value })} className={field} />
                </label>
                <div className="grid grid-cols-[1fr_120px] gap-2.5">
                  <label>
                    <span className="sr-only">City</span>
                    <input name="city" autoComplete="address-level2" placeholder="City" value={form.city} onChange={(e) => setForm({ ...form, city: e.target.value })} className={field} />
                  </label>
                  <label>
                    <span className="sr-only">Postcode</span>
                    <input name="postcode" autoComplete="postal-code" placeholder="Postcode" value={form.postcode} onChange={(e) => setForm({ ...form, postcode: e.target.value })} className={field} />
                  </label>
                </div>
              </div>
              {error && (
                <p role="alert" className="mt-3 flex items-start gap-1.5 text-sm text-red-600">
                  <AlertCircle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
                  {error}
                </p>
              )}
              <button type="submit" disabled={placing || cart.length === 0} className="mt-4 inline-flex w-full items-center justify-center gap-2 rounded-xl bg-kiln-hue-600 px-4 py-3 text-sm font-semibold text-white shadow-sm hover:bg-kiln-hue-700 disabled:opacity-60">
                {placing && <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />}
                Place order · {money(total)}
              </button>
              <p className="mt-2 text-center text-xs text-slate-400">Demo checkout: no card is charged.</p>
            </form>
          </div>
        )}
      </main>
    </div>
  );
}
