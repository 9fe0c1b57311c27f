import { useEffect, useState } from 'react';
import { AlertCircle, ArrowRight, Loader2, PackageSearch, Search, ShoppingBag, Truck } from 'lucide-react';
import AppHeader from '@/components/AppHeader';
import ProductCard from '@/components/ProductCard';
import ProductDetail from '@/components/ProductDetail';

const CATALOGUE = [
    { id: 'linen-throw', name: 'Washed Linen Throw', category: 'Home', priceCents: 6800, description: 'A soft, stonewashed linen throw in oat. Light enough for summer evenings, warm enough for the sofa in winter. 130 × 180 cm.', rating: 4.8, reviews: 214, stock: 12, badge: 'Bestseller' },
    { id: 'ceramic-mug-set', name: 'Speckled Ceramic Mugs (set of 2)', category: 'Kitchen', priceCents: 3200, description: 'Hand-glazed stoneware mugs with a speckled finish, 350 ml each. Dishwasher and microwave safe.', rating: 4.7, reviews: 128, stock: 30, badge: '' },
    { id: 'pour-over-kit', name: 'Pour-Over Coffee Kit', category: 'Kitchen', priceCents: 5400, description: 'A glass carafe, a stainless steel dripper and 100 paper filters: everything for a clean, bright cup at home.', rating: 4.6, reviews: 87, stock: 8, badge: 'New' },
    { id: 'canvas-tote', name: 'Waxed Canvas Tote', category: 'Accessories', priceCents: 4500, description: 'Water-resistant waxed canvas with leather handles and an inside zip pocket. Fits a 15-inch laptop.', rating: 4.9, reviews: 302, stock: 20, badge: 'Bestseller' },
    { id: 'wool-beanie', name: 'Merino Wool Beanie', category: 'Accessories', priceCents: 2800, description: 'Fine-knit merino that keeps you warm without itching. One size, in charcoal.', rating: 4.5, reviews: 64, stock: 3, badge: '' },
    { id: 'camp-lantern', name: 'Rechargeable Camp Lantern', category: 'Outdoors', priceCents: 3900, description: 'Warm dimmable light for up to 40 hours, charged over USB-C. Hangs from a tent loop or stands on a table.', rating: 4.7, reviews: 156, stock: 15, badge: '' },
    { id: 'enamel-bottle', name: 'Insulated Steel Bottle', category: 'Outdoors', priceCents: 2600, description: 'Keeps drinks cold for 24 hours or hot for 12. 750 ml, leak-proof lid, fits most cup holders.', rating: 4.8, reviews: 411, stock: 40, badge: '' },
    { id: 'soy-candle', name: 'Cedar & Fig Soy Candle', category: 'Home', priceCents: 2400, description: 'Hand-poured soy wax with a cotton wick, about 45 hours of cedar, fig and a little smoke.', rating: 4.6, reviews: 93, stock: 25, badge: '' },
    { id: 'olive-board', name: 'Olive Wood Serving Board', category: 'Kitchen', priceCents: 4900, description: 'Cut from a single piece of olive wood, each one with its own grain. 40 cm long, oiled and ready to use.', rating: 4.9, reviews: 58, stock: 0, badge: '' },
];

