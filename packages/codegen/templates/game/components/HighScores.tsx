import { Crown } from 'lucide-react';

export default function HighScores(props) {
  const { scores, limit, detailed } = props;
  const ranked = scores
    .slice()
    .sort((x, y) => y.points - x.points || x.createdAt - y.createdAt)
    .slice(0, limit);

  function clock(seconds) {
    return Math.floor(seconds / 60) + ':' + String(seconds % 60).padStart(2, '0');
  }

  if (ranked.length === 0) {
    return <p className="py-6 text-center text-sm text-slate-400">No scores yet. Win a game to be first!</p>;
  }
  return (
    <ol className="mt-3 divide-y divide-white/10">
      {ranked.map((s, i) => (
        <li key={s.id} className="flex items-center gap-3 py-2.5">
          <span className={i === 0 ? 'flex h-7 w-7 items-center justify-center rounded-full bg-amber-400 text-slate-900' : 'flex h-7 w-7 items-center justify-center rounded-full bg-white/10 text-xs font-semibold text-slate-300'}>
            {i === 0 ? <Crown className="h-4 w-4" aria-label="First place" /> : i + 1}
          </span>
          <div className="min-w-0 flex-1">
            <p className="truncate font-medium">{s.player}</p>
            {detailed && <p className="text-xs text-slate-400">{s.moves} moves · {clock(s.seconds)}</p>}
          </div>
          <span className="font-mono text-sm font-semibold text-kiln-hue-300">{s.points}</span>
        </li>
      ))}
    </ol>
  );
}
