/**
 * The builtin LINK_IN_BIO app kind: one profile page with a list of link buttons (click counts kept in
 * localStorage), a latest-highlight card and an email sign-up, plus a LinkButton component. Sign-ups go to
 * the app's `subscribers` table through `POST /api/subscribers` (one per email); without a backend they are
 * kept in localStorage, as before.
 * @module
 */
import { jsString, jsxText } from '../format.ts';
import { READ_BODY, SQL_IMPORT, SUBMIT_TO } from './backend.ts';
import {
  type AppContext,
  apiRoute,
  type BuiltApp,
  type BuiltMigration,
  component,
  documentTitleEffect,
  otherHue,
  otherName,
  page,
} from './shared.ts';
import { slugKey } from './todo-list.ts';

/** Builds the link-in-bio page. */
export function linkInBioApp(ctx: AppContext): BuiltApp {
  const a = ctx.accent;
  const key = slugKey(ctx.title);
  const initials =
    ctx.title
      .split(/\s+/)
      .map((w) => w[0] ?? '')
      .join('')
      .slice(0, 2)
      .toUpperCase() || 'ME';
  const home = page(
    '',
    `
import { useEffect, useState } from 'react';
import { BookOpen, Mail, Mic, PlayCircle, ShoppingBag, Sparkles } from 'lucide-react';
import LinkButton from '@/components/LinkButton';

export default function HomePage() {
  const storageKey = ${jsString(`${key}.clicks`)};
  const links = [
    { id: 'podcast', icon: Mic, label: 'Listen to the podcast', note: 'New episode every Tuesday', href: '#podcast' },
    { id: 'videos', icon: PlayCircle, label: 'Watch my latest video', note: 'Behind the scenes of my studio', href: '#videos' },
    { id: 'newsletter', icon: BookOpen, label: 'Read the newsletter', note: 'Weekly notes on creativity and work', href: '#newsletter' },
    { id: 'shop', icon: ShoppingBag, label: 'Shop prints and presets', note: 'Free shipping this week', href: '#shop' },
  ];
  const [clicks, setClicks] = useState(() => {
    if (typeof window === 'undefined') return {};
    try {
      return JSON.parse(window.localStorage.getItem(storageKey) || '{}');
    } catch {
      return {};
    }
  });
  const [email, setEmail] = useState('');
  const [joined, setJoined] = useState('');
  const [joinError, setJoinError] = useState('');

${documentTitleEffect(ctx.title)}

  function track(id) {
    const next = { ...clicks, [id]: (clicks[id] || 0) + 1 };
    setClicks(next);
    try {
      window.localStorage.setItem(storageKey, JSON.stringify(next));
    } catch {
      // Counting clicks is best effort.
    }
  }

${SUBMIT_TO}

  async function join(event) {
    event.preventDefault();
    if (!/^\\S+@\\S+\\.\\S+$/.test(email)) {
      setJoinError('Please enter a valid email address.');
      return;
    }
    setJoinError('');
    const result = await submitTo('/api/subscribers', { email });
    if (result && !result.ok) {
      // Already subscribed is good news, not an error.
      if (result.status === 409) setJoined(result.error);
      else setJoinError(result.error);
      return;
    }
    if (!result) {
      try {
        const saved = JSON.parse(window.localStorage.getItem(${jsString(`${key}.subscribers`)}) || '[]');
        window.localStorage.setItem(${jsString(`${key}.subscribers`)}, JSON.stringify([...saved, { email, at: new Date().toISOString() }]));
      } catch {
        // Saving is best effort.
      }
    }
    setJoined('Thanks for subscribing! Check your inbox on Sunday.');
  }

  return (
    <div className="min-h-screen bg-gradient-to-br from-${a}-100 via-white to-${a}-50 px-4 py-12 text-slate-900">
      <main className="mx-auto max-w-md">
        <div className="text-center">
          <div className="mx-auto flex h-24 w-24 items-center justify-center rounded-full bg-gradient-to-br from-${a}-400 to-${a}-600 text-3xl font-bold text-white shadow-xl shadow-${a}-500/30 ring-4 ring-white">
            ${jsxText(initials)}
          </div>
          <h1 className="mt-4 text-2xl font-bold tracking-tight">${jsxText(ctx.title)}</h1>
          <p className="mt-1 text-slate-600">Creator, writer and podcast host. Making things on the internet and sharing how.</p>
        </div>

        <div className="mt-8 space-y-3">
          {links.map((link) => (
            <LinkButton key={link.id} link={link} clicks={clicks[link.id] || 0} onClick={() => track(link.id)} />
          ))}
        </div>

        <section className="mt-8 rounded-3xl bg-white/80 p-6 shadow-sm ring-1 ring-slate-200 backdrop-blur">
          <div className="flex items-center gap-2 text-sm font-semibold text-${a}-700">
            <Sparkles className="h-4 w-4" aria-hidden="true" />
            Get the weekly letter
          </div>
          {joined ? (
            <p className="mt-3 text-slate-700">{joined}</p>
          ) : (
            <form onSubmit={join} className="mt-3 flex gap-2">
              <label className="relative flex-1">
                <span className="sr-only">Email</span>
                <Mail className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-slate-400" aria-hidden="true" />
                <input
                  name="email"
                  type="email"
                  value={email}
                  onChange={(e) => setEmail(e.target.value)}
                  placeholder="you@example.com"
                  className="w-full rounded-xl border border-slate-200 py-2.5 pl-9 pr-3 text-sm focus:border-${a}-400 focus:outline-none focus:ring-4 focus:ring-${a}-100"
                />
              </label>
              <button type="submit" className="rounded-xl bg-${a}-600 px-4 py-2.5 text-sm font-semibold text-white hover:bg-${a}-700">
                Join
              </button>
            </form>
          )}
          {joinError && !joined && <p className="mt-2 text-sm text-slate-600">{joinError}</p>}
        </section>

        <p className="mt-10 text-center text-xs text-slate-400">© {new Date().getFullYear()} ${jsxText(ctx.title)}</p>
      </main>
    </div>
  );
}
`,
  );

  const button = component(
    'LinkButton',
    `
import { ChevronRight } from 'lucide-react';

export default function LinkButton(props) {
  const { link, clicks, onClick } = props;
  const Icon = link.icon;
  return (
    <a
      href={link.href}
      onClick={onClick}
      className="group flex items-center gap-4 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 transition hover:-translate-y-0.5 hover:shadow-md hover:ring-${a}-300"
    >
      <span className="flex h-11 w-11 shrink-0 items-center justify-center rounded-xl bg-${a}-100 text-${a}-700 transition group-hover:bg-${a}-600 group-hover:text-white">
        <Icon className="h-5 w-5" aria-hidden="true" />
      </span>
      <span className="min-w-0 flex-1">
        <span className="block font-semibold text-slate-900">{link.label}</span>
        <span className="block truncate text-sm text-slate-500">{link.note}</span>
      </span>
      {clicks > 0 && <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-500">{clicks}</span>}
      <ChevronRight className="h-5 w-5 text-slate-300 transition group-hover:translate-x-0.5 group-hover:text-${a}-600" aria-hidden="true" />
    </a>
  );
}
`,
  );

  return {
    migrations: [subscribersMigration()],
    modules: [subscribersRoute(), home, button],
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

/** The `subscribers` table: one row per email. */
function subscribersMigration(): BuiltMigration {
  return {
    name: 'create_subscribers',
    sql: `CREATE TABLE subscribers (
  id text PRIMARY KEY,
  email text NOT NULL UNIQUE,
  subscribed_at timestamptz NOT NULL DEFAULT now()
);`,
  };
}

/** `POST /api/subscribers`: a newsletter sign-up; an email already signed up gets a friendly 409. */
function subscribersRoute() {
  return apiRoute(
    'subscribers',
    `
${SQL_IMPORT}

${READ_BODY}

/** Signs up an email: { email }. */
export async function POST(request: Request) {
  const body = await readBody(request);
  const email = typeof body?.email === 'string' ? body.email.trim().toLowerCase() : '';
  if (!/^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$/.test(email) || email.length > 254) {
    return badRequest('Please enter a valid email address.');
  }
  const [row] = await sql\`
    INSERT INTO subscribers (id, email)
    VALUES (\${crypto.randomUUID()}, \${email})
    ON CONFLICT (email) DO NOTHING
    RETURNING id\`;
  if (!row) {
    return Response.json({ error: "You're already subscribed. See you in your inbox on Sunday!" }, { status: 409 });
  }
  return Response.json({ subscriber: { id: String(row.id) } }, { status: 201 });
}
`,
  );
}
