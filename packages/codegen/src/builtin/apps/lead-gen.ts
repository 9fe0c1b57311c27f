/**
 * The builtin LEAD_GEN_TOOL: a landing page with a working lead form, benefits, testimonials and FAQ; a
 * submissions page; and a privacy page. With a backend each lead is stored in the app's `leads` table through
 * `POST /api/leads` (validated, one per email) and `GET /api/leads` gives only their number (the form's "join
 * N others" line; emails are never listed publicly). Without one, leads stay in localStorage and the
 * submissions page lists them with CSV export, as before.
 * @module
 */
import { jsString, jsxText } from '../format.ts';
import { loadOnMount, READ_BODY, SQL_IMPORT } from './backend.ts';
import {
  type AppContext,
  apiRoute,
  appHeader,
  type BuiltApp,
  type BuiltMigration,
  component,
  documentTitleEffect,
  otherHue,
  otherName,
  page,
} from './shared.ts';
import { slugKey } from './todo-list.ts';

/** Builds the lead generation app. */
export function leadGenApp(ctx: AppContext): BuiltApp {
  const a = ctx.accent;
  const key = `${slugKey(ctx.title)}.leads`;
  const offer = /waitlist|wait list|early access|launch/i.test(ctx.prompt)
    ? {
        kicker: 'Launching soon',
        headline: 'Be first in line when we launch.',
        cta: 'Join the waitlist',
        done: 'You are on the list!',
        others: 'on the waitlist',
        duplicate: "You're already on the waitlist with this email. We'll let you know when we launch!",
      }
    : {
        kicker: 'Free consultation',
        headline: 'Get expert help that moves your business forward.',
        cta: 'Book my free call',
        done: 'Thanks, we will be in touch!',
        others: 'who asked for a call',
        duplicate: "We already have a request from this email. We'll be in touch within one business day.",
      };

  const home = page(
    '',
    `
import { useEffect } from 'react';
import { BarChart3, Clock, ShieldCheck, Star } from 'lucide-react';
import AppHeader from '@/components/AppHeader';
import BenefitCard from '@/components/BenefitCard';
import FaqItem from '@/components/FaqItem';
import LeadForm from '@/components/LeadForm';

export default function HomePage() {
  const benefits = [
    { icon: Clock, title: 'Reply within one business day', text: 'A real person reads every request and answers quickly with next steps.' },
    { icon: BarChart3, title: 'A plan built on your numbers', text: 'We look at where you are today and map out the clearest way to grow.' },
    { icon: ShieldCheck, title: 'No pressure, no spam', text: 'Your details are used only to reply to you. Unsubscribe at any time.' },
  ];
  const testimonials = [
    { quote: 'Within a month we had a clear plan and our best quarter yet.', name: 'Maya Chen', role: 'Owner, Bloom Studio' },
    { quote: 'Friendly, fast and genuinely useful. The call alone was worth it.', name: 'Daniel Okafor', role: 'Founder, Northside Fitness' },
    { quote: 'They explained everything in plain language. Highly recommended.', name: 'Laura Becker', role: 'Director, Becker & Sons' },
  ];
  const faqs = [
    { q: 'Is the consultation really free?', a: 'Yes. The first call is free and there is no obligation to continue.' },
    { q: 'How long does the call take?', a: 'About 30 minutes. We come prepared so every minute is useful.' },
    { q: 'What happens after I submit the form?', a: 'We reply within one business day to find a time that suits you.' },
    { q: 'What do you do with my details?', a: 'We use them only to contact you about your request. See our privacy page.' },
  ];

${documentTitleEffect(ctx.title)}

  return (
    <div className="min-h-screen bg-white text-slate-900">
      <AppHeader />
      <main>
        <section className="relative overflow-hidden bg-gradient-to-br from-${a}-50 via-white to-white">
          <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 py-16 sm:px-6 lg:grid-cols-[1.1fr_1fr] lg:py-24">
            <div>
              <p className="inline-flex items-center gap-2 rounded-full bg-${a}-100 px-3 py-1 text-sm font-semibold text-${a}-800">
                ${jsxText(offer.kicker)}
              </p>
              <h1 className="mt-5 text-4xl font-bold tracking-tight sm:text-5xl">${jsxText(offer.headline)}</h1>
              <p className="mt-5 max-w-xl text-lg leading-relaxed text-slate-600">
                ${jsxText(ctx.title)} helps small and growing teams find the right next step. Tell us a little about you and we will take it from there.
              </p>
              <div className="mt-8 flex items-center gap-4">
                <div className="flex -space-x-2">
                  {['MC', 'DO', 'LB', 'AR'].map((initials) => (
                    <span key={initials} className="flex h-10 w-10 items-center justify-center rounded-full border-2 border-white bg-${a}-600 text-xs font-bold text-white">
                      {initials}
                    </span>
                  ))}
                </div>
                <div className="text-sm">
                  <div className="flex text-amber-400">
                    {[1, 2, 3, 4, 5].map((i) => (
                      <Star key={i} className="h-4 w-4 fill-current" aria-hidden="true" />
                    ))}
                  </div>
                  <p className="text-slate-600">Rated 4.9 by 500+ clients</p>
                </div>
              </div>
            </div>
            <div id="get-started">
              <LeadForm />
            </div>
          </div>
        </section>

        <section className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
          <h2 className="text-center text-3xl font-bold tracking-tight">Why people choose ${jsxText(ctx.title)}</h2>
          <div className="mt-10 grid gap-5 md:grid-cols-3">
            {benefits.map((b) => (
              <BenefitCard key={b.title} icon={b.icon} title={b.title} text={b.text} />
            ))}
          </div>
        </section>

        <section className="bg-slate-50">
          <div className="mx-auto grid max-w-6xl gap-5 px-4 py-16 sm:px-6 md:grid-cols-3">
            {testimonials.map((t) => (
              <figure key={t.name} className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
                <blockquote className="text-slate-700">“{t.quote}”</blockquote>
                <figcaption className="mt-4 text-sm">
                  <span className="font-semibold text-slate-900">{t.name}</span>
                  <span className="block text-slate-500">{t.role}</span>
                </figcaption>
              </figure>
            ))}
          </div>
        </section>

        <section className="mx-auto max-w-3xl px-4 py-16 sm:px-6">
          <h2 className="text-center text-3xl font-bold tracking-tight">Questions, answered</h2>
          <div className="mt-8 space-y-3">
            {faqs.map((f) => (
              <FaqItem key={f.q} question={f.q} answer={f.a} />
            ))}
          </div>
          <div className="mt-12 text-center">
            <a href="#get-started" className="inline-flex rounded-xl bg-${a}-600 px-6 py-3 font-semibold text-white shadow-sm hover:bg-${a}-700">
              ${jsxText(offer.cta)}
            </a>
          </div>
        </section>
      </main>
      <footer className="border-t border-slate-200">
        <div className="mx-auto flex max-w-6xl flex-col items-center justify-between gap-3 px-4 py-8 text-sm text-slate-500 sm:flex-row sm:px-6">
          <p>© {new Date().getFullYear()} ${jsxText(ctx.title)}</p>
          <div className="flex gap-5">
            <a href="/privacy" className="hover:text-slate-900">Privacy</a>
            <a href="/leads" className="hover:text-slate-900">Submissions</a>
          </div>
        </div>
      </footer>
    </div>
  );
}
`,
  );

  const leadForm = component(
    'LeadForm',
    `
import { useEffect, useState } from 'react';
import { ArrowRight, CheckCircle2, Loader2, Lock, Users } from 'lucide-react';

export default function LeadForm() {
  const storageKey = ${jsString(key)};
  const [errors, setErrors] = useState({});
  const [submitted, setSubmitted] = useState(null);
  const [sending, setSending] = useState(false);
  // 'loading' until /api/leads answers, then 'server' (the app's database) or 'local' (this browser only).
  const [source, setSource] = useState('loading');
  const [count, setCount] = useState(0);

${loadOnMount({
  path: '/api/leads',
  accept: "data && typeof data.count === 'number'",
  onServer: 'setCount(data.count);',
})}

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
    return source === 'server' ? refuse('Something went wrong. Please try again.') : null;
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
    if (!/^\\S+@\\S+\\.\\S+$/.test(String(data.email || ''))) found.email = 'Please enter a valid email address.';
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
  const ok = 'border-slate-200 focus:border-${a}-400 focus:ring-${a}-100';
  const bad = 'border-red-300 focus:border-red-400 focus:ring-red-100';

  if (submitted) {
    return (
      <div className="rounded-3xl bg-white p-8 text-center shadow-xl ring-1 ring-slate-200">
        <CheckCircle2 className="mx-auto h-14 w-14 text-${a}-600" aria-hidden="true" />
        <h2 className="mt-4 text-2xl font-bold">${jsxText(offer.done)}</h2>
        <p className="mt-2 text-slate-600">We sent a confirmation to {submitted.email} and will reply within one business day.</p>
        <button type="button" onClick={() => setSubmitted(null)} className="mt-6 text-sm font-semibold text-${a}-700 hover:underline">
          Submit another request
        </button>
      </div>
    );
  }

  return (
    <form onSubmit={handleSubmit} noValidate className="rounded-3xl bg-white p-6 shadow-xl ring-1 ring-slate-200 sm:p-8">
      <h2 className="text-xl font-bold">${jsxText(offer.cta)}</h2>
      <p className="mt-1 text-sm text-slate-500">
        It takes less than a minute.
        {count > 0 && (
          <span className="ml-1.5 inline-flex items-center gap-1 font-medium text-${a}-700">
            <Users className="h-3.5 w-3.5" aria-hidden="true" />
            Join {count} {count === 1 ? 'other' : 'others'} ${jsxText(offer.others)}.
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
        <input name="consent" type="checkbox" value="yes" className="mt-0.5 h-4 w-4 rounded border-slate-300 accent-${a}-600" />
        <span>
          I agree to be contacted about my request. <a href="/privacy" className="font-medium text-${a}-700 underline">Privacy</a>
        </span>
      </label>
      {errors.consent && <p className="mt-1 text-xs text-red-600">{errors.consent}</p>}
      {errors.form && <p className="mt-4 rounded-xl bg-slate-100 px-4 py-3 text-sm text-slate-700">{errors.form}</p>}
      <button
        type="submit"
        disabled={sending}
        className="mt-6 inline-flex w-full items-center justify-center gap-2 rounded-xl bg-${a}-600 px-6 py-3 font-semibold text-white shadow-lg shadow-${a}-600/20 hover:bg-${a}-700 disabled:opacity-70"
      >
        ${jsxText(offer.cta)}
        {sending ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : <ArrowRight className="h-4 w-4" aria-hidden="true" />}
      </button>
      <p className="mt-3 flex items-center justify-center gap-1.5 text-xs text-slate-400">
        <Lock className="h-3 w-3" aria-hidden="true" />
        We never share your details.
      </p>
    </form>
  );
}
`,
  );

  const benefit = component(
    'BenefitCard',
    `
export default function BenefitCard(props) {
  const Icon = props.icon;
  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      <span className="flex h-11 w-11 items-center justify-center rounded-xl bg-${a}-100 text-${a}-700">
        <Icon className="h-5 w-5" aria-hidden="true" />
      </span>
      <h3 className="mt-4 font-semibold text-slate-900">{props.title}</h3>
      <p className="mt-1.5 text-sm leading-relaxed text-slate-600">{props.text}</p>
    </div>
  );
}
`,
  );

  const faq = component(
    'FaqItem',
    `
import { useState } from 'react';
import { ChevronDown } from 'lucide-react';

export default function FaqItem(props) {
  const [open, setOpen] = useState(false);
  return (
    <div className="rounded-2xl border border-slate-200 bg-white">
      <button
        type="button"
        onClick={() => setOpen(!open)}
        aria-expanded={open}
        className="flex w-full items-center justify-between gap-4 px-5 py-4 text-left font-medium text-slate-900"
      >
        {props.question}
        <ChevronDown className={open ? 'h-5 w-5 shrink-0 rotate-180 text-${a}-600 transition' : 'h-5 w-5 shrink-0 text-slate-400 transition'} aria-hidden="true" />
      </button>
      {open && <p className="px-5 pb-5 text-slate-600">{props.answer}</p>}
    </div>
  );
}
`,
  );

  const leads = page(
    'leads',
    `
import { useEffect, useState } from 'react';
import { Database, Download, Inbox, Loader2, Trash2 } from 'lucide-react';
import AppHeader from '@/components/AppHeader';

export default function LeadsPage() {
  const storageKey = ${jsString(key)};
  const [leads, setLeads] = useState(() => {
    if (typeof window === 'undefined') return [];
    try {
      return JSON.parse(window.localStorage.getItem(storageKey) || '[]');
    } catch {
      return [];
    }
  });
  // 'loading' until /api/leads answers, then 'server' (leads are in the app's database) or 'local'.
  const [source, setSource] = useState('loading');
  const [count, setCount] = useState(0);

${loadOnMount({
  path: '/api/leads',
  accept: "data && typeof data.count === 'number'",
  onServer: 'setCount(data.count);',
})}

  function remove(id) {
    const next = leads.filter((l) => l.id !== id);
    setLeads(next);
    window.localStorage.setItem(storageKey, JSON.stringify(next));
  }

  function exportCsv() {
    const columns = ['name', 'email', 'company', 'teamSize', 'message', 'createdAt'];
    const escape = (v) => '"' + String(v || '').replace(/"/g, '""') + '"';
    const csv = [columns.join(','), ...leads.map((l) => columns.map((c) => escape(l[c])).join(','))].join('\\n');
    const link = document.createElement('a');
    link.href = URL.createObjectURL(new Blob([csv], { type: 'text/csv' }));
    link.download = 'leads.csv';
    link.click();
  }

  return (
    <div className="min-h-screen bg-slate-50 text-slate-900">
      <AppHeader />
      <main className="mx-auto max-w-6xl px-4 py-12 sm:px-6">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <div>
            <h1 className="text-3xl font-bold tracking-tight">Submissions</h1>
            {source === 'loading' && (
              <p className="mt-1 inline-flex items-center gap-1.5 text-slate-500">
                <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />
                Counting submissions…
              </p>
            )}
            {source === 'server' && (
              <p className="mt-1 text-slate-600">{count} {count === 1 ? 'lead' : 'leads'} stored in the app's database.</p>
            )}
            {source === 'local' && (
              <p className="mt-1 text-slate-600">{leads.length} {leads.length === 1 ? 'lead' : 'leads'} captured in this browser.</p>
            )}
          </div>
          {(source !== 'server' || leads.length > 0) && (
            <button
              type="button"
              onClick={exportCsv}
              disabled={leads.length === 0}
              className="inline-flex items-center gap-2 rounded-xl bg-white px-4 py-2.5 text-sm font-semibold text-slate-700 shadow-sm ring-1 ring-slate-200 hover:bg-slate-50 disabled:opacity-50"
            >
              <Download className="h-4 w-4" aria-hidden="true" />
              Export CSV
            </button>
          )}
        </div>
        {source === 'server' && (
          <div className="mt-8 flex items-start gap-4 rounded-3xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
            <span className="flex h-11 w-11 shrink-0 items-center justify-center rounded-xl bg-${a}-100 text-${a}-700">
              <Database className="h-5 w-5" aria-hidden="true" />
            </span>
            <div>
              <p className="font-semibold">Leads are kept private</p>
              <p className="mt-1 text-sm leading-relaxed text-slate-600">
                Every submission is stored in the app's database, in the leads table. To protect people's details, the app only ever shows how many there are, never their names or emails.
              </p>
            </div>
          </div>
        )}
        {source === 'server' && leads.length === 0 ? null : leads.length === 0 ? (
          <div className="mt-8 rounded-3xl border border-dashed border-slate-300 bg-white p-12 text-center">
            <Inbox className="mx-auto h-10 w-10 text-${a}-500" aria-hidden="true" />
            <p className="mt-3 font-medium">No submissions yet</p>
            <p className="mt-1 text-sm text-slate-500">Leads from the form on the home page appear here.</p>
            <a href="/" className="mt-5 inline-flex rounded-xl bg-${a}-600 px-4 py-2.5 text-sm font-semibold text-white hover:bg-${a}-700">
              Go to the form
            </a>
          </div>
        ) : (
          <div className="mt-8 overflow-x-auto rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
            <table className="w-full min-w-[640px] text-left text-sm">
              <thead className="bg-slate-50 text-xs uppercase tracking-wide text-slate-500">
                <tr>
                  <th className="px-4 py-3">Name</th>
                  <th className="px-4 py-3">Email</th>
                  <th className="px-4 py-3">Company</th>
                  <th className="px-4 py-3">Team</th>
                  <th className="px-4 py-3">Received</th>
                  <th className="px-4 py-3" />
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {leads.map((l) => (
                  <tr key={l.id}>
                    <td className="px-4 py-3 font-medium">{l.name}</td>
                    <td className="px-4 py-3 text-${a}-700">{l.email}</td>
                    <td className="px-4 py-3 text-slate-600">{l.company || '—'}</td>
                    <td className="px-4 py-3 text-slate-600">{l.teamSize}</td>
                    <td className="px-4 py-3 text-slate-500">{new Date(l.createdAt).toLocaleString()}</td>
                    <td className="px-4 py-3 text-right">
                      <button type="button" onClick={() => remove(l.id)} aria-label="Delete lead" className="rounded-lg p-1.5 text-slate-400 hover:bg-red-50 hover:text-red-600">
                        <Trash2 className="h-4 w-4" aria-hidden="true" />
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </main>
    </div>
  );
}
`,
  );

  const privacy = page(
    'privacy',
    `
import AppHeader from '@/components/AppHeader';

export default function PrivacyPage() {
  const sections = [
    { title: 'What we collect', text: 'Your name, email, company, team size and message: only what you type into the form.' },
    { title: 'How we use it', text: 'To reply to your request and, if you ask, to send you information about our services.' },
    { title: 'How long we keep it', text: 'Until you ask us to delete it, or for at most two years after our last contact.' },
    { title: 'Your rights', text: 'You can ask to see, correct or delete your details at any time by replying to any of our emails.' },
  ];

  return (
    <div className="min-h-screen bg-white text-slate-900">
      <AppHeader />
      <main className="mx-auto max-w-3xl px-4 py-16 sm:px-6">
        <h1 className="text-4xl font-bold tracking-tight">Privacy</h1>
        <p className="mt-4 text-lg text-slate-600">We keep this short and clear: your details are yours.</p>
        <div className="mt-10 space-y-8">
          {sections.map((s) => (
            <section key={s.title}>
              <h2 className="text-lg font-semibold text-${a}-700">{s.title}</h2>
              <p className="mt-2 leading-relaxed text-slate-600">{s.text}</p>
            </section>
          ))}
        </div>
      </main>
    </div>
  );
}
`,
  );

  return {
    migrations: [leadsMigration()],
    modules: [
      leadsRoute(offer.duplicate),
      home,
      leads,
      privacy,
      appHeader(ctx, { icon: 'Rocket', links: [{ href: '/', label: 'Home' }], maxWidth: 'max-w-6xl' }),
      leadForm,
      benefit,
      faq,
    ],
    plan: [
      `Build "${ctx.title}", a landing page that captures leads.`,
      '- Page `/`: hero with the lead form, benefits, testimonials, FAQ, call to action.',
      '- Table `leads` (name, unique email, company, team size, message, created_at).',
      '- Function `/api/leads`: POST validates and stores a lead (409 for an email already signed up), GET returns only how many there are.',
      '- Page `/leads`: the number of submissions (and, without a backend, the ones kept in the browser with CSV export); page `/privacy`.',
      '- Components: AppHeader, LeadForm (validated, "join N others" line), BenefitCard, FaqItem.',
    ].join('\n'),
    summary: [
      `I built **${ctx.title}**: a landing page whose form validates each lead and stores it in the app's database (table \`leads\`, one per email, through \`/api/leads\`), a Submissions page (linked in the footer) and a privacy page.`,
      '',
      'For privacy the app shows only how many leads there are; opened without its backend, it keeps them in the browser and the Submissions page lists them with CSV export.',
    ].join('\n'),
    choices: [
      `make it ${otherHue(ctx.accent, 'blue', 'emerald')}`,
      `rename the app to ${otherName(ctx.title, 'Brightside', 'Northstar')}`,
      'add a page called Pricing',
    ],
  };
}

