/**
 * The page the "add a page called X" follow-up creates: content chosen by the page's name (About, Contact,
 * Pricing, FAQ) or a clean general layout, in the app's accent colour, under its AppHeader when it has one.
 * @module
 */
import { toComponentName } from '@kiln/core';
import type { GenModule } from '../../types.ts';
import { jsxText } from '../format.ts';
import { page } from './shared.ts';

/** What a new page is built from. */
export interface NewPageOptions {
  name: string;
  segment: string;
  accent: string;
  appTitle: string;
  hasHeader: boolean;
  /** The max-width class of the app's header, so the page lines up with it (default max-w-4xl). */
  maxWidth?: string;
}

/** A new page module for the "add a page" follow-up. */
export function newPage(o: NewPageOptions): GenModule {
  const fn = `${toComponentName(o.name) || 'New'}Page`;
  const a = o.accent;
  const key = o.segment.toLowerCase();
  const body = key.includes('contact')
    ? contactBody(o)
    : key.includes('pricing') || key.includes('plans')
      ? pricingBody(o)
      : key.includes('faq') || key.includes('help')
        ? faqBody(o)
        : key.includes('about')
          ? aboutBody(o)
          : generalBody(o);
  const usesState = body.includes('useState');
  const icons = [
    ...new Set(
      [...body.matchAll(/<(ArrowLeft|Check|Mail|Send|HelpCircle|Sparkles|Heart|Target|Users)\b/g)].map(
        (m) => m[1],
      ),
    ),
  ].sort();
  const imports = [
    usesState ? "import { useState } from 'react';" : '',
    icons.length ? `import { ${icons.join(', ')} } from 'lucide-react';` : '',
    o.hasHeader ? "import AppHeader from '@/components/AppHeader';" : '',
  ].filter(Boolean);
  const header = o.hasHeader
    ? '      <AppHeader />'
    : `      <div className="mx-auto ${o.maxWidth ?? 'max-w-4xl'} px-4 pt-6 sm:px-6">
        <a href="/" className="text-sm font-medium text-${a}-700 hover:text-${a}-800">← Back to ${jsxText(o.appTitle)}</a>
      </div>`;
  return page(
    o.segment,
    `
${imports.join('\n')}

export default function ${fn}() {
${body.split('\n// JSX\n')[0]}
  return (
    <div className="min-h-screen bg-slate-50 text-slate-900">
${header}
      <main className="mx-auto ${o.maxWidth ?? 'max-w-4xl'} px-4 py-12 sm:px-6 sm:py-16">
${body.split('\n// JSX\n')[1] ?? ''}
      </main>
    </div>
  );
}
`,
  );
}

function heading(o: NewPageOptions, lead: string): string {
  return `        <p className="text-sm font-semibold uppercase tracking-wide text-${o.accent}-600">${jsxText(o.appTitle)}</p>
        <h1 className="mt-2 text-3xl font-bold tracking-tight sm:text-4xl">${jsxText(o.name)}</h1>
        <p className="mt-3 max-w-2xl text-lg text-slate-600">${lead}</p>`;
}

function aboutBody(o: NewPageOptions): string {
  const a = o.accent;
  return `  const values = [
    { title: 'Made with care', text: 'Every detail is considered, from the first click to the last.' },
    { title: 'Simple by design', text: 'We keep things clear so you can focus on what matters.' },
    { title: 'Here to help', text: 'Questions or ideas? We read every message and reply quickly.' },
  ];
// JSX
${heading(o, 'Who we are, what we believe in, and why we built this.')}
        <div className="mt-10 grid gap-4 sm:grid-cols-3">
          {values.map((v) => (
            <div key={v.title} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
              <Heart className="h-5 w-5 text-${a}-600" aria-hidden="true" />
              <h2 className="mt-3 font-semibold">{v.title}</h2>
              <p className="mt-1 text-sm text-slate-600">{v.text}</p>
            </div>
          ))}
        </div>`;
}

function contactBody(o: NewPageOptions): string {
  const a = o.accent;
  return `  const [sent, setSent] = useState(false);

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
// JSX
${heading(o, 'Send us a message and we will get back to you within one working day.')}
        <div className="mt-10 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
          {sent ? (
            <div className="py-8 text-center">
              <Check className="mx-auto h-10 w-10 text-${a}-600" aria-hidden="true" />
              <p className="mt-3 text-lg font-semibold">Thanks, your message is on its way.</p>
              <button type="button" onClick={() => setSent(false)} className="mt-4 text-sm font-medium text-${a}-700 hover:underline">
                Send another
              </button>
            </div>
          ) : (
            <form onSubmit={handleSubmit} className="grid gap-4 sm:grid-cols-2">
              <label className="text-sm font-medium text-slate-700">
                Name
                <input name="name" required className="mt-1 w-full rounded-xl border border-slate-200 px-4 py-2.5 focus:border-${a}-400 focus:outline-none focus:ring-4 focus:ring-${a}-100" />
              </label>
              <label className="text-sm font-medium text-slate-700">
                Email
                <input name="email" type="email" required className="mt-1 w-full rounded-xl border border-slate-200 px-4 py-2.5 focus:border-${a}-400 focus:outline-none focus:ring-4 focus:ring-${a}-100" />
              </label>
              <label className="text-sm font-medium text-slate-700 sm:col-span-2">
                Message
                <textarea name="message" rows={5} required className="mt-1 w-full rounded-xl border border-slate-200 px-4 py-2.5 focus:border-${a}-400 focus:outline-none focus:ring-4 focus:ring-${a}-100" />
              </label>
              <button type="submit" className="inline-flex items-center justify-center gap-2 rounded-xl bg-${a}-600 px-5 py-3 font-semibold text-white hover:bg-${a}-700 sm:col-span-2 sm:justify-self-start">
                <Send className="h-4 w-4" aria-hidden="true" />
                Send message
              </button>
            </form>
          )}
        </div>`;
}

