/**
 * The builtin QUIZ_TOOL: three trivia quizzes (space, world geography, science) of eight questions each —
 * pick a quiz, answer with instant feedback and an explanation, see the score with a review of every answer,
 * and put your name on the leaderboard. Scores live in the app's `quiz_scores` table behind `/api/scores`;
 * without a backend they stay in localStorage.
 * Template files: `templates/quiz/`.
 * @module
 */
import { appVars, templateData, templateMigration, templateModules } from '../templates.ts';
import { type AppContext, appHeader, type BuiltApp, otherHue, otherName } from './shared.ts';

const APP = 'quiz';

interface Quiz {
  id: string;
  title: string;
  icon: string;
  blurb: string;
  level: string;
  questions: { q: string; options: string[]; answer: number; why: string }[];
}

/** The three quizzes (`templates/quiz/data/quizzes.json`). */
const QUIZZES = templateData<Quiz[]>('quiz/data/quizzes.json');

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
  const quizzes = orderedQuizzes(ctx.prompt);
  const vars = {
    ...appVars(ctx),
    record: 'score',
    quizzes: JSON.stringify(quizzes, null, 2).replace(/\n/g, '\n  '),
    quizTabs: JSON.stringify(quizzes.map((q) => ({ id: q.id, title: q.title, icon: q.icon }))),
  };
  return {
    migrations: [templateMigration(APP, 'create_quiz_scores', vars)],
    modules: [
      ...templateModules(APP, ['app/api/scores/route.ts', 'app/page.tsx', 'app/leaderboard/page.tsx'], vars),
      appHeader(ctx, {
        icon: 'Brain',
        links: [
          { href: '/', label: 'Quizzes' },
          { href: '/leaderboard', label: 'Leaderboard' },
        ],
      }),
      ...templateModules(
        APP,
        ['components/QuizCard.tsx', 'components/QuestionCard.tsx', 'components/Leaderboard.tsx'],
        vars,
      ),
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
