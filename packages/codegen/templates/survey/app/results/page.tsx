import { useEffect, useState } from 'react';
import { BarChart3, Loader2, MessageSquare, Star, ThumbsUp, Users } from 'lucide-react';
import AppHeader from '@/components/AppHeader';
import ResultBar from '@/components/ResultBar';

function summarise(questions, responses) {
  const numbers = (id) => responses.map((r) => r[id]).filter((v) => typeof v === 'number');
  const rating = questions.find((q) => q.type === 'rating');
  const ratings = rating ? numbers(rating.id) : [];
  const nps = questions.find((q) => q.type === 'nps');
  const scores = nps ? numbers(nps.id) : [];
  const counts = {};
  for (const q of questions.filter((q) => q.options)) {
    counts[q.id] = {};
    for (const option of q.options) {
      counts[q.id][option] = responses.filter((r) => (Array.isArray(r[q.id]) ? r[q.id].includes(option) : r[q.id] === option)).length;
    }
  }
  const comments = questions
    .filter((q) => q.type === 'text')
    .flatMap((q) => responses.map((r) => ({ text: r[q.id], at: r.submittedAt })))
    .filter((c) => typeof c.text === 'string' && c.text.trim())
    .slice(0, 10);
  return {
    total: responses.length,
    average: ratings.length ? ratings.reduce((sum, v) => sum + v, 0) / ratings.length : null,
    nps: scores.length ? Math.round(((scores.filter((v) => v >= 9).length - scores.filter((v) => v <= 6).length) / scores.length) * 100) : null,
    counts,
    comments,
  };
}

export default function ResultsPage() {
  const storageKey = 'kiln-slug.responses';
  const questions = [
    kiln.questions,
  ];

  function savedResponses() {
    try {
      const saved = JSON.parse(window.localStorage.getItem(storageKey) || '[]');
      return Array.isArray(saved) ? saved : [];
    } catch {
      return [];
    }
  }

  // 'loading' until /api/responses answers, then 'server' (the app's database) or 'local' (this browser only).
  const [source, setSource] = useState('loading');
  const [summary, setSummary] = useState(() => summarise(questions, []));

  useEffect(() => {
    let active = true;
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), 5000);
    fetch('/api/responses', { signal: controller.signal })
      .then((res) => (res.ok ? res.json() : null))
      .catch(() => null)
      .then((data) => {
        clearTimeout(timer);
        if (!active) return;
        if (data && data.summary && typeof data.summary.total === 'number') {
          setSummary(data.summary);
          setSource('server');
        } else {
          // No backend answered (a static copy or a render check): the browser keeps the data, as before.
          setSummary(summarise(questions, savedResponses()));
          setSource('local');
        }
      });
    return () => {
      active = false;
      clearTimeout(timer);
      controller.abort();
    };
  }, []);

  const { total, nps, comments: texts } = summary;
  const loading = source === 'loading';
  const cards = [
    { icon: Users, label: 'Responses', value: loading ? '–' : String(total) },
    { icon: Star, label: 'Average rating', value: summary.average === null ? '–' : summary.average.toFixed(1) + ' / 5' },
    nps === null
      ? { icon: MessageSquare, label: 'Comments', value: loading ? '–' : String(texts.length) }
      : { icon: ThumbsUp, label: 'Net Promoter Score', value: String(nps) },
  ];

  return (
    <div className="min-h-screen bg-slate-50 text-slate-900">
      <AppHeader />
      <main className="mx-auto max-w-4xl px-4 py-10 sm:px-6 sm:py-14">
        <h1 className="text-3xl font-bold tracking-tight">Results</h1>
        <div className="mt-1 flex flex-wrap items-center gap-3">
          <p className="text-slate-600">
            {source === 'server'
              ? 'Live summary of every response stored in the app.'
              : source === 'local'
                ? 'Live summary of the responses collected in this browser.'
                : 'Live summary of the responses.'}
          </p>
          {source === 'loading' && (
            <span className="inline-flex items-center gap-1.5 text-xs font-medium text-slate-400">
              <Loader2 className="h-3.5 w-3.5 animate-spin" aria-hidden="true" />
              Loading results…
            </span>
          )}
        </div>
        <div className="mt-8 grid gap-4 sm:grid-cols-3">
          {cards.map((c) => (
            <div key={c.label} className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
              <div className="flex items-center gap-2 text-sm text-slate-500">
                <c.icon className="h-4 w-4 text-kiln-hue-600" aria-hidden="true" />
                {c.label}
              </div>
              <p className="mt-2 text-3xl font-bold">{c.value}</p>
            </div>
          ))}
        </div>

        {loading ? null : total === 0 ? (
          <div className="mt-8 rounded-3xl border border-dashed border-slate-300 bg-white p-12 text-center">
            <BarChart3 className="mx-auto h-10 w-10 text-kiln-hue-500" aria-hidden="true" />
            <p className="mt-3 font-medium">No responses yet</p>
            <p className="mt-1 text-sm text-slate-500">Results appear here as soon as the first answers come in.</p>
            <a href="/" className="mt-5 inline-flex rounded-xl bg-kiln-hue-600 px-4 py-2.5 text-sm font-semibold text-white hover:bg-kiln-hue-700">
              Answer the first one
            </a>
          </div>
        ) : (
          <div className="mt-8 grid gap-4 md:grid-cols-2">
            {questions
              .filter((q) => q.options)
              .map((q) => (
                <section key={q.id} className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
                  <h2 className="font-semibold">{q.label}</h2>
                  <div className="mt-4 space-y-3">
                    {q.options.map((option) => (
                      <ResultBar
                        key={option}
                        label={option}
                        total={total}
                        count={(summary.counts[q.id] && summary.counts[q.id][option]) || 0}
                      />
                    ))}
                  </div>
                </section>
              ))}
            <section className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 md:col-span-2">
              <h2 className="font-semibold">Latest comments</h2>
              {texts.length === 0 ? (
                <p className="mt-3 text-sm text-slate-500">No written answers yet.</p>
              ) : (
                <ul className="mt-4 divide-y divide-slate-100">
                  {texts.map((t, i) => (
                    <li key={i} className="py-3">
                      <p className="text-slate-700">“{t.text}”</p>
                      <p className="mt-1 text-xs text-slate-400">{new Date(t.at).toLocaleString()}</p>
                    </li>
                  ))}
                </ul>
              )}
            </section>
          </div>
        )}
      </main>
    </div>
  );
}