function pricingBody(o: NewPageOptions): string {
  const a = o.accent;
  return `  const plans = [
    { name: 'Starter', price: '$0', note: 'For trying things out', features: ['Core features', 'Up to 3 projects', 'Community support'] },
    { name: 'Pro', price: '$12', note: 'For individuals who want more', features: ['Everything in Starter', 'Unlimited projects', 'Priority support'], featured: true },
    { name: 'Team', price: '$39', note: 'For small teams', features: ['Everything in Pro', '5 team members', 'Shared workspaces'] },
  ];
// JSX
${heading(o, 'Simple, transparent pricing. Start free and upgrade when you are ready.')}
        <div className="mt-10 grid gap-4 md:grid-cols-3">
          {plans.map((plan) => (
            <div key={plan.name} className={plan.featured ? 'rounded-2xl border-2 border-${a}-500 bg-white p-6 shadow-lg' : 'rounded-2xl border border-slate-200 bg-white p-6 shadow-sm'}>
              <h2 className="font-semibold">{plan.name}</h2>
              <p className="mt-1 text-sm text-slate-500">{plan.note}</p>
              <p className="mt-4 text-4xl font-bold">
                {plan.price}
                <span className="text-base font-medium text-slate-500">/month</span>
              </p>
              <ul className="mt-6 space-y-2 text-sm">
                {plan.features.map((f) => (
                  <li key={f} className="flex items-center gap-2">
                    <Check className="h-4 w-4 text-${a}-600" aria-hidden="true" />
                    {f}
                  </li>
                ))}
              </ul>
              <a href="#" className={plan.featured ? 'mt-6 block rounded-xl bg-${a}-600 px-4 py-2.5 text-center font-semibold text-white hover:bg-${a}-700' : 'mt-6 block rounded-xl border border-slate-200 px-4 py-2.5 text-center font-semibold hover:bg-slate-50'}>
                Choose {plan.name}
              </a>
            </div>
          ))}
        </div>`;
}

function faqBody(o: NewPageOptions): string {
  const a = o.accent;
  return `  const questions = [
    { q: 'How do I get started?', a: 'Open the home page and follow the first step. It takes less than a minute.' },
    { q: 'Is my data saved?', a: 'Yes. Your data is kept in this browser, so it is there when you come back.' },
    { q: 'Does it work on my phone?', a: 'Yes. Every page adapts to small screens.' },
    { q: 'How can I get in touch?', a: 'Send us a message and we will reply within one working day.' },
  ];
// JSX
${heading(o, 'Answers to the questions we hear most often.')}
        <div className="mt-10 space-y-3">
          {questions.map((item) => (
            <details key={item.q} className="group rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
              <summary className="flex cursor-pointer list-none items-center justify-between gap-4 font-medium">
                <span className="flex items-center gap-2">
                  <HelpCircle className="h-4 w-4 text-${a}-600" aria-hidden="true" />
                  {item.q}
                </span>
                <span className="text-slate-400 transition group-open:rotate-45">+</span>
              </summary>
              <p className="mt-3 text-slate-600">{item.a}</p>
            </details>
          ))}
        </div>`;
}

function generalBody(o: NewPageOptions): string {
  const a = o.accent;
  return `  const sections = [
    { title: 'Overview', text: 'A short introduction to what this page is about and who it is for.' },
    { title: 'Highlights', text: 'The most important points, so visitors can take them in at a glance.' },
    { title: 'Next steps', text: 'What to do from here, with a clear link to continue.' },
  ];
// JSX
${heading(o, `Everything about ${jsxText(o.name).toLowerCase()} in one place.`)}
        <div className="mt-10 grid gap-4 sm:grid-cols-3">
          {sections.map((s) => (
            <div key={s.title} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
              <Sparkles className="h-5 w-5 text-${a}-600" aria-hidden="true" />
              <h2 className="mt-3 font-semibold">{s.title}</h2>
              <p className="mt-1 text-sm text-slate-600">{s.text}</p>
            </div>
          ))}
        </div>
        <a href="/" className="mt-10 inline-flex items-center gap-2 rounded-xl bg-${a}-600 px-5 py-3 font-semibold text-white hover:bg-${a}-700">
          Back to ${jsxText(o.appTitle)}
        </a>`;
}
