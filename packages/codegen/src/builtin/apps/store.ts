/**
 * The builtin ECOMMERCE_STORE: a shop with a product grid (categories, search, sort), a product detail
 * dialog, a cart with quantities and totals, and a checkout form that places an order and shows its
 * confirmation. With a backend the catalogue is the app's `products` table behind `/api/products` and an
 * order is checked and priced by `/api/orders` (stock taken off); without one the page uses the built-in
 * catalogue and keeps the cart and orders in localStorage.
 * @module
 */
import { jsString, jsxText } from '../format.ts';
import {
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

interface Product {
  id: string;
  name: string;
  category: string;
  priceCents: number;
  description: string;
  rating: number;
  reviews: number;
  stock: number;
  badge: string;
}

/** The starter catalogue: everyday goods in four categories. */
const PRODUCTS: Product[] = [
  {
    id: 'linen-throw',
    name: 'Washed Linen Throw',
    category: 'Home',
    priceCents: 6800,
    description:
      'A soft, stonewashed linen throw in oat. Light enough for summer evenings, warm enough for the sofa in winter. 130 × 180 cm.',
    rating: 4.8,
    reviews: 214,
    stock: 12,
    badge: 'Bestseller',
  },
  {
    id: 'ceramic-mug-set',
    name: 'Speckled Ceramic Mugs (set of 2)',
    category: 'Kitchen',
    priceCents: 3200,
    description:
      'Hand-glazed stoneware mugs with a speckled finish, 350 ml each. Dishwasher and microwave safe.',
    rating: 4.7,
    reviews: 128,
    stock: 30,
    badge: '',
  },
  {
    id: 'pour-over-kit',
    name: 'Pour-Over Coffee Kit',
    category: 'Kitchen',
    priceCents: 5400,
    description:
      'A glass carafe, a stainless steel dripper and 100 paper filters: everything for a clean, bright cup at home.',
    rating: 4.6,
    reviews: 87,
    stock: 8,
    badge: 'New',
  },
  {
    id: 'canvas-tote',
    name: 'Waxed Canvas Tote',
    category: 'Accessories',
    priceCents: 4500,
    description:
      'Water-resistant waxed canvas with leather handles and an inside zip pocket. Fits a 15-inch laptop.',
    rating: 4.9,
    reviews: 302,
    stock: 20,
    badge: 'Bestseller',
  },
  {
    id: 'wool-beanie',
    name: 'Merino Wool Beanie',
    category: 'Accessories',
    priceCents: 2800,
    description: 'Fine-knit merino that keeps you warm without itching. One size, in charcoal.',
    rating: 4.5,
    reviews: 64,
    stock: 3,
    badge: '',
  },
  {
    id: 'camp-lantern',
    name: 'Rechargeable Camp Lantern',
    category: 'Outdoors',
    priceCents: 3900,
    description:
      'Warm dimmable light for up to 40 hours, charged over USB-C. Hangs from a tent loop or stands on a table.',
    rating: 4.7,
    reviews: 156,
    stock: 15,
    badge: '',
  },
  {
    id: 'enamel-bottle',
    name: 'Insulated Steel Bottle',
    category: 'Outdoors',
    priceCents: 2600,
    description:
      'Keeps drinks cold for 24 hours or hot for 12. 750 ml, leak-proof lid, fits most cup holders.',
    rating: 4.8,
    reviews: 411,
    stock: 40,
    badge: '',
  },
  {
    id: 'soy-candle',
    name: 'Cedar & Fig Soy Candle',
    category: 'Home',
    priceCents: 2400,
    description: 'Hand-poured soy wax with a cotton wick, about 45 hours of cedar, fig and a little smoke.',
    rating: 4.6,
    reviews: 93,
    stock: 25,
    badge: '',
  },
  {
    id: 'olive-board',
    name: 'Olive Wood Serving Board',
    category: 'Kitchen',
    priceCents: 4900,
    description:
      'Cut from a single piece of olive wood, each one with its own grain. 40 cm long, oiled and ready to use.',
    rating: 4.9,
    reviews: 58,
    stock: 0,
    badge: '',
  },
];

/** Builds the online store. */
export function storeApp(ctx: AppContext): BuiltApp {
  const a = ctx.accent;
  const key = slugKey(ctx.title);
  const catalogue = PRODUCTS.map(
    (p) =>
      `    { id: ${jsString(p.id)}, name: ${jsString(p.name)}, category: ${jsString(p.category)}, priceCents: ${p.priceCents}, description: ${jsString(p.description)}, rating: ${p.rating}, reviews: ${p.reviews}, stock: ${p.stock}, badge: ${jsString(p.badge)} },`,
  ).join('\n');

  const home = page(
    '',
    `
import { useEffect, useState } from 'react';
import { AlertCircle, ArrowRight, Loader2, PackageSearch, Search, ShoppingBag, Truck } from 'lucide-react';
import AppHeader from '@/components/AppHeader';
import ProductCard from '@/components/ProductCard';
import ProductDetail from '@/components/ProductDetail';

const CATALOGUE = [
${catalogue}
];

export default function ShopPage() {
  const cartKey = ${jsString(`${key}.cart`)};
  // 'loading' until /api/products answers, then 'server' (the app's database) or 'local' (the built-in catalogue).
  const [source, setSource] = useState('loading');
  const [products, setProducts] = useState([]);
  const [cart, setCart] = useState([]);
  const [query, setQuery] = useState('');
  const [category, setCategory] = useState('All');
  const [sort, setSort] = useState('featured');
  const [openId, setOpenId] = useState(null);

${documentTitleEffect(ctx.title)}

${NOTICE_STATE}

${loadOnMount({
  path: '/api/products',
  accept: 'data && Array.isArray(data.products)',
  onServer: 'setProducts(data.products);',
  onLocal: 'setProducts(CATALOGUE);',
})}

  useEffect(() => {
    try {
      const saved = JSON.parse(window.localStorage.getItem(cartKey) || '[]');
      if (Array.isArray(saved)) setCart(saved);
    } catch {
      // A broken saved cart starts empty.
    }
  }, []);

  function saveCart(next) {
    setCart(next);
    try {
      window.localStorage.setItem(cartKey, JSON.stringify(next));
    } catch {
      // Storage can be full or disabled; the cart still works on this page.
    }
  }

  function addToCart(product, quantity) {
    const line = cart.find((l) => l.id === product.id);
    const inCart = line ? line.quantity : 0;
    const wanted = Math.min(product.stock, inCart + quantity);
    if (wanted <= inCart) {
      setNotice('Only ' + product.stock + ' of ' + product.name + ' in stock.');
      return;
    }
    const next = line
      ? cart.map((l) => (l.id === product.id ? { ...l, quantity: wanted } : l))
      : [...cart, { id: product.id, name: product.name, category: product.category, priceCents: product.priceCents, stock: product.stock, quantity: wanted }];
    saveCart(next);
    setNotice('Added ' + product.name + ' to your cart.');
  }

  const money = (cents) => (cents / 100).toLocaleString('en-US', { style: 'currency', currency: 'USD' });
  const categories = ['All', ...Array.from(new Set(products.map((p) => p.category)))];
  const needle = query.trim().toLowerCase();
  const visible = products
    .filter((p) => category === 'All' || p.category === category)
    .filter((p) => !needle || (p.name + ' ' + p.description + ' ' + p.category).toLowerCase().includes(needle))
    .slice()
    .sort((x, y) => {
      if (sort === 'price-asc') return x.priceCents - y.priceCents;
      if (sort === 'price-desc') return y.priceCents - x.priceCents;
      if (sort === 'rating') return y.rating - x.rating;
      return 0;
    });
  const count = cart.reduce((n, l) => n + l.quantity, 0);
  const subtotal = cart.reduce((n, l) => n + l.quantity * l.priceCents, 0);
  const open = products.find((p) => p.id === openId) || null;

  return (
    <div className="min-h-screen bg-stone-50 text-slate-900">
      <AppHeader />
      <main className="mx-auto max-w-6xl px-4 pb-28 pt-6 sm:px-6 sm:pt-10">
        <section className="overflow-hidden rounded-3xl bg-gradient-to-br from-${a}-100 via-${a}-50 to-white px-6 py-8 sm:px-10 sm:py-12">
          <p className="inline-flex items-center gap-1.5 rounded-full bg-white/80 px-3 py-1 text-xs font-semibold text-${a}-800 shadow-sm">
            <Truck className="h-3.5 w-3.5" aria-hidden="true" />
            Free shipping on orders over $75
          </p>
          <h1 className="mt-4 max-w-xl text-3xl font-bold tracking-tight sm:text-5xl">${jsxText(ctx.title)}</h1>
          <p className="mt-3 max-w-lg text-slate-600">Well-made things for the kitchen, the home and the weekend outdoors, chosen to last for years.</p>
        </section>

        <section className="mt-8 flex flex-col gap-3 lg:flex-row lg:items-center lg:justify-between" aria-label="Find products">
          <div className="flex gap-1.5 overflow-x-auto pb-1">
            {categories.map((c) => (
              <button
                key={c}
                type="button"
                onClick={() => setCategory(c)}
                aria-pressed={category === c}
                className={
                  category === c
                    ? 'shrink-0 rounded-full bg-${a}-600 px-4 py-2 text-sm font-semibold text-white shadow-sm'
                    : 'shrink-0 rounded-full border border-slate-200 bg-white px-4 py-2 text-sm font-medium text-slate-600 hover:border-${a}-300 hover:text-slate-900'
                }
              >
                {c}
              </button>
            ))}
          </div>
          <div className="flex gap-2">
            <label className="relative flex-1 lg:w-72 lg:flex-none">
              <span className="sr-only">Search products</span>
              <Search className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-slate-400" aria-hidden="true" />
              <input
                name="search"
                type="search"
                value={query}
                onChange={(e) => setQuery(e.target.value)}
                placeholder="Search products"
                className="w-full rounded-xl border border-slate-200 bg-white py-2.5 pl-9 pr-3 text-sm focus:border-${a}-400 focus:outline-none focus:ring-4 focus:ring-${a}-100"
              />
            </label>
            <label>
              <span className="sr-only">Sort by</span>
              <select
                name="sort"
                value={sort}
                onChange={(e) => setSort(e.target.value)}
                className="h-full rounded-xl border border-slate-200 bg-white px-3 text-sm text-slate-700 focus:border-${a}-400 focus:outline-none focus:ring-4 focus:ring-${a}-100"
              >
                <option value="featured">Featured</option>
                <option value="price-asc">Price: low to high</option>
                <option value="price-desc">Price: high to low</option>
                <option value="rating">Top rated</option>
              </select>
            </label>
          </div>
        </section>

        <div className="mt-4 flex min-h-5 items-center gap-3 text-sm text-slate-500">
          {source !== 'loading' && <span>{visible.length} {visible.length === 1 ? 'product' : 'products'}</span>}
          ${loadingHint('Loading products…')}
        </div>

        <section className="mt-3 grid grid-cols-2 gap-3 sm:gap-5 md:grid-cols-3 lg:grid-cols-4" aria-label="Products">
          {visible.map((p) => (
            <ProductCard key={p.id} product={p} onOpen={() => setOpenId(p.id)} onAdd={() => addToCart(p, 1)} />
          ))}
          {source === 'loading' &&
            [0, 1, 2, 3].map((i) => <div key={i} className="aspect-[3/4] animate-pulse rounded-2xl bg-white" aria-hidden="true" />)}
        </section>

        {source !== 'loading' && visible.length === 0 && (
          <div className="mt-6 rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
            <PackageSearch className="mx-auto h-10 w-10 text-${a}-400" aria-hidden="true" />
            <p className="mt-3 font-medium text-slate-700">No products match "{query}"</p>
            <button type="button" onClick={() => { setQuery(''); setCategory('All'); }} className="mt-2 text-sm font-semibold text-${a}-700 hover:underline">
              Show everything
            </button>
          </div>
        )}
      </main>

      {count > 0 && (
        <div className="fixed inset-x-0 bottom-0 z-20 border-t border-slate-200 bg-white/95 backdrop-blur">
          <div className="mx-auto flex max-w-6xl items-center justify-between gap-3 px-4 py-3 sm:px-6">
            <p className="flex items-center gap-2 text-sm text-slate-700" aria-live="polite">
              <ShoppingBag className="h-5 w-5 text-${a}-600" aria-hidden="true" />
              <span data-testid="cart-summary">
                Cart · {count} {count === 1 ? 'item' : 'items'} · <strong>{money(subtotal)}</strong>
              </span>
            </p>
            <a href="/cart" className="inline-flex items-center gap-1.5 rounded-xl bg-${a}-600 px-4 py-2.5 text-sm font-semibold text-white shadow-sm hover:bg-${a}-700">
              Checkout
              <ArrowRight className="h-4 w-4" aria-hidden="true" />
            </a>
          </div>
        </div>
      )}

      {open && <ProductDetail product={open} inCart={(cart.find((l) => l.id === open.id) || { quantity: 0 }).quantity} onClose={() => setOpenId(null)} onAdd={(q) => { addToCart(open, q); setOpenId(null); }} />}
${NOTICE_TOAST}
    </div>
  );
}
`,
  );

  const cartPage = page(
    'cart',
    `
import { useEffect, useState } from 'react';
import { AlertCircle, ArrowLeft, CheckCircle2, Loader2, Minus, Plus, ShoppingBag, Trash2 } from 'lucide-react';
import AppHeader from '@/components/AppHeader';

export default function CartPage() {
  const cartKey = ${jsString(`${key}.cart`)};
  const ordersKey = ${jsString(`${key}.orders`)};
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
    if (!form.name.trim() || !/^[^@\\s]+@[^@\\s]+\\.[^@\\s]+$/.test(form.email.trim()) || !form.address.trim() || !form.city.trim() || !form.postcode.trim()) {
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

  const field = 'w-full rounded-xl border border-slate-200 bg-white px-3.5 py-2.5 text-sm focus:border-${a}-400 focus:outline-none focus:ring-4 focus:ring-${a}-100';

  if (order) {
    return (
      <div className="min-h-screen bg-stone-50 text-slate-900">
        <AppHeader />
        <main className="mx-auto max-w-2xl px-4 py-12 sm:px-6">
          <div className="rounded-3xl border border-slate-200 bg-white p-6 text-center shadow-sm sm:p-10">
            <CheckCircle2 className="mx-auto h-12 w-12 text-${a}-600" aria-hidden="true" />
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
            <a href="/" className="mt-8 inline-flex items-center gap-1.5 rounded-xl bg-${a}-600 px-5 py-2.5 text-sm font-semibold text-white hover:bg-${a}-700">
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
            <ShoppingBag className="mx-auto h-12 w-12 text-${a}-400" aria-hidden="true" />
            <p className="mt-4 text-lg font-medium">Your cart is empty</p>
            <p className="mt-1 text-sm text-slate-500">Find something you love in the shop.</p>
            <a href="/" className="mt-6 inline-flex rounded-xl bg-${a}-600 px-5 py-2.5 text-sm font-semibold text-white hover:bg-${a}-700">
              Browse products
            </a>
          </div>
        ) : (
          <div className="mt-6 grid grid-cols-1 gap-6 lg:grid-cols-[1fr_380px]">
            <section aria-label="Items in your cart" className="space-y-3">
              {cart.map((line) => (
                <article key={line.id} className="flex gap-4 rounded-2xl border border-slate-200 bg-white p-3 shadow-sm sm:p-4">
                  <img alt={line.name} className="h-20 w-20 shrink-0 rounded-xl bg-${a}-50 object-cover sm:h-24 sm:w-24" />
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
              {shipping > 0 && <p className="mt-2 rounded-lg bg-${a}-50 px-3 py-2 text-xs text-${a}-800">Add {money(7500 - subtotal)} more for free shipping.</p>}

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
              <button type="submit" disabled={placing || cart.length === 0} className="mt-4 inline-flex w-full items-center justify-center gap-2 rounded-xl bg-${a}-600 px-4 py-3 text-sm font-semibold text-white shadow-sm hover:bg-${a}-700 disabled:opacity-60">
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
`,
  );

  const card = component(
    'ProductCard',
    `
import { Plus, Star } from 'lucide-react';

export default function ProductCard(props) {
  const { product, onOpen, onAdd } = props;
  const money = (cents) => (cents / 100).toLocaleString('en-US', { style: 'currency', currency: 'USD' });
  const soldOut = product.stock <= 0;

  return (
    <article className="group flex flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm transition hover:-translate-y-0.5 hover:shadow-md">
      <button type="button" onClick={onOpen} className="relative block text-left" aria-label={'View ' + product.name}>
        <img alt={product.name} className="aspect-square w-full bg-${a}-50 object-cover" />
        {product.badge && !soldOut && (
          <span className="absolute left-2 top-2 rounded-full bg-white/90 px-2.5 py-1 text-xs font-semibold text-${a}-800 shadow-sm">{product.badge}</span>
        )}
        {soldOut && <span className="absolute left-2 top-2 rounded-full bg-slate-900/80 px-2.5 py-1 text-xs font-semibold text-white">Sold out</span>}
      </button>
      <div className="flex flex-1 flex-col gap-1 p-3 sm:p-4">
        <p className="text-xs font-medium uppercase tracking-wide text-slate-400">{product.category}</p>
        <h2 className="text-sm font-semibold leading-snug sm:text-base">
          <button type="button" onClick={onOpen} className="text-left hover:text-${a}-700">{product.name}</button>
        </h2>
        <p className="flex items-center gap-1 text-xs text-slate-500">
          <Star className="h-3.5 w-3.5 fill-${a}-400 text-${a}-400" aria-hidden="true" />
          {product.rating.toFixed(1)} <span className="text-slate-400">({product.reviews})</span>
        </p>
        <div className="mt-auto flex items-center justify-between pt-2">
          <p className="font-semibold">{money(product.priceCents)}</p>
          <button
            type="button"
            onClick={onAdd}
            disabled={soldOut}
            aria-label={'Add ' + product.name + ' to cart'}
            className="inline-flex h-9 w-9 items-center justify-center rounded-xl bg-${a}-600 text-white shadow-sm hover:bg-${a}-700 disabled:bg-slate-200 disabled:text-slate-400"
          >
            <Plus className="h-4 w-4" aria-hidden="true" />
          </button>
        </div>
      </div>
    </article>
  );
}
`,
  );

  const detail = component(
    'ProductDetail',
    `
import { useEffect, useState } from 'react';
import { Minus, Plus, ShieldCheck, Star, Truck, X } from 'lucide-react';

export default function ProductDetail(props) {
  const { product, inCart, onClose, onAdd } = props;
  const [quantity, setQuantity] = useState(1);
  const money = (cents) => (cents / 100).toLocaleString('en-US', { style: 'currency', currency: 'USD' });
  const left = Math.max(0, product.stock - inCart);

  useEffect(() => {
    const onKey = (e) => {
      if (e.key === 'Escape') onClose();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);

  return (
    <div className="fixed inset-0 z-30 flex items-end justify-center bg-slate-900/50 p-0 sm:items-center sm:p-6" onClick={onClose}>
      <div
        role="dialog"
        aria-modal="true"
        aria-label={product.name}
        onClick={(e) => e.stopPropagation()}
        className="grid max-h-[92vh] w-full max-w-3xl overflow-y-auto rounded-t-3xl bg-white shadow-2xl sm:grid-cols-2 sm:rounded-3xl"
      >
        <img alt={product.name} className="aspect-square w-full bg-${a}-50 object-cover" />
        <div className="relative flex flex-col gap-3 p-5 sm:p-7">
          <button type="button" onClick={onClose} aria-label="Close" className="absolute right-3 top-3 rounded-full p-2 text-slate-400 hover:bg-slate-100 hover:text-slate-700">
            <X className="h-5 w-5" aria-hidden="true" />
          </button>
          <p className="text-xs font-semibold uppercase tracking-wide text-${a}-700">{product.category}</p>
          <h2 className="pr-8 text-2xl font-bold tracking-tight">{product.name}</h2>
          <p className="flex items-center gap-1.5 text-sm text-slate-600">
            <Star className="h-4 w-4 fill-${a}-400 text-${a}-400" aria-hidden="true" />
            {product.rating.toFixed(1)} · {product.reviews} reviews
          </p>
          <p className="text-2xl font-semibold">{money(product.priceCents)}</p>
          <p className="text-sm leading-relaxed text-slate-600">{product.description}</p>
          <p className={product.stock === 0 ? 'text-sm font-medium text-red-600' : product.stock <= 5 ? 'text-sm font-medium text-${a}-700' : 'text-sm text-slate-500'}>
            {product.stock === 0 ? 'Sold out' : product.stock <= 5 ? 'Only ' + product.stock + ' left' : 'In stock'}
          </p>
          <div className="mt-auto flex items-center gap-3 pt-2">
            <div className="inline-flex items-center rounded-xl border border-slate-200">
              <button type="button" onClick={() => setQuantity(Math.max(1, quantity - 1))} aria-label="Decrease quantity" className="p-2.5 text-slate-600">
                <Minus className="h-4 w-4" aria-hidden="true" />
              </button>
              <span className="w-8 text-center font-semibold">{quantity}</span>
              <button type="button" onClick={() => setQuantity(Math.min(Math.max(1, left), quantity + 1))} aria-label="Increase quantity" className="p-2.5 text-slate-600">
                <Plus className="h-4 w-4" aria-hidden="true" />
              </button>
            </div>
            <button
              type="button"
              disabled={left === 0}
              onClick={() => onAdd(quantity)}
              className="flex-1 rounded-xl bg-${a}-600 px-4 py-3 text-sm font-semibold text-white shadow-sm hover:bg-${a}-700 disabled:bg-slate-200 disabled:text-slate-400"
            >
              {left === 0 ? (product.stock === 0 ? 'Sold out' : 'All in your cart') : 'Add to cart'}
            </button>
          </div>
          <ul className="space-y-1.5 border-t border-slate-100 pt-3 text-xs text-slate-500">
            <li className="flex items-center gap-1.5"><Truck className="h-3.5 w-3.5" aria-hidden="true" /> Free shipping over $75, otherwise $6.95</li>
            <li className="flex items-center gap-1.5"><ShieldCheck className="h-3.5 w-3.5" aria-hidden="true" /> 30-day returns</li>
          </ul>
        </div>
      </div>
    </div>
  );
}
`,
  );

  return {
    migrations: [storeMigration()],
    modules: [
      productsRoute(),
      ordersRoute(),
      home,
      cartPage,
      appHeader(ctx, {
        icon: 'ShoppingBag',
        links: [
          { href: '/', label: 'Shop' },
          { href: '/cart', label: 'Cart' },
        ],
        maxWidth: 'max-w-6xl',
      }),
      card,
      detail,
    ],
    plan: [
      `Build "${ctx.title}", an online store.`,
      '- Tables `products` (nine products in Home, Kitchen, Accessories and Outdoors, with price, rating and stock) and `orders`.',
      '- Functions: `/api/products` (GET the catalogue) and `/api/orders` (POST: checks the details, prices every line from the database, refuses what is out of stock, takes the stock off).',
      '- Page `/`: a banner, category chips, search and sort, the product grid, a product dialog with quantity, and a cart bar with the count and subtotal.',
      '- Page `/cart`: lines with quantity steppers and remove, subtotal, shipping (free over $75) and total, a delivery form, and the order confirmation.',
      '- Components: AppHeader, ProductCard, ProductDetail.',
      `- Without a backend the shop uses its built-in catalogue and keeps orders in the browser; the cart is always kept in the browser. ${a} accent, Tailwind, lucide-react icons.`,
    ].join('\n'),
    summary: [
      `I built **${ctx.title}**, an online store: browse nine products by category, search and sort them, open one for details, add it to the cart, change quantities on /cart and check out to an order confirmation. Shipping is free over $75.`,
      '',
      "The catalogue and the orders live in the app's database (tables `products` and `orders`, through `/api/products` and `/api/orders`); the server prices each order itself and takes the stock off. Opened without its backend, the shop uses its built-in catalogue and keeps orders in the browser.",
    ].join('\n'),
    choices: [
      `change the colour to ${otherHue(ctx.accent, 'emerald', 'amber')}`,
      `rename the app to ${otherName(ctx.title, 'Oak & Thread', 'Good Goods')}`,
      'add a page called About',
    ],
  };
}

function storeMigration(): BuiltMigration {
  const rows = PRODUCTS.map(
    (p, i) =>
      `  (${sqlText(p.id)}, ${sqlText(p.name)}, ${sqlText(p.category)}, ${p.priceCents}, ${sqlText(p.description)}, ${p.rating}, ${p.reviews}, ${p.stock}, ${sqlText(p.badge)}, ${i + 1})`,
  );
  return {
    name: 'create_products_and_orders',
    sql: `CREATE TABLE products (
  id text PRIMARY KEY,
  name text NOT NULL,
  category text NOT NULL,
  price_cents integer NOT NULL CHECK (price_cents >= 0),
  description text NOT NULL DEFAULT '',
  rating numeric(2,1) NOT NULL DEFAULT 0,
  reviews integer NOT NULL DEFAULT 0,
  stock integer NOT NULL DEFAULT 0 CHECK (stock >= 0),
  badge text NOT NULL DEFAULT '',
  position integer NOT NULL DEFAULT 0
);
CREATE TABLE orders (
  id text PRIMARY KEY,
  customer_name text NOT NULL,
  email text NOT NULL,
  address text NOT NULL,
  items jsonb NOT NULL,
  subtotal_cents integer NOT NULL,
  shipping_cents integer NOT NULL,
  total_cents integer NOT NULL,
  created_at bigint NOT NULL
);
INSERT INTO products (id, name, category, price_cents, description, rating, reviews, stock, badge, position) VALUES
${rows.join(',\n')};`,
  };
}

const PRODUCT_ROW = `/** A row of the products table as the page uses it. */
function toProduct(row: Record<string, unknown>) {
  return {
    id: String(row.id),
    name: String(row.name),
    category: String(row.category),
    priceCents: Number(row.price_cents),
    description: String(row.description),
    rating: Number(row.rating),
    reviews: Number(row.reviews),
    stock: Number(row.stock),
    badge: String(row.badge ?? ''),
  };
}`;

/** `/api/products`: the catalogue in shop order. */
function productsRoute() {
  return apiRoute(
    'products',
    `
${SQL_IMPORT}

${PRODUCT_ROW}

export async function GET() {
  const rows = await sql\`SELECT * FROM products ORDER BY position, name\`;
  return Response.json({ products: rows.map(toProduct) });
}
`,
  );
}

/** `/api/orders`: places an order, priced from the database, with the stock taken off. */
function ordersRoute() {
  return apiRoute(
    'orders',
    `
${SQL_IMPORT}

${READ_BODY}

${PRODUCT_ROW}

const FREE_SHIPPING_FROM = 7500;
const SHIPPING = 695;

function text(value: unknown, max: number): string {
  return typeof value === 'string' ? value.trim().slice(0, max) : '';
}

/**
 * Places an order: { name, email, address, city, postcode, items: [{ productId, quantity }] }. Prices come
 * from the products table, never from the request; a line asking for more than is in stock is refused (409).
 */
export async function POST(request: Request) {
  const body = await readBody(request);
  if (!body) return badRequest('Send the order as JSON.');
  const name = text(body.name, 120);
  const email = text(body.email, 200);
  const street = text(body.address, 200);
  const city = text(body.city, 100);
  const postcode = text(body.postcode, 20);
  if (!name) return badRequest('Please enter your name.');
  if (!/^[^@\\s]+@[^@\\s]+\\.[^@\\s]+$/.test(email)) return badRequest('Please enter a valid email address.');
  if (!street || !city || !postcode) return badRequest('Please enter the full delivery address.');
  if (!Array.isArray(body.items) || body.items.length === 0) return badRequest('Your cart is empty.');

  const wanted = new Map<string, number>();
  for (const item of body.items as { productId?: unknown; quantity?: unknown }[]) {
    const productId = item && typeof item.productId === 'string' ? item.productId : '';
    const quantity = item ? Number(item.quantity) : 0;
    if (!productId || !Number.isInteger(quantity) || quantity < 1 || quantity > 99) {
      return badRequest('Each item needs a product and a quantity from 1 to 99.');
    }
    wanted.set(productId, (wanted.get(productId) ?? 0) + quantity);
  }

  const products = new Map((await sql\`SELECT * FROM products\`).map((row) => [String(row.id), toProduct(row)]));
  const items = [];
  for (const [productId, quantity] of wanted) {
    const product = products.get(productId);
    if (!product) return badRequest('One of the products is no longer sold.');
    if (product.stock < quantity) {
      return Response.json(
        { error: product.stock === 0 ? product.name + ' is sold out.' : 'Only ' + product.stock + ' of ' + product.name + ' left.' },
        { status: 409 },
      );
    }
    items.push({ productId, name: product.name, quantity, priceCents: product.priceCents });
  }

  // Take the stock off line by line; a line that lost the race puts back what was taken.
  const taken: { productId: string; quantity: number }[] = [];
  for (const item of items) {
    const [row] = await sql\`
      UPDATE products SET stock = stock - \${item.quantity}
      WHERE id = \${item.productId} AND stock >= \${item.quantity}
      RETURNING id\`;
    if (!row) {
      for (const t of taken) await sql\`UPDATE products SET stock = stock + \${t.quantity} WHERE id = \${t.productId}\`;
      return Response.json({ error: 'Only a few of ' + item.name + ' were left, and they just sold.' }, { status: 409 });
    }
    taken.push(item);
  }

  const subtotal = items.reduce((n, item) => n + item.quantity * item.priceCents, 0);
  const shipping = subtotal >= FREE_SHIPPING_FROM ? 0 : SHIPPING;
  const id = 'NW-' + crypto.randomUUID().slice(0, 6).toUpperCase();
  const createdAt = Date.now();
  await sql\`
    INSERT INTO orders (id, customer_name, email, address, items, subtotal_cents, shipping_cents, total_cents, created_at)
    VALUES (\${id}, \${name}, \${email}, \${street + ', ' + city + ' ' + postcode}, \${JSON.stringify(items)}, \${subtotal}, \${shipping}, \${subtotal + shipping}, \${createdAt})\`;
  return Response.json(
    { order: { id, name, email, items, subtotalCents: subtotal, shippingCents: shipping, totalCents: subtotal + shipping, createdAt } },
    { status: 201 },
  );
}
`,
  );
}
