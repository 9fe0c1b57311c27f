/**
 * The builtin BLOG_PLATFORM (`templates/blog/`): a blog with a front page (featured post, topics, search), a reader page per
 * post (`/post?id=…`) with likes and comments, and a writing page that publishes new posts. With a backend
 * the posts and comments live in the app's `posts` and `comments` tables behind `/api/posts`,
 * `/api/posts/[id]` and `/api/comments`; without one they stay in localStorage.
 * @module
 */

import { appVars, templateMigration, templateModules } from '../templates.ts';
import { type AppContext, appHeader, type BuiltApp, otherHue, otherName } from './shared.ts';

const APP = 'blog';

/** Builds the blog. */
export function blogApp(ctx: AppContext): BuiltApp {
  const a = ctx.accent;
  const vars = appVars(ctx);
  return {
    migrations: [templateMigration(APP, 'create_posts_and_comments', vars)],
    modules: [
      ...templateModules(
        APP,
        [
          'app/api/posts/route.ts',
          'app/api/posts/[id]/route.ts',
          'app/api/comments/route.ts',
          'app/page.tsx',
          'app/post/page.tsx',
          'app/write/page.tsx',
        ],
        vars,
      ),
      appHeader(ctx, {
        icon: 'BookOpen',
        links: [
          { href: '/', label: 'Stories' },
          { href: '/write', label: 'Write' },
        ],
      }),
      ...templateModules(APP, ['components/PostCard.tsx', 'components/CommentSection.tsx'], vars),
    ],
    plan: [
      `Build "${ctx.title}", a blog.`,
      '- Tables `posts` (five posts on gardening, writing, travel, habits and tools, with likes) and `comments` (three comments).',
      '- Functions: `/api/posts` (GET newest first with comment counts, POST a checked new post), `/api/posts/[id]` (GET the post and its comments, PATCH a like, DELETE) and `/api/comments` (POST).',
      '- Page `/`: masthead, topic chips and search, the latest post featured, the others as cards.',
      '- Page `/post?id=…`: the article with author, date and reading time, a like button and the comments with a form.',
      '- Page `/write`: title, topic, author, summary and story with a word count and a preview, then Publish.',
      '- Components: AppHeader, PostCard, CommentSection.',
      `- Without a backend posts, likes and comments stay in the browser. ${a} accent, serif headings, Tailwind, lucide-react icons.`,
    ].join('\n'),
    summary: [
      `I built **${ctx.title}**, a blog: a front page with the latest post featured, topics and search; a reading page for each post with likes and comments; and a Write page to publish new posts with a preview.`,
      '',
      "Posts and comments live in the app's database (tables `posts` and `comments`, through `/api/posts`, `/api/posts/[id]` and `/api/comments`). Opened without its backend, the blog keeps them in the browser.",
    ].join('\n'),
    choices: [
      `change the colour to ${otherHue(ctx.accent, 'indigo', 'rose')}`,
      `rename the app to ${otherName(ctx.title, 'Field Notes', 'Slow Days')}`,
      'add a page called About',
    ],
  };
}
