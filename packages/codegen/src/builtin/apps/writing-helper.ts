/**
 * The builtin AI_TOOL (`templates/writing-helper/`, its two sample texts in `data/samples.json`): an offline writing helper. Paste or write text and see its numbers (words, sentences,
 * reading and speaking time), readability (Flesch reading ease and grade level), tone hints (long sentences,
 * passive voice, hedges, adverbs, exclamation marks, how formal and how upbeat it reads) and a summary made by
 * ranking sentences on the words the text uses most. It runs in the browser with no model and no network,
 * and says so; the draft is kept in localStorage.
 * @module
 */

import { jsString } from '../format.ts';
import { appVars, templateData, templateModules } from '../templates.ts';
import { type AppContext, appHeader, type BuiltApp, otherHue } from './shared.ts';

const APP = 'writing-helper';
const SAMPLES = templateData<{ meeting: string; draft: string }>('writing-helper/data/samples.json');

/** Builds the writing helper. */
export function writingHelperApp(ctx: AppContext): BuiltApp {
  const a = ctx.accent;
  const meeting = /\b(meeting|transcripts?|minutes|calls?)\b/i.test(ctx.prompt);
  const vars = {
    ...appVars(ctx),
    sample: jsString(meeting ? SAMPLES.meeting : SAMPLES.draft),
    heading: meeting ? 'Summarise and polish your meeting notes' : 'Make your writing clearer',
  };

  return {
    modules: [
      ...templateModules(APP, ['app/page.tsx'], vars),
      appHeader(ctx, { icon: 'Sparkles', links: [{ href: '/', label: 'Write' }], maxWidth: 'max-w-6xl' }),
      ...templateModules(
        APP,
        ['components/SummaryPanel.tsx', 'components/ReadabilityCard.tsx', 'components/ToneHints.tsx'],
        vars,
      ),
    ],
    plan: [
      `Build "${ctx.title}", an offline writing helper${meeting ? ' for meeting notes' : ''}.`,
      '- No model, no network, no database: every result is computed in the browser from the text, and the page says so.',
      '- Page `/`: a text editor with a sample, counts (words, sentences, reading and speaking time), a summary from ranked sentences with a length slider and key terms, a readability card (Flesch reading ease, grade level) and tone hints (long sentences, passive voice, hedges, adverbs, exclamation marks, mood and formality).',
      `- Components: AppHeader, SummaryPanel, ReadabilityCard, ToneHints. The draft is kept in localStorage; ${a} accent.`,
    ].join('\n'),
    summary: [
      `I built **${ctx.title}**: paste ${meeting ? 'a meeting transcript or notes' : 'any text'} and get a summary of its key sentences (choose how many), key terms, a readability score with grade level, and tone hints such as long sentences, passive voice and hedge words, updated as you type. Word count, reading time and speaking time sit under the editor.`,
      '',
      'It works offline without a language model: the summary ranks sentences by the words the text uses most, and the scores are standard formulas. Your draft stays in the browser.',
    ].join('\n'),
    choices: [`make it ${otherHue(ctx.accent, 'teal', 'violet')}`, 'add sign-in', 'add a page called About'],
  };
}
