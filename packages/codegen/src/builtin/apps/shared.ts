/**
 * Pieces every builtin app shares: the context a template is built from, module constructors (pages,
 * components, backend functions), and the `AppHeader` component whose `navLinks` list the "add a page"
 * follow-up extends.
 * @module
 */
import type { GenModule } from '../../types.ts';
import { jsString } from '../format.ts';
import { type AppContext, appVars, type BuiltMigration, fillTemplate } from '../templates.ts';
import type { AccentHue } from '../theme.ts';

export type { AppContext, BuiltMigration } from '../templates.ts';

/** A built app: its modules and what the assistant says about it. */
export interface BuiltApp {
  modules: GenModule[];
  /** Tables the app's functions use, created before the functions and pages are written (absent: none). */
  migrations?: BuiltMigration[];
  /** The plan, shown as thinking. */
  plan: string;
  /** Chat text after the files: what was built. */
  summary: string;
  /**
   * What to try next, offered as buttons (a `<kiln:choices>` block after the summary): follow-ups the builtin
   * generator handles on this app. The reply keeps only those that change the app (`applyFollowUps`). Absent:
   * the quoted suggestions of a `Try next: "a", "b", or "c".` line in `summary` (the line is dropped).
   */
  choices?: string[];
}

/** A "make it {hue}" suggestion: the first of `hues` that is not the app's accent already. */
export function otherHue(accent: AccentHue, ...hues: [AccentHue, AccentHue, ...AccentHue[]]): AccentHue {
  return hues.find((h) => h !== accent) ?? hues[0];
}

/** A name to suggest renaming the app to: the first of `names` that is not its title already. */
export function otherName(title: string, ...names: [string, string, ...string[]]): string {
  return names.find((n) => n.toLowerCase() !== title.trim().toLowerCase()) ?? names[0];
}

/** A PAGE module at a route segment ('' is the root page). */
export function page(segment: string, content: string): GenModule {
  const filePath = segment ? `apps/web/src/app/${segment}/page.tsx` : 'apps/web/src/app/page.tsx';
  return { filePath, moduleType: 'PAGE', content: tidy(content) };
}

/** A COMPONENT module named `name`. */
export function component(name: string, content: string): GenModule {
  return { filePath: `apps/web/src/components/${name}.tsx`, moduleType: 'COMPONENT', content: tidy(content) };
}

/**
 * A FUNCTION module served at `/api/{segment}` (`todos`, or `todos/[id]` with `params.id`): route handlers
 * that reach the app's database through `@/app/api/utils/sql`.
 */
export function apiRoute(segment: string, content: string): GenModule {
  return {
    filePath: `apps/web/src/app/api/${segment}/route.ts`,
    moduleType: 'FUNCTION',
    content: tidy(content),
  };
}

function tidy(content: string): string {
  return `${content.replace(/^\n+/, '').replace(/\s+$/, '')}\n`;
}

/** A line setting the browser tab title, placed in a root page; the rename follow-up finds titles by it. */
export function documentTitleEffect(title: string): string {
  return `  useEffect(() => {
    document.title = ${jsString(title)};
  }, []);`;
}

/**
 * The `AppHeader` component (`templates/_shared/components/AppHeader.tsx`): brand (icon + title) and a nav built
 * from `navLinks`, shown once there is more than one link.
 */
export function appHeader(
  ctx: AppContext,
  opts: { icon: string; links: { href: string; label: string }[]; maxWidth?: string },
): GenModule {
  const links = opts.links
    .map((l) => `    { href: ${jsString(l.href)}, label: ${jsString(l.label)} },`)
    .join('\n');
  const vars = {
    ...appVars(ctx),
    KilnIcon: opts.icon,
    navLinks: links,
    maxWidth: opts.maxWidth ?? 'max-w-5xl',
  };
  return component('AppHeader', fillTemplate('_shared/components/AppHeader.tsx', vars));
}

/**
 * The `serverSource` and `signInScreen` values of a page that lists a visitor's own rows (notes, todo list).
 * With sign-in, a signed-out visitor (the function answers `{ signIn: true }`) sees "Sign in to see your …" with
 * a Sign in link instead of an empty list; without it the page is as before.
 */
export function signInScreenVars(
  ctx: AppContext,
  what: string,
): { serverSource: string; signInScreen: string } {
  if (!ctx.signIn) return { serverSource: "'server'", signInScreen: '' };
  const hue = ctx.accent;
  return {
    serverSource: "data.signIn ? 'signed-out' : 'server'",
    signInScreen: `  if (source === 'signed-out') {
    return (
      <div className="min-h-screen bg-slate-50 text-slate-900">
        <AppHeader />
        <main className="mx-auto max-w-md px-4 py-16 text-center sm:py-24">
          <h1 className="text-2xl font-bold tracking-tight">Sign in to see your ${what}</h1>
          <p className="mt-2 text-sm text-slate-600">Your ${what} are kept for your account: only you can see and change them.</p>
          <a
            href="/account/signin?callbackUrl=%2F"
            className="mt-6 inline-flex rounded-xl bg-${hue}-600 px-5 py-2.5 text-sm font-semibold text-white shadow-sm hover:bg-${hue}-700"
          >
            Sign in
          </a>
        </main>
      </div>
    );
  }
`,
  };
}
