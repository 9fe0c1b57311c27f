/**
 * The themed starter for app types without a complete builtin app: a landing page and an about page with
 * a hero, features relevant to the type, a how-it-works section and a call to action.
 * @module
 */
import { jsString, jsxText } from '../format.ts';
import {
  type AppContext,
  appHeader,
  type BuiltApp,
  component,
  documentTitleEffect,
  otherHue,
  otherName,
  page,
} from './shared.ts';
import { STARTER_CONTENT } from './starter-content.ts';

/** Builds the themed starter for `ctx.appType`. */
export function starterApp(ctx: AppContext): BuiltApp {
  const a = ctx.accent;
  const c = STARTER_CONTENT[ctx.appType];
  const icons = [...new Set([c.icon, ...c.features.map((f) => f.icon), 'ArrowRight', 'Check'])].sort();
  const features = c.features
    .map((f) => `    { icon: ${f.icon}, title: ${jsString(f.title)}, text: ${jsString(f.text)} },`)
    .join('\n');
  const steps = c.steps.map((s) => `    ${jsString(s)},`).join('\n');
  const home = page(
    '',
    `
import { useEffect } from 'react';
import { ${icons.join(', ')} } from 'lucide-react';
import AppHeader from '@/components/AppHeader';
import FeatureCard from '@/components/FeatureCard';

export default function HomePage() {
  const features = [
${features}
  ];
  const steps = [
${steps}
  ];

${documentTitleEffect(ctx.title)}

  return (
    <div className="min-h-screen bg-white text-slate-900">
      <AppHeader />
      <main>
        <section className="relative overflow-hidden bg-gradient-to-b from-${a}-50 to-white">
          <div className="mx-auto max-w-5xl px-4 pb-16 pt-16 text-center sm:px-6 sm:pt-24">
            <span className="inline-flex items-center gap-2 rounded-full bg-${a}-100 px-3 py-1 text-sm font-medium text-${a}-800">
              <${c.icon} className="h-4 w-4" aria-hidden="true" />
              ${jsxText(c.eyebrow)}
            </span>
            <h1 className="mx-auto mt-5 max-w-3xl text-4xl font-bold tracking-tight sm:text-6xl">${jsxText(ctx.title)}</h1>
            <p className="mx-auto mt-5 max-w-2xl text-lg text-slate-600">${jsxText(c.tagline)}</p>
            <div className="mt-8 flex flex-col items-center justify-center gap-3 sm:flex-row">
              <a href="#features" className="inline-flex items-center gap-2 rounded-xl bg-${a}-600 px-6 py-3 font-semibold text-white shadow-lg shadow-${a}-600/20 hover:bg-${a}-700">
                ${jsxText(c.cta)}
                <ArrowRight className="h-4 w-4" aria-hidden="true" />
              </a>
              <a href="/about" className="rounded-xl px-6 py-3 font-semibold text-slate-700 hover:bg-slate-100">
                Learn more
              </a>
            </div>
          </div>
        </section>

        <section id="features" className="mx-auto max-w-5xl px-4 py-16 sm:px-6">
          <h2 className="text-center text-3xl font-bold tracking-tight">${jsxText(c.featuresHeading)}</h2>
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
                  <span className="flex h-8 w-8 items-center justify-center rounded-full bg-${a}-600 text-sm font-bold text-white">{i + 1}</span>
                  <p className="mt-4 text-slate-700">{step}</p>
                </li>
              ))}
            </ol>
          </div>
        </section>

        <section className="mx-auto max-w-5xl px-4 py-16 sm:px-6">
          <div className="rounded-3xl bg-${a}-600 px-6 py-12 text-center text-white sm:px-12">
            <h2 className="text-3xl font-bold tracking-tight">${jsxText(c.closingHeading)}</h2>
            <p className="mx-auto mt-3 max-w-xl text-${a}-100">${jsxText(c.closingText)}</p>
            <a href="/about" className="mt-8 inline-flex items-center gap-2 rounded-xl bg-white px-6 py-3 font-semibold text-${a}-700 hover:bg-${a}-50">
              <Check className="h-4 w-4" aria-hidden="true" />
              ${jsxText(c.cta)}
            </a>
          </div>
        </section>
      </main>
      <footer className="border-t border-slate-200 py-8 text-center text-sm text-slate-500">
        © {new Date().getFullYear()} ${jsxText(ctx.title)}
      </footer>
    </div>
  );
}
`,
  );

  const about = page(
    'about',
    `
import AppHeader from '@/components/AppHeader';

export default function AboutPage() {
  const facts = [
${c.about.facts.map((f) => `    { label: ${jsString(f.label)}, value: ${jsString(f.value)} },`).join('\n')}
  ];

  return (
    <div className="min-h-screen bg-slate-50 text-slate-900">
      <AppHeader />
      <main className="mx-auto max-w-3xl px-4 py-16 sm:px-6">
        <p className="text-sm font-semibold uppercase tracking-wide text-${a}-600">About</p>
        <h1 className="mt-2 text-4xl font-bold tracking-tight">${jsxText(c.about.heading)}</h1>
        <p className="mt-4 text-lg leading-relaxed text-slate-600">${jsxText(c.about.text)}</p>
        <dl className="mt-10 grid gap-4 sm:grid-cols-3">
          {facts.map((fact) => (
            <div key={fact.label} className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
              <dt className="text-sm text-slate-500">{fact.label}</dt>
              <dd className="mt-1 text-2xl font-semibold text-${a}-700">{fact.value}</dd>
            </div>
          ))}
        </dl>
        <a href="/" className="mt-10 inline-flex rounded-xl bg-${a}-600 px-5 py-3 font-semibold text-white hover:bg-${a}-700">
          Back to ${jsxText(ctx.title)}
        </a>
      </main>
    </div>
  );
}
`,
  );

  const featureCard = component(
    'FeatureCard',
    `
export default function FeatureCard(props) {
  const Icon = props.icon;
  return (
    <div className="group rounded-2xl border border-slate-200 bg-white p-6 shadow-sm transition hover:-translate-y-0.5 hover:border-${a}-200 hover:shadow-md">
      <span className="flex h-11 w-11 items-center justify-center rounded-xl bg-${a}-50 text-${a}-600 ring-1 ring-${a}-100">
        <Icon className="h-5 w-5" aria-hidden="true" />
      </span>
      <h3 className="mt-4 font-semibold text-slate-900">{props.title}</h3>
      <p className="mt-1.5 text-sm leading-relaxed text-slate-600">{props.text}</p>
    </div>
  );
}
`,
  );

  return {
    modules: [
      home,
      about,
      appHeader(ctx, {
        icon: c.icon,
        links: [
          { href: '/', label: 'Home' },
          { href: '/about', label: 'About' },
        ],
      }),
      featureCard,
    ],
    plan: [
      `Build "${ctx.title}", a starter for a ${c.noun}.`,
      '- Page `/`: hero, features, how it works, call to action. Page `/about`: the story and key facts.',
      '- Components: AppHeader (navigation), FeatureCard.',
      `- ${a} accent, Tailwind, lucide-react icons.`,
    ].join('\n'),
    summary: [
      `I set up **${ctx.title}**, a starting point for a ${c.noun}: a landing page with the key features and an about page.`,
      '',
      `The builtin generator builds this type as a themed starter; for the full ${c.noun} with working features, connect a language model (for example \`KILN_MODEL=openai:gpt-4o-mini\`). You can still change the colour, rename the app or add pages here.`,
    ].join('\n'),
    choices: [
      `make it ${otherHue(ctx.accent, 'teal', 'indigo')}`,
      `rename the app to ${otherName(ctx.title, 'Nova', 'Orbit')}`,
      'add a page called Contact',
    ],
  };
}
