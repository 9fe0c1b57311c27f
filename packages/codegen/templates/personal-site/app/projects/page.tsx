import { useState } from 'react';
import AppHeader from '@/components/AppHeader';
import ProjectCard from '@/components/ProjectCard';
import SiteFooter from '@/components/SiteFooter';

export default function ProjectsPage() {

  const projects = [
    { title: 'Fern & Co. rebrand', category: 'Branding', text: 'A warmer identity and packaging system for an independent plant shop.', year: '2025' },
    { title: 'Pathway habit app', category: 'Product', text: 'Designed and tested a habit tracker that 40,000 people use every day.', year: '2025' },
    { title: 'City Library website', category: 'Web', text: 'A faster, accessible website that doubled online event sign-ups.', year: '2024' },
    { title: 'Harbor annual report', category: 'Editorial', text: 'An interactive annual report telling the story of a year in numbers.', year: '2024' },
    { title: 'Tidewater Festival', category: 'Branding', text: 'Posters, signage and a festival guide for 12,000 visitors.', year: '2023' },
    { title: 'Ledger dashboard', category: 'Product', text: 'A calm finance dashboard for small business owners.', year: '2023' },
  ].slice(0, 6);
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
              className={category === c ? 'rounded-full bg-kiln-hue-600 px-4 py-1.5 text-sm font-medium text-white' : 'rounded-full bg-slate-100 px-4 py-1.5 text-sm font-medium text-slate-600 hover:bg-slate-200'}
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
