import { useEffect, useState } from 'react';
import { ArrowRight, CheckCircle2, Loader2, Lock, Users } from 'lucide-react';

export default function LeadForm() {
  const storageKey = 'kiln-slug.leads';
  const [errors, setErrors] = useState({});
  const [submitted, setSubmitted] = useState(null);
  const [sending, setSending] = useState(false);
  // 'loading' until /api/leads answers, then 'server' (the app's database) or 'local' (this browser only).
  const [source, setSource] = useState('loading');
  const [count, setCount] = useState(0);

  useEffect(() => {
    let active = true;
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), 5000);
    fetch('/api/leads', { signal: controller.signal })
      .then((res) => (res.ok ? res.json() : null))
      .catch(() => null)
      .then((data) => {
        clearTimeout(timer);
        if (!active) return;
        if (data && typeof data.count === 'number') {
          setCount(data.count);
          setSource('server');
        } else {
          // No backend answered (a static copy or a render check): the browser keeps the data, as before.
          setSource('local');
        }
      });
    return () => {
      active = false;
      clearTimeout(timer);
      controller.abort();
    };
  }, []);

  function saveInBrowser(lead) {
    try {
      const saved = JSON.parse(window.localStorage.getItem(storageKey) || '[]');
      window.localStorage.setItem(storageKey, JSON.stringify([lead, ...saved]));
    } catch {
      // Saving is best effort; the visitor still sees the confirmation.
    }
  }

  /** Sends the lead to /api/leads: true when stored, false when refused (errors shown), null without a backend. */
  async function sendToServer(data) {
    let res;
    try {
      res = await fetch('/api/leads', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(data),
      });
    } catch {
      return source === 'server' ? refuse('We could not reach the server. Please try again.') : null;
    }
    const answer = await res.json().catch(() => null);
    if (res.ok && answer) {
      setCount((n) => n + 1);
      return true;
    }
    if (answer && answer.error) return refuse(answer.error, answer.field);
    return source === 'server' ? refuse('That did not go through. Please try again.') : null;
  }

  function refuse(message, field) {
    setErrors({ [field || 'form']: message });
    return false;
  }

  async function handleSubmit(event) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = Object.fromEntries(new FormData(form).entries());
    const found = {};
    if (!String(data.name || '').trim()) found.name = 'Please tell us your name.';
    if (!/^\S+@\S+\.\S+$/.test(String(data.email || ''))) found.email = 'Please enter a valid email address.';
    if (!data.consent) found.consent = 'Please agree so we can contact you.';
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const lead = { ...data, id: Date.now().toString(36), createdAt: new Date().toISOString() };
    if (source !== 'local') {
      setSending(true);
      const stored = await sendToServer(data);
      setSending(false);
      if (stored === false) return;
      if (stored === null) saveInBrowser(lead);
    } else {
      saveInBrowser(lead);
    }
    form.reset();
    setSubmitted(lead);
  }

  const field = 'mt-1.5 w-full rounded-xl border bg-white px-4 py-2.5 text-slate-900 focus:outline-none focus:ring-4 ';
  const ok = 'border-slate-200 focus:border-kiln-hue-400 focus:ring-kiln-hue-100';
  const bad = 'border-red-300 focus:border-red-400 focus:ring-red-100';

  if (submitted) {
    return (
      <div className="rounded-3xl bg-white p-8 text-center shadow-xl ring-1 ring-slate-200">
        <CheckCircle2 className="mx-auto h-14 w-14 text-kiln-hue-600" aria-hidden="true" />
        <h2 className="mt-4 text-2xl font-bold">kiln-done</h2>
        <p className="mt-2 text-slate-600">We sent a confirmation to {submitted.email} and will reply within one business day.</p>
        <button type="button" onClick={() => setSubmitted(null)} className="mt-6 text-sm font-semibold text-kiln-hue-700 hover:underline">
          Submit another request
        </button>
      </div>
    );
  }

  return (
    <form onSubmit={handleSubmit} noValidate className="rounded-3xl bg-white p-6 shadow-xl ring-1 ring-slate-200 sm:p-8">
      <h2 className="text-xl font-bold">kiln-cta</h2>
      <p className="mt-1 text-sm text-slate-500">
        It takes less than a minute.
        {count > 0 && (
          <span className="ml-1.5 inline-flex items-center gap-1 font-medium text-kiln-hue-700">
            <Users className="h-3.5 w-3.5" aria-hidden="true" />
            Join {count} {count === 1 ? 'other' : 'others'} kiln-others.
          </span>
        )}
      </p>
      <div className="mt-6 grid gap-4 sm:grid-cols-2">
        <label className="text-sm font-medium text-slate-700">
          Full name
          <input name="name" autoComplete="name" className={field + (errors.name ? bad : ok)} />
          {errors.name && <span className="mt-1 block text-xs text-red-600">{errors.name}</span>}
        </label>
        <label className="text-sm font-medium text-slate-700">
          Work email
          <input name="email" type="email" autoComplete="email" className={field + (errors.email ? bad : ok)} />
          {errors.email && <span className="mt-1 block text-xs text-red-600">{errors.email}</span>}
        </label>
        <label className="text-sm font-medium text-slate-700">
          Company
          <input name="company" autoComplete="organization" className={field + ok} />
        </label>
        <label className="text-sm font-medium text-slate-700">
          Team size
          <select name="teamSize" defaultValue="2-10" className={field + ok}>
            <option value="1">Just me</option>
            <option value="2-10">2–10 people</option>
            <option value="11-50">11–50 people</option>
            <option value="51+">51+ people</option>
          </select>
        </label>
        <label className="text-sm font-medium text-slate-700 sm:col-span-2">
          What would you like help with?
          <textarea name="message" rows={3} className={field + ok} />
        </label>
      </div>
      <label className="mt-4 flex items-start gap-2 text-sm text-slate-600">
        <input name="consent" type="checkbox" value="yes" className="mt-0.5 h-4 w-4 rounded border-slate-300 accent-kiln-hue-600" />
        <span>
          I agree to be contacted about my request. <a href="/privacy" className="font-medium text-kiln-hue-700 underline">Privacy</a>
        </span>
      </label>
      {errors.consent && <p className="mt-1 text-xs text-red-600">{errors.consent}</p>}
      {errors.form && <p className="mt-4 rounded-xl bg-slate-100 px-4 py-3 text-sm text-slate-700">{errors.form}</p>}
      <button
        type="submit"
        disabled={sending}
        className="mt-6 inline-flex w-full items-center justify-center gap-2 rounded-xl bg-kiln-hue-600 px-6 py-3 font-semibold text-white shadow-lg shadow-kiln-hue-600/20 hover:bg-kiln-hue-700 disabled:opacity-70"
      >
        kiln-cta
        {sending ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : <ArrowRight className="h-4 w-4" aria-hidden="true" />}
      </button>
      <p className="mt-3 flex items-center justify-center gap-1.5 text-xs text-slate-400">
        <Lock className="h-3 w-3" aria-hidden="true" />
        We never share your details.
      </p>
    </form>
  );
}
