import { useEffect, useState } from 'react';
import { CheckCircle2, Loader2, Send } from 'lucide-react';
import AppHeader from '@/components/AppHeader';
import SurveyQuestion from '@/components/SurveyQuestion';

export default function HomePage() {
  const storageKey = 'kiln-slug.responses';
  const questions = [
    kiln.questions,
  ];
  const [answers, setAnswers] = useState({});
  const [missing, setMissing] = useState([]);
  const [sent, setSent] = useState(false);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState('');
  // 'loading' until /api/responses answers, then 'server' (the app's database) or 'local' (this browser only).
  const [source, setSource] = useState('loading');
  const [answeredBy, setAnsweredBy] = useState(0);

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
          setAnsweredBy(data.summary.total);
          setSource('server');
        } else {
          // No backend answered (a static copy or a render check): the browser keeps the data, as before.
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
    document.title = kiln.title;
  }, []);

  const isAnswered = (q) => {
    const v = answers[q.id];
    return Array.isArray(v) ? v.length > 0 : v !== undefined && String(v).trim() !== '';
  };
  const answered = questions.filter(isAnswered).length;
  const progress = Math.round((answered / questions.length) * 100);

  function setAnswer(id, value) {
    setAnswers((current) => ({ ...current, [id]: value }));
    setMissing((current) => current.filter((m) => m !== id));
  }

  function saveInBrowser() {
    try {
      const saved = JSON.parse(window.localStorage.getItem(storageKey) || '[]');
      window.localStorage.setItem(storageKey, JSON.stringify([{ ...answers, submittedAt: new Date().toISOString() }, ...saved]));
    } catch {
      // Saving is best effort; the thank-you still shows.
    }
  }

  function refuse(message) {
    setError(message);
    return false;
  }

  /** Sends the answers to /api/responses: true when stored, false when refused (shown), null without a backend. */
  async function sendToServer() {
    let res;
    try {
      res = await fetch('/api/responses', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ answers }),
      });
    } catch {
      return source === 'server' ? refuse('We could not reach the server. Please try again.') : null;
    }
    const answer = await res.json().catch(() => null);
    if (res.ok && answer) return true;
    if (answer && answer.error) {
      if (Array.isArray(answer.missing)) setMissing(answer.missing);
      return refuse(answer.error);
    }
    return source === 'server' ? refuse('That did not go through. Please try again.') : null;
  }

  async function handleSubmit(event) {
    event.preventDefault();
    const notAnswered = questions.filter((q) => q.required && !isAnswered(q)).map((q) => q.id);
    setMissing(notAnswered);
    setError('');
    if (notAnswered.length > 0) {
      document.getElementById('q-' + notAnswered[0])?.scrollIntoView({ behavior: 'smooth', block: 'center' });
      return;
    }
    if (source !== 'local') {
      setSending(true);
      const stored = await sendToServer();
      setSending(false);
      if (stored === false) return;
      if (stored === null) saveInBrowser();
    } else {
      saveInBrowser();
    }
    setAnsweredBy((n) => n + 1);
    setSent(true);
    window.scrollTo({ top: 0, behavior: 'smooth' });
  }

  return (
    <div className="min-h-screen bg-gradient-to-b from-kiln-hue-50 to-slate-50 text-slate-900">
      <AppHeader />
      <main className="mx-auto max-w-2xl px-4 py-10 sm:px-6 sm:py-14">
        {sent ? (
          <div className="rounded-3xl bg-white p-10 text-center shadow-sm ring-1 ring-slate-200">
            <CheckCircle2 className="mx-auto h-14 w-14 text-kiln-hue-600" aria-hidden="true" />
            <h1 className="mt-4 text-2xl font-bold">Thank you!</h1>
            <p className="mt-2 text-slate-600">Your answers have been recorded.</p>
            <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
              <a href="/results" className="rounded-xl bg-kiln-hue-600 px-5 py-2.5 font-semibold text-white hover:bg-kiln-hue-700">
                See the results
              </a>
              <button
                type="button"
                onClick={() => {
                  setAnswers({});
                  setSent(false);
                }}
                className="rounded-xl px-5 py-2.5 font-semibold text-slate-700 ring-1 ring-slate-200 hover:bg-slate-50"
              >
                Answer again
              </button>
            </div>
          </div>
        ) : (
          <form onSubmit={handleSubmit} noValidate>
            <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">kiln-titleText</h1>
            <p className="mt-2 text-slate-600">kiln-intro</p>
            {source === 'server' && answeredBy > 0 && (
              <p className="mt-2 text-sm font-medium text-kiln-hue-700">
                {answeredBy} {answeredBy === 1 ? 'person has' : 'people have'} answered so far.
              </p>
            )}
            <div className="sticky top-[61px] z-10 -mx-4 mt-6 bg-slate-50/90 px-4 py-3 backdrop-blur sm:mx-0 sm:rounded-2xl sm:px-0">
              <div className="flex items-center justify-between text-xs font-medium text-slate-500">
                <span>
                  {answered} of {questions.length} answered
                </span>
                <span>{progress}%</span>
              </div>
              <div className="mt-2 h-2 overflow-hidden rounded-full bg-slate-200">
                <div className="h-full rounded-full bg-kiln-hue-500 transition-all duration-300" style={{ width: progress + '%' }} />
              </div>
            </div>
            <div className="mt-4 space-y-4">
              {questions.map((q, i) => (
                <SurveyQuestion
                  key={q.id}
                  number={i + 1}
                  question={q}
                  value={answers[q.id]}
                  invalid={missing.includes(q.id)}
                  onChange={(value) => setAnswer(q.id, value)}
                />
              ))}
            </div>
            {error && <p className="mt-6 rounded-xl bg-white px-4 py-3 text-sm font-medium text-slate-700 ring-1 ring-slate-200">{error}</p>}
            <button
              type="submit"
              disabled={sending}
              className="mt-6 inline-flex w-full items-center justify-center gap-2 rounded-xl bg-kiln-hue-600 px-6 py-3.5 font-semibold text-white shadow-lg shadow-kiln-hue-600/20 hover:bg-kiln-hue-700 disabled:opacity-70 sm:w-auto"
            >
              {sending ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : <Send className="h-4 w-4" aria-hidden="true" />}
              {sending ? 'Sending…' : 'Submit'}
            </button>
          </form>
        )}
      </main>
    </div>
  );
}
