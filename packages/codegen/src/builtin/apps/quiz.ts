/**
 * The builtin QUIZ_TOOL: three trivia quizzes (space, world geography, science) of eight questions each —
 * pick a quiz, answer with instant feedback and an explanation, see the score with a review of every answer,
 * and put your name on the leaderboard. Scores live in the app's `quiz_scores` table behind `/api/scores`;
 * without a backend they stay in localStorage.
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

interface Quiz {
  id: string;
  title: string;
  icon: string;
  blurb: string;
  level: string;
  questions: { q: string; options: string[]; answer: number; why: string }[];
}

const QUIZZES: Quiz[] = [
  {
    id: 'space',
    title: 'Space & Astronomy',
    icon: 'Rocket',
    blurb: 'Planets, moons, galaxies and the people who went to see them.',
    level: 'Easy',
    questions: [
      {
        q: 'Which planet is known as the Red Planet?',
        options: ['Venus', 'Mars', 'Jupiter', 'Mercury'],
        answer: 1,
        why: 'Iron oxide (rust) in the dust on its surface gives Mars its colour.',
      },
      {
        q: 'What is the largest planet in our solar system?',
        options: ['Saturn', 'Neptune', 'Jupiter', 'Earth'],
        answer: 2,
        why: 'Jupiter is more than twice as massive as all the other planets put together.',
      },
      {
        q: 'Roughly how long does sunlight take to reach Earth?',
        options: ['8 minutes', '8 seconds', '8 hours', '1 day'],
        answer: 0,
        why: 'Light covers the 150 million km in about 8 minutes and 20 seconds.',
      },
      {
        q: 'Who was the first person to walk on the Moon?',
        options: ['Buzz Aldrin', 'Yuri Gagarin', 'Michael Collins', 'Neil Armstrong'],
        answer: 3,
        why: 'Neil Armstrong stepped onto the Moon on 20 July 1969, with Buzz Aldrin close behind.',
      },
      {
        q: 'What is the name of the galaxy we live in?',
        options: ['Andromeda', 'The Milky Way', 'Triangulum', 'The Sombrero'],
        answer: 1,
        why: 'Our Sun is one of a few hundred billion stars in the Milky Way.',
      },
      {
        q: 'Which planet has the most spectacular ring system?',
        options: ['Saturn', 'Uranus', 'Neptune', 'Mars'],
        answer: 0,
        why: 'All four giant planets have rings, but Saturn’s ice rings are by far the brightest.',
      },
      {
        q: 'What sits at the centre of the Milky Way?',
        options: ['A neutron star', 'A white dwarf', 'A supermassive black hole', 'Nothing at all'],
        answer: 2,
        why: 'Sagittarius A* is a black hole about four million times the mass of the Sun.',
      },
      {
        q: 'Which is the hottest planet in the solar system?',
        options: ['Mercury', 'Venus', 'Mars', 'Jupiter'],
        answer: 1,
        why: 'Venus’ thick carbon dioxide atmosphere traps heat: about 465 °C, hotter than Mercury.',
      },
    ],
  },
  {
    id: 'geography',
    title: 'World Geography',
    icon: 'Globe',
    blurb: 'Capitals, rivers, mountains and the odd surprising border.',
    level: 'Medium',
    questions: [
      {
        q: 'What is the capital of Australia?',
        options: ['Sydney', 'Melbourne', 'Canberra', 'Perth'],
        answer: 2,
        why: 'Canberra was built as a compromise between rivals Sydney and Melbourne.',
      },
      {
        q: 'Which is the largest ocean on Earth?',
        options: ['The Pacific', 'The Atlantic', 'The Indian', 'The Arctic'],
        answer: 0,
        why: 'The Pacific covers about a third of the planet’s surface.',
      },
      {
        q: 'Mount Kilimanjaro is in which country?',
        options: ['Kenya', 'Tanzania', 'Uganda', 'Ethiopia'],
        answer: 1,
        why: 'Kilimanjaro rises 5,895 m in north-east Tanzania, close to the Kenyan border.',
      },
      {
        q: 'Which river is usually called the longest in the world?',
        options: ['The Amazon', 'The Yangtze', 'The Mississippi', 'The Nile'],
        answer: 3,
        why: 'The Nile runs about 6,650 km, although some surveys put the Amazon close behind or ahead.',
      },
      {
        q: 'What is the smallest country in the world?',
        options: ['Monaco', 'Vatican City', 'San Marino', 'Liechtenstein'],
        answer: 1,
        why: 'Vatican City covers just 0.44 square kilometres inside Rome.',
      },
      {
        q: 'The Atacama, one of the driest deserts on Earth, is mostly in which country?',
        options: ['Chile', 'Peru', 'Mexico', 'Egypt'],
        answer: 0,
        why: 'Some weather stations in Chile’s Atacama have never recorded rain.',
      },
      {
        q: 'Which country has the largest population?',
        options: ['China', 'United States', 'India', 'Indonesia'],
        answer: 2,
        why: 'India overtook China in 2023 and has more than 1.4 billion people.',
      },
      {
        q: 'Which is the longest mountain range on land?',
        options: ['The Himalayas', 'The Rockies', 'The Alps', 'The Andes'],
        answer: 3,
        why: 'The Andes run about 7,000 km down the west side of South America.',
      },
    ],
  },
  {
    id: 'science',
    title: 'Science & Nature',
    icon: 'FlaskConical',
    blurb: 'Chemistry, biology and physics from the kitchen to the ocean floor.',
    level: 'Medium',
    questions: [
      {
        q: 'What is the chemical symbol for gold?',
        options: ['Ag', 'Au', 'Gd', 'Go'],
        answer: 1,
        why: 'Au comes from aurum, the Latin word for gold.',
      },
      {
        q: 'How many bones are in an adult human body?',
        options: ['186', '206', '226', '250'],
        answer: 1,
        why: 'Babies are born with around 300; many fuse together as we grow.',
      },
      {
        q: 'Which gas do plants take from the air for photosynthesis?',
        options: ['Oxygen', 'Nitrogen', 'Carbon dioxide', 'Hydrogen'],
        answer: 2,
        why: 'Plants turn carbon dioxide and water into sugar, releasing oxygen.',
      },
      {
        q: 'What is the hardest natural substance?',
        options: ['Diamond', 'Quartz', 'Granite', 'Titanium'],
        answer: 0,
        why: 'Diamond is carbon locked in a rigid crystal lattice.',
      },
      {
        q: 'At sea level, at what temperature does water boil?',
        options: ['90 °C', '110 °C', '120 °C', '100 °C'],
        answer: 3,
        why: 'Higher up, the air pressure is lower and water boils at a lower temperature.',
      },
      {
        q: 'Which part of a cell holds most of its DNA?',
        options: ['The nucleus', 'The ribosome', 'The cell membrane', 'The cytoplasm'],
        answer: 0,
        why: 'The nucleus keeps the chromosomes; mitochondria hold a small amount of DNA of their own.',
      },
      {
        q: 'What keeps the planets in orbit around the Sun?',
        options: ['Magnetism', 'Gravity', 'Solar wind', 'Friction'],
        answer: 1,
        why: 'The Sun holds 99.8% of the solar system’s mass, and its gravity holds the planets.',
      },
      {
        q: 'Which is the largest animal known to have ever lived?',
        options: ['Argentinosaurus', 'The African elephant', 'The blue whale', 'Megalodon'],
        answer: 2,
        why: 'Blue whales reach about 30 m and 150 tonnes, heavier than any known dinosaur.',
      },
    ],
  },
];

/** Leaderboard seed rows: player, quiz, score (of 8). */
const STARTER_SCORES: [string, string, number][] = [
  ['Maya', 'space', 7],
  ['Priya', 'science', 8],
  ['Leo', 'geography', 6],
  ['Tom', 'space', 5],
  ['Ana', 'geography', 8],
  ['Kenji', 'science', 6],
];

