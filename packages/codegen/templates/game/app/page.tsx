import { useEffect, useState } from 'react';
import { AlertCircle, Clock, Footprints, Gamepad2, Loader2, RotateCcw, Sparkles, Trophy } from 'lucide-react';
import AppHeader from '@/components/AppHeader';
import MemoryCard from '@/components/MemoryCard';
import HighScores from '@/components/HighScores';
import WinPanel from '@/components/WinPanel';

export default function HomePage() {
  const FACES = ['Star', 'Heart', 'Zap', 'Music', 'Sun', 'Moon', 'Anchor', 'Feather', 'Crown', 'Ghost', 'Cat', 'Leaf'];
  const LEVELS = {
    classic: { label: 'Classic 4×4', pairs: 8, columns: 'max-w-lg grid-cols-4' },
    challenge: { label: 'Challenge 6×4', pairs: 12, columns: 'max-w-2xl grid-cols-4 sm:grid-cols-6' },
  };

  function starter() {
    return [
      { id: 'seed-1', player: 'Nova', level: 'classic', points: 742, moves: 12, seconds: 38, createdAt: 1 },
      { id: 'seed-2', player: 'Jax', level: 'classic', points: 655, moves: 15, seconds: 45, createdAt: 2 },
      { id: 'seed-3', player: 'Mei', level: 'challenge', points: 1090, moves: 21, seconds: 74, createdAt: 3 },
      { id: 'seed-4', player: 'Sol', level: 'classic', points: 540, moves: 18, seconds: 64, createdAt: 4 },
      { id: 'seed-5', player: 'Ravi', level: 'challenge', points: 880, moves: 27, seconds: 102, createdAt: 5 },
    ];
  }

  // 'loading' until /api/scores answers, then 'server' (the app's database) or 'local' (this browser only).
  const [source, setSource] = useState('loading');
  const [records, setRecords] = useState([]);

  function savedRecords() {
    try {
      const saved = JSON.parse(window.localStorage.getItem('kiln-slug.scores') || 'null');
      return Array.isArray(saved) ? saved : starter();
    } catch {
      return starter();
    }
  }

  const [notice, setNotice] = useState('');

  useEffect(() => {
    if (!notice) return undefined;
    const timer = setTimeout(() => setNotice(''), 4500);
    return () => clearTimeout(timer);
  }, [notice]);

  useEffect(() => {
    let active = true;
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), 5000);
    fetch('/api/scores', { signal: controller.signal })
      .then((res) => (res.ok ? res.json() : null))
      .catch(() => null)
      .then((data) => {
        clearTimeout(timer);
        if (!active) return;
        if (data && Array.isArray(data.scores)) {
          setRecords(data.scores);
          setSource('server');
        } else {
          // No backend answered (a static copy or a render check): the browser keeps the data, as before.
          setRecords(savedRecords());
          setSource('local');
        }
      });
    return () => {
      active = false;
      clearTimeout(timer);
      controller.abort();
    };
  }, []);

  useEffect(() => {
    if (source !== 'local') return;
    try {
      window.localStorage.setItem('kiln-slug.scores', JSON.stringify(records));
    } catch {
      // Storage can be full or disabled; the app still works for this visit.
    }
  }, [records, source]);

  async function api(method, path, body) {
    const res = await fetch(path, {
      method,
      headers: body === undefined ? undefined : { 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    }).catch(() => {
      throw new Error('The server could not be reached.');
    });
    const data = await res.json().catch(() => null);
    if (!res.ok) throw new Error((data && data.error) || 'The server answered ' + res.status + '.');
    return data;
  }

  /** Shows a new record at once and, with a backend, stores it (taken back with a notice if that fails). */
  function addRecord(fields) {
    const record = { ...fields, id: Date.now().toString(36) + Math.random().toString(36).slice(2, 7), createdAt: Date.now() };
    setRecords((current) => [record, ...current]);
    if (source === 'server') {
      api('POST', '/api/scores', record)
        .then((data) => setRecords((current) => current.map((r) => (r.id === record.id ? data.score : r))))
        .catch((error) => {
          setRecords((current) => current.filter((r) => r.id !== record.id));
          setNotice("Couldn't save that. " + error.message);
        });
    }
    return record;
  }


  useEffect(() => {
    document.title = kiln.title;
  }, []);

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
                <p className="inline-flex items-center gap-1.5 rounded-full bg-kiln-hue-500/15 px-3 py-1 text-xs font-semibold uppercase tracking-wide text-kiln-hue-200">
                  <Sparkles className="h-3.5 w-3.5" aria-hidden="true" />
                  Memory match
                </p>
                <h1 className="mt-3 text-3xl font-bold tracking-tight sm:text-4xl">kiln-titleText</h1>
                <p className="mt-1 text-slate-400">Flip two cards at a time and find every pair. Fewer moves and a faster time score more points.</p>
              </div>
              {/* biome-ignore lint/a11y/useSemanticElements: kiln: the generated level switch is a div with role group. */}
              <div className="flex gap-1 rounded-xl bg-white/5 p-1" role="group" aria-label="Level">
                {Object.keys(LEVELS).map((id) => (
                  <button
                    key={id}
                    type="button"
                    aria-pressed={level === id}
                    onClick={() => newGame(id)}
                    className={level === id ? 'rounded-lg bg-kiln-hue-600 px-3 py-1.5 text-sm font-semibold text-white' : 'rounded-lg px-3 py-1.5 text-sm font-medium text-slate-300 hover:text-white'}
                  >
                    {LEVELS[id].label}
                  </button>
                ))}
              </div>
            </div>

            <dl className="mt-6 grid grid-cols-2 gap-2 sm:grid-cols-4 sm:gap-3">
              <div className="rounded-2xl bg-white/5 p-3 ring-1 ring-white/10">
                <dt className="flex items-center gap-1.5 text-xs text-slate-400"><Footprints className="h-3.5 w-3.5" aria-hidden="true" />Moves</dt>
                {/* biome-ignore lint/a11y/useAriaPropsSupportedByRole: kiln: the generated moves count is read out with its label. */}
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
                <Trophy className="h-5 w-5 text-kiln-hue-300" aria-hidden="true" />
                High scores · {LEVELS[level].label}
              </h2>
            </div>
            <div className="mt-1">{source === 'loading' && (
            <span className="inline-flex items-center gap-1.5 text-xs font-medium text-slate-400">
              <Loader2 className="h-3.5 w-3.5 animate-spin" aria-hidden="true" />
              Loading…
            </span>
          )}</div>
            <HighScores scores={records.filter((r) => r.level === level)} limit={5} />
            <a href="/scores" className="mt-4 inline-block text-sm font-medium text-kiln-hue-300 hover:text-kiln-hue-200">All high scores →</a>
          </aside>
        </div>
      </main>
      {notice && (
        <div role="status" className="fixed inset-x-0 bottom-4 z-30 mx-auto flex w-fit max-w-[calc(100%-2rem)] items-center gap-2 rounded-xl bg-slate-900 px-4 py-2.5 text-sm text-white shadow-lg">
          <AlertCircle className="h-4 w-4 shrink-0 text-amber-300" aria-hidden="true" />
          {notice}
        </div>
      )}
    </div>
  );
}
