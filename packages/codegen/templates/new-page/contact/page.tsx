import { useState } from 'react';
import { Check, Send } from 'lucide-react';
kiln.headerImport;

export default function KilnNameTextPage() {
  const [sent, setSent] = useState(false);

  function handleSubmit(event) {
    event.preventDefault();
    const data = Object.fromEntries(new FormData(event.currentTarget).entries());
    try {
      const saved = JSON.parse(window.localStorage.getItem('contact-messages') || '[]');
      window.localStorage.setItem('contact-messages', JSON.stringify([...saved, { ...data, sentAt: new Date().toISOString() }]));
    } catch {
      // Saving is best effort; the thank-you still shows.
    }
    setSent(true);
  }
  return (
    <div className="min-h-screen bg-slate-50 text-slate-900">
      kiln.header
      <main className="mx-auto kiln-maxWidth px-4 py-12 sm:px-6 sm:py-16">
        <p className="text-sm font-semibold uppercase tracking-wide text-kiln-hue-600">kiln-titleText</p>
        <h1 className="mt-2 text-3xl font-bold tracking-tight sm:text-4xl">kiln-nameText</h1>
        <p className="mt-3 max-w-2xl text-lg text-slate-600">Send us a message and we will get back to you within one working day.</p>
        <div className="mt-10 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
          {sent ? (
            <div className="py-8 text-center">
              <Check className="mx-auto h-10 w-10 text-kiln-hue-600" aria-hidden="true" />
              <p className="mt-3 text-lg font-semibold">Thanks, your message is on its way.</p>
              <button type="button" onClick={() => setSent(false)} className="mt-4 text-sm font-medium text-kiln-hue-700 hover:underline">
                Send another
              </button>
            </div>
          ) : (
            <form onSubmit={handleSubmit} className="grid gap-4 sm:grid-cols-2">
              <label className="text-sm font-medium text-slate-700">
                Name
                <input name="name" required className="mt-1 w-full rounded-xl border border-slate-200 px-4 py-2.5 focus:border-kiln-hue-400 focus:outline-none focus:ring-4 focus:ring-kiln-hue-100" />
              </label>
              <label className="text-sm font-medium text-slate-700">
                Email
                <input name="email" type="email" required className="mt-1 w-full rounded-xl border border-slate-200 px-4 py-2.5 focus:border-kiln-hue-400 focus:outline-none focus:ring-4 focus:ring-kiln-hue-100" />
              </label>
              <label className="text-sm font-medium text-slate-700 sm:col-span-2">
                Message
                <textarea name="message" rows={5} required className="mt-1 w-full rounded-xl border border-slate-200 px-4 py-2.5 focus:border-kiln-hue-400 focus:outline-none focus:ring-4 focus:ring-kiln-hue-100" />
              </label>
              <button type="submit" className="inline-flex items-center justify-center gap-2 rounded-xl bg-kiln-hue-600 px-5 py-3 font-semibold text-white hover:bg-kiln-hue-700 sm:col-span-2 sm:justify-self-start">
                <Send className="h-4 w-4" aria-hidden="true" />
                Send message
              </button>
            </form>
          )}
        </div>
      </main>
    </div>
  );
}
