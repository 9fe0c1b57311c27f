/**
 * The themed starter (`templates/starter/`) for app types without a complete builtin app: a landing page and an about page with
 * a hero, features relevant to the type, a how-it-works section and a call to action.
 * @module
 */

import { jsString, jsxText } from '../format.ts';
import { appVars, templateModules } from '../templates.ts';
import { type AppContext, appHeader, type BuiltApp, otherHue, otherName } from './shared.ts';
import { STARTER_CONTENT } from './starter-content.ts';

const APP = 'starter';

/** Builds the themed starter for `ctx.appType`. */
export function starterApp(ctx: AppContext): BuiltApp {
  const a = ctx.accent;
  const c = STARTER_CONTENT[ctx.appType];
  const icons = [...new Set([c.icon, ...c.features.map((f) => f.icon), 'ArrowRight', 'Check'])].sort();
  const features = c.features
    .map((f) => `    { icon: ${f.icon}, title: ${jsString(f.title)}, text: ${jsString(f.text)} },`)
    .join('\n');
  const steps = c.steps.map((s) => `    ${jsString(s)},`).join('\n');
  const vars = {
    ...appVars(ctx),
    iconImport: `import { ${icons.join(', ')} } from 'lucide-react';`,
    KilnIcon: c.icon,
    features,
    steps,
    facts: c.about.facts
      .map((f) => `    { label: ${jsString(f.label)}, value: ${jsString(f.value)} },`)
      .join('\n'),
    eyebrow: jsxText(c.eyebrow),
    tagline: jsxText(c.tagline),
    cta: jsxText(c.cta),
    featuresHeading: jsxText(c.featuresHeading),
    closingHeading: jsxText(c.closingHeading),
    closingText: jsxText(c.closingText),
    aboutHeading: jsxText(c.about.heading),
    aboutText: jsxText(c.about.text),
  };
  return {
    modules: [
      ...templateModules(APP, ['app/page.tsx', 'app/about/page.tsx'], vars),
      appHeader(ctx, {
        icon: c.icon,
        links: [
          { href: '/', label: 'Home' },
          { href: '/about', label: 'About' },
        ],
      }),
      ...templateModules(APP, ['components/FeatureCard.tsx'], vars),
    ],
    plan: [
      `Build "${ctx.title}", a starter for a ${c.noun}.`,
      '- Page `/`: hero, features, how it works, call to action. Page `/about`: the story and key facts.',
      '- Components: AppHeader (navigation), FeatureCard.',
      `- ${a} accent, Tailwind, lucide-react icons.`,
    ].join('\n'),
    summary: [
      `I set up **${ctx.title}**, a starting point for a ${c.noun}: a landing page with the key features and an about page.`,
      '',
      `The builtin generator builds this type as a themed starter; for the full ${c.noun} with working features, connect a language model (for example \`KILN_MODEL=openai:gpt-4o-mini\`). You can still change the colour, rename the app or add pages here.`,
    ].join('\n'),
    choices: [
      `make it ${otherHue(ctx.accent, 'teal', 'indigo')}`,
      `rename the app to ${otherName(ctx.title, 'Nova', 'Orbit')}`,
      'add a page called Contact',
    ],
  };
}
