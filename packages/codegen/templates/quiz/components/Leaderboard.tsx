import { Medal } from 'lucide-react';

export default function Leaderboard(props) {
  const { scores, quizzes, limit, compact } = props;
  const names = Object.fromEntries(quizzes.map((q) => [q.id, q.title]));
  const ranked = scores
    .slice()
    .sort((x, y) => y.score / y.total - x.score / x.total || x.createdAt - y.createdAt)
    .slice(0, limit);
  const medals = ['text-amber-500', 'text-slate-400', 'text-orange-700'];

  if (ranked.length === 0) {
    return <p className="py-6 text-center text-sm text-slate-500">No scores yet. Finish a quiz to be first!</p>;
  }
  return (
    <ol className={compact ? 'mt-3 divide-y divide-slate-100' : 'divide-y divide-slate-100'}>
      {ranked.map((s, i) => (
        <li key={s.id} className="flex items-center gap-3 py-2.5">
          <span className="flex w-7 justify-center text-sm font-semibold text-slate-400">
            {i < 3 ? <Medal className={'h-5 w-5 ' + medals[i]} aria-label={'Rank ' + (i + 1)} /> : i + 1}
          </span>
          <div className="min-w-0 flex-1">
            <p className="truncate font-medium">{s.player}</p>
            <p className="truncate text-xs text-slate-500">{names[s.quiz] || s.quiz}</p>
          </div>
          <span className="rounded-full bg-kiln-hue-50 px-2.5 py-1 text-sm font-semibold text-kiln-hue-700">{s.score}/{s.total}</span>
        </li>
      ))}
    </ol>
  );
}