export default function ShopPage() {
  const cartKey = 'kiln-slug.cart';
  // 'loading' until /api/products answers, then 'server' (the app's database) or 'local' (the built-in catalogue).
  const [source, setSource] = useState('loading');
  const [products, setProducts] = useState([]);
  const [cart, setCart] = useState([]);
  const [query, setQuery] = useState('');
  const [category, setCategory] = useState('All');
  const [sort, setSort] = useState('featured');
  const [openId, setOpenId] = useState(null);

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
    fetch('/api/products', { signal: controller.signal })
      .then((res) => (res.ok ? res.json() : null))
      .catch(() => null)
      .then((data) => {
        clearTimeout(timer);
        if (!active) return;
        if (data && Array.isArray(data.products)) {
          setProducts(data.products);
          setSource('server');
        } else {
          // No backend answered (a static copy or a render check): the browser keeps the data, as before.
          setProducts(CATALOGUE);
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
        <section className="overflow-hidden rounded-3xl bg-gradient-to-br from-kiln-hue-100 via-kiln-hue-50 to-white px-6 py-8 sm:px-10 sm:py-12">
          <p className="inline-flex items-center gap-1.5 rounded-full bg-white/80 px-3 py-1 text-xs font-semibold text-kiln-hue-800 shadow-sm">
            <Truck className="h-3.5 w-3.5" aria-hidden="true" />
            Free shipping on orders over $75
          </p>
          <h1 className="mt-4 max-w-xl text-3xl font-bold tracking-tight sm:text-5xl">kiln-titleText</h1>
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
                    ? 'shrink-0 rounded-full bg-kiln-hue-600 px-4 py-2 text-sm font-semibold text-white shadow-sm'
                    : 'shrink-0 rounded-full border border-slate-200 bg-white px-4 py-2 text-sm font-medium text-slate-600 hover:border-kiln-hue-300 hover:text-slate-900'
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
                className="w-full rounded-xl border border-slate-200 bg-white py-2.5 pl-9 pr-3 text-sm focus:border-kiln-hue-400 focus:outline-none focus:ring-4 focus:ring-kiln-hue-100"
              />
            </label>
            <label>
              <span className="sr-only">Sort by</span>
              <select
                name="sort"
                value={sort}
                onChange={(e) => setSort(e.target.value)}
                className="h-full rounded-xl border border-slate-200 bg-white px-3 text-sm text-slate-700 focus:border-kiln-hue-400 focus:outline-none focus:ring-4 focus:ring-kiln-hue-100"
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
          {source === 'loading' && (
            <span className="inline-flex items-center gap-1.5 text-xs font-medium text-slate-400">
              <Loader2 className="h-3.5 w-3.5 animate-spin" aria-hidden="true" />
              Loading products…
            </span>
          )}
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
            <PackageSearch className="mx-auto h-10 w-10 text-kiln-hue-400" aria-hidden="true" />
            <p className="mt-3 font-medium text-slate-700">No products match "{query}"</p>
            <button type="button" onClick={() => { setQuery(''); setCategory('All'); }} className="mt-2 text-sm font-semibold text-kiln-hue-700 hover:underline">
              Show everything
            </button>
          </div>
        )}
      </main>

      {count > 0 && (
        <div className="fixed inset-x-0 bottom-0 z-20 border-t border-slate-200 bg-white/95 backdrop-blur">
          <div className="mx-auto flex max-w-6xl items-center justify-between gap-3 px-4 py-3 sm:px-6">
            <p className="flex items-center gap-2 text-sm text-slate-700" aria-live="polite">
              <ShoppingBag className="h-5 w-5 text-kiln-hue-600" aria-hidden="true" />
              <span data-testid="cart-summary">
                Cart · {count} {count === 1 ? 'item' : 'items'} · <strong>{money(subtotal)}</strong>
              </span>
            </p>
            <a href="/cart" className="inline-flex items-center gap-1.5 rounded-xl bg-kiln-hue-600 px-4 py-2.5 text-sm font-semibold text-white shadow-sm hover:bg-kiln-hue-700">
              Checkout
              <ArrowRight className="h-4 w-4" aria-hidden="true" />
            </a>
          </div>
        </div>
      )}

      {open && <ProductDetail product={open} inCart={(cart.find((l) => l.id === open.id) || { quantity: 0 }).quantity} onClose={() => setOpenId(null)} onAdd={(q) => { addToCart(open, q); setOpenId(null); }} />}
      {notice && (
        <div role="status" className="fixed inset-x-0 bottom-4 z-30 mx-auto flex w-fit max-w-[calc(100%-2rem)] items-center gap-2 rounded-xl bg-slate-900 px-4 py-2.5 text-sm text-white shadow-lg">
          <AlertCircle className="h-4 w-4 shrink-0 text-amber-300" aria-hidden="true" />
          {notice}
        </div>
      )}
    </div>
  );
}
