/**
 * The builtin SURVEY_TOOL and FEEDBACK_TOOL (`templates/survey/`, questions in `data/questions.json`): a one-page form of rating, 0–10, single-choice, multi-choice
 * and open questions with a progress bar and validation, and a results page that aggregates the responses
 * (average rating, NPS, answer distributions, latest comments). With a backend, responses are stored in the
 * app's `responses` table through `POST /api/responses` (checked against the questions) and
 * `GET /api/responses` gives the summary (never an email address); without one they stay in localStorage and
 * the page summarises them itself, with the same code.
 * @module
 */

import { jsString, jsxText } from '../format.ts';
import { appVars, templateData, templateMigration, templateModules } from '../templates.ts';
import { type AppContext, appHeader, type BuiltApp, otherHue, otherName } from './shared.ts';

const APP = 'survey';

type Question =
  | { id: string; type: 'rating' | 'nps' | 'text' | 'email'; label: string; required: boolean }
  | { id: string; type: 'choice' | 'multi'; label: string; required: boolean; options: string[] };

const QUESTIONS = templateData<{ survey: Question[]; feedback: Question[] }>('survey/data/questions.json');

/** The question list's lines, as the page (`indent` '    ') and the route ('  ') declare it. */
function questionLines(questions: Question[], indent: string): string {
  return questions
    .map((q) => {
      const opts = 'options' in q ? `, options: [${q.options.map(jsString).join(', ')}]` : '';
      return `${indent}{ id: ${jsString(q.id)}, type: ${jsString(q.type)}, label: ${jsString(q.label)}, required: ${q.required}${opts} },`;
    })
    .join('\n');
}

/** Builds the survey (SURVEY_TOOL) or feedback (FEEDBACK_TOOL) app. */
export function surveyApp(ctx: AppContext): BuiltApp {
  const feedback = ctx.appType === 'FEEDBACK_TOOL';
  const questions = feedback ? QUESTIONS.feedback : QUESTIONS.survey;
  const intro = feedback
    ? 'We read every message. Tell us how we did. It takes about a minute.'
    : 'Five quick questions, about two minutes. Your answers help us get better.';
  const vars = {
    ...appVars(ctx),
    intro: jsxText(intro),
    questions: questionLines(questions, '    '),
    questionsTop: questionLines(questions, '  '),
  };
  return {
    migrations: [templateMigration(APP, 'create_responses', vars)],
    modules: [
      ...templateModules(APP, ['app/api/responses/route.ts', 'app/page.tsx', 'app/results/page.tsx'], vars),
      appHeader(ctx, {
        icon: feedback ? 'MessageSquareHeart' : 'ClipboardList',
        links: [
          { href: '/', label: feedback ? 'Give feedback' : 'Survey' },
          { href: '/results', label: 'Results' },
        ],
        maxWidth: 'max-w-4xl',
      }),
      ...templateModules(APP, ['components/SurveyQuestion.tsx', 'components/ResultBar.tsx'], vars),
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
