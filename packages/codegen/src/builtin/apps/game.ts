/**
 * The builtin GAME: a memory-match card game — flip two cards, keep the pairs, beat the clock and the move
 * count — on a classic 4×4 board or a 6×4 challenge, with points for speed and accuracy and a high-score
 * table. Scores live in the app's `game_scores` table behind `/api/scores`; without a backend they stay in
 * localStorage.
 * @module
 */
import { jsString, jsxText } from '../format.ts';
import { loadingHint, NOTICE_TOAST } from './backend.ts';
import { type RecordSpec, recordRoutes, recordsState, recordsTableSql, sqlValue } from './records.ts';
import {
  type AppContext,
  appHeader,
  type BuiltApp,
  component,
  documentTitleEffect,
  otherHue,
  otherName,
  page,
} from './shared.ts';
import { slugKey } from './todo-list.ts';

/** High-score seed rows: player, level, points, moves, seconds. */
const STARTER_SCORES: [string, string, number, number, number][] = [
  ['Nova', 'classic', 742, 12, 38],
  ['Jax', 'classic', 655, 15, 45],
  ['Mei', 'challenge', 1090, 21, 74],
  ['Sol', 'classic', 540, 18, 64],
  ['Ravi', 'challenge', 880, 27, 102],
];

const SCORES: RecordSpec = {
  resource: 'scores',
  one: 'score',
  table: 'game_scores',
  fields: [
    { key: 'player', column: 'player', kind: 'text', label: 'your name', required: true, max: 24 },
    {
      key: 'level',
      column: 'level',
      kind: 'choice',
      label: 'the level',
      required: true,
      options: ['classic', 'challenge'],
    },
    { key: 'points', column: 'points', kind: 'int', label: 'the points', max: 5000 },
    { key: 'moves', column: 'moves', kind: 'int', label: 'the number of moves', min: 1, max: 1000 },
    { key: 'seconds', column: 'seconds', kind: 'int', label: 'the time', max: 86400 },
  ],
  orderBy: 'points DESC, created_at ASC',
  limit: 100,
};

