/**
 * The builtin DATING_APP (`templates/dating/`): Discover (one profile at a time with photo, interests and a prompt; like or pass,
 * undo, filters for distance, age and interest; "It's a match!" when the like is mutual) and Matches (mutual
 * likes with an opener to send, and the likes still waiting). With a backend the profiles and your swipes
 * live in the app's `profiles` and `swipes` tables behind `/api/profiles`, `/api/swipes` and
 * `/api/swipes/[id]`; without one the swipes stay in localStorage.
 * @module
 */

import { appVars, templateMigration, templateModules } from '../templates.ts';
import { type AppContext, appHeader, type BuiltApp, otherHue } from './shared.ts';

const APP = 'dating';

/** Builds the dating app. */
export function datingApp(ctx: AppContext): BuiltApp {
  const a = ctx.accent;
  const hikers = /\bhik(e|ers?|ing)\b|\boutdoor|\btrail/i.test(ctx.prompt);
  const tagline = hikers
    ? 'Meet people who love the trail as much as you do.'
    : 'Meet people nearby who share what you love.';
  const vars = { ...appVars(ctx), tagline };
  return {
    migrations: [templateMigration(APP, 'create_profiles_and_swipes', vars)],
    modules: [
      ...templateModules(
        APP,
        [
          'app/api/profiles/route.ts',
          'app/api/swipes/route.ts',
          'app/api/swipes/[id]/route.ts',
          'app/page.tsx',
          'app/matches/page.tsx',
        ],
        vars,
      ),
      appHeader(ctx, {
        icon: 'Heart',
        links: [
          { href: '/', label: 'Discover' },
          { href: '/matches', label: 'Matches' },
        ],
        maxWidth: 'max-w-6xl',
      }),
      ...templateModules(APP, ['components/ProfileCard.tsx', 'components/MatchCard.tsx'], vars),
    ],
    plan: [
      `Build "${ctx.title}", a dating app.`,
      '- Tables `profiles` (name, age, city, distance, bio, interests, a prompt and answer, photo description, whether they already like you) with eight sample people, and `swipes` (your like or pass per profile).',
      '- Functions: `/api/profiles` (GET with your decision and whether it is a match), `/api/swipes` (POST like/pass, answering whether it is a match; DELETE brings back the passed) and `/api/swipes/[id]` (DELETE: undo or unmatch).',
      '- Page `/` Discover: one profile card at a time with like, pass and undo; filters for distance, age and interest; an "It\'s a match!" dialog.',
      '- Page `/matches`: mutual likes with an opener idea to copy, unmatch, and the likes still waiting.',
      `- Components: AppHeader, ProfileCard, MatchCard. Without a backend the likes stay in localStorage; ${a} accent.`,
    ].join('\n'),
    summary: [
      `I built **${ctx.title}**: Discover shows one person at a time with photo, interests and a prompt answer; like, pass or undo, and filter by distance, age and interest. When someone you like has liked you too, you get "It's a match!" and they appear under Matches with an opener idea to copy.`,
      '',
      "Profiles and your likes are stored in the app's database (tables `profiles` and `swipes`, through `/api/profiles`, `/api/swipes` and `/api/swipes/[id]`). The eight people are sample profiles. Opened without its backend, the app keeps your likes in the browser instead.",
    ].join('\n'),
    choices: [`make it ${otherHue(ctx.accent, 'fuchsia', 'rose')}`, 'add sign-in', 'make a mobile version'],
  };
}
