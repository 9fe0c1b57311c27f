import { CalendarClock, CheckCircle2, MapPin } from 'lucide-react';

export default function PickupTicket(props) {
  const { order, onDone } = props;
  const money = (cents) => (cents / 100).toLocaleString('en-US', { style: 'currency', currency: 'USD' });
  const parts = order.pickupDay.split('-').map(Number);
  const when = new Date(parts[0], parts[1] - 1, parts[2]).toLocaleDateString('en-US', { weekday: 'long', month: 'long', day: 'numeric' });

  return (
    <section aria-label="Your pickup ticket" className="mx-auto mt-8 max-w-md overflow-hidden rounded-3xl bg-white shadow-lg ring-1 ring-slate-200">
      <div className="bg-kiln-hue-600 px-6 py-6 text-center text-white">
        <CheckCircle2 className="mx-auto h-10 w-10" aria-hidden="true" />
        <h2 className="mt-2 text-xl font-bold">Order placed, {order.name.split(' ')[0]}!</h2>
        <p className="mt-1 text-sm text-white/80">Show this code at the counter</p>
        <p className="mt-3 font-mono text-5xl font-black tracking-[0.3em]" data-testid="pickup-code">{order.code}</p>
      </div>
      <div className="space-y-3 px-6 py-5 text-sm">
        <p className="flex items-center gap-2 text-slate-700">
          <CalendarClock className="h-4 w-4 text-kiln-hue-600" aria-hidden="true" />
          {when} at {order.pickupTime}
        </p>
        <p className="flex items-center gap-2 text-slate-700">
          <MapPin className="h-4 w-4 text-kiln-hue-600" aria-hidden="true" />
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
