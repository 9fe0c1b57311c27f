export default function FeatureCard(props) {
  const Icon = props.icon;
  return (
    <div className="group rounded-2xl border border-slate-200 bg-white p-6 shadow-sm transition hover:-translate-y-0.5 hover:border-kiln-hue-200 hover:shadow-md">
      <span className="flex h-11 w-11 items-center justify-center rounded-xl bg-kiln-hue-50 text-kiln-hue-600 ring-1 ring-kiln-hue-100">
        <Icon className="h-5 w-5" aria-hidden="true" />
      </span>
      <h3 className="mt-4 font-semibold text-slate-900">{props.title}</h3>
      <p className="mt-1.5 text-sm leading-relaxed text-slate-600">{props.text}</p>
    </div>
  );
}
