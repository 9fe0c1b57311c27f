/**
 * The builtin SURVEY_TOOL and FEEDBACK_TOOL: a one-page form of rating, 0–10, single-choice, multi-choice
 * and open questions with a progress bar and validation, and a results page that aggregates the responses
 * (average rating, NPS, answer distributions, latest comments). With a backend, responses are stored in the
 * app's `responses` table through `POST /api/responses` (checked against the questions) and
 * `GET /api/responses` gives the summary (never an email address); without one they stay in localStorage and
 * the page summarises them itself, with the same code.
 * @module
 */
import { jsString, jsxText } from '../format.ts';
import { loadingHint, loadOnMount, READ_BODY, SQL_IMPORT } from './backend.ts';
import {
  type AppContext,
  apiRoute,
  appHeader,
  type BuiltApp,
  type BuiltMigration,
  component,
  documentTitleEffect,
  otherHue,
  otherName,
  page,
} from './shared.ts';
import { slugKey } from './todo-list.ts';

type Question =
  | { id: string; type: 'rating' | 'nps' | 'text' | 'email'; label: string; required: boolean }
  | { id: string; type: 'choice' | 'multi'; label: string; required: boolean; options: string[] };

const SURVEY: Question[] = [
  { id: 'satisfaction', type: 'rating', label: 'How satisfied are you with us overall?', required: true },
  {
    id: 'recommend',
    type: 'nps',
    label: 'How likely are you to recommend us to a friend or colleague?',
    required: true,
  },
  {
    id: 'source',
    type: 'choice',
    label: 'How did you first hear about us?',
    required: true,
    options: ['Search engine', 'Social media', 'A friend or colleague', 'An advert', 'Somewhere else'],
  },
  {
    id: 'valued',
    type: 'multi',
    label: 'What do you value most? Pick all that apply.',
    required: false,
    options: ['Quality', 'Price', 'Customer support', 'Ease of use', 'Speed'],
  },
  { id: 'improve', type: 'text', label: 'What is one thing we could do better?', required: false },
];

const FEEDBACK: Question[] = [
  { id: 'experience', type: 'rating', label: 'How was your experience?', required: true },
  {
    id: 'topic',
    type: 'choice',
    label: 'What is your feedback about?',
    required: true,
    options: ['Product', 'Service', 'Website', 'Pricing', 'Something else'],
  },
  {
    id: 'liked',
    type: 'multi',
    label: 'What did you like? Pick all that apply.',
    required: false,
    options: ['Friendly staff', 'Quality', 'Speed', 'Value for money', 'Atmosphere'],
  },
  {
    id: 'details',
    type: 'text',
    label: 'Tell us more: what went well, and what could be better?',
    required: true,
  },
  { id: 'email', type: 'email', label: 'Your email, if you would like a reply (optional)', required: false },
];

function questionsCode(questions: Question[], indent = '  ', declare = 'const questions'): string {
  const lines = questions.map((q) => {
    const opts = 'options' in q ? `, options: [${q.options.map(jsString).join(', ')}]` : '';
    return `${indent}  { id: ${jsString(q.id)}, type: ${jsString(q.type)}, label: ${jsString(q.label)}, required: ${q.required}${opts} },`;
  });
  return `${indent}${declare} = [\n${lines.join('\n')}\n${indent}];`;
}

/**
 * The summary of a list of responses (newest first), as both the results page (without a backend) and
 * `GET /api/responses` compute it: count, average rating, NPS, answers per option, latest comments. Written
 * once so the two agree; it reads no email answer.
 */
const SUMMARISE = `function summarise(questions, responses) {
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
}`;

