import { Sparkles } from 'lucide-react';
kiln.headerImport;

export default function KilnNameTextPage() {
  const sections = [
    { title: 'Overview', text: 'A short introduction to what this page is about and who it is for.' },
    { title: 'Highlights', text: 'The most important points, so visitors can take them in at a glance.' },
    { title: 'Next steps', text: 'What to do from here, with a clear link to continue.' },
  ];
  return (
    <div className="min-h-screen bg-slate-50 text-slate-900">
      kiln.header
      <main className="mx-auto kiln-maxWidth px-4 py-12 sm:px-6 sm:py-16">
        <p className="text-sm font-semibold uppercase tracking-wide text-kiln-hue-600">kiln-titleText</p>
        <h1 className="mt-2 text-3xl font-bold tracking-tight sm:text-4xl">kiln-nameText</h1>
        <p className="mt-3 max-w-2xl text-lg text-slate-600">Everything about kiln-nametext in one place.</p>
        <div className="mt-10 grid gap-4 sm:grid-cols-3">
          {sections.map((s) => (
            <div key={s.title} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
              <Sparkles className="h-5 w-5 text-kiln-hue-600" aria-hidden="true" />
              <h2 className="mt-3 font-semibold">{s.title}</h2>
              <p className="mt-1 text-sm text-slate-600">{s.text}</p>
            </div>
          ))}
        </div>
        <a href="/" className="mt-10 inline-flex items-center gap-2 rounded-xl bg-kiln-hue-600 px-5 py-3 font-semibold text-white hover:bg-kiln-hue-700">
          Back to kiln-titleText
        </a>
      </main>
    </div>
  );
}
