export default function Sparkline(props) {
  const { values, color, height, filled } = props;
  const width = 300;
  const low = Math.min(...values);
  const high = Math.max(...values);
  const span = high - low || 1;
  const points = values.map((v, i) => [(i / (values.length - 1)) * width, height - 4 - ((v - low) / span) * (height - 8)]);
  const line = points.map((p) => p[0].toFixed(1) + ',' + p[1].toFixed(1)).join(' ');
  return (
    <svg viewBox={'0 0 ' + width + ' ' + height} preserveAspectRatio="none" className="mt-2 w-full" style={{ height }} aria-hidden="true">
      {filled && <polygon points={'0,' + height + ' ' + line + ' ' + width + ',' + height} fill={color} opacity="0.12" />}
      <polyline points={line} fill="none" stroke={color} strokeWidth={filled ? 2.5 : 1.75} strokeLinejoin="round" strokeLinecap="round" vectorEffect="non-scaling-stroke" />
    </svg>
  );
}
