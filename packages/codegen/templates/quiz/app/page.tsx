import { useEffect, useState } from 'react';
import { AlertCircle, ArrowRight, Brain, CheckCircle2, Loader2, RotateCcw, Trophy, XCircle } from 'lucide-react';
import AppHeader from '@/components/AppHeader';
import QuizCard from '@/components/QuizCard';
import QuestionCard from '@/components/QuestionCard';
import Leaderboard from '@/components/Leaderboard';

export default function HomePage() {
  const QUIZZES = kiln.quizzes;

  function starter() {
    return [
      { id: 'seed-1', player: 'Maya', quiz: 'space', score: 7, total: 8, createdAt: 1 },
      { id: 'seed-2', player: 'Priya', quiz: 'science', score: 8, total: 8, createdAt: 2 },
      { id: 'seed-3', player: 'Leo', quiz: 'geography', score: 6, total: 8, createdAt: 3 },
      { id: 'seed-4', player: 'Tom', quiz: 'space', score: 5, total: 8, createdAt: 4 },
      { id: 'seed-5', player: 'Ana', quiz: 'geography', score: 8, total: 8, createdAt: 5 },
      { id: 'seed-6', player: 'Kenji', quiz: 'science', score: 6, total: 8, createdAt: 6 },
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

  // 'pick' a quiz, 'play' its questions, then see what you got ('done').
  const [phase, setPhase] = useState('pick');
  const [quizId, setQuizId] = useState(QUIZZES[0].id);
  const [index, setIndex] = useState(0);
  const [answers, setAnswers] = useState([]);
  const [player, setPlayer] = useState('');
  const [saved, setSaved] = useState(false);

  const quiz = QUIZZES.find((q) => q.id === quizId) || QUIZZES[0];
  const question = quiz.questions[index];
  const chosen = answers[index];
  const score = answers.filter((choice, i) => choice === quiz.questions[i].answer).length;

  function start(id) {
    setQuizId(id);
    setIndex(0);
    setAnswers([]);
    setSaved(false);
    setPhase('play');
    window.scrollTo({ top: 0, behavior: 'smooth' });
  }

  function choose(option) {
    if (chosen !== undefined) return;
    setAnswers((current) => {
      const next = current.slice();
      next[index] = option;
      return next;
    });
  }

  function next() {
    if (index + 1 < quiz.questions.length) setIndex(index + 1);
    else setPhase('done');
  }

  function saveScore(event) {
    event.preventDefault();
    const name = player.trim();
    if (!name || saved) return;
    addRecord({ player: name, quiz: quiz.id, score, total: quiz.questions.length });
    setSaved(true);
  }

  function bestFor(id) {
    const mine = records.filter((r) => r.quiz === id);
    if (mine.length === 0) return null;
    return mine.reduce((best, r) => (r.score / r.total > best.score / best.total ? r : best));
  }

  const percent = Math.round((score / quiz.questions.length) * 100);
  const verdict =
    percent === 100 ? 'Perfect score!' : percent >= 75 ? 'Great job!' : percent >= 50 ? 'Not bad at all.' : 'Keep practising!';

  return (
    <div className="min-h-screen bg-gradient-to-b from-kiln-hue-50 via-white to-white text-slate-900">
      <AppHeader />
      <main className="mx-auto max-w-5xl px-4 pb-16 pt-8 sm:px-6 sm:pt-12">
        {phase === 'pick' && (
          <div className="grid gap-8 lg:grid-cols-[1fr_320px]">
            <section>
              <p className="inline-flex items-center gap-1.5 rounded-full bg-kiln-hue-100 px-3 py-1 text-xs font-semibold uppercase tracking-wide text-kiln-hue-700">
                <Brain className="h-3.5 w-3.5" aria-hidden="true" />
                {QUIZZES.length} quizzes · {QUIZZES.length * 8} questions
              </p>
              <h1 className="mt-3 text-3xl font-bold tracking-tight sm:text-4xl">kiln-titleText</h1>
              <p className="mt-2 max-w-xl text-slate-600">Pick a topic, answer eight questions and see how you stack up on the leaderboard.</p>
              <div className="mt-8 grid gap-4 sm:grid-cols-2">
                {QUIZZES.map((q) => (
                  <QuizCard key={q.id} quiz={q} best={bestFor(q.id)} onStart={() => start(q.id)} />
                ))}
              </div>
            </section>
            <aside className="rounded-3xl border border-slate-200 bg-white p-5 shadow-sm">
              <div className="flex items-center justify-between gap-2">
                <h2 className="flex items-center gap-2 font-semibold">
                  <Trophy className="h-5 w-5 text-kiln-hue-600" aria-hidden="true" />
                  Top scores
                </h2>
                {source === 'loading' && (
            <span className="inline-flex items-center gap-1.5 text-xs font-medium text-slate-400">
              <Loader2 className="h-3.5 w-3.5 animate-spin" aria-hidden="true" />
              Loading…
            </span>
          )}
              </div>
              <Leaderboard scores={records} quizzes={QUIZZES} limit={5} compact />
              <a href="/leaderboard" className="mt-4 inline-flex items-center gap-1 text-sm font-medium text-kiln-hue-700 hover:text-kiln-hue-800">
                Full leaderboard
                <ArrowRight className="h-4 w-4" aria-hidden="true" />
              </a>
            </aside>
          </div>
        )}

        {phase === 'play' && question && (
          <div className="mx-auto max-w-2xl">
            <div className="mb-6 flex items-center justify-between gap-3 text-sm">
              <button type="button" onClick={() => setPhase('pick')} className="font-medium text-slate-500 hover:text-slate-900">
                ← All quizzes
              </button>
              <span className="font-semibold text-kiln-hue-700">Score {score}</span>
            </div>
            <QuestionCard quiz={quiz} question={question} index={index} chosen={chosen} onChoose={choose} />
            {chosen !== undefined && (
              <div className="mt-5 flex justify-end">
                <button
                  type="button"
                  onClick={next}
                  className="inline-flex items-center gap-2 rounded-xl bg-kiln-hue-600 px-5 py-3 font-semibold text-white shadow-sm transition hover:bg-kiln-hue-700"
                >
                  {index + 1 < quiz.questions.length ? 'Next question' : 'See my score'}
                  <ArrowRight className="h-4 w-4" aria-hidden="true" />
                </button>
              </div>
            )}
          </div>
        )}

        {phase === 'done' && (
          <div className="mx-auto max-w-2xl">
            <section className="rounded-3xl border border-slate-200 bg-white p-6 text-center shadow-sm sm:p-8">
              <p className="text-sm font-semibold uppercase tracking-wide text-kiln-hue-600">{quiz.title}</p>
              <div className="relative mx-auto mt-4 h-36 w-36">
                <svg viewBox="0 0 120 120" className="h-full w-full -rotate-90" aria-hidden="true">
                  <circle cx="60" cy="60" r="52" fill="none" strokeWidth="12" className="stroke-slate-100" />
                  <circle
                    cx="60"
                    cy="60"
                    r="52"
                    fill="none"
                    strokeWidth="12"
                    strokeLinecap="round"
                    className="stroke-kiln-hue-500"
                    strokeDasharray={2 * Math.PI * 52}
                    strokeDashoffset={2 * Math.PI * 52 * (1 - score / quiz.questions.length)}
                  />
                </svg>
                <div className="absolute inset-0 flex flex-col items-center justify-center">
                  <span className="text-3xl font-bold">{score} / {quiz.questions.length}</span>
                  <span className="text-sm text-slate-500">{percent}%</span>
                </div>
              </div>
              <h2 className="mt-4 text-2xl font-bold">{verdict}</h2>
              {saved ? (
                <p className="mt-4 inline-flex items-center gap-2 rounded-xl bg-kiln-hue-50 px-4 py-2 text-sm font-medium text-kiln-hue-700">
                  <Trophy className="h-4 w-4" aria-hidden="true" />
                  Saved to the leaderboard as {player.trim()}.
                </p>
              ) : (
                <form onSubmit={saveScore} className="mx-auto mt-5 flex max-w-sm flex-col gap-2 sm:flex-row">
                  <label className="sr-only" htmlFor="player">Your name</label>
                  <input
                    id="player"
                    name="player"
                    value={player}
                    onChange={(e) => setPlayer(e.target.value)}
                    maxLength={40}
                    placeholder="Your name"
                    autoComplete="nickname"
                    className="min-w-0 flex-1 rounded-xl border border-slate-200 bg-slate-50 px-4 py-2.5 focus:border-kiln-hue-400 focus:bg-white focus:outline-none focus:ring-4 focus:ring-kiln-hue-100"
                  />
                  <button
                    type="submit"
                    disabled={!player.trim()}
                    className="inline-flex items-center justify-center gap-1.5 rounded-xl bg-kiln-hue-600 px-4 py-2.5 text-sm font-semibold text-white hover:bg-kiln-hue-700 disabled:opacity-50"
                  >
                    <Trophy className="h-4 w-4" aria-hidden="true" />
                    Save score
                  </button>
                </form>
              )}
              <div className="mt-6 flex flex-wrap justify-center gap-2">
                <button type="button" onClick={() => start(quiz.id)} className="inline-flex items-center gap-1.5 rounded-xl border border-slate-200 px-4 py-2 text-sm font-medium hover:bg-slate-50">
                  <RotateCcw className="h-4 w-4" aria-hidden="true" />
                  Play again
                </button>
                <button type="button" onClick={() => setPhase('pick')} className="rounded-xl border border-slate-200 px-4 py-2 text-sm font-medium hover:bg-slate-50">
                  Choose another quiz
                </button>
              </div>
            </section>

            <h3 className="mb-3 mt-8 font-semibold">Your answers</h3>
            <ol className="space-y-2">
              {quiz.questions.map((q, i) => {
                const right = answers[i] === q.answer;
                return (
                  <li key={q.q} className="flex gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
                    {right ? (
                      <CheckCircle2 className="mt-0.5 h-5 w-5 shrink-0 text-green-600" aria-label="Correct" />
                    ) : (
                      <XCircle className="mt-0.5 h-5 w-5 shrink-0 text-red-500" aria-label="Wrong" />
                    )}
                    <div className="min-w-0">
                      <p className="font-medium">{q.q}</p>
                      <p className="mt-1 text-sm text-slate-600">
                        {right ? 'You answered ' : 'The answer is '}
                        <span className="font-semibold text-slate-900">{q.options[q.answer]}</span>
                        {!right && answers[i] !== undefined ? ' (you said ' + q.options[answers[i]] + ')' : ''}
                      </p>
                    </div>
                  </li>
                );
              })}
            </ol>
          </div>
        )}
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
