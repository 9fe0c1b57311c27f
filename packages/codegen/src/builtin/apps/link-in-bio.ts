/**
 * The builtin LINK_IN_BIO app kind (`templates/link-in-bio/`): one profile page with a list of link buttons (click counts kept in
 * localStorage), a latest-highlight card and an email sign-up, plus a LinkButton component. Sign-ups go to
 * the app's `subscribers` table through `POST /api/subscribers` (one per email); without a backend they are
 * kept in localStorage, as before.
 * @module
 */

import { jsxText } from '../format.ts';
import { appVars, templateMigration, templateModules } from '../templates.ts';
import { type AppContext, type BuiltApp, otherHue, otherName } from './shared.ts';

const APP = 'link-in-bio';

/** Builds the link-in-bio page. */
export function linkInBioApp(ctx: AppContext): BuiltApp {
  const initials =
    ctx.title
      .split(/\s+/)
      .map((w) => w[0] ?? '')
      .join('')
      .slice(0, 2)
      .toUpperCase() || 'ME';
  const vars = { ...appVars(ctx), initials: jsxText(initials) };
  return {
    migrations: [templateMigration(APP, 'create_subscribers', vars)],
    modules: templateModules(
      APP,
      ['app/api/subscribers/route.ts', 'app/page.tsx', 'components/LinkButton.tsx'],
      vars,
    ),
    plan: [
      `Build "${ctx.title}", a link-in-bio page.`,
      '- Table `subscribers` (unique email) and the function `/api/subscribers` (POST, validated; 409 when already subscribed).',
      '- Page `/`: avatar, bio, four link buttons with click counts, newsletter sign-up.',
      '- Component: LinkButton. Clicks persist in localStorage (sign-ups too, without a backend).',
    ].join('\n'),
    summary: [
      `I built **${ctx.title}**, a link-in-bio page: your profile, four link buttons that count clicks, and a newsletter sign-up whose emails are stored in the app's database (table \`subscribers\`).`,
      '',
      'Replace the `#…` addresses with your real links.',
    ].join('\n'),
    choices: [
      `make it ${otherHue(ctx.accent, 'violet', 'pink')}`,
      `rename the app to ${otherName(ctx.title, 'Sam Lee', 'Jordan Lee')}`,
    ],
  };
}
