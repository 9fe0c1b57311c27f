import { HelpCircle } from 'lucide-react';
kiln.headerImport;

export default function KilnNameTextPage() {
  const questions = [
    { q: 'How do I get started?', a: 'Open the home page and follow the first step. It takes less than a minute.' },
    { q: 'Is my data saved?', a: 'Yes. Your data is kept in this browser, so it is there when you come back.' },
    { q: 'Does it work on my phone?', a: 'Yes. Every page adapts to small screens.' },
    { q: 'How can I get in touch?', a: 'Send us a message and we will reply within one working day.' },
  ];
  return (
    <div className="min-h-screen bg-slate-50 text-slate-900">
      kiln.header
      <main className="mx-auto kiln-maxWidth px-4 py-12 sm:px-6 sm:py-16">
        <p className="text-sm font-semibold uppercase tracking-wide text-kiln-hue-600">kiln-titleText</p>
        <h1 className="mt-2 text-3xl font-bold tracking-tight sm:text-4xl">kiln-nameText</h1>
        <p className="mt-3 max-w-2xl text-lg text-slate-600">Answers to the questions we hear most often.</p>
        <div className="mt-10 space-y-3">
          {questions.map((item) => (
            <details key={item.q} className="group rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
              <summary className="flex cursor-pointer list-none items-center justify-between gap-4 font-medium">
                <span className="flex items-center gap-2">
                  <HelpCircle className="h-4 w-4 text-kiln-hue-600" aria-hidden="true" />
                  {item.q}
                </span>
                <span className="text-slate-400 transition group-open:rotate-45">+</span>
              </summary>
              <p className="mt-3 text-slate-600">{item.a}</p>
            </details>
          ))}
        </div>
      </main>
    </div>
  );
}
