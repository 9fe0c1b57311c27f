import { MapPin, Quote } from 'lucide-react';

export default function ProfileCard(props) {
  const { profile, highlight } = props;
  return (
    <article className="overflow-hidden rounded-3xl bg-white shadow-xl shadow-slate-900/10 ring-1 ring-slate-200 sm:grid sm:grid-cols-2">
      <div className="relative aspect-[4/5] max-h-[420px] w-full bg-slate-200 sm:aspect-auto sm:h-full sm:max-h-none sm:min-h-[440px]">
        <img alt={profile.photo} className="h-full w-full object-cover" />
        <div className="absolute inset-x-0 bottom-0 bg-gradient-to-t from-slate-900/80 via-slate-900/30 to-transparent p-5 pt-16 text-white">
          <h2 className="text-3xl font-bold tracking-tight">
            {profile.name}, <span className="font-medium">{profile.age}</span>
          </h2>
          <p className="mt-1 flex items-center gap-1 text-sm text-white/90">
            <MapPin className="h-4 w-4" aria-hidden="true" />
            {profile.city} · {profile.distanceKm} km away
          </p>
        </div>
      </div>
      <div className="flex flex-col gap-4 p-5 sm:justify-center sm:p-6">
        <p className="leading-relaxed text-slate-700">{profile.bio}</p>
        <ul className="flex flex-wrap gap-1.5" aria-label="Interests">
          {profile.interests.map((i) => (
            <li key={i} className={i === highlight ? 'rounded-full bg-kiln-hue-500 px-3 py-1 text-xs font-medium text-white' : 'rounded-full bg-kiln-hue-50 px-3 py-1 text-xs font-medium text-kiln-hue-800 ring-1 ring-kiln-hue-100'}>
              {i}
            </li>
          ))}
        </ul>
        <figure className="rounded-2xl bg-slate-50 p-4">
          <figcaption className="flex items-center gap-1.5 text-xs font-semibold uppercase tracking-wide text-slate-400">
            <Quote className="h-3.5 w-3.5" aria-hidden="true" />
            {profile.prompt}
          </figcaption>
          <p className="mt-1.5 text-lg font-semibold leading-snug text-slate-900">{profile.answer}</p>
        </figure>
      </div>
    </article>
  );
}
