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
    // biome-ignore lint/a11y/noStaticElementInteractions lint/a11y/useKeyWithClickEvents: kiln: the backdrop click closes the dialog (Escape closes it too).
    <div className="fixed inset-0 z-30 flex items-end justify-center bg-slate-900/50 p-0 sm:items-center sm:p-6" onClick={onClose}>
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: kiln: the click only stops the backdrop closing the dialog (Escape closes it). */}
      <div
        role="dialog"
        aria-modal="true"
        aria-label={product.name}
        onClick={(e) => e.stopPropagation()}
        className="grid max-h-[92vh] w-full max-w-3xl overflow-y-auto rounded-t-3xl bg-white shadow-2xl sm:grid-cols-2 sm:rounded-3xl"
      >
        <img alt={product.name} className="aspect-square w-full bg-kiln-hue-50 object-cover" />
        <div className="relative flex flex-col gap-3 p-5 sm:p-7">
          <button type="button" onClick={onClose} aria-label="Close" className="absolute right-3 top-3 rounded-full p-2 text-slate-400 hover:bg-slate-100 hover:text-slate-700">
            <X className="h-5 w-5" aria-hidden="true" />
          </button>
          <p className="text-xs font-semibold uppercase tracking-wide text-kiln-hue-700">{product.category}</p>
          <h2 className="pr-8 text-2xl font-bold tracking-tight">{product.name}</h2>
          <p className="flex items-center gap-1.5 text-sm text-slate-600">
            <Star className="h-4 w-4 fill-kiln-hue-400 text-kiln-hue-400" aria-hidden="true" />
            {product.rating.toFixed(1)} · {product.reviews} reviews
          </p>
          <p className="text-2xl font-semibold">{money(product.priceCents)}</p>
          <p className="text-sm leading-relaxed text-slate-600">{product.description}</p>
          <p className={product.stock === 0 ? 'text-sm font-medium text-red-600' : product.stock <= 5 ? 'text-sm font-medium text-kiln-hue-700' : 'text-sm text-slate-500'}>
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
              className="flex-1 rounded-xl bg-kiln-hue-600 px-4 py-3 text-sm font-semibold text-white shadow-sm hover:bg-kiln-hue-700 disabled:bg-slate-200 disabled:text-slate-400"
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
