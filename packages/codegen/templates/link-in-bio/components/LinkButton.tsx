import { ChevronRight } from 'lucide-react';

export default function LinkButton(props) {
  const { link, clicks, onClick } = props;
  const Icon = link.icon;
  return (
    <a
      href={link.href}
      onClick={onClick}
      className="group flex items-center gap-4 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 transition hover:-translate-y-0.5 hover:shadow-md hover:ring-kiln-hue-300"
    >
      <span className="flex h-11 w-11 shrink-0 items-center justify-center rounded-xl bg-kiln-hue-100 text-kiln-hue-700 transition group-hover:bg-kiln-hue-600 group-hover:text-white">
        <Icon className="h-5 w-5" aria-hidden="true" />
      </span>
      <span className="min-w-0 flex-1">
        <span className="block font-semibold text-slate-900">{link.label}</span>
        <span className="block truncate text-sm text-slate-500">{link.note}</span>
      </span>
      {clicks > 0 && <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-500">{clicks}</span>}
      <ChevronRight className="h-5 w-5 text-slate-300 transition group-hover:translate-x-0.5 group-hover:text-kiln-hue-600" aria-hidden="true" />
    </a>
  );
}