/** Builds the survey (SURVEY_TOOL) or feedback (FEEDBACK_TOOL) app. */
export function surveyApp(ctx: AppContext): BuiltApp {
  const a = ctx.accent;
  const feedback = ctx.appType === 'FEEDBACK_TOOL';
  const questions = feedback ? FEEDBACK : SURVEY;
  const key = `${slugKey(ctx.title)}.responses`;
  const intro = feedback
    ? 'We read every message. Tell us how we did. It takes about a minute.'
    : 'Five quick questions, about two minutes. Your answers help us get better.';

  const home = page(
    '',
    `
import { useEffect, useState } from 'react';
import { CheckCircle2, Loader2, Send } from 'lucide-react';
import AppHeader from '@/components/AppHeader';
import SurveyQuestion from '@/components/SurveyQuestion';

export default function HomePage() {
  const storageKey = ${jsString(key)};
${questionsCode(questions)}
  const [answers, setAnswers] = useState({});
  const [missing, setMissing] = useState([]);
  const [sent, setSent] = useState(false);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState('');
  // 'loading' until /api/responses answers, then 'server' (the app's database) or 'local' (this browser only).
  const [source, setSource] = useState('loading');
  const [answeredBy, setAnsweredBy] = useState(0);

${loadOnMount({
  path: '/api/responses',
  accept: "data && data.summary && typeof data.summary.total === 'number'",
  onServer: 'setAnsweredBy(data.summary.total);',
})}

${documentTitleEffect(ctx.title)}

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
    return source === 'server' ? refuse('Something went wrong. Please try again.') : null;
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
    <div className="min-h-screen bg-gradient-to-b from-${a}-50 to-slate-50 text-slate-900">
      <AppHeader />
      <main className="mx-auto max-w-2xl px-4 py-10 sm:px-6 sm:py-14">
        {sent ? (
          <div className="rounded-3xl bg-white p-10 text-center shadow-sm ring-1 ring-slate-200">
            <CheckCircle2 className="mx-auto h-14 w-14 text-${a}-600" aria-hidden="true" />
            <h1 className="mt-4 text-2xl font-bold">Thank you!</h1>
            <p className="mt-2 text-slate-600">Your answers have been recorded.</p>
            <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
              <a href="/results" className="rounded-xl bg-${a}-600 px-5 py-2.5 font-semibold text-white hover:bg-${a}-700">
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
            <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">${jsxText(ctx.title)}</h1>
            <p className="mt-2 text-slate-600">${jsxText(intro)}</p>
            {source === 'server' && answeredBy > 0 && (
              <p className="mt-2 text-sm font-medium text-${a}-700">
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
                <div className="h-full rounded-full bg-${a}-500 transition-all duration-300" style={{ width: progress + '%' }} />
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
              className="mt-6 inline-flex w-full items-center justify-center gap-2 rounded-xl bg-${a}-600 px-6 py-3.5 font-semibold text-white shadow-lg shadow-${a}-600/20 hover:bg-${a}-700 disabled:opacity-70 sm:w-auto"
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
`,
  );

  const question = component(
    'SurveyQuestion',
    `
import { Star } from 'lucide-react';

export default function SurveyQuestion(props) {
  const { number, question, value, invalid, onChange } = props;
  const box = invalid
    ? 'rounded-2xl bg-white p-5 shadow-sm ring-2 ring-red-300 sm:p-6'
    : 'rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6';

  function toggle(option) {
    const current = Array.isArray(value) ? value : [];
    onChange(current.includes(option) ? current.filter((o) => o !== option) : [...current, option]);
  }

  return (
    <fieldset id={'q-' + question.id} className={box}>
      <legend className="sr-only">{question.label}</legend>
      <p className="font-medium text-slate-900">
        <span className="mr-2 text-${a}-600">{number}.</span>
        {question.label}
        {question.required && <span className="ml-1 text-red-500">*</span>}
      </p>

      {question.type === 'rating' && (
        <div className="mt-4 flex gap-1">
          {[1, 2, 3, 4, 5].map((n) => (
            <label key={n} className="cursor-pointer">
              <input type="radio" name={question.id} value={n} checked={value === n} onChange={() => onChange(n)} className="peer sr-only" />
              <Star
                className={value >= n ? 'h-9 w-9 fill-amber-400 text-amber-400 transition' : 'h-9 w-9 text-slate-300 transition hover:text-amber-300'}
                aria-hidden="true"
              />
              <span className="sr-only">{n} stars</span>
            </label>
          ))}
        </div>
      )}

      {question.type === 'nps' && (
        <div className="mt-4">
          <div className="grid grid-cols-6 gap-1.5 sm:grid-cols-11">
            {[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map((n) => (
              <label key={n} className="cursor-pointer">
                <input type="radio" name={question.id} value={n} checked={value === n} onChange={() => onChange(n)} className="peer sr-only" />
                <span className="flex h-10 items-center justify-center rounded-lg text-sm font-semibold text-slate-600 ring-1 ring-slate-200 transition hover:bg-slate-50 peer-checked:bg-${a}-600 peer-checked:text-white peer-checked:ring-${a}-600 peer-focus-visible:ring-2">
                  {n}
                </span>
              </label>
            ))}
          </div>
          <div className="mt-2 flex justify-between text-xs text-slate-400">
            <span>Not likely</span>
            <span>Very likely</span>
          </div>
        </div>
      )}

      {question.type === 'choice' && (
        <div className="mt-4 grid gap-2 sm:grid-cols-2">
          {question.options.map((option) => (
            <label key={option} className="cursor-pointer">
              <input type="radio" name={question.id} value={option} checked={value === option} onChange={() => onChange(option)} className="peer sr-only" />
              <span className="block rounded-xl px-4 py-3 text-sm text-slate-700 ring-1 ring-slate-200 transition hover:bg-slate-50 peer-checked:bg-${a}-50 peer-checked:font-medium peer-checked:text-${a}-800 peer-checked:ring-2 peer-checked:ring-${a}-500">
                {option}
              </span>
            </label>
          ))}
        </div>
      )}

      {question.type === 'multi' && (
        <div className="mt-4 flex flex-wrap gap-2">
          {question.options.map((option) => {
            const on = Array.isArray(value) && value.includes(option);
            return (
              <label key={option} className="cursor-pointer">
                <input type="checkbox" name={question.id} value={option} checked={on} onChange={() => toggle(option)} className="sr-only" />
                <span className={on ? 'block rounded-full bg-${a}-600 px-4 py-2 text-sm font-medium text-white' : 'block rounded-full px-4 py-2 text-sm text-slate-700 ring-1 ring-slate-200 hover:bg-slate-50'}>
                  {option}
                </span>
              </label>
            );
          })}
        </div>
      )}

      {question.type === 'text' && (
        <textarea
          name={question.id}
          rows={4}
          value={value || ''}
          onChange={(e) => onChange(e.target.value)}
          placeholder="Type your answer"
          className="mt-4 w-full rounded-xl border border-slate-200 px-4 py-3 text-slate-900 focus:border-${a}-400 focus:outline-none focus:ring-4 focus:ring-${a}-100"
        />
      )}

      {question.type === 'email' && (
        <input
          name={question.id}
          type="email"
          value={value || ''}
          onChange={(e) => onChange(e.target.value)}
          placeholder="you@example.com"
          className="mt-4 w-full rounded-xl border border-slate-200 px-4 py-3 text-slate-900 focus:border-${a}-400 focus:outline-none focus:ring-4 focus:ring-${a}-100"
        />
      )}

      {invalid && <p className="mt-3 text-sm font-medium text-red-600">Please answer this question.</p>}
    </fieldset>
  );
}
`,
  );

  const resultBar = component(
    'ResultBar',
    `
export default function ResultBar(props) {
  const { label, count, total } = props;
  const percent = total === 0 ? 0 : Math.round((count / total) * 100);
  return (
    <div>
      <div className="flex items-center justify-between text-sm">
        <span className="text-slate-700">{label}</span>
        <span className="font-medium text-slate-500">
          {count} · {percent}%
        </span>
      </div>
      <div className="mt-1.5 h-2.5 overflow-hidden rounded-full bg-slate-100">
        <div className="h-full rounded-full bg-${a}-500" style={{ width: percent + '%' }} />
      </div>
    </div>
  );
}
`,
  );

  const results = page(
    'results',
    `
import { useEffect, useState } from 'react';
import { BarChart3, Loader2, MessageSquare, Star, ThumbsUp, Users } from 'lucide-react';
import AppHeader from '@/components/AppHeader';
import ResultBar from '@/components/ResultBar';

${SUMMARISE}

export default function ResultsPage() {
  const storageKey = ${jsString(key)};
${questionsCode(questions)}

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

${loadOnMount({
  path: '/api/responses',
  accept: "data && data.summary && typeof data.summary.total === 'number'",
  onServer: 'setSummary(data.summary);',
  onLocal: 'setSummary(summarise(questions, savedResponses()));',
})}

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
          ${loadingHint('Loading results…')}
        </div>
        <div className="mt-8 grid gap-4 sm:grid-cols-3">
          {cards.map((c) => (
            <div key={c.label} className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
              <div className="flex items-center gap-2 text-sm text-slate-500">
                <c.icon className="h-4 w-4 text-${a}-600" aria-hidden="true" />
                {c.label}
              </div>
              <p className="mt-2 text-3xl font-bold">{c.value}</p>
            </div>
          ))}
        </div>

        {loading ? null : total === 0 ? (
          <div className="mt-8 rounded-3xl border border-dashed border-slate-300 bg-white p-12 text-center">
            <BarChart3 className="mx-auto h-10 w-10 text-${a}-500" aria-hidden="true" />
            <p className="mt-3 font-medium">No responses yet</p>
            <p className="mt-1 text-sm text-slate-500">Results appear here as soon as the first answers come in.</p>
            <a href="/" className="mt-5 inline-flex rounded-xl bg-${a}-600 px-4 py-2.5 text-sm font-semibold text-white hover:bg-${a}-700">
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
`,
  );

  return {
    migrations: [responsesMigration()],
    modules: [
      responsesRoute(questions),
      home,
      results,
      appHeader(ctx, {
        icon: feedback ? 'MessageSquareHeart' : 'ClipboardList',
        links: [
          { href: '/', label: feedback ? 'Give feedback' : 'Survey' },
          { href: '/results', label: 'Results' },
        ],
        maxWidth: 'max-w-4xl',
      }),
      question,
      resultBar,
    ],
    plan: [
      `Build "${ctx.title}", a ${feedback ? 'feedback form' : 'survey'} with ${questions.length} questions.`,
      '- Table `responses` (id, answers as JSON, submitted_at).',
      '- Function `/api/responses`: POST checks the answers against the questions and stores them; GET returns the summary (count, average, NPS, distributions, latest comments; no email addresses).',
      '- Page `/`: the questions (rating, choices, open text) with progress and validation.',
      '- Page `/results`: response count, average rating, answer distributions and latest comments.',
      '- Components: AppHeader, SurveyQuestion, ResultBar. Without a backend, responses stay in localStorage.',
    ].join('\n'),
    summary: [
      `I built **${ctx.title}**: a ${feedback ? 'feedback form' : 'survey'} with ${questions.length} questions, validation and a progress bar, plus a Results page that summarises every response.`,
      '',
      "Responses are stored in the app's database (table `responses`, through `/api/responses`); opened without its backend, the app keeps them in the browser instead.",
    ].join('\n'),
    choices: [
      `change the colour to ${otherHue(ctx.accent, 'indigo', 'teal')}`,
      `rename the app to ${otherName(ctx.title, 'Guest Feedback', 'Quick Survey')}`,
      'add a page called About',
    ],
  };
}

