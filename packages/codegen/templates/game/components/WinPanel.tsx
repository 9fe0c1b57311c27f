import { useState } from 'react';
import { PartyPopper, RotateCcw, Trophy } from 'lucide-react';

export default function WinPanel(props) {
  const { moves, clock, points, saved, onSave, onAgain } = props;
  const [player, setPlayer] = useState('');

  function submit(event) {
    event.preventDefault();
    const name = player.trim();
    if (name && !saved) onSave(name);
  }

  return (
    <div className="absolute inset-0 flex items-center justify-center rounded-3xl bg-slate-950/80 p-4 backdrop-blur-sm" role="dialog" aria-label="You won">
      <div className="w-full max-w-sm rounded-3xl bg-white p-6 text-center text-slate-900 shadow-2xl">
        <span className="mx-auto flex h-14 w-14 items-center justify-center rounded-2xl bg-kiln-hue-100 text-kiln-hue-600">
          <PartyPopper className="h-7 w-7" aria-hidden="true" />
        </span>
        <h2 className="mt-4 text-2xl font-bold">You found every pair!</h2>
        <p className="mt-1 text-slate-600">{moves} moves in {clock}</p>
        <p className="mt-3 text-4xl font-black text-kiln-hue-600">{points} points</p>
        {saved ? (
          <p className="mt-4 rounded-xl bg-kiln-hue-50 px-4 py-2 text-sm font-medium text-kiln-hue-700">Saved to the high scores as {player.trim()}.</p>
        ) : (
          <form onSubmit={submit} className="mt-4 flex gap-2">
            <label className="sr-only" htmlFor="player">Your name</label>
            <input
              id="player"
              name="player"
              value={player}
              onChange={(e) => setPlayer(e.target.value)}
              maxLength={24}
              placeholder="Your name"
              className="min-w-0 flex-1 rounded-xl border border-slate-200 px-3 py-2 focus:border-kiln-hue-400 focus:outline-none focus:ring-4 focus:ring-kiln-hue-100"
            />
            <button type="submit" disabled={!player.trim()} className="inline-flex items-center gap-1.5 rounded-xl bg-kiln-hue-600 px-3 py-2 text-sm font-semibold text-white hover:bg-kiln-hue-700 disabled:opacity-50">
              <Trophy className="h-4 w-4" aria-hidden="true" />
              Save
            </button>
          </form>
        )}
        <button type="button" onClick={onAgain} className="mt-3 inline-flex items-center gap-1.5 text-sm font-medium text-slate-600 hover:text-slate-900">
          <RotateCcw className="h-4 w-4" aria-hidden="true" />
          Play again
        </button>
      </div>
    </div>
  );
}
