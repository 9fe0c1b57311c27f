import { Check } from 'lucide-react';
kiln.headerImport;

export default function KilnNameTextPage() {
  const plans = [
    { name: 'Starter', price: '$0', note: 'For trying things out', features: ['Core features', 'Up to 3 projects', 'Community support'] },
    { name: 'Pro', price: '$12', note: 'For individuals who want more', features: ['Everything in Starter', 'Unlimited projects', 'Priority support'], featured: true },
    { name: 'Team', price: '$39', note: 'For small teams', features: ['Everything in Pro', '5 team members', 'Shared workspaces'] },
  ];
  return (
    <div className="min-h-screen bg-slate-50 text-slate-900">
      kiln.header
      <main className="mx-auto kiln-maxWidth px-4 py-12 sm:px-6 sm:py-16">
        <p className="text-sm font-semibold uppercase tracking-wide text-kiln-hue-600">kiln-titleText</p>
        <h1 className="mt-2 text-3xl font-bold tracking-tight sm:text-4xl">kiln-nameText</h1>
        <p className="mt-3 max-w-2xl text-lg text-slate-600">Simple, transparent pricing. Start free and upgrade when you are ready.</p>
        <div className="mt-10 grid gap-4 md:grid-cols-3">
          {plans.map((plan) => (
            <div key={plan.name} className={plan.featured ? 'rounded-2xl border-2 border-kiln-hue-500 bg-white p-6 shadow-lg' : 'rounded-2xl border border-slate-200 bg-white p-6 shadow-sm'}>
              <h2 className="font-semibold">{plan.name}</h2>
              <p className="mt-1 text-sm text-slate-500">{plan.note}</p>
              <p className="mt-4 text-4xl font-bold">
                {plan.price}
                <span className="text-base font-medium text-slate-500">/month</span>
              </p>
              <ul className="mt-6 space-y-2 text-sm">
                {plan.features.map((f) => (
                  <li key={f} className="flex items-center gap-2">
                    <Check className="h-4 w-4 text-kiln-hue-600" aria-hidden="true" />
                    {f}
                  </li>
                ))}
              </ul>
              {/* biome-ignore lint/a11y/useValidAnchor: kiln: the generated code keeps this. */}
              <a href="#" className={plan.featured ? 'mt-6 block rounded-xl bg-kiln-hue-600 px-4 py-2.5 text-center font-semibold text-white hover:bg-kiln-hue-700' : 'mt-6 block rounded-xl border border-slate-200 px-4 py-2.5 text-center font-semibold hover:bg-slate-50'}>
                Choose {plan.name}
              </a>
            </div>
          ))}
        </div>
      </main>
    </div>
  );
}
