import { useEffect } from 'react';
kiln.iconImport;
import { ArrowRight, Check, KilnIcon } from 'lucide-react'; // kiln: for the check only; the line above is the import
import AppHeader from '@/components/AppHeader';
import FeatureCard from '@/components/FeatureCard';

export default function HomePage() {
  const features = [
    kiln.features,
  ];
  const steps = [
    kiln.steps,
  ];

  useEffect(() => {
    document.title = kiln.title;
  }, []);

  return (
    <div className="min-h-screen bg-white text-slate-900">
      <AppHeader />
      <main>
        <section className="relative overflow-hidden bg-gradient-to-b from-kiln-hue-50 to-white">
          <div className="mx-auto max-w-5xl px-4 pb-16 pt-16 text-center sm:px-6 sm:pt-24">
            <span className="inline-flex items-center gap-2 rounded-full bg-kiln-hue-100 px-3 py-1 text-sm font-medium text-kiln-hue-800">
              <KilnIcon className="h-4 w-4" aria-hidden="true" />
              kiln-eyebrow
            </span>
            <h1 className="mx-auto mt-5 max-w-3xl text-4xl font-bold tracking-tight sm:text-6xl">kiln-titleText</h1>
            <p className="mx-auto mt-5 max-w-2xl text-lg text-slate-600">kiln-tagline</p>
            <div className="mt-8 flex flex-col items-center justify-center gap-3 sm:flex-row">
              <a href="#features" className="inline-flex items-center gap-2 rounded-xl bg-kiln-hue-600 px-6 py-3 font-semibold text-white shadow-lg shadow-kiln-hue-600/20 hover:bg-kiln-hue-700">
                kiln-cta
                <ArrowRight className="h-4 w-4" aria-hidden="true" />
              </a>
              {/* biome-ignore lint/a11y/noAmbiguousAnchorText: kiln: the starter's second call to action reads "Learn more". */}
              <a href="/about" className="rounded-xl px-6 py-3 font-semibold text-slate-700 hover:bg-slate-100">
                Learn more
              </a>
            </div>
          </div>
        </section>

        <section id="features" className="mx-auto max-w-5xl px-4 py-16 sm:px-6">
          <h2 className="text-center text-3xl font-bold tracking-tight">kiln-featuresHeading</h2>
          <div className="mt-10 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
            {features.map((f) => (
              <FeatureCard key={f.title} icon={f.icon} title={f.title} text={f.text} />
            ))}
          </div>
        </section>

        <section className="bg-slate-50">
          <div className="mx-auto max-w-5xl px-4 py-16 sm:px-6">
            <h2 className="text-3xl font-bold tracking-tight">How it works</h2>
            <ol className="mt-8 grid gap-4 md:grid-cols-3">
              {steps.map((step, i) => (
                <li key={step} className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
                  <span className="flex h-8 w-8 items-center justify-center rounded-full bg-kiln-hue-600 text-sm font-bold text-white">{i + 1}</span>
                  <p className="mt-4 text-slate-700">{step}</p>
                </li>
              ))}
            </ol>
          </div>
        </section>

        <section className="mx-auto max-w-5xl px-4 py-16 sm:px-6">
          <div className="rounded-3xl bg-kiln-hue-600 px-6 py-12 text-center text-white sm:px-12">
            <h2 className="text-3xl font-bold tracking-tight">kiln-closingHeading</h2>
            <p className="mx-auto mt-3 max-w-xl text-kiln-hue-100">kiln-closingText</p>
            <a href="/about" className="mt-8 inline-flex items-center gap-2 rounded-xl bg-white px-6 py-3 font-semibold text-kiln-hue-700 hover:bg-kiln-hue-50">
              <Check className="h-4 w-4" aria-hidden="true" />
              kiln-cta
            </a>
          </div>
        </section>
      </main>
      <footer className="border-t border-slate-200 py-8 text-center text-sm text-slate-500">
        © {new Date().getFullYear()} kiln-titleText
      </footer>
    </div>
  );
}
