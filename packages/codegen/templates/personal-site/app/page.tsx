import { useEffect } from 'react';
import { ArrowRight, Award, Mail, Sparkles, Users } from 'lucide-react';
import AppHeader from '@/components/AppHeader';
import ProjectCard from '@/components/ProjectCard';
import SiteFooter from '@/components/SiteFooter';

export default function HomePage() {

  const projects = [
    { title: 'Fern & Co. rebrand', category: 'Branding', text: 'A warmer identity and packaging system for an independent plant shop.', year: '2025' },
    { title: 'Pathway habit app', category: 'Product', text: 'Designed and tested a habit tracker that 40,000 people use every day.', year: '2025' },
    { title: 'City Library website', category: 'Web', text: 'A faster, accessible website that doubled online event sign-ups.', year: '2024' },
    { title: 'Harbor annual report', category: 'Editorial', text: 'An interactive annual report telling the story of a year in numbers.', year: '2024' },
    { title: 'Tidewater Festival', category: 'Branding', text: 'Posters, signage and a festival guide for 12,000 visitors.', year: '2023' },
    { title: 'Ledger dashboard', category: 'Product', text: 'A calm finance dashboard for small business owners.', year: '2023' },
  ].slice(0, 3);
  const highlights = [
    { icon: Sparkles, label: 'Years of practice', value: '10+' },
    { icon: Users, label: 'Happy clients', value: '45' },
    { icon: Award, label: 'Design awards', value: '7' },
  ];

  useEffect(() => {
    document.title = kiln.title;
  }, []);

  return (
    <div className="min-h-screen bg-white text-slate-900">
      <AppHeader />
      <main>
        <section className="mx-auto grid max-w-5xl items-center gap-10 px-4 py-16 sm:px-6 md:grid-cols-[1fr_auto] md:py-24">
          <div>
            <p className="inline-flex items-center gap-2 rounded-full bg-kiln-hue-50 px-3 py-1 text-sm font-medium text-kiln-hue-700 ring-1 ring-kiln-hue-100">
              <span className="h-2 w-2 rounded-full bg-kiln-hue-500" />
              Available for new projects
            </p>
            <h1 className="mt-5 text-4xl font-bold tracking-tight sm:text-5xl">kiln-headline</h1>
            <p className="mt-5 max-w-xl text-lg leading-relaxed text-slate-600">kiln-intro</p>
            <div className="mt-8 flex flex-wrap gap-3">
              <a href="/projects" className="inline-flex items-center gap-2 rounded-xl bg-kiln-hue-600 px-5 py-3 font-semibold text-white shadow-sm hover:bg-kiln-hue-700">
                See my work
                <ArrowRight className="h-4 w-4" aria-hidden="true" />
              </a>
              <a href="/contact" className="inline-flex items-center gap-2 rounded-xl px-5 py-3 font-semibold text-slate-700 ring-1 ring-slate-200 hover:bg-slate-50">
                <Mail className="h-4 w-4" aria-hidden="true" />
                Get in touch
              </a>
            </div>
          </div>
          <div className="mx-auto flex h-48 w-48 items-center justify-center rounded-[2.5rem] bg-gradient-to-br from-kiln-hue-400 to-kiln-hue-700 text-5xl font-bold text-white shadow-2xl shadow-kiln-hue-600/30 sm:h-64 sm:w-64 sm:text-6xl">
            kiln-initials
          </div>
        </section>

        <section className="border-y border-slate-100 bg-slate-50">
          <div className="mx-auto grid max-w-5xl gap-4 px-4 py-10 sm:grid-cols-3 sm:px-6">
            {highlights.map((h) => (
              <div key={h.label} className="flex items-center gap-4">
                <span className="flex h-12 w-12 items-center justify-center rounded-2xl bg-white text-kiln-hue-600 shadow-sm ring-1 ring-slate-200">
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
            <a href="/projects" className="text-sm font-semibold text-kiln-hue-700 hover:text-kiln-hue-800">
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