/** The `leads` table: one row per email. */
function leadsMigration(): BuiltMigration {
  return {
    name: 'create_leads',
    sql: `CREATE TABLE leads (
  id text PRIMARY KEY,
  name text NOT NULL,
  email text NOT NULL UNIQUE,
  company text NOT NULL DEFAULT '',
  team_size text NOT NULL DEFAULT '',
  message text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now()
);`,
  };
}

/** `/api/leads`: store a lead (POST) and count them (GET); `duplicate` answers an email already stored. */
function leadsRoute(duplicate: string) {
  return apiRoute(
    'leads',
    `
${SQL_IMPORT}

${READ_BODY}

const TEAM_SIZES = ['', '1', '2-10', '11-50', '51+'];

function text(value: unknown): string {
  return typeof value === 'string' ? value.trim() : '';
}

/** How many leads there are (never who: this answer is public). */
export async function GET() {
  const [row] = await sql\`SELECT count(*)::int AS count FROM leads\`;
  return Response.json({ count: Number(row?.count ?? 0) });
}

/** Stores a lead: { name, email, consent, company?, teamSize?, message? }. */
export async function POST(request: Request) {
  const body = await readBody(request);
  if (!body) return badRequest('Send the form as JSON.');
  const name = text(body.name);
  const email = text(body.email).toLowerCase();
  const company = text(body.company);
  const teamSize = text(body.teamSize);
  const message = text(body.message);
  if (!name || name.length > 200) {
    return Response.json({ error: 'Please tell us your name.', field: 'name' }, { status: 400 });
  }
  if (!/^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$/.test(email) || email.length > 254) {
    return Response.json({ error: 'Please enter a valid email address.', field: 'email' }, { status: 400 });
  }
  if (!body.consent) {
    return Response.json({ error: 'Please agree so we can contact you.', field: 'consent' }, { status: 400 });
  }
  if (company.length > 200 || message.length > 5000 || !TEAM_SIZES.includes(teamSize)) {
    return badRequest('Some answers are too long or not one of the choices.');
  }
  const [row] = await sql\`
    INSERT INTO leads (id, name, email, company, team_size, message)
    VALUES (\${crypto.randomUUID()}, \${name}, \${email}, \${company}, \${teamSize}, \${message})
    ON CONFLICT (email) DO NOTHING
    RETURNING id, created_at\`;
  if (!row) {
    return Response.json({ error: ${jsString(duplicate)}, field: 'email' }, { status: 409 });
  }
  return Response.json({ lead: { id: String(row.id), createdAt: new Date(row.created_at as string).toISOString() } }, { status: 201 });
}
`,
  );
}
