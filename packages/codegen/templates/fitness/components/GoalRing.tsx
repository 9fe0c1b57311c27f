export default function GoalRing(props) {
  const { minutes, goal } = props;
  const share = Math.min(1, minutes / goal);
  const circumference = 2 * Math.PI * 54;
  return (
    <div className="relative mx-auto h-40 w-40" role="img" aria-label={'Active minutes ' + minutes + ' of ' + goal}>
      <svg viewBox="0 0 128 128" className="h-full w-full -rotate-90" aria-hidden="true">
        <circle cx="64" cy="64" r="54" fill="none" strokeWidth="14" className="stroke-slate-100" />
        <circle
          cx="64"
          cy="64"
          r="54"
          fill="none"
          strokeWidth="14"
          strokeLinecap="round"
          className="stroke-kiln-hue-500 transition-all duration-700"
          strokeDasharray={circumference}
          strokeDashoffset={circumference * (1 - share)}
        />
      </svg>
      <div className="absolute inset-0 flex flex-col items-center justify-center">
        <span className="text-3xl font-bold">{minutes}</span>
        <span className="text-xs text-slate-500">of {goal} min</span>
        {minutes >= goal && <span className="mt-1 rounded-full bg-kiln-hue-100 px-2 py-0.5 text-xs font-semibold text-kiln-hue-700">Goal met</span>}
      </div>
    </div>
  );
}
