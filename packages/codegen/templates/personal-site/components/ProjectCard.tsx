import { ArrowUpRight } from 'lucide-react';

export default function ProjectCard(props) {
  const { project } = props;
  const tones = {
    Branding: 'from-kiln-hue-500 to-kiln-hue-700',
    Product: 'from-slate-700 to-slate-900',
    Web: 'from-kiln-hue-300 to-kiln-hue-500',
    Editorial: 'from-slate-400 to-slate-600',
  };

  return (
    <article className="group overflow-hidden rounded-3xl border border-slate-200 bg-white shadow-sm transition hover:-translate-y-1 hover:shadow-lg">
      <div className={'flex aspect-[4/3] items-end bg-gradient-to-br p-5 ' + (tones[project.category] || 'from-kiln-hue-400 to-kiln-hue-600')}>
        <span className="rounded-full bg-white/20 px-3 py-1 text-xs font-semibold uppercase tracking-wide text-white backdrop-blur">
          {project.category}
        </span>
      </div>
      <div className="p-5">
        <div className="flex items-start justify-between gap-3">
          <h3 className="font-semibold text-slate-900">{project.title}</h3>
          <ArrowUpRight className="h-5 w-5 shrink-0 text-slate-300 transition group-hover:text-kiln-hue-600" aria-hidden="true" />
        </div>
        <p className="mt-2 text-sm leading-relaxed text-slate-600">{project.text}</p>
        <p className="mt-4 text-xs font-medium text-slate-400">{project.year}</p>
      </div>
    </article>
  );
}