const SCORES: RecordSpec = {
  resource: 'scores',
  one: 'score',
  table: 'quiz_scores',
  fields: [
    { key: 'player', column: 'player', kind: 'text', label: 'your name', required: true, max: 40 },
    {
      key: 'quiz',
      column: 'quiz',
      kind: 'choice',
      label: 'the quiz',
      required: true,
      options: QUIZZES.map((q) => q.id),
    },
    { key: 'score', column: 'score', kind: 'int', label: 'the score', max: 50 },
    { key: 'total', column: 'total', kind: 'int', label: 'the number of questions', min: 1, max: 50 },
  ],
  orderBy: 'score::float / total DESC, created_at ASC',
  limit: 100,
};

/** The quizzes in the order a prompt suggests: one it names ("a quiz about geography") comes first. */
function orderedQuizzes(prompt: string): Quiz[] {
  const p = prompt.toLowerCase();
  const score = (q: Quiz) =>
    (q.id === 'space' && /space|planet|astronom|star|moon/.test(p)) ||
    (q.id === 'geography' && /geograph|capital|countr|world|travel/.test(p)) ||
    (q.id === 'science' && /science|chemistr|biolog|physic|nature/.test(p))
      ? 0
      : 1;
  return [...QUIZZES].sort((x, y) => score(x) - score(y));
}

