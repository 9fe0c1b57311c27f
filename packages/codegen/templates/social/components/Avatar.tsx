const TONES = ['bg-kiln-hue-100 text-kiln-hue-700', 'bg-slate-200 text-slate-700', 'bg-kiln-hue-600 text-white', 'bg-slate-800 text-white'];

export default function Avatar(props) {
  const name = props.name || '?';
  const initials = name.split(/\s+/).filter(Boolean).slice(0, 2).map((w) => w.charAt(0).toUpperCase()).join('') || '?';
  let hash = 0;
  for (let i = 0; i < name.length; i++) hash = (hash * 31 + name.charCodeAt(i)) % 997;
  const size = props.size === 'lg' ? 'h-14 w-14 text-lg ring-4 ring-white' : props.size === 'sm' ? 'h-9 w-9 text-xs' : 'h-11 w-11 text-sm';
  return (
    <span className={'flex shrink-0 items-center justify-center rounded-full font-semibold ' + size + ' ' + TONES[hash % TONES.length]} aria-hidden="true">
      {initials}
    </span>
  );
}
