/**
 * The builtin SURVEY_TOOL and FEEDBACK_TOOL: a one-page form of rating, 0–10, single-choice, multi-choice
 * and open questions with a progress bar and validation, responses saved in localStorage, and a results
 * page that aggregates them (average rating, NPS, answer distributions, latest comments).
 * @module
 */
import { jsString, jsxText } from '../format.ts';
import { type AppContext, appHeader, type BuiltApp, component, documentTitleEffect, page } from './shared.ts';
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

function questionsCode(questions: Question[]): string {
  const lines = questions.map((q) => {
    const opts = 'options' in q ? `, options: [${q.options.map(jsString).join(', ')}]` : '';
    return `    { id: ${jsString(q.id)}, type: ${jsString(q.type)}, label: ${jsString(q.label)}, required: ${q.required}${opts} },`;
  });
  return `  const questions = [\n${lines.join('\n')}\n  ];`;
}

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
import { CheckCircle2, Send } from 'lucide-react';
import AppHeader from '@/components/AppHeader';
import SurveyQuestion from '@/components/SurveyQuestion';

export default function HomePage() {
  const storageKey = ${jsString(key)};
${questionsCode(questions)}
  const [answers, setAnswers] = useState({});
  const [missing, setMissing] = useState([]);
  const [sent, setSent] = useState(false);

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

  function handleSubmit(event) {
    event.preventDefault();
    const notAnswered = questions.filter((q) => q.required && !isAnswered(q)).map((q) => q.id);
    setMissing(notAnswered);
    if (notAnswered.length > 0) {
      document.getElementById('q-' + notAnswered[0])?.scrollIntoView({ behavior: 'smooth', block: 'center' });
      return;
    }
    try {
      const saved = JSON.parse(window.localStorage.getItem(storageKey) || '[]');
      window.localStorage.setItem(storageKey, JSON.stringify([{ ...answers, submittedAt: new Date().toISOString() }, ...saved]));
    } catch {
      // Saving is best effort; the thank-you still shows.
    }
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
            <button
              type="submit"
              className="mt-6 inline-flex w-full items-center justify-center gap-2 rounded-xl bg-${a}-600 px-6 py-3.5 font-semibold text-white shadow-lg shadow-${a}-600/20 hover:bg-${a}-700 sm:w-auto"
            >
              <Send className="h-4 w-4" aria-hidden="true" />
              Submit
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
import { useState } from 'react';
import { BarChart3, MessageSquare, Star, ThumbsUp, Users } from 'lucide-react';
import AppHeader from '@/components/AppHeader';
import ResultBar from '@/components/ResultBar';

export default function ResultsPage() {
  const storageKey = ${jsString(key)};
${questionsCode(questions)}
  const [responses] = useState(() => {
    if (typeof window === 'undefined') return [];
    try {
      return JSON.parse(window.localStorage.getItem(storageKey) || '[]');
    } catch {
      return [];
    }
  });

  const total = responses.length;
  const rating = questions.find((q) => q.type === 'rating');
  const ratings = rating ? responses.map((r) => r[rating.id]).filter((v) => typeof v === 'number') : [];
  const average = ratings.length ? (ratings.reduce((s, v) => s + v, 0) / ratings.length).toFixed(1) : '–';
  const nps = questions.find((q) => q.type === 'nps');
  const scores = nps ? responses.map((r) => r[nps.id]).filter((v) => typeof v === 'number') : [];
  const npsScore = scores.length
    ? Math.round(((scores.filter((s) => s >= 9).length - scores.filter((s) => s <= 6).length) / scores.length) * 100)
    : null;
  const texts = questions
    .filter((q) => q.type === 'text')
    .flatMap((q) => responses.map((r) => ({ text: r[q.id], at: r.submittedAt })))
    .filter((t) => t.text && String(t.text).trim())
    .slice(0, 10);

  const cards = [
    { icon: Users, label: 'Responses', value: String(total) },
    { icon: Star, label: 'Average rating', value: average === '–' ? '–' : average + ' / 5' },
    npsScore === null
      ? { icon: MessageSquare, label: 'Comments', value: String(texts.length) }
      : { icon: ThumbsUp, label: 'Net Promoter Score', value: String(npsScore) },
  ];

  return (
    <div className="min-h-screen bg-slate-50 text-slate-900">
      <AppHeader />
      <main className="mx-auto max-w-4xl px-4 py-10 sm:px-6 sm:py-14">
        <h1 className="text-3xl font-bold tracking-tight">Results</h1>
        <p className="mt-1 text-slate-600">Live summary of the responses collected in this browser.</p>
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

        {total === 0 ? (
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
                        count={responses.filter((r) => (Array.isArray(r[q.id]) ? r[q.id].includes(option) : r[q.id] === option)).length}
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
    modules: [
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
      '- Page `/`: the questions (rating, choices, open text) with progress and validation.',
      '- Page `/results`: response count, average rating, answer distributions and latest comments.',
      '- Components: AppHeader, SurveyQuestion, ResultBar. Responses persist in localStorage.',
    ].join('\n'),
    summary: [
      `I built **${ctx.title}**: a ${feedback ? 'feedback form' : 'survey'} with ${questions.length} questions, validation and a progress bar, plus a Results page that summarises every response saved in your browser.`,
      '',
      'Try next: "change the colour to indigo", "rename the app to Guest Feedback", or "add a page called About".',
    ].join('\n'),
  };
}
