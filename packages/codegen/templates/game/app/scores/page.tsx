import { useEffect, useState } from 'react';
import { AlertCircle, Loader2, Trophy } from 'lucide-react';
import AppHeader from '@/components/AppHeader';
import HighScores from '@/components/HighScores';

export default function ScoresPage() {
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


  const [level, setLevel] = useState('classic');

  return (
    <div className="min-h-screen bg-slate-950 text-white">
      <AppHeader />
      <main className="mx-auto max-w-3xl px-4 pb-16 pt-8 sm:px-6 sm:pt-12">
        <p className="inline-flex items-center gap-1.5 rounded-full bg-kiln-hue-500/15 px-3 py-1 text-xs font-semibold uppercase tracking-wide text-kiln-hue-200">
          <Trophy className="h-3.5 w-3.5" aria-hidden="true" />
          Hall of fame
        </p>
        <h1 className="mt-3 text-3xl font-bold tracking-tight">High scores</h1>
        <p className="mt-2 text-slate-400">The twenty best games on each board. Points = 100 per pair, minus 10 per extra move and 1 per second.</p>
        <div className="mt-6 flex flex-wrap items-center gap-3">
          {/* biome-ignore lint/a11y/useSemanticElements: kiln: the generated level switch is a div with role group. */}
          <div className="flex gap-1 rounded-xl bg-white/5 p-1" role="group" aria-label="Level">
            {Object.keys(LEVELS).map((id) => (
              <button
                key={id}
                type="button"
                aria-pressed={level === id}
                onClick={() => setLevel(id)}
                className={level === id ? 'rounded-lg bg-kiln-hue-600 px-3 py-1.5 text-sm font-semibold text-white' : 'rounded-lg px-3 py-1.5 text-sm font-medium text-slate-300 hover:text-white'}
              >
                {LEVELS[id].label}
              </button>
            ))}
          </div>
          {source === 'loading' && (
            <span className="inline-flex items-center gap-1.5 text-xs font-medium text-slate-400">
              <Loader2 className="h-3.5 w-3.5 animate-spin" aria-hidden="true" />
              Loading scores…
            </span>
          )}
        </div>
        <div className="mt-4 rounded-3xl bg-white/5 p-4 ring-1 ring-white/10 sm:p-6">
          <HighScores scores={records.filter((r) => r.level === level)} limit={20} detailed />
        </div>
        <p className="mt-8 text-center text-xs text-slate-500">
          {source === 'server' ? "High scores are saved in the app's database." : source === 'local' ? 'High scores are saved in this browser.' : ''}
        </p>
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