/** The `responses` table: one row per submitted form, its answers as JSON. */
function responsesMigration(): BuiltMigration {
  return {
    name: 'create_responses',
    sql: `CREATE TABLE responses (
  id text PRIMARY KEY,
  answers jsonb NOT NULL,
  submitted_at timestamptz NOT NULL DEFAULT now()
);`,
  };
}

/** `/api/responses`: store a response checked against `questions` (POST) and the results summary (GET). */
function responsesRoute(questions: Question[]) {
  return apiRoute(
    'responses',
    `
${SQL_IMPORT}

${READ_BODY}

${questionsCode(questions, '', 'const QUESTIONS')}

// deno-lint-ignore no-explicit-any
type Answers = Record<string, any>;

/** Why an answer does not fit its question, or '' when it does. */
function problem(question: Answers, value: unknown): string {
  switch (question.type) {
    case 'rating':
      return Number.isInteger(value) && (value as number) >= 1 && (value as number) <= 5 ? '' : 'A rating is 1 to 5 stars.';
    case 'nps':
      return Number.isInteger(value) && (value as number) >= 0 && (value as number) <= 10 ? '' : 'Pick a number from 0 to 10.';
    case 'choice':
      return question.options.includes(value) ? '' : 'Pick one of the choices.';
    case 'multi':
      return Array.isArray(value) && value.every((v) => question.options.includes(v)) ? '' : 'Pick from the choices.';
    case 'email':
      return typeof value === 'string' && value.length <= 254 && /^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$/.test(value.trim())
        ? ''
        : 'Please enter a valid email address.';
    default:
      return typeof value === 'string' && value.length <= 5000 ? '' : 'Keep your answer under 5,000 characters.';
  }
}

${SUMMARISE.replace('function summarise(questions, responses) {', 'function summarise(questions: Answers[], responses: Answers[]) {').replace('const counts = {};', 'const counts: Answers = {};').replace('const numbers = (id) =>', 'const numbers = (id: string) =>')}

/** The results: count, average rating, NPS, answers per choice and the latest comments (no emails). */
export async function GET() {
  const rows = await sql\`SELECT answers, submitted_at FROM responses ORDER BY submitted_at DESC LIMIT 10000\`;
  const responses = rows.map((row) => {
    const answers = typeof row.answers === 'string' ? JSON.parse(row.answers) : row.answers;
    return { ...answers, submittedAt: new Date(row.submitted_at as string).toISOString() };
  });
  return Response.json({ summary: summarise(QUESTIONS, responses) });
}

/** Stores a response: { answers: { [questionId]: value } }; a 400 names missing or wrong answers. */
export async function POST(request: Request) {
  const body = await readBody(request);
  const given = body && body.answers && typeof body.answers === 'object' && !Array.isArray(body.answers) ? (body.answers as Answers) : null;
  if (!given) return badRequest('Send the answers as JSON: { "answers": { … } }.');
  const answers: Answers = {};
  const missing: string[] = [];
  for (const question of QUESTIONS) {
    const value = given[question.id];
    const empty = value === undefined || value === null || (typeof value === 'string' && !value.trim()) || (Array.isArray(value) && value.length === 0);
    if (empty) {
      if (question.required) missing.push(question.id);
      continue;
    }
    const wrong = problem(question, value);
    if (wrong) return Response.json({ error: wrong, question: question.id }, { status: 400 });
    answers[question.id] = typeof value === 'string' ? value.trim() : Array.isArray(value) ? [...new Set(value)] : value;
  }
  if (missing.length > 0) {
    return Response.json({ error: 'Please answer every required question.', missing }, { status: 400 });
  }
  const [row] = await sql\`
    INSERT INTO responses (id, answers)
    VALUES (\${crypto.randomUUID()}, \${JSON.stringify(answers)}::jsonb)
    RETURNING id, submitted_at\`;
  return Response.json({ response: { id: String(row?.id), submittedAt: new Date(row?.submitted_at as string).toISOString() } }, { status: 201 });
}
`,
  );
}
