/**
 * The builtin PERSONAL_WEBSITE and PORTFOLIO_WEBSITE: a home page, a projects page with category filters
 * and a contact page with a working form (messages stored in the app's `messages` table through
 * `POST /api/messages`, or in the browser without a backend), sharing a header, a footer and project cards.
 * @module
 */
import { jsString, jsxText } from '../format.ts';
import { contactForm, messagesMigration, messagesRoute } from './contact-form.ts';
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
import { slugKey } from './todo-list.ts';

const ROLES: [RegExp, string][] = [
  [/photograph/i, 'Photographer'],
  [/illustrat/i, 'Illustrator'],
  [/architect/i, 'Architect'],
  [/writer|author|copywrit/i, 'Writer'],
  [/develop|engineer|programm|coder/i, 'Software engineer'],
  [/product designer|ux|ui designer/i, 'Product designer'],
  [/design/i, 'Designer'],
  [/music|band|singer/i, 'Musician'],
  [/coach|consult/i, 'Consultant'],
];

/** Builds a personal website (`variant` personal) or a portfolio (`variant` portfolio). */
export function personalSiteApp(ctx: AppContext): BuiltApp {
  const a = ctx.accent;
  const portfolio = ctx.appType === 'PORTFOLIO_WEBSITE';
  const role =
    ROLES.find(([re]) => re.test(ctx.prompt))?.[1] ?? (portfolio ? 'Designer' : 'Product designer');
  const initials =
    ctx.title
      .split(/\s+/)
      .map((w) => w[0] ?? '')
      .join('')
      .slice(0, 2)
      .toUpperCase() || 'ME';
  const projects = [
    [
      'Fern & Co. rebrand',
      'Branding',
      'A warmer identity and packaging system for an independent plant shop.',
      '2025',
    ],
    [
      'Pathway habit app',
      'Product',
      'Designed and tested a habit tracker that 40,000 people use every day.',
      '2025',
    ],
    [
      'City Library website',
      'Web',
      'A faster, accessible website that doubled online event sign-ups.',
      '2024',
    ],
    [
      'Harbor annual report',
      'Editorial',
      'An interactive annual report telling the story of a year in numbers.',
      '2024',
    ],
    ['Tidewater Festival', 'Branding', 'Posters, signage and a festival guide for 12,000 visitors.', '2023'],
    ['Ledger dashboard', 'Product', 'A calm finance dashboard for small business owners.', '2023'],
  ]
    .map(
      ([title, category, text, year]) =>
        `    { title: ${jsString(title ?? '')}, category: ${jsString(category ?? '')}, text: ${jsString(text ?? '')}, year: ${jsString(year ?? '')} },`,
    )
    .join('\n');
  const projectsPerPage = (count: number) => `
  const projects = [
${projects}
  ].slice(0, ${count});`;
  const headline = portfolio
    ? 'Design that makes ideas impossible to ignore.'
    : `Hi, I'm ${ctx.title.split(' ')[0]}. I make calm, useful things for the web.`;
  const intro = portfolio
    ? `${role} working with founders, studios and nonprofits on brands, websites and products.`
    : `${role} with ten years of experience turning messy problems into simple products people enjoy using.`;

  const home = page(
    '',
    `
import { useEffect } from 'react';
import { ArrowRight, Award, Mail, Sparkles, Users } from 'lucide-react';
import AppHeader from '@/components/AppHeader';
import ProjectCard from '@/components/ProjectCard';
import SiteFooter from '@/components/SiteFooter';

export default function HomePage() {
${projectsPerPage(3)}
  const highlights = [
    { icon: Sparkles, label: 'Years of practice', value: '10+' },
    { icon: Users, label: 'Happy clients', value: '45' },
    { icon: Award, label: 'Design awards', value: '7' },
  ];

${documentTitleEffect(ctx.title)}

  return (
    <div className="min-h-screen bg-white text-slate-900">
      <AppHeader />
      <main>
        <section className="mx-auto grid max-w-5xl items-center gap-10 px-4 py-16 sm:px-6 md:grid-cols-[1fr_auto] md:py-24">
          <div>
            <p className="inline-flex items-center gap-2 rounded-full bg-${a}-50 px-3 py-1 text-sm font-medium text-${a}-700 ring-1 ring-${a}-100">
              <span className="h-2 w-2 rounded-full bg-${a}-500" />
              Available for new projects
            </p>
            <h1 className="mt-5 text-4xl font-bold tracking-tight sm:text-5xl">${jsxText(headline)}</h1>
            <p className="mt-5 max-w-xl text-lg leading-relaxed text-slate-600">${jsxText(intro)}</p>
            <div className="mt-8 flex flex-wrap gap-3">
              <a href="/projects" className="inline-flex items-center gap-2 rounded-xl bg-${a}-600 px-5 py-3 font-semibold text-white shadow-sm hover:bg-${a}-700">
                See my work
                <ArrowRight className="h-4 w-4" aria-hidden="true" />
              </a>
              <a href="/contact" className="inline-flex items-center gap-2 rounded-xl px-5 py-3 font-semibold text-slate-700 ring-1 ring-slate-200 hover:bg-slate-50">
                <Mail className="h-4 w-4" aria-hidden="true" />
                Get in touch
              </a>
            </div>
          </div>
          <div className="mx-auto flex h-48 w-48 items-center justify-center rounded-[2.5rem] bg-gradient-to-br from-${a}-400 to-${a}-700 text-5xl font-bold text-white shadow-2xl shadow-${a}-600/30 sm:h-64 sm:w-64 sm:text-6xl">
            ${jsxText(initials)}
          </div>
        </section>

        <section className="border-y border-slate-100 bg-slate-50">
          <div className="mx-auto grid max-w-5xl gap-4 px-4 py-10 sm:grid-cols-3 sm:px-6">
            {highlights.map((h) => (
              <div key={h.label} className="flex items-center gap-4">
                <span className="flex h-12 w-12 items-center justify-center rounded-2xl bg-white text-${a}-600 shadow-sm ring-1 ring-slate-200">
                  <h.icon className="h-5 w-5" aria-hidden="true" />
                </span>
                <div>
                  <p className="text-2xl font-bold">{h.value}</p>
                  <p className="text-sm text-slate-500">{h.label}</p>
                </div>
              </div>
            ))}
          </div>
        </section>

        <section className="mx-auto max-w-5xl px-4 py-16 sm:px-6">
          <div className="flex items-end justify-between gap-4">
            <h2 className="text-3xl font-bold tracking-tight">Selected work</h2>
            <a href="/projects" className="text-sm font-semibold text-${a}-700 hover:text-${a}-800">
              All projects →
            </a>
          </div>
          <div className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {projects.map((p) => (
              <ProjectCard key={p.title} project={p} />
            ))}
          </div>
        </section>

        <section className="mx-auto max-w-5xl px-4 pb-20 sm:px-6">
          <figure className="rounded-3xl bg-slate-900 px-6 py-12 text-center text-white sm:px-16">
            <blockquote className="text-xl font-medium leading-relaxed sm:text-2xl">
              “Working together felt effortless. The result was clearer, calmer and more successful than we hoped.”
            </blockquote>
            <figcaption className="mt-6 text-sm text-slate-400">Priya Shah, founder of Pathway</figcaption>
          </figure>
        </section>
      </main>
      <SiteFooter />
    </div>
  );
}
`,
  );

  const projectsPage = page(
    'projects',
    `
import { useState } from 'react';
import AppHeader from '@/components/AppHeader';
import ProjectCard from '@/components/ProjectCard';
import SiteFooter from '@/components/SiteFooter';

export default function ProjectsPage() {
${projectsPerPage(6)}
  const [category, setCategory] = useState('All');
  const categories = ['All', ...Array.from(new Set(projects.map((p) => p.category)))];
  const visible = category === 'All' ? projects : projects.filter((p) => p.category === category);

  return (
    <div className="min-h-screen bg-white text-slate-900">
      <AppHeader />
      <main className="mx-auto max-w-5xl px-4 py-16 sm:px-6">
        <h1 className="text-4xl font-bold tracking-tight">Projects</h1>
        <p className="mt-3 max-w-2xl text-lg text-slate-600">A selection of recent work across branding, product and the web.</p>
        <div className="mt-8 flex flex-wrap gap-2">
          {categories.map((c) => (
            <button
              key={c}
              type="button"
              onClick={() => setCategory(c)}
              className={category === c ? 'rounded-full bg-${a}-600 px-4 py-1.5 text-sm font-medium text-white' : 'rounded-full bg-slate-100 px-4 py-1.5 text-sm font-medium text-slate-600 hover:bg-slate-200'}
            >
              {c}
            </button>
          ))}
        </div>
        <div className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {visible.map((p) => (
            <ProjectCard key={p.title} project={p} />
          ))}
        </div>
      </main>
      <SiteFooter />
    </div>
  );
}
`,
  );

  const contactPage = page(
    'contact',
    `
import { Clock, Mail, MapPin } from 'lucide-react';
import AppHeader from '@/components/AppHeader';
import ContactForm from '@/components/ContactForm';
import SiteFooter from '@/components/SiteFooter';

export default function ContactPage() {
  const details = [
    { icon: Mail, label: 'Email', value: ${jsString(`hello@${slugKey(ctx.title).replace(/-/g, '')}.com`)} },
    { icon: MapPin, label: 'Based in', value: 'Lisbon, working worldwide' },
    { icon: Clock, label: 'Replies', value: 'Within two working days' },
  ];

  return (
    <div className="min-h-screen bg-slate-50 text-slate-900">
      <AppHeader />
      <main className="mx-auto grid max-w-5xl gap-10 px-4 py-16 sm:px-6 md:grid-cols-[1fr_1.4fr]">
        <div>
          <h1 className="text-4xl font-bold tracking-tight">Let's work together</h1>
          <p className="mt-4 text-lg text-slate-600">Tell me about your project, your timeline and what success looks like.</p>
          <ul className="mt-8 space-y-4">
            {details.map((d) => (
              <li key={d.label} className="flex items-center gap-3">
                <span className="flex h-10 w-10 items-center justify-center rounded-xl bg-${a}-100 text-${a}-700">
                  <d.icon className="h-5 w-5" aria-hidden="true" />
                </span>
                <span>
                  <span className="block text-sm text-slate-500">{d.label}</span>
                  <span className="font-medium">{d.value}</span>
                </span>
              </li>
            ))}
          </ul>
        </div>
        <ContactForm />
      </main>
      <SiteFooter />
    </div>
  );
}
`,
  );

  const projectCard = component(
    'ProjectCard',
    `
import { ArrowUpRight } from 'lucide-react';

export default function ProjectCard(props) {
  const { project } = props;
  const tones = {
    Branding: 'from-${a}-500 to-${a}-700',
    Product: 'from-slate-700 to-slate-900',
    Web: 'from-${a}-300 to-${a}-500',
    Editorial: 'from-slate-400 to-slate-600',
  };

  return (
    <article className="group overflow-hidden rounded-3xl border border-slate-200 bg-white shadow-sm transition hover:-translate-y-1 hover:shadow-lg">
      <div className={'flex aspect-[4/3] items-end bg-gradient-to-br p-5 ' + (tones[project.category] || 'from-${a}-400 to-${a}-600')}>
        <span className="rounded-full bg-white/20 px-3 py-1 text-xs font-semibold uppercase tracking-wide text-white backdrop-blur">
          {project.category}
        </span>
      </div>
      <div className="p-5">
        <div className="flex items-start justify-between gap-3">
          <h3 className="font-semibold text-slate-900">{project.title}</h3>
          <ArrowUpRight className="h-5 w-5 shrink-0 text-slate-300 transition group-hover:text-${a}-600" aria-hidden="true" />
        </div>
        <p className="mt-2 text-sm leading-relaxed text-slate-600">{project.text}</p>
        <p className="mt-4 text-xs font-medium text-slate-400">{project.year}</p>
      </div>
    </article>
  );
}
`,
  );

  const footer = component(
    'SiteFooter',
    `
export default function SiteFooter() {
  return (
    <footer className="border-t border-slate-200 bg-white">
      <div className="mx-auto flex max-w-5xl flex-col items-center justify-between gap-3 px-4 py-8 text-sm text-slate-500 sm:flex-row sm:px-6">
        <p>© {new Date().getFullYear()} ${jsxText(ctx.title)}</p>
        <div className="flex gap-5">
          <a href="/projects" className="hover:text-slate-900">Projects</a>
          <a href="/contact" className="hover:text-slate-900">Contact</a>
        </div>
      </div>
    </footer>
  );
}
`,
  );

  return {
    migrations: [messagesMigration()],
    modules: [
      messagesRoute(),
      home,
      projectsPage,
      contactPage,
      appHeader(ctx, {
        icon: portfolio ? 'Briefcase' : 'User',
        links: [
          { href: '/', label: 'Home' },
          { href: '/projects', label: 'Projects' },
          { href: '/contact', label: 'Contact' },
        ],
      }),
      projectCard,
      contactForm(a, `${slugKey(ctx.title)}.messages`),
      footer,
    ],
    plan: [
      `Build "${ctx.title}", a ${portfolio ? 'portfolio' : 'personal website'} for a ${role.toLowerCase()}.`,
      '- Pages: `/` (hero, highlights, selected work, testimonial), `/projects` (filterable), `/contact` (working form).',
      '- Table `messages` and the function `/api/messages` (POST, validated) for the contact form.',
      '- Components: AppHeader, ProjectCard, ContactForm, SiteFooter.',
      `- ${a} accent; without a backend, messages from the form are kept in localStorage.`,
    ].join('\n'),
    summary: [
      `I built **${ctx.title}**: a home page, a projects page you can filter by category, and a contact page with a working form whose messages are stored in the app's database (table \`messages\`).`,
    ].join('\n'),
    choices: [
      `change the colour to ${otherHue(ctx.accent, 'teal', 'violet')}`,
      `rename the site to ${otherName(ctx.title, 'Jane Doe Design', 'Alex Morgan Studio')}`,
      'add a page called Blog',
    ],
  };
}