/** Builds the quiz app. */
export function quizApp(ctx: AppContext): BuiltApp {
  const a = ctx.accent;
  const storageKey = `${slugKey(ctx.title)}.scores`;
  const quizzes = orderedQuizzes(ctx.prompt);
  const quizzesCode = `const QUIZZES = ${JSON.stringify(quizzes, null, 2).replace(/\n/g, '\n  ')};`;
  const starter = STARTER_SCORES.map(
    ([player, quiz, score], i) =>
      `      { id: 'seed-${i + 1}', player: ${jsString(player)}, quiz: '${quiz}', score: ${score}, total: 8, createdAt: ${i + 1} },`,
  ).join('\n');
  const starterFn = `  function starter() {
    return [
${starter}
    ];
  }`;

  const home = page(
    '',
    `
import { useEffect, useState } from 'react';
import { AlertCircle, ArrowRight, Brain, CheckCircle2, Loader2, RotateCcw, Trophy, XCircle } from 'lucide-react';
import AppHeader from '@/components/AppHeader';
import QuizCard from '@/components/QuizCard';
import QuestionCard from '@/components/QuestionCard';
import Leaderboard from '@/components/Leaderboard';

export default function HomePage() {
  ${quizzesCode}

${starterFn}

${recordsState(SCORES, storageKey)}

${documentTitleEffect(ctx.title)}

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
    <div className="min-h-screen bg-gradient-to-b from-${a}-50 via-white to-white text-slate-900">
      <AppHeader />
      <main className="mx-auto max-w-5xl px-4 pb-16 pt-8 sm:px-6 sm:pt-12">
        {phase === 'pick' && (
          <div className="grid gap-8 lg:grid-cols-[1fr_320px]">
            <section>
              <p className="inline-flex items-center gap-1.5 rounded-full bg-${a}-100 px-3 py-1 text-xs font-semibold uppercase tracking-wide text-${a}-700">
                <Brain className="h-3.5 w-3.5" aria-hidden="true" />
                {QUIZZES.length} quizzes · {QUIZZES.length * 8} questions
              </p>
              <h1 className="mt-3 text-3xl font-bold tracking-tight sm:text-4xl">${jsxText(ctx.title)}</h1>
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
                  <Trophy className="h-5 w-5 text-${a}-600" aria-hidden="true" />
                  Top scores
                </h2>
                ${loadingHint('Loading…')}
              </div>
              <Leaderboard scores={records} quizzes={QUIZZES} limit={5} compact />
              <a href="/leaderboard" className="mt-4 inline-flex items-center gap-1 text-sm font-medium text-${a}-700 hover:text-${a}-800">
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
              <span className="font-semibold text-${a}-700">Score {score}</span>
            </div>
            <QuestionCard quiz={quiz} question={question} index={index} chosen={chosen} onChoose={choose} />
            {chosen !== undefined && (
              <div className="mt-5 flex justify-end">
                <button
                  type="button"
                  onClick={next}
                  className="inline-flex items-center gap-2 rounded-xl bg-${a}-600 px-5 py-3 font-semibold text-white shadow-sm transition hover:bg-${a}-700"
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
              <p className="text-sm font-semibold uppercase tracking-wide text-${a}-600">{quiz.title}</p>
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
                    className="stroke-${a}-500"
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
                <p className="mt-4 inline-flex items-center gap-2 rounded-xl bg-${a}-50 px-4 py-2 text-sm font-medium text-${a}-700">
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
                    className="min-w-0 flex-1 rounded-xl border border-slate-200 bg-slate-50 px-4 py-2.5 focus:border-${a}-400 focus:bg-white focus:outline-none focus:ring-4 focus:ring-${a}-100"
                  />
                  <button
                    type="submit"
                    disabled={!player.trim()}
                    className="inline-flex items-center justify-center gap-1.5 rounded-xl bg-${a}-600 px-4 py-2.5 text-sm font-semibold text-white hover:bg-${a}-700 disabled:opacity-50"
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
${NOTICE_TOAST}
    </div>
  );
}
`,
  );

  const board = page(
    'leaderboard',
    `
import { useEffect, useState } from 'react';
import { AlertCircle, Loader2, Trophy } from 'lucide-react';
import AppHeader from '@/components/AppHeader';
import Leaderboard from '@/components/Leaderboard';

export default function LeaderboardPage() {
  const QUIZZES = ${JSON.stringify(quizzes.map((q) => ({ id: q.id, title: q.title, icon: q.icon })))};

${starterFn}

${recordsState(SCORES, storageKey)}

  const [filter, setFilter] = useState('all');
  const shown = filter === 'all' ? records : records.filter((r) => r.quiz === filter);
  const tabs = [{ id: 'all', title: 'All quizzes' }, ...QUIZZES];

  return (
    <div className="min-h-screen bg-gradient-to-b from-${a}-50 via-white to-white text-slate-900">
      <AppHeader />
      <main className="mx-auto max-w-3xl px-4 pb-16 pt-8 sm:px-6 sm:pt-12">
        <p className="inline-flex items-center gap-1.5 rounded-full bg-${a}-100 px-3 py-1 text-xs font-semibold uppercase tracking-wide text-${a}-700">
          <Trophy className="h-3.5 w-3.5" aria-hidden="true" />
          Hall of fame
        </p>
        <h1 className="mt-3 text-3xl font-bold tracking-tight">Leaderboard</h1>
        <p className="mt-2 text-slate-600">The best results across every quiz, highest percentage first.</p>
        <div className="mt-6 flex flex-wrap items-center gap-3">
          <div className="flex flex-wrap gap-1 rounded-xl bg-slate-100 p-1" role="tablist" aria-label="Quiz">
            {tabs.map((t) => (
              <button
                key={t.id}
                type="button"
                role="tab"
                aria-selected={filter === t.id}
                onClick={() => setFilter(t.id)}
                className={filter === t.id ? 'rounded-lg bg-white px-3 py-1.5 text-sm font-medium text-${a}-700 shadow-sm' : 'rounded-lg px-3 py-1.5 text-sm font-medium text-slate-600 hover:text-slate-900'}
              >
                {t.title}
              </button>
            ))}
          </div>
          ${loadingHint('Loading scores…')}
        </div>
        <div className="mt-4 rounded-3xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
          <Leaderboard scores={shown} quizzes={QUIZZES} limit={20} />
        </div>
        <p className="mt-8 text-center text-xs text-slate-400">
          {source === 'server' ? "Scores are saved in the app's database." : source === 'local' ? 'Scores are saved in this browser.' : ''}
        </p>
      </main>
${NOTICE_TOAST}
    </div>
  );
}
`,
  );

  const quizCard = component(
    'QuizCard',
    `
import { ArrowRight, FlaskConical, Globe, HelpCircle, Rocket, Trophy } from 'lucide-react';

const ICONS = { Rocket, Globe, FlaskConical };

export default function QuizCard(props) {
  const { quiz, best, onStart } = props;
  const Icon = ICONS[quiz.icon] || HelpCircle;
  return (
    <article className="group flex flex-col rounded-3xl border border-slate-200 bg-white p-5 shadow-sm transition hover:-translate-y-0.5 hover:border-${a}-200 hover:shadow-md">
      <div className="flex items-start justify-between gap-3">
        <span className="flex h-12 w-12 items-center justify-center rounded-2xl bg-${a}-100 text-${a}-700">
          <Icon className="h-6 w-6" aria-hidden="true" />
        </span>
        <span className="rounded-full bg-slate-100 px-2.5 py-1 text-xs font-medium text-slate-600">{quiz.level}</span>
      </div>
      <h2 className="mt-4 text-lg font-semibold">{quiz.title}</h2>
      <p className="mt-1 flex-1 text-sm text-slate-600">{quiz.blurb}</p>
      <div className="mt-4 flex items-center justify-between gap-3">
        <span className="inline-flex items-center gap-1 text-xs text-slate-500">
          <Trophy className="h-3.5 w-3.5" aria-hidden="true" />
          {best ? 'Best: ' + best.score + '/' + best.total + ' by ' + best.player : quiz.questions.length + ' questions'}
        </span>
        <button
          type="button"
          onClick={onStart}
          aria-label={'Start ' + quiz.title}
          className="inline-flex items-center gap-1.5 rounded-xl bg-${a}-600 px-3.5 py-2 text-sm font-semibold text-white shadow-sm transition hover:bg-${a}-700"
        >
          Start
          <ArrowRight className="h-4 w-4" aria-hidden="true" />
        </button>
      </div>
    </article>
  );
}
`,
  );

  const questionCard = component(
    'QuestionCard',
    `
import { CheckCircle2, Lightbulb, XCircle } from 'lucide-react';

export default function QuestionCard(props) {
  const { quiz, question, index, chosen, onChoose } = props;
  const total = quiz.questions.length;
  const answered = chosen !== undefined;
  const letters = ['A', 'B', 'C', 'D'];

  return (
    <section className="rounded-3xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8" aria-live="polite">
      <div className="flex items-center justify-between text-sm text-slate-500">
        <span>{quiz.title}</span>
        <span>Question {index + 1} of {total}</span>
      </div>
      <div className="mt-3 h-2 overflow-hidden rounded-full bg-slate-100">
        <div className="h-full rounded-full bg-${a}-500 transition-all duration-500" style={{ width: ((index + (answered ? 1 : 0)) / total) * 100 + '%' }} />
      </div>
      <h1 className="mt-6 text-xl font-semibold sm:text-2xl">{question.q}</h1>
      <div className="mt-6 grid gap-3 sm:grid-cols-2">
        {question.options.map((option, i) => {
          const isAnswer = i === question.answer;
          const isChosen = i === chosen;
          let style = 'border-slate-200 bg-white hover:border-${a}-300 hover:bg-${a}-50';
          if (answered && isAnswer) style = 'border-green-500 bg-green-50 text-green-900';
          else if (answered && isChosen) style = 'border-red-400 bg-red-50 text-red-900';
          else if (answered) style = 'border-slate-200 bg-white opacity-60';
          return (
            <button
              key={option}
              type="button"
              disabled={answered}
              onClick={() => onChoose(i)}
              className={'flex items-center gap-3 rounded-2xl border-2 px-4 py-3 text-left font-medium transition ' + style}
            >
              <span aria-hidden="true" className="flex h-8 w-8 shrink-0 items-center justify-center rounded-lg bg-slate-100 text-sm font-semibold text-slate-600">{letters[i]}</span>
              <span className="flex-1">{option}</span>
              {answered && isAnswer && <CheckCircle2 className="h-5 w-5 text-green-600" aria-hidden="true" />}
              {answered && isChosen && !isAnswer && <XCircle className="h-5 w-5 text-red-500" aria-hidden="true" />}
            </button>
          );
        })}
      </div>
      {answered && (
        <div className={chosen === question.answer ? 'mt-5 rounded-2xl bg-green-50 p-4 text-sm text-green-900' : 'mt-5 rounded-2xl bg-amber-50 p-4 text-sm text-amber-900'}>
          <p className="flex items-center gap-2 font-semibold">
            <Lightbulb className="h-4 w-4" aria-hidden="true" />
            {chosen === question.answer ? 'Correct!' : 'Not quite: it is ' + question.options[question.answer] + '.'}
          </p>
          <p className="mt-1">{question.why}</p>
        </div>
      )}
    </section>
  );
}
`,
  );

  const leaderboard = component(
    'Leaderboard',
    `
import { Medal } from 'lucide-react';

export default function Leaderboard(props) {
  const { scores, quizzes, limit, compact } = props;
  const names = Object.fromEntries(quizzes.map((q) => [q.id, q.title]));
  const ranked = scores
    .slice()
    .sort((x, y) => y.score / y.total - x.score / x.total || x.createdAt - y.createdAt)
    .slice(0, limit);
  const medals = ['text-amber-500', 'text-slate-400', 'text-orange-700'];

  if (ranked.length === 0) {
    return <p className="py-6 text-center text-sm text-slate-500">No scores yet. Finish a quiz to be first!</p>;
  }
  return (
    <ol className={compact ? 'mt-3 divide-y divide-slate-100' : 'divide-y divide-slate-100'}>
      {ranked.map((s, i) => (
        <li key={s.id} className="flex items-center gap-3 py-2.5">
          <span className="flex w-7 justify-center text-sm font-semibold text-slate-400">
            {i < 3 ? <Medal className={'h-5 w-5 ' + medals[i]} aria-label={'Rank ' + (i + 1)} /> : i + 1}
          </span>
          <div className="min-w-0 flex-1">
            <p className="truncate font-medium">{s.player}</p>
            <p className="truncate text-xs text-slate-500">{names[s.quiz] || s.quiz}</p>
          </div>
          <span className="rounded-full bg-${a}-50 px-2.5 py-1 text-sm font-semibold text-${a}-700">{s.score}/{s.total}</span>
        </li>
      ))}
    </ol>
  );
}
`,
  );

  return {
    migrations: [
      {
        name: 'create_quiz_scores',
        sql: recordsTableSql(
          SCORES,
          STARTER_SCORES.map(([player, quiz, score]) => [
            sqlValue(player),
            sqlValue(quiz),
            String(score),
            '8',
          ]),
        ),
      },
    ],
    modules: [
      ...recordRoutes(SCORES),
      home,
      board,
      appHeader(ctx, {
        icon: 'Brain',
        links: [
          { href: '/', label: 'Quizzes' },
          { href: '/leaderboard', label: 'Leaderboard' },
        ],
      }),
      quizCard,
      questionCard,
      leaderboard,
    ],
    plan: [
      `Build "${ctx.title}", a trivia quiz app with a leaderboard.`,
      `- Three quizzes of eight questions (${quizzes.map((q) => q.title).join(', ')}), each answer explained.`,
      '- Table `quiz_scores` (id, player, quiz, score, total, created_at) with six starter scores.',
      '- Function `/api/scores`: GET the best results first, POST a checked score.',
      '- Page `/`: quiz cards, then one question at a time with instant feedback and progress, then the score ring, a review of every answer and "save my score".',
      '- Page `/leaderboard`: every score, filtered by quiz.',
      `- Components: AppHeader, QuizCard, QuestionCard, Leaderboard. Without a backend scores stay in localStorage; ${a} accent.`,
    ].join('\n'),
    summary: [
      `I built **${ctx.title}**: three trivia quizzes (${quizzes.map((q) => q.title).join(', ')}) of eight questions each. Every answer is marked at once with a short explanation, and the end screen shows your score, reviews each question and lets you save your name to the leaderboard.`,
      '',
      "Scores are stored in the app's database (table `quiz_scores`, through the function `/api/scores`) and listed on the Leaderboard page. Opened without its backend, the app keeps them in the browser instead.",
    ].join('\n'),
    choices: [
      `change the colour to ${otherHue(ctx.accent, 'teal', 'indigo')}`,
      `rename the app to ${otherName(ctx.title, 'Brain Busters', 'Trivia Night')}`,
      'add a page called About',
    ],
  };
}
