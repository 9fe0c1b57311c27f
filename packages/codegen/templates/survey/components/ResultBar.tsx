export default function ResultBar(props) {
  const { label, count, total } = props;
  const percent = total === 0 ? 0 : Math.round((count / total) * 100);
  return (
    <div>
      <div className="flex items-center justify-between text-sm">
        <span className="text-slate-700">{label}</span>
        <span className="font-medium text-slate-500">
          {count} · {percent}%
        </span>
      </div>
      <div className="mt-1.5 h-2.5 overflow-hidden rounded-full bg-slate-100">
        <div className="h-full rounded-full bg-kiln-hue-500" style={{ width: percent + '%' }} />
      </div>
    </div>
  );
}
