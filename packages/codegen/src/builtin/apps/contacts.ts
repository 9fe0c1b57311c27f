/**
 * The builtin CONTACT_MANAGEMENT (`templates/contacts/`) app: a small CRM — a searchable A–Z contact list with tags and favourites,
 * a detail pane (email, phone, company, notes, when you last got in touch) and a form to add or edit a
 * contact. With a backend the contacts live in the app's `contacts` table behind `/api/contacts` and
 * `/api/contacts/[id]`; without one they stay in localStorage.
 * @module
 */

import { appVars, templateMigration, templateModules } from '../templates.ts';
import { type AppContext, appHeader, type BuiltApp, otherHue, otherName } from './shared.ts';

const APP = 'contacts';

/** Builds the contacts app. */
export function contactsApp(ctx: AppContext): BuiltApp {
  const a = ctx.accent;
  const vars = appVars(ctx);
  return {
    migrations: [
      templateMigration(APP, 'create_contacts', vars),
      // With sign-in each visitor keeps their own contacts: the rows carry the visitor's id (auth_users.id).
      ...(ctx.signIn ? [templateMigration(APP, 'own_contacts', vars)] : []),
    ],
    modules: [
      ...templateModules(
        ctx.signIn ? `${APP}/with-login` : APP,
        ['app/api/contacts/route.ts', 'app/api/contacts/[id]/route.ts'],
        vars,
      ),
      ...templateModules(APP, ['app/page.tsx'], vars),
      appHeader(ctx, { icon: 'Users', links: [{ href: '/', label: 'Contacts' }], maxWidth: 'max-w-6xl' }),
      ...templateModules(APP, ['components/ContactDetail.tsx', 'components/ContactForm.tsx'], vars),
    ],
    plan: [
      `Build "${ctx.title}", a contact manager.`,
      '- Table `contacts` (id, name, email, phone, company, role, tags, favorite, notes, last_contacted) with six starter contacts.',
      '- Functions: `/api/contacts` (GET A–Z, POST) and `/api/contacts/[id]` (GET, PATCH, DELETE; 404 when missing).',
      '- Page `/`: A–Z list with search, tag and favourite filters beside a detail pane; add/edit form; one pane at a time on phones.',
      '- Components: AppHeader, ContactDetail (call, email, favourite, log a contact), ContactForm.',
      `- Without a backend the page keeps contacts in localStorage; ${a} accent.`,
      ...(ctx.signIn
        ? [
            `- Sign-in: each visitor sees and changes only their own contacts (column \`user_id\`, from \`auth()\`).`,
          ]
        : []),
    ].join('\n'),
    summary: [
      `I built **${ctx.title}**: an A–Z contact list with search, tags and favourites, a detail view with one-tap email and call links, notes, and a "log contact today" button that shows who you have not spoken to in a while.`,
      '',
      "Contacts are stored in the app's database (table `contacts`, through the functions `/api/contacts` and `/api/contacts/[id]`). Opened without its backend, the page keeps them in the browser instead.",
    ].join('\n'),
    choices: [
      `make it ${otherHue(ctx.accent, 'teal', 'blue')}`,
      `rename the app to ${otherName(ctx.title, 'Rolodex', 'Address Book')}`,
      'add sign-in',
    ],
  };
}
