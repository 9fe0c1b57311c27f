/**
 * The builtin NOTES_APP (`templates/notes/`): write, search, tag, pin and delete notes in a two-pane layout (one pane at a time
 * on phones). With a backend the notes live in the app's `notes` table behind `/api/notes` and
 * `/api/notes/[id]` (edits are sent once typing pauses); without one they stay in localStorage as before.
 * @module
 */

import { appVars, templateMigration, templateModules } from '../templates.ts';
import {
  type AppContext,
  appHeader,
  type BuiltApp,
  otherHue,
  otherName,
  signInScreenVars,
} from './shared.ts';

const APP = 'notes';

/** Builds the notes app. */
export function notesApp(ctx: AppContext): BuiltApp {
  const a = ctx.accent;
  const vars = { ...appVars(ctx), ...signInScreenVars(ctx, 'notes') };
  return {
    migrations: [
      templateMigration(APP, 'create_notes', vars),
      // With sign-in each visitor keeps their own notes: the rows carry the visitor's id (auth_users.id).
      ...(ctx.signIn ? [templateMigration(APP, 'own_notes', vars)] : []),
    ],
    modules: [
      ...templateModules(
        ctx.signIn ? `${APP}/with-login` : APP,
        ['app/api/notes/route.ts', 'app/api/notes/[id]/route.ts'],
        vars,
      ),
      ...templateModules(APP, ['app/page.tsx'], vars),
      appHeader(ctx, { icon: 'StickyNote', links: [{ href: '/', label: 'Notes' }], maxWidth: 'max-w-6xl' }),
      ...templateModules(APP, ['components/NoteCard.tsx', 'components/NoteEditor.tsx'], vars),
    ],
    plan: [
      `Build "${ctx.title}", a notes app.`,
      '- Table `notes` (id, title, body, tags, pinned, updated_at) with three starter notes.',
      '- Functions: `/api/notes` (GET pinned first, POST) and `/api/notes/[id]` (PATCH title/body/tags/pinned, DELETE; 404 when missing).',
      '- Page `/`: searchable, tag-filtered note list beside an editor; one pane at a time on phones. Edits show at once and are sent when typing pauses.',
      '- Components: AppHeader, NoteCard, NoteEditor (title, tags, body, pin, delete, word count).',
      `- Without a backend the page keeps notes in localStorage; ${a} accent.`,
      ...(ctx.signIn
        ? [
            `- Sign-in: each visitor sees and changes only their own notes (column \`user_id\`, from \`auth()\`); signed out, the page asks them to sign in.`,
          ]
        : []),
    ].join('\n'),
    summary: [
      `I built **${ctx.title}**: create notes, search them, group them with tags and pin the important ones. Changes save automatically as you type.`,
      '',
      "Notes are stored in the app's database (table `notes`, through the functions `/api/notes` and `/api/notes/[id]`). Opened without its backend, the page keeps them in the browser instead.",
    ].join('\n'),
    choices: [
      `make it ${otherHue(ctx.accent, 'blue', 'amber')}`,
      `rename the app to ${otherName(ctx.title, 'Jotter', 'Notebook')}`,
      'add a page called About',
    ],
  };
}
