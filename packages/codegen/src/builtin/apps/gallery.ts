/**
 * The builtin GALLERY_APP (`templates/gallery/`): a photo gallery. A masonry grid filtered by album or favourites, a lightbox
 * (previous/next, arrow keys, details, favourite, delete), an Add photo dialog (an image file from the
 * device, or a placeholder drawn from the title) and an albums page. With a backend the photos live in the
 * app's `photos` table behind `/api/photos` and `/api/photos/[id]` (an image goes through `useUpload` to Kiln's
 * upload route and the photo keeps the file's URL); without one they stay in localStorage.
 * @module
 */

import { MESSAGES } from '@kiln/core/messages';
import type { GenModule } from '../../types.ts';
import { appVars, templateMigration, templateModules } from '../templates.ts';
import { type AppContext, appHeader, type BuiltApp, otherHue, otherName } from './shared.ts';

const APP = 'gallery';

/** Builds the gallery. */
export function galleryApp(ctx: AppContext): BuiltApp {
  const a = ctx.accent;
  const vars = appVars(ctx);
  return {
    migrations: [templateMigration(APP, 'create_photos', vars)],
    modules: [
      ...templateModules(
        APP,
        ['app/api/photos/route.ts', 'app/api/photos/[id]/route.ts', 'app/page.tsx', 'app/albums/page.tsx'],
        vars,
      ),
      darkHeader(
        appHeader(ctx, {
          icon: 'Camera',
          links: [
            { href: '/', label: 'Photos' },
            { href: '/albums', label: 'Albums' },
          ],
          maxWidth: 'max-w-7xl',
        }),
        a,
      ),
      ...templateModules(APP, ['components/PhotoViewer.tsx', 'components/AddPhotoDialog.tsx'], vars),
    ],
    plan: [
      `Build "${ctx.title}", a photo gallery.`,
      '- Table `photos` (title, album, place, date taken, story, image, favourite) with twelve photos in four albums.',
      '- Functions: `/api/photos` (GET newest first, POST a checked photo; its image is the URL an upload answered) and `/api/photos/[id]` (PATCH favourite, title, album, story; DELETE).',
      '- Page `/`: a dark masonry wall, album and favourites chips with counts, and an Add photo button.',
      '- Page `/albums`: an album per card with its cover, count and dates, opening the wall filtered to it.',
      '- Components: AppHeader, PhotoViewer (previous/next, arrow keys, Escape, details, favourite, delete), AddPhotoDialog (an image file uploaded with useUpload, or a placeholder drawn from the title).',
      `- Without a backend the photos stay in the browser. ${a} accent, Tailwind, lucide-react icons.`,
    ].join('\n'),
    summary: [
      `I built **${ctx.title}**, a photo gallery: a wall of photos you can filter by album or favourites, a full-screen viewer with previous/next (arrow keys work too), details and a favourite button, an Albums page, and Add photo to upload an image from your device (it is stored as a file, and a file over your plan's upload limit says "${MESSAGES.uploadTooLarge}") or add one with a placeholder drawn from its title.`,
      '',
      "Photos live in the app's database (table `photos`, through `/api/photos` and `/api/photos/[id]`). Opened without its backend, the gallery keeps them in the browser.",
    ].join('\n'),
    choices: [
      `change the colour to ${otherHue(ctx.accent, 'amber', 'zinc')}`,
      `rename the app to ${otherName(ctx.title, 'Wanderlust', 'Photo Book')}`,
      'add a page called About',
    ],
  };
}

/** The shared header restyled for the gallery's dark pages (same structure, so the follow-ups still find it). */
function darkHeader(header: GenModule, a: string): GenModule {
  const swaps: [string, string][] = [
    ['border-b border-slate-200/80 bg-white/80', 'border-b border-white/10 bg-neutral-950/80'],
    ['font-semibold tracking-tight text-slate-900', 'font-semibold tracking-tight text-white'],
    [`bg-${a}-50 px-3 py-2 font-medium text-${a}-700`, 'bg-white/10 px-3 py-2 font-medium text-white'],
    [
      'px-3 py-2 font-medium text-slate-600 hover:bg-slate-100 hover:text-slate-900',
      'px-3 py-2 font-medium text-neutral-400 hover:bg-white/10 hover:text-white',
    ],
  ];
  let content = header.content;
  for (const [from, to] of swaps) content = content.replace(from, to);
  return { ...header, content };
}
