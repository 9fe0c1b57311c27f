import AppHeader from '@/components/AppHeader';

export default function AboutPage() {
  const facts = [
    kiln.facts,
  ];

  return (
    <div className="min-h-screen bg-slate-50 text-slate-900">
      <AppHeader />
      <main className="mx-auto max-w-3xl px-4 py-16 sm:px-6">
        <p className="text-sm font-semibold uppercase tracking-wide text-kiln-hue-600">About</p>
        <h1 className="mt-2 text-4xl font-bold tracking-tight">kiln-aboutHeading</h1>
        <p className="mt-4 text-lg leading-relaxed text-slate-600">kiln-aboutText</p>
        <dl className="mt-10 grid gap-4 sm:grid-cols-3">
          {facts.map((fact) => (
            <div key={fact.label} className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
              <dt className="text-sm text-slate-500">{fact.label}</dt>
              <dd className="mt-1 text-2xl font-semibold text-kiln-hue-700">{fact.value}</dd>
            </div>
          ))}
        </dl>
        <a href="/" className="mt-10 inline-flex rounded-xl bg-kiln-hue-600 px-5 py-3 font-semibold text-white hover:bg-kiln-hue-700">
          Back to kiln-titleText
        </a>
      </main>
    </div>
  );
}
