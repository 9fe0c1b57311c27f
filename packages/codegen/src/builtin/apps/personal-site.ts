/**
 * The builtin PERSONAL_WEBSITE and PORTFOLIO_WEBSITE (`templates/personal-site/`): a home page, a projects page with category filters
 * and a contact page with a working form (messages stored in the app's `messages` table through
 * `POST /api/messages`, or in the browser without a backend), sharing a header, a footer and project cards.
 * @module
 */

import { jsxText } from '../format.ts';
import { appVars, slugKey, templateMigration, templateModules } from '../templates.ts';
import { type AppContext, appHeader, type BuiltApp, otherHue, otherName } from './shared.ts';

const APP = 'personal-site';

const ROLES: [RegExp, string][] = [
  [/photograph/i, 'Photographer'],
  [/illustrat/i, 'Illustrator'],
  [/architect/i, 'Architect'],
  [/writer|author|copywrit/i, 'Writer'],
  [/develop|engineer|programm|coder/i, 'Software engineer'],
  [/product designer|ux|ui designer/i, 'Product designer'],
  [/design/i, 'Designer'],
  [/music|band|singer/i, 'Musician'],
  [/coach|consult/i, 'Consultant'],
];

/** Builds a personal website (`variant` personal) or a portfolio (`variant` portfolio). */
export function personalSiteApp(ctx: AppContext): BuiltApp {
  const a = ctx.accent;
  const portfolio = ctx.appType === 'PORTFOLIO_WEBSITE';
  const role =
    ROLES.find(([re]) => re.test(ctx.prompt))?.[1] ?? (portfolio ? 'Designer' : 'Product designer');
  const initials =
    ctx.title
      .split(/\s+/)
      .map((w) => w[0] ?? '')
      .join('')
      .slice(0, 2)
      .toUpperCase() || 'ME';
  const headline = portfolio
    ? 'Design that makes ideas impossible to ignore.'
    : `Hi, I'm ${ctx.title.split(' ')[0]}. I make calm, useful things for the web.`;
  const intro = portfolio
    ? `${role} working with founders, studios and nonprofits on brands, websites and products.`
    : `${role} with ten years of experience turning messy problems into simple products people enjoy using.`;

  const vars = {
    ...appVars(ctx),
    headline: jsxText(headline),
    intro: jsxText(intro),
    initials: jsxText(initials),
    emailName: slugKey(ctx.title).replace(/-/g, ''),
  };

  return {
    migrations: [templateMigration(APP, 'create_messages', vars)],
    modules: [
      ...templateModules(
        APP,
        ['app/api/messages/route.ts', 'app/page.tsx', 'app/projects/page.tsx', 'app/contact/page.tsx'],
        vars,
      ),
      appHeader(ctx, {
        icon: portfolio ? 'Briefcase' : 'User',
        links: [
          { href: '/', label: 'Home' },
          { href: '/projects', label: 'Projects' },
          { href: '/contact', label: 'Contact' },
        ],
      }),
      ...templateModules(
        APP,
        ['components/ProjectCard.tsx', 'components/ContactForm.tsx', 'components/SiteFooter.tsx'],
        vars,
      ),
    ],
    plan: [
      `Build "${ctx.title}", a ${portfolio ? 'portfolio' : 'personal website'} for a ${role.toLowerCase()}.`,
      '- Pages: `/` (hero, highlights, selected work, testimonial), `/projects` (filterable), `/contact` (working form).',
      '- Table `messages` and the function `/api/messages` (POST, validated) for the contact form.',
      '- Components: AppHeader, ProjectCard, ContactForm, SiteFooter.',
      `- ${a} accent; without a backend, messages from the form are kept in localStorage.`,
    ].join('\n'),
    summary: [
      `I built **${ctx.title}**: a home page, a projects page you can filter by category, and a contact page with a working form whose messages are stored in the app's database (table \`messages\`).`,
    ].join('\n'),
    choices: [
      `change the colour to ${otherHue(ctx.accent, 'teal', 'violet')}`,
      `rename the site to ${otherName(ctx.title, 'Jane Doe Design', 'Alex Morgan Studio')}`,
      'add a page called Blog',
    ],
  };
}
