/**
 * The builtin SOCIAL_NETWORK (`templates/social/`): a small community network. A feed with a composer, topics, likes and reply
 * threads beside a profile card and "people to follow"; a members directory (`/members`). With a backend
 * the members, posts and replies live in the app's `members`, `posts` and `replies` tables behind
 * `/api/posts`, `/api/posts/[id]`, `/api/replies` and `/api/members`; without one they stay in
 * localStorage. Who you follow and what you liked are kept in this browser.
 * @module
 */

import { appVars, templateMigration, templateModules } from '../templates.ts';
import { type AppContext, appHeader, type BuiltApp, otherHue, otherName } from './shared.ts';

const APP = 'social';

/** Builds the social network. */
export function socialApp(ctx: AppContext): BuiltApp {
  const a = ctx.accent;
  const vars = appVars(ctx);
  return {
    migrations: [templateMigration(APP, 'create_members_posts_and_replies', vars)],
    modules: [
      ...templateModules(
        APP,
        [
          'app/api/posts/route.ts',
          'app/api/posts/[id]/route.ts',
          'app/api/replies/route.ts',
          'app/api/members/route.ts',
          'app/page.tsx',
          'app/members/page.tsx',
        ],
        vars,
      ),
      appHeader(ctx, {
        icon: 'Users',
        links: [
          { href: '/', label: 'Feed' },
          { href: '/members', label: 'Members' },
        ],
        maxWidth: 'max-w-6xl',
      }),
      ...templateModules(APP, ['components/Avatar.tsx', 'components/FeedPost.tsx'], vars),
    ],
    plan: [
      `Build "${ctx.title}", a small community network.`,
      '- Tables `members` (six neighbours), `posts` (five posts with topics and likes) and `replies` (three).',
      '- Functions: `/api/posts` (GET the feed with replies, POST a post; the author joins the members), `/api/posts/[id]` (PATCH a like or unlike), `/api/replies` (POST) and `/api/members` (GET with post counts).',
      '- Page `/`: a profile card and topics on the left, a composer (name once, text, topic, characters left) and the feed with likes and reply threads in the middle, people to follow on the right.',
      '- Page `/members`: the directory with search and Follow buttons.',
      '- Components: AppHeader, Avatar (initials), FeedPost.',
      `- Without a backend the feed stays in the browser; likes and follows are per browser. ${a} accent, Tailwind, lucide-react icons.`,
    ].join('\n'),
    summary: [
      `I built **${ctx.title}**, a community network: share a post with a topic, like posts, reply in threads, filter the feed by topic, and find and follow neighbours on the Members page.`,
      '',
      "Members, posts and replies live in the app's database (tables `members`, `posts` and `replies`, through `/api/posts`, `/api/posts/[id]`, `/api/replies` and `/api/members`); your name, likes and follows are remembered in this browser. Opened without its backend, the feed stays in the browser.",
    ].join('\n'),
    choices: [
      `change the colour to ${otherHue(ctx.accent, 'violet', 'blue')}`,
      `rename the app to ${otherName(ctx.title, 'Good Neighbours', 'Street Life')}`,
      'add sign-in',
    ],
  };
}
