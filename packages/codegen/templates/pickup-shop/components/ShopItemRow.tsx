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
          className="inline-flex w-[104px] items-center justify-center gap-1 rounded-full border border-kiln-hue-300 py-1.5 text-sm font-semibold text-kiln-hue-700 hover:bg-kiln-hue-50 disabled:border-slate-200 disabled:text-slate-400"
        >
          <Plus className="h-4 w-4" aria-hidden="true" />
          Add
        </button>
      ) : (
        <div className="inline-flex w-[104px] items-center justify-between rounded-full bg-kiln-hue-600 text-white">
          <button type="button" onClick={() => onChange(-1)} aria-label={'One less ' + item.name} className="rounded-full p-2 hover:bg-kiln-hue-700">
            <Minus className="h-4 w-4" aria-hidden="true" />
          </button>
          {/* biome-ignore lint/a11y/useAriaPropsSupportedByRole: kiln: the generated code labels the quantity this way. */}
          <span className="text-sm font-semibold" aria-label={quantity + ' in basket'}>{quantity}</span>
          <button type="button" onClick={() => onChange(1)} aria-label={'One more ' + item.name} className="rounded-full p-2 hover:bg-kiln-hue-700">
            <Plus className="h-4 w-4" aria-hidden="true" />
          </button>
        </div>
      )}
    </li>
  );
}
