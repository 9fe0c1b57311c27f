/**
 * The builtin TRANSLATION_TOOL: an offline phrasebook translator between English, Spanish, French, German,
 * Italian and Portuguese. Whole phrases from the phrasebook translate exactly; other text goes word by word
 * from a small dictionary, with unknown words marked, and the page says which it did. A Phrasebook page
 * lists every phrase by topic. Saved translations and the chosen languages are kept in the browser; there
 * is no translation service and no database.
 * Template files: `templates/translate/` (the phrasebook and word list are written out in the pages).
 * @module
 */
import { jsString } from '../format.ts';
import { appVars, templateModules } from '../templates.ts';
import { type AppContext, appHeader, type BuiltApp, otherHue, otherName } from './shared.ts';

const APP = 'translate';

/** How many phrases and words the pages' phrasebook (`PHRASES`) and word list (`WORDS`) hold. */
const PHRASE_COUNT = 36;
const WORD_COUNT = 56;

const LANGUAGES: [code: string, name: string][] = [
  ['en', 'English'],
  ['es', 'Spanish'],
  ['fr', 'French'],
  ['de', 'German'],
  ['it', 'Italian'],
  ['pt', 'Portuguese'],
];

/** The source and target languages a prompt names ("translate English to Spanish"), English → Spanish by default. */
export function languagesFromPrompt(prompt: string): { from: string; to: string } {
  const found = LANGUAGES.map(([code, name]) => ({
    code,
    at: prompt.toLowerCase().indexOf(name.toLowerCase()),
  }))
    .filter((l) => l.at >= 0)
    .sort((x, y) => x.at - y.at)
    .map((l) => l.code);
  if (found.length >= 2) return { from: found[0] ?? 'en', to: found[1] ?? 'es' };
  if (found.length === 1 && found[0] !== 'en') return { from: 'en', to: found[0] ?? 'es' };
  return { from: 'en', to: 'es' };
}

/** Builds the translation tool. */
export function translateApp(ctx: AppContext): BuiltApp {
  const a = ctx.accent;
  const { from, to } = languagesFromPrompt(ctx.prompt);
  const vars = {
    ...appVars(ctx),
    from: jsString(from),
    to: jsString(to),
    language: jsString(to === 'en' ? from : to),
  };
  const fromName = LANGUAGES.find(([c]) => c === from)?.[1] ?? 'English';
  const toName = LANGUAGES.find(([c]) => c === to)?.[1] ?? 'Spanish';
  return {
    modules: [
      ...templateModules(APP, ['app/page.tsx', 'app/phrasebook/page.tsx'], vars),
      appHeader(ctx, {
        icon: 'Languages',
        links: [
          { href: '/', label: 'Translate' },
          { href: '/phrasebook', label: 'Phrasebook' },
        ],
      }),
      ...templateModules(APP, ['components/LanguageSelect.tsx', 'components/PhraseCard.tsx'], vars),
    ],
    plan: [
      `Build "${ctx.title}", an offline translator (${fromName} → ${toName} to start).`,
      `- No network and no database: a phrasebook of ${PHRASE_COUNT} everyday phrases and ${WORD_COUNT} common words in English, Spanish, French, German, Italian and Portuguese, inside the page.`,
      '- Page `/`: two language pickers with swap, text in, translation out (whole phrases exactly, other text word by word with unknown words marked, and a label saying which), "did you mean" phrases, copy, and saved translations.',
      '- Page `/phrasebook`: every phrase by topic in the chosen language, with search and copy.',
      `- Components: AppHeader, LanguageSelect, PhraseCard. Saved translations in localStorage; ${a} accent.`,
    ].join('\n'),
    summary: [
      `I built **${ctx.title}**: type in ${fromName} and get ${toName} (or any pair of English, Spanish, French, German, Italian and Portuguese; swap with one tap). Star translations to keep them, and browse the Phrasebook by topic: greetings, getting around, food and drink, shopping and emergencies.`,
      '',
      'It works offline with a built-in phrasebook, not a translation service: known phrases translate exactly, anything else goes word by word and the page labels it as approximate, marking the words it does not know. Saved translations stay in the browser.',
    ].join('\n'),
    choices: [
      `make it ${otherHue(ctx.accent, 'emerald', 'cyan')}`,
      `rename the app to ${otherName(ctx.title, 'Wordly', 'Phrasebook')}`,
      'make a mobile version',
    ],
  };
}
