/**
 * @module
 * A 350-line generated TSX page for the preview benchmarks: a dashboard as a model writes it (state,
 * derived data, a form, a table, lists, cards, lucide icons, Tailwind classes). `marker` is shown in the
 * heading, so an edit can be seen in the DOM.
 */

const SECTIONS = ['Revenue', 'Orders', 'Customers', 'Refunds', 'Visitors', 'Conversion'];

/**
 * What an edit changes besides the marker: `text` only the heading's words; `code` an expression's punctuation
 * too (the quotes alternate, a change to JavaScript, not to the page's text); `markup` the JSX itself (the
 * marker's tag alternates between `<span>` and `<strong>`), which the runtime always transpiles.
 */
export type EditKind = 'text' | 'code' | 'markup';

export function dashboardPage(marker: string, opts: { edit?: EditKind } = {}): string {
  const odd = Number(marker.at(-1)) % 2 === 1;
  const quote = odd ? '"' : "'";
  const tag = odd ? 'strong' : 'span';
  const shown =
    opts.edit === 'code'
      ? `{['Dashboard', ${quote}${marker}${quote}].join(${quote} ${quote})}`
      : opts.edit === 'markup'
        ? `Dashboard <${tag} className="text-indigo-600">${marker}</${tag}>`
        : `Dashboard ${marker}`;
  const lines: string[] = [];
  lines.push(
    `import React, { useEffect, useMemo, useState } from 'react';`,
    `import { ArrowUpRight, ArrowDownRight, Search, Plus, Trash2, Filter, Bell, Settings } from 'lucide-react';`,
    '',
    'type Order = { id: number; customer: string; total: number; status: "paid" | "pending" | "refunded"; date: string };',
    'type Stat = { label: string; value: number; change: number };',
    '',
    'const CUSTOMERS = ["Ada", "Grace", "Linus", "Margaret", "Ken", "Barbara", "Dennis", "Frances"];',
    '',
    'function makeOrders(n: number): Order[] {',
    '  return Array.from({ length: n }, (_, i) => ({',
    '    id: i + 1,',
    '    customer: CUSTOMERS[i % CUSTOMERS.length],',
    '    total: Math.round(((i * 37) % 500) + 20),',
    '    status: i % 7 === 0 ? "refunded" : i % 3 === 0 ? "pending" : "paid",',
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the text is generated TSX source.
    '    date: `2026-0${(i % 9) + 1}-1${i % 10}`,',
    '  }));',
    '}',
    '',
    'function formatMoney(n: number): string {',
    '  return new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" }).format(n);',
    '}',
    '',
  );
  for (const [k, name] of SECTIONS.entries()) {
    lines.push(
      `function ${name}Card({ stat }: { stat: Stat }) {`,
      '  const up = stat.change >= 0;',
      '  return (',
      `    <div className="rounded-xl border border-gray-200 bg-white p-5 shadow-sm" data-card="${k}">`,
      '      <div className="flex items-center justify-between">',
      '        <p className="text-sm font-medium text-gray-500">{stat.label}</p>',
      '        {up ? <ArrowUpRight className="h-4 w-4 text-green-600" /> : <ArrowDownRight className="h-4 w-4 text-red-600" />}',
      '      </div>',
      '      <p className="mt-2 text-2xl font-semibold text-gray-900">{stat.value.toLocaleString()}</p>',
      `      <p className={up ? "text-xs text-green-600" : "text-xs text-red-600"}>{up ? "+" : ""}{stat.change}% vs last month</p>`,
      '    </div>',
      '  );',
      '}',
      '',
    );
  }
  lines.push(
    `export default function DashboardPage() {`,
    '  const [orders, setOrders] = useState<Order[]>(() => makeOrders(40));',
    '  const [query, setQuery] = useState("");',
    '  const [status, setStatus] = useState<"all" | Order["status"]>("all");',
    '  const [customer, setCustomer] = useState("");',
    '  const [total, setTotal] = useState("");',
    '  const [notifications, setNotifications] = useState(3);',
    '',
    '  useEffect(() => {',
    '    document.title = "Dashboard";',
    '  }, []);',
    '',
    '  const filtered = useMemo(',
    '    () =>',
    '      orders.filter(',
    '        (o) =>',
    '          (status === "all" || o.status === status) &&',
    '          o.customer.toLowerCase().includes(query.toLowerCase()),',
    '      ),',
    '    [orders, query, status],',
    '  );',
    '',
    '  const stats: Stat[] = [',
  );
  for (const [k, name] of SECTIONS.entries()) {
    lines.push(`    { label: "${name}", value: ${(k + 3) * 1234}, change: ${k % 2 ? -k - 1.5 : k + 2.5} },`);
  }
  lines.push(
    '  ];',
    '',
    '  const addOrder = (e: React.FormEvent<HTMLFormElement>) => {',
    '    e.preventDefault();',
    '    if (!customer.trim() || !Number(total)) return;',
    '    setOrders((prev) => [',
    '      { id: prev.length + 1, customer: customer.trim(), total: Number(total), status: "pending", date: "2026-11-22" },',
    '      ...prev,',
    '    ]);',
    '    setCustomer("");',
    '    setTotal("");',
    '  };',
    '',
    '  return (',
    '    <div className="min-h-screen bg-gray-50">',
    '      <header className="border-b bg-white">',
    '        <div className="mx-auto flex max-w-6xl items-center justify-between px-6 py-4">',
    `          <h1 className="text-xl font-bold text-gray-900" data-testid="heading">${shown}</h1>`,
    '          <div className="flex items-center gap-3">',
    '            <button type="button" onClick={() => setNotifications(0)} className="relative rounded-full p-2 hover:bg-gray-100">',
    '              <Bell className="h-5 w-5" />',
    '              {notifications > 0 && (',
    '                <span className="absolute -right-0.5 -top-0.5 rounded-full bg-red-500 px-1.5 text-xs text-white">{notifications}</span>',
    '              )}',
    '            </button>',
    '            <button type="button" className="rounded-full p-2 hover:bg-gray-100"><Settings className="h-5 w-5" /></button>',
    '          </div>',
    '        </div>',
    '      </header>',
    '      <main className="mx-auto max-w-6xl space-y-8 px-6 py-8">',
    '        <section className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">',
  );
  for (const [k, name] of SECTIONS.entries()) lines.push(`          <${name}Card stat={stats[${k}]} />`);
  lines.push(
    '        </section>',
    '',
    '        <section className="rounded-xl border bg-white p-6 shadow-sm">',
    '          <h2 className="mb-4 text-lg font-semibold">New order</h2>',
    '          <form onSubmit={addOrder} className="grid gap-3 sm:grid-cols-3">',
    '            <input name="customer" value={customer} onChange={(e) => setCustomer(e.target.value)} placeholder="Customer" className="rounded-lg border px-3 py-2" />',
    '            <input name="total" value={total} onChange={(e) => setTotal(e.target.value)} placeholder="Total" inputMode="decimal" className="rounded-lg border px-3 py-2" />',
    '            <button type="submit" className="inline-flex items-center justify-center gap-2 rounded-lg bg-indigo-600 px-4 py-2 font-medium text-white hover:bg-indigo-700">',
    '              <Plus className="h-4 w-4" /> Add order',
    '            </button>',
    '          </form>',
    '        </section>',
    '',
    '        <section className="rounded-xl border bg-white shadow-sm">',
    '          <div className="flex flex-wrap items-center justify-between gap-3 border-b p-4">',
    '            <div className="relative">',
    '              <Search className="absolute left-3 top-2.5 h-4 w-4 text-gray-400" />',
    '              <input name="search" value={query} onChange={(e) => setQuery(e.target.value)} placeholder="Search customers" className="rounded-lg border py-2 pl-9 pr-3" />',
    '            </div>',
    '            <div className="flex items-center gap-2">',
    '              <Filter className="h-4 w-4 text-gray-500" />',
    '              {(["all", "paid", "pending", "refunded"] as const).map((s) => (',
    '                <button key={s} type="button" onClick={() => setStatus(s)} className={s === status ? "rounded-full bg-gray-900 px-3 py-1 text-sm text-white" : "rounded-full px-3 py-1 text-sm text-gray-600 hover:bg-gray-100"}>',
    '                  {s}',
    '                </button>',
    '              ))}',
    '            </div>',
    '          </div>',
    '          <table className="w-full text-left text-sm">',
    '            <thead className="bg-gray-50 text-gray-500">',
    '              <tr>',
    '                <th className="px-4 py-3">#</th>',
    '                <th className="px-4 py-3">Customer</th>',
    '                <th className="px-4 py-3">Date</th>',
    '                <th className="px-4 py-3">Status</th>',
    '                <th className="px-4 py-3 text-right">Total</th>',
    '                <th className="px-4 py-3" />',
    '              </tr>',
    '            </thead>',
    '            <tbody>',
    '              {filtered.map((o) => (',
    '                <tr key={o.id} className="border-t">',
    '                  <td className="px-4 py-3 text-gray-500">{o.id}</td>',
    '                  <td className="px-4 py-3 font-medium">{o.customer}</td>',
    '                  <td className="px-4 py-3">{o.date}</td>',
    '                  <td className="px-4 py-3">',
    '                    <span className={o.status === "paid" ? "rounded-full bg-green-100 px-2 py-0.5 text-green-700" : o.status === "pending" ? "rounded-full bg-yellow-100 px-2 py-0.5 text-yellow-700" : "rounded-full bg-red-100 px-2 py-0.5 text-red-700"}>',
    '                      {o.status}',
    '                    </span>',
    '                  </td>',
    '                  <td className="px-4 py-3 text-right">{formatMoney(o.total)}</td>',
    '                  <td className="px-4 py-3 text-right">',
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the text is generated TSX source.
    '                    <button type="button" aria-label={`Delete order ${o.id}`} onClick={() => setOrders((prev) => prev.filter((x) => x.id !== o.id))}>',
    '                      <Trash2 className="h-4 w-4 text-gray-400 hover:text-red-600" />',
    '                    </button>',
    '                  </td>',
    '                </tr>',
    '              ))}',
    '            </tbody>',
    '          </table>',
    '          {filtered.length === 0 && <p className="p-6 text-center text-gray-500">No orders match.</p>}',
    '        </section>',
  );
  // Pad with a realistic activity feed until the page is 350 lines long.
  let n = 0;
  const tail = ['      </main>', '    </div>', '  );', '}', ''];
  lines.push('        <section className="grid gap-4 md:grid-cols-2">');
  while (lines.length + tail.length + 2 < 350) {
    lines.push(
      `          <article className="rounded-xl border bg-white p-4 shadow-sm">`,
      `            <h3 className="font-medium">Update ${++n}</h3>`,
      `            <p className="text-sm text-gray-600">${CUSTOMERS_TEXT[n % CUSTOMERS_TEXT.length]}</p>`,
      '          </article>',
    );
  }
  lines.push('        </section>');
  while (lines.length + tail.length < 350) lines.push('');
  lines.push(...tail);
  return lines.join('\n');
}

const CUSTOMERS_TEXT = [
  'Ada placed a new order for the spring collection.',
  'Grace asked for a refund on order 12.',
  'Linus upgraded to the annual plan.',
  'Margaret left a five-star review.',
  'Ken changed the shipping address.',
];
