import { Plus, Star } from 'lucide-react';

export default function ProductCard(props) {
  const { product, onOpen, onAdd } = props;
  const money = (cents) => (cents / 100).toLocaleString('en-US', { style: 'currency', currency: 'USD' });
  const soldOut = product.stock <= 0;

  return (
    <article className="group flex flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm transition hover:-translate-y-0.5 hover:shadow-md">
      <button type="button" onClick={onOpen} className="relative block text-left" aria-label={'View ' + product.name}>
        <img alt={product.name} className="aspect-square w-full bg-kiln-hue-50 object-cover" />
        {product.badge && !soldOut && (
          <span className="absolute left-2 top-2 rounded-full bg-white/90 px-2.5 py-1 text-xs font-semibold text-kiln-hue-800 shadow-sm">{product.badge}</span>
        )}
        {soldOut && <span className="absolute left-2 top-2 rounded-full bg-slate-900/80 px-2.5 py-1 text-xs font-semibold text-white">Sold out</span>}
      </button>
      <div className="flex flex-1 flex-col gap-1 p-3 sm:p-4">
        <p className="text-xs font-medium uppercase tracking-wide text-slate-400">{product.category}</p>
        <h2 className="text-sm font-semibold leading-snug sm:text-base">
          <button type="button" onClick={onOpen} className="text-left hover:text-kiln-hue-700">{product.name}</button>
        </h2>
        <p className="flex items-center gap-1 text-xs text-slate-500">
          <Star className="h-3.5 w-3.5 fill-kiln-hue-400 text-kiln-hue-400" aria-hidden="true" />
          {product.rating.toFixed(1)} <span className="text-slate-400">({product.reviews})</span>
        </p>
        <div className="mt-auto flex items-center justify-between pt-2">
          <p className="font-semibold">{money(product.priceCents)}</p>
          <button
            type="button"
            onClick={onAdd}
            disabled={soldOut}
            aria-label={'Add ' + product.name + ' to cart'}
            className="inline-flex h-9 w-9 items-center justify-center rounded-xl bg-kiln-hue-600 text-white shadow-sm hover:bg-kiln-hue-700 disabled:bg-slate-200 disabled:text-slate-400"
          >
            <Plus className="h-4 w-4" aria-hidden="true" />
          </button>
        </div>
      </div>
    </article>
  );
}