/** Builds the memory-match game. */
export function gameApp(ctx: AppContext): BuiltApp {
  const a = ctx.accent;
  const storageKey = `${slugKey(ctx.title)}.scores`;
  const starterFn = `  function starter() {
    return [
${STARTER_SCORES.map(
  ([player, level, points, moves, seconds], i) =>
    `      { id: 'seed-${i + 1}', player: ${jsString(player)}, level: '${level}', points: ${points}, moves: ${moves}, seconds: ${seconds}, createdAt: ${i + 1} },`,
).join('\n')}
    ];
  }`;
  const levels = `const LEVELS = {
    classic: { label: 'Classic 4×4', pairs: 8, columns: 'max-w-lg grid-cols-4' },
    challenge: { label: 'Challenge 6×4', pairs: 12, columns: 'max-w-2xl grid-cols-4 sm:grid-cols-6' },
  };`;

  const home = page(
    '',
    `
import { useEffect, useState } from 'react';
import { AlertCircle, Clock, Footprints, Gamepad2, Loader2, RotateCcw, Sparkles, Trophy } from 'lucide-react';
import AppHeader from '@/components/AppHeader';
import MemoryCard from '@/components/MemoryCard';
import HighScores from '@/components/HighScores';
import WinPanel from '@/components/WinPanel';

export default function HomePage() {
  const FACES = ['Star', 'Heart', 'Zap', 'Music', 'Sun', 'Moon', 'Anchor', 'Feather', 'Crown', 'Ghost', 'Cat', 'Leaf'];
  ${levels}

${starterFn}

${recordsState(SCORES, storageKey)}

${documentTitleEffect(ctx.title)}

  function deal(level) {
    const faces = FACES.slice(0, LEVELS[level].pairs);
    const cards = faces.concat(faces).map((face, i) => ({ id: i, face, matched: false }));
    for (let i = cards.length - 1; i > 0; i--) {
      const j = Math.floor(Math.random() * (i + 1));
      const swap = cards[i];
      cards[i] = cards[j];
      cards[j] = swap;
    }
    return cards;
  }

  const [level, setLevel] = useState('classic');
  const [cards, setCards] = useState(() => deal('classic'));
  const [open, setOpen] = useState([]);
  const [moves, setMoves] = useState(0);
  const [seconds, setSeconds] = useState(0);
  const [running, setRunning] = useState(false);
  const [saved, setSaved] = useState(false);

  const pairs = LEVELS[level].pairs;
  const found = cards.filter((c) => c.matched).length / 2;
  const won = found === pairs;
  const points = Math.max(10, pairs * 100 - (moves - pairs) * 10 - seconds);

  useEffect(() => {
    if (!running) return undefined;
    const timer = setInterval(() => setSeconds((s) => s + 1), 1000);
    return () => clearInterval(timer);
  }, [running]);

  useEffect(() => {
    if (won) setRunning(false);
  }, [won]);

  // A wrong pair stays face up for a moment, then turns back.
  useEffect(() => {
    if (open.length !== 2) return undefined;
    const timer = setTimeout(() => setOpen([]), 800);
    return () => clearTimeout(timer);
  }, [open]);

  function flip(id) {
    if (won || open.length === 2 || open.includes(id)) return;
    const card = cards.find((c) => c.id === id);
    if (!card || card.matched) return;
    if (open.length === 0) {
      if (!running && moves === 0) setRunning(true);
      setOpen([id]);
      return;
    }
    // The second card of a move: a pair stays face up at once, so the next click is never lost.
    setMoves((m) => m + 1);
    const first = cards.find((c) => c.id === open[0]);
    if (first && first.face === card.face) {
      setCards((current) => current.map((c) => (c.face === card.face ? { ...c, matched: true } : c)));
      setOpen([]);
    } else {
      setOpen([open[0], id]);
    }
  }

  function newGame(nextLevel) {
    setLevel(nextLevel);
    setCards(deal(nextLevel));
    setOpen([]);
    setMoves(0);
    setSeconds(0);
    setRunning(false);
    setSaved(false);
  }

  function saveScore(player) {
    addRecord({ player, level, points, moves, seconds });
    setSaved(true);
  }

  const clock = Math.floor(seconds / 60) + ':' + String(seconds % 60).padStart(2, '0');
  const best = records.filter((r) => r.level === level).reduce((top, r) => (top && top.points >= r.points ? top : r), null);

  return (
    <div className="min-h-screen bg-slate-950 text-white">
      <AppHeader />
      <main className="mx-auto max-w-6xl px-4 pb-16 pt-8 sm:px-6">
        <div className="grid gap-8 lg:grid-cols-[1fr_300px]">
          <section>
            <div className="flex flex-wrap items-end justify-between gap-4">
              <div>
                <p className="inline-flex items-center gap-1.5 rounded-full bg-${a}-500/15 px-3 py-1 text-xs font-semibold uppercase tracking-wide text-${a}-200">
                  <Sparkles className="h-3.5 w-3.5" aria-hidden="true" />
                  Memory match
                </p>
                <h1 className="mt-3 text-3xl font-bold tracking-tight sm:text-4xl">${jsxText(ctx.title)}</h1>
                <p className="mt-1 text-slate-400">Flip two cards at a time and find every pair. Fewer moves and a faster time score more points.</p>
              </div>
              <div className="flex gap-1 rounded-xl bg-white/5 p-1" role="group" aria-label="Level">
                {Object.keys(LEVELS).map((id) => (
                  <button
                    key={id}
                    type="button"
                    aria-pressed={level === id}
                    onClick={() => newGame(id)}
                    className={level === id ? 'rounded-lg bg-${a}-600 px-3 py-1.5 text-sm font-semibold text-white' : 'rounded-lg px-3 py-1.5 text-sm font-medium text-slate-300 hover:text-white'}
                  >
                    {LEVELS[id].label}
                  </button>
                ))}
              </div>
            </div>

            <dl className="mt-6 grid grid-cols-2 gap-2 sm:grid-cols-4 sm:gap-3">
              <div className="rounded-2xl bg-white/5 p-3 ring-1 ring-white/10">
                <dt className="flex items-center gap-1.5 text-xs text-slate-400"><Footprints className="h-3.5 w-3.5" aria-hidden="true" />Moves</dt>
                <dd className="mt-1 text-2xl font-bold tabular-nums" aria-label={'Moves ' + moves}>{moves}</dd>
              </div>
              <div className="rounded-2xl bg-white/5 p-3 ring-1 ring-white/10">
                <dt className="flex items-center gap-1.5 text-xs text-slate-400"><Clock className="h-3.5 w-3.5" aria-hidden="true" />Time</dt>
                <dd className="mt-1 text-2xl font-bold tabular-nums">{clock}</dd>
              </div>
              <div className="rounded-2xl bg-white/5 p-3 ring-1 ring-white/10">
                <dt className="flex items-center gap-1.5 text-xs text-slate-400"><Gamepad2 className="h-3.5 w-3.5" aria-hidden="true" />Pairs</dt>
                <dd className="mt-1 text-2xl font-bold tabular-nums">{found} / {pairs}</dd>
              </div>
              <div className="rounded-2xl bg-white/5 p-3 ring-1 ring-white/10">
                <dt className="flex items-center gap-1.5 text-xs text-slate-400"><Trophy className="h-3.5 w-3.5" aria-hidden="true" />Best</dt>
                <dd className="mt-1 text-2xl font-bold tabular-nums">{best ? best.points : '—'}</dd>
              </div>
            </dl>

            <div className="relative mt-6">
              <div className={'mx-auto grid gap-2 sm:gap-3 ' + LEVELS[level].columns}>
                {cards.map((card, i) => (
                  <MemoryCard
                    key={card.id + '-' + level}
                    card={card}
                    position={i + 1}
                    faceUp={card.matched || open.includes(card.id)}
                    onFlip={() => flip(card.id)}
                  />
                ))}
              </div>
              {won && (
                <WinPanel moves={moves} clock={clock} points={points} saved={saved} onSave={saveScore} onAgain={() => newGame(level)} />
              )}
            </div>
            <div className="mt-6 flex justify-center">
              <button type="button" onClick={() => newGame(level)} className="inline-flex items-center gap-2 rounded-xl px-4 py-2 text-sm font-medium text-slate-300 ring-1 ring-white/15 hover:bg-white/5 hover:text-white">
                <RotateCcw className="h-4 w-4" aria-hidden="true" />
                New game
              </button>
            </div>
          </section>

          <aside className="h-fit rounded-3xl bg-white/5 p-5 ring-1 ring-white/10">
            <div className="flex items-center justify-between gap-2">
              <h2 className="flex items-center gap-2 font-semibold">
                <Trophy className="h-5 w-5 text-${a}-300" aria-hidden="true" />
                High scores · {LEVELS[level].label}
              </h2>
            </div>
            <div className="mt-1">${loadingHint('Loading…')}</div>
            <HighScores scores={records.filter((r) => r.level === level)} limit={5} />
            <a href="/scores" className="mt-4 inline-block text-sm font-medium text-${a}-300 hover:text-${a}-200">All high scores →</a>
          </aside>
        </div>
      </main>
${NOTICE_TOAST}
    </div>
  );
}
`,
  );

  const scoresPage = page(
    'scores',
    `
import { useEffect, useState } from 'react';
import { AlertCircle, Loader2, Trophy } from 'lucide-react';
import AppHeader from '@/components/AppHeader';
import HighScores from '@/components/HighScores';

export default function ScoresPage() {
  ${levels}

${starterFn}

${recordsState(SCORES, storageKey)}

  const [level, setLevel] = useState('classic');

  return (
    <div className="min-h-screen bg-slate-950 text-white">
      <AppHeader />
      <main className="mx-auto max-w-3xl px-4 pb-16 pt-8 sm:px-6 sm:pt-12">
        <p className="inline-flex items-center gap-1.5 rounded-full bg-${a}-500/15 px-3 py-1 text-xs font-semibold uppercase tracking-wide text-${a}-200">
          <Trophy className="h-3.5 w-3.5" aria-hidden="true" />
          Hall of fame
        </p>
        <h1 className="mt-3 text-3xl font-bold tracking-tight">High scores</h1>
        <p className="mt-2 text-slate-400">The twenty best games on each board. Points = 100 per pair, minus 10 per extra move and 1 per second.</p>
        <div className="mt-6 flex flex-wrap items-center gap-3">
          <div className="flex gap-1 rounded-xl bg-white/5 p-1" role="group" aria-label="Level">
            {Object.keys(LEVELS).map((id) => (
              <button
                key={id}
                type="button"
                aria-pressed={level === id}
                onClick={() => setLevel(id)}
                className={level === id ? 'rounded-lg bg-${a}-600 px-3 py-1.5 text-sm font-semibold text-white' : 'rounded-lg px-3 py-1.5 text-sm font-medium text-slate-300 hover:text-white'}
              >
                {LEVELS[id].label}
              </button>
            ))}
          </div>
          ${loadingHint('Loading scores…')}
        </div>
        <div className="mt-4 rounded-3xl bg-white/5 p-4 ring-1 ring-white/10 sm:p-6">
          <HighScores scores={records.filter((r) => r.level === level)} limit={20} detailed />
        </div>
        <p className="mt-8 text-center text-xs text-slate-500">
          {source === 'server' ? "High scores are saved in the app's database." : source === 'local' ? 'High scores are saved in this browser.' : ''}
        </p>
      </main>
${NOTICE_TOAST}
    </div>
  );
}
`,
  );

  const card = component(
    'MemoryCard',
    `
import { Anchor, Cat, Crown, Feather, Ghost, Heart, Leaf, Moon, Music, Sparkles, Star, Sun, Zap } from 'lucide-react';

const FACES = {
  Star: { Icon: Star, color: '#fbbf24' },
  Heart: { Icon: Heart, color: '#fb7185' },
  Zap: { Icon: Zap, color: '#facc15' },
  Music: { Icon: Music, color: '#60a5fa' },
  Sun: { Icon: Sun, color: '#fb923c' },
  Moon: { Icon: Moon, color: '#a5b4fc' },
  Anchor: { Icon: Anchor, color: '#38bdf8' },
  Feather: { Icon: Feather, color: '#34d399' },
  Crown: { Icon: Crown, color: '#fcd34d' },
  Ghost: { Icon: Ghost, color: '#e2e8f0' },
  Cat: { Icon: Cat, color: '#f472b6' },
  Leaf: { Icon: Leaf, color: '#4ade80' },
};

export default function MemoryCard(props) {
  const { card, position, faceUp, onFlip } = props;
  const face = FACES[card.face] || FACES.Star;
  const Icon = face.Icon;
  return (
    <button
      type="button"
      onClick={onFlip}
      aria-label={'Card ' + position + ', ' + (faceUp ? card.face : 'face down')}
      className={
        card.matched
          ? 'flex aspect-square items-center justify-center rounded-2xl bg-white/10 ring-2 ring-${a}-400/60 transition'
          : faceUp
            ? 'flex aspect-square items-center justify-center rounded-2xl bg-white/15 ring-2 ring-white/40 transition'
            : 'flex aspect-square items-center justify-center rounded-2xl bg-gradient-to-br from-${a}-500 to-${a}-700 shadow-lg shadow-${a}-900/40 ring-1 ring-white/10 transition hover:-translate-y-0.5 hover:from-${a}-500 hover:to-${a}-600'
      }
    >
      {faceUp ? (
        <Icon className={card.matched ? 'h-1/2 w-1/2 opacity-70' : 'h-1/2 w-1/2'} style={{ color: face.color }} aria-hidden="true" />
      ) : (
        <Sparkles className="h-1/3 w-1/3 text-white/40" aria-hidden="true" />
      )}
    </button>
  );
}
`,
  );

  const highScores = component(
    'HighScores',
    `
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
          <span className="font-mono text-sm font-semibold text-${a}-300">{s.points}</span>
        </li>
      ))}
    </ol>
  );
}
`,
  );

  const winPanel = component(
    'WinPanel',
    `
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
        <span className="mx-auto flex h-14 w-14 items-center justify-center rounded-2xl bg-${a}-100 text-${a}-600">
          <PartyPopper className="h-7 w-7" aria-hidden="true" />
        </span>
        <h2 className="mt-4 text-2xl font-bold">You found every pair!</h2>
        <p className="mt-1 text-slate-600">{moves} moves in {clock}</p>
        <p className="mt-3 text-4xl font-black text-${a}-600">{points} points</p>
        {saved ? (
          <p className="mt-4 rounded-xl bg-${a}-50 px-4 py-2 text-sm font-medium text-${a}-700">Saved to the high scores as {player.trim()}.</p>
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
              className="min-w-0 flex-1 rounded-xl border border-slate-200 px-3 py-2 focus:border-${a}-400 focus:outline-none focus:ring-4 focus:ring-${a}-100"
            />
            <button type="submit" disabled={!player.trim()} className="inline-flex items-center gap-1.5 rounded-xl bg-${a}-600 px-3 py-2 text-sm font-semibold text-white hover:bg-${a}-700 disabled:opacity-50">
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
`,
  );

  return {
    migrations: [
      {
        name: 'create_game_scores',
        sql: recordsTableSql(
          SCORES,
          STARTER_SCORES.map(([player, level, points, moves, seconds]) => [
            sqlValue(player),
            sqlValue(level),
            String(points),
            String(moves),
            String(seconds),
          ]),
        ),
      },
    ],
    modules: [
      ...recordRoutes(SCORES),
      home,
      scoresPage,
      appHeader(ctx, {
        icon: 'Gamepad2',
        links: [
          { href: '/', label: 'Play' },
          { href: '/scores', label: 'High scores' },
        ],
        maxWidth: 'max-w-6xl',
      }),
      card,
      highScores,
      winPanel,
    ],
    plan: [
      `Build "${ctx.title}", a memory-match card game with a high-score table.`,
      '- Table `game_scores` (id, player, level, points, moves, seconds, created_at) with five starter scores.',
      '- Function `/api/scores`: GET the best games first, POST a checked score.',
      '- Page `/`: level switch (classic 4×4, challenge 6×4), moves, timer, pairs found and best score; the shuffled board; a win panel with the points and "save my score"; the top five beside it.',
      '- Page `/scores`: the twenty best games per level with moves and time.',
      `- Components: AppHeader, MemoryCard, HighScores, WinPanel. Without a backend scores stay in localStorage; dark arcade look with a ${a} accent.`,
    ].join('\n'),
    summary: [
      `I built **${ctx.title}**, a memory-match game: flip two cards at a time and find every pair on a classic 4×4 board or a 6×4 challenge. Moves, time and pairs are counted as you play, and a win scores 100 points a pair minus 10 per extra move and 1 per second.`,
      '',
      "Winners can put their name on the high-score table, stored in the app's database (table `game_scores`, through the function `/api/scores`) and shown on the High scores page. Opened without its backend, the game keeps scores in the browser instead.",
    ].join('\n'),
    choices: [
      `change the colour to ${otherHue(ctx.accent, 'sky', 'violet')}`,
      `rename the app to ${otherName(ctx.title, 'Pair Up', 'Flip Frenzy')}`,
      'add a page called Rules',
    ],
  };
}
