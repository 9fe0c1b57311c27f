import { Heart } from 'lucide-react';
kiln.headerImport;

export default function KilnNameTextPage() {
  const values = [
    { title: 'Made with care', text: 'Every detail is considered, from the first click to the last.' },
    { title: 'Simple by design', text: 'We keep things clear so you can focus on what matters.' },
    { title: 'Here to help', text: 'Questions or ideas? We read every message and reply quickly.' },
  ];
  return (
    <div className="min-h-screen bg-slate-50 text-slate-900">
      kiln.header
      <main className="mx-auto kiln-maxWidth px-4 py-12 sm:px-6 sm:py-16">
        <p className="text-sm font-semibold uppercase tracking-wide text-kiln-hue-600">kiln-titleText</p>
        <h1 className="mt-2 text-3xl font-bold tracking-tight sm:text-4xl">kiln-nameText</h1>
        <p className="mt-3 max-w-2xl text-lg text-slate-600">Who we are, what we believe in, and why we built this.</p>
        <div className="mt-10 grid gap-4 sm:grid-cols-3">
          {values.map((v) => (
            <div key={v.title} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
              <Heart className="h-5 w-5 text-kiln-hue-600" aria-hidden="true" />
              <h2 className="mt-3 font-semibold">{v.title}</h2>
              <p className="mt-1 text-sm text-slate-600">{v.text}</p>
            </div>
          ))}
        </div>
      </main>
    </div>
  );
}
