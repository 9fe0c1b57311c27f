/**
 * The follow-up edits the builtin generator understands on an existing project — change the accent colour,
 * rename the app, add a page, add a field (with its migration), add sign-in, make a mobile version — each a
 * transformation of the modules that is then described as SEARCH/REPLACE edits (new pages as whole files).
 * @module
 */
import { AUTH_PAGE_ROUTES, isAuthPageModuleType, moduleTypeFromPath, toRouteSegment } from '@kiln/core';
import type { GenModule } from '../types.ts';
import { addField, addFieldTarget } from './add-field.ts';
import { addAccountToHeader, authPages } from './apps/auth-pages.ts';
import { type MobileContext, mobileScreens } from './apps/mobile.ts';
import { newPage } from './apps/new-page.ts';
import type { BuiltMigration } from './apps/shared.ts';
import { type AccentHue, detectAccent, hueFromText, recolour } from './theme.ts';
import { cleanTitle, findTitle, replaceTitle, unescapeJsString } from './title.ts';

const HEADER_PATH = 'apps/web/src/components/AppHeader.tsx';

/** The result of applying the follow-ups a prompt asks for. */
export interface FollowUpResult {
  /** The modules after the changes, keyed by path (new ones included). */
  modules: Map<string, GenModule>;
  /** Database changes the edits need, in order (written before the edits). */
  migrations: BuiltMigration[];
  /** One sentence per change made, for the chat reply. */
  done: string[];
  /** One sentence per change asked for that could not be made. */
  notes: string[];
}

/** Applies every follow-up the prompt asks for; `done` is empty when it asks for none the builtin knows. */
export function applyFollowUps(prompt: string, modules: GenModule[]): FollowUpResult {
  const result: FollowUpResult = {
    modules: new Map(modules.map((m) => [m.filePath, { ...m }])),
    migrations: [],
    done: [],
    notes: [],
  };
  const rename = renameTarget(prompt);
  if (rename) renameApp(result, rename);
  const signIn = asksForSignIn(prompt);
  const pageName = addPageTarget(prompt);
  // "add a login page" is sign-in, not a page called Login.
  if (pageName && !(signIn && /sign|log|auth|account/i.test(pageName))) addPage(result, pageName);
  const field = addFieldTarget(prompt);
  if (field) {
    const outcome = addField(result.modules, field);
    if (outcome.migration) result.migrations.push(outcome.migration);
    if (outcome.done) result.done.push(outcome.done);
    if (outcome.note) result.notes.push(outcome.note);
  }
  const hue = colourTarget(prompt);
  if (hue) changeAccent(result, hue);
  if (signIn) addSignIn(result);
  if (asksForMobile(prompt)) addMobileVersion(result);
  return result;
}

/**
 * Whether a prompt asks for sign-in: "add sign-in", "add login", "let users sign up", "add authentication",
 * "…with login". A newsletter sign-up is not sign-in, and "remove the login" is not a request for it.
 */
export function asksForSignIn(prompt: string): boolean {
  const p = prompt.toLowerCase();
  const auth =
    /\b(sign[ -]?ins?|sign[ -]?ups?|log[ -]?ins?|logins?|authentication|authenticate|auth|user accounts?|accounts? for (?:users|visitors|people|members)|members? area|password[- ]protected)\b/;
  if (!auth.test(p)) return false;
  if (
    /\b(newsletter|mailing list|waitlist|wait list)\b/.test(p) &&
    !/\b(log[ -]?in|sign[ -]?in|auth)/.test(p)
  )
    return false;
  return !/\b(remove|delete|drop|without|no|disable|turn off)\b[^.]*\b(sign|log|auth|accounts?)/.test(p);
}

/** Whether a prompt asks for a mobile (Expo) app: "make a mobile version", "add a mobile app", "an Expo app". */
export function asksForMobile(prompt: string): boolean {
  return /\b(mobile (?:app|apps|version|screens?)|expo\b|react[ -]native|(?:ios|android|iphone|phone|native) app)/i.test(
    prompt,
  );
}

/** The colour a "change the colour/theme to X" or "make it X" request names. */
export function colourTarget(prompt: string): AccentHue | null {
  const p = prompt.toLowerCase();
  const asks =
    /\b(colou?rs?|theme|accent|palette|scheme|tint)\b/.test(p) ||
    /\b(make|turn|paint|switch) (it|everything|the (app|site|ui|design|buttons?)) /.test(p);
  if (!asks) return null;
  // "from blue to green": the target is the colour after "to".
  const to = /\b(?:to|into|with)\s+(?:a\s+|an\s+)?(?:nice\s+|dark\s+|light\s+)?([a-z]+)/.exec(p);
  return (to?.[1] ? hueFromText(to[1]) : null) ?? hueFromText(p.replace(/\bfrom\s+[a-z]+\b/, ''));
}

/** The new name a "rename the app to X" / "change the title to X" request gives. */
export function renameTarget(prompt: string): string | null {
  const m =
    /\b(?:rename|retitle)\s+(?:the\s+|my\s+|this\s+)?(?:app|site|website|project|page|it)?\s*(?:to|as)\s+(.+)/i.exec(
      prompt,
    ) ??
    /\bchange\s+(?:the\s+|its\s+)?(?:app'?s?\s+|site'?s?\s+)?(?:title|name|heading)\s+(?:of\s+the\s+app\s+)?to\s+(.+)/i.exec(
      prompt,
    ) ??
    /\b(?:call|name)\s+(?:the\s+)?(?:app|site|website|it)\s+(.+)/i.exec(prompt);
  if (!m?.[1]) return null;
  const raw = m[1]
    .replace(/^["“'‘]/, '')
    .split(
      /["”'’](?:\s|$|[.,;!])|,?\s+(?:and|then)\s+(?:make|change|add|set|turn|use|switch|give|create)\b|,\s*(?:make|change|add|set|turn|use|switch|give|create)\b|[.;!?\n]/i,
    )[0];
  const title = cleanTitle(raw ?? '');
  return title || null;
}

/** The page name an "add a page called X" / "add an about page" request gives. */
export function addPageTarget(prompt: string): string | null {
  const m =
    /\badd\s+(?:(?:a|an|another|one more)\s+)?(?:new\s+)?page\s+(?:called|named|titled|for|about)\s+["“']?([^"”'.,;!\n]+)/i.exec(
      prompt,
    ) ??
    /\b(?:add|create)\s+(?:(?:a|an|another)\s+)?(?:new\s+)?["“']?([A-Za-z][A-Za-z0-9 &-]{0,30}?)["”']?\s+page\b/i.exec(
      prompt,
    );
  if (!m?.[1]) return null;
  const name = cleanTitle(m[1].split(/\s+(?:and|with|that|which|to)\s+/i)[0] ?? '');
  if (!name || /^(new|another|a|an|the)$/i.test(name)) return null;
  return name.replace(/\b[a-z]/g, (c) => c.toUpperCase());
}

function renameApp(result: FollowUpResult, to: string): void {
  const contents = orderedForTitle([...result.modules.values()]);
  const from = findTitle(contents.map((m) => m.content));
  if (!from) {
    result.notes.push(`I could not find the app's current title to rename it to "${to}".`);
    return;
  }
  if (from === to) {
    result.notes.push(`The app is already called "${to}".`);
    return;
  }
  for (const m of result.modules.values()) m.content = replaceTitle(m.content, from, to);
  result.done.push(`Renamed the app from "${from}" to "${to}".`);
}

/** Root page first, then other pages, then components: where a title is most likely stated. */
function orderedForTitle(modules: GenModule[]): GenModule[] {
  const rank = (m: GenModule): number =>
    m.filePath === 'apps/web/src/app/page.tsx'
      ? 0
      : m.moduleType === 'PAGE'
        ? 1
        : m.filePath === 'apps/mobile/src/app/index.tsx'
          ? 2
          : 3;
  return [...modules].sort((a, b) => rank(a) - rank(b));
}

function appTitle(modules: GenModule[]): string {
  return findTitle(orderedForTitle(modules).map((m) => m.content)) ?? 'My App';
}

function addSignIn(result: FollowUpResult): void {
  const all = [...result.modules.values()];
  if (all.some((m) => isAuthPageModuleType(m.moduleType))) {
    result.notes.push(
      'The app already has sign-in pages (/account/signin, /account/signup, /account/logout).',
    );
    return;
  }
  if (!all.some((m) => m.moduleType === 'PAGE')) {
    result.notes.push(
      'Sign-in pages are web pages and this project has no web app; the builtin generator does not add sign-in to mobile screens.',
    );
    return;
  }
  const accent = detectAccent(all.map((m) => m.content)) ?? 'indigo';
  for (const m of authPages({ title: appTitle(all), accent })) result.modules.set(m.filePath, m);
  const header = result.modules.get(HEADER_PATH);
  const edited = header ? addAccountToHeader(header.content, accent) : null;
  if (header && edited) {
    header.content = edited;
    result.done.push(
      'Added sign-in: Sign In (/account/signin), Sign Up (/account/signup) and Logout (/account/logout) pages, and the header now shows the signed-in user with Sign in / Sign out links.',
    );
  } else {
    result.done.push(
      'Added sign-in: Sign In (/account/signin), Sign Up (/account/signup) and Logout (/account/logout) pages.',
    );
    result.notes.push(
      `I could not find the app header to show the signed-in user; link to ${AUTH_PAGE_ROUTES.AUTH_PAGE_SIGN_IN} to let people sign in.`,
    );
  }
}

function addMobileVersion(result: FollowUpResult): void {
  const all = [...result.modules.values()];
  if (all.some((m) => m.moduleType === 'EXPO_PAGE')) {
    result.notes.push('The app already has a mobile version (its screens are under apps/mobile/src/app).');
    return;
  }
  const ctx = mobileContextFrom(all);
  const screens = mobileScreens(ctx);
  for (const m of screens) result.modules.set(m.filePath, m);
  result.done.push(
    `Added a mobile version (Expo) with ${screens.length} screens: ${screens
      .map((m) => `\`${m.filePath}\``)
      .join(', ')}. Switch the preview to mobile to try it.`,
  );
}

/** What the mobile version of an existing web app is built from: its kind, title, accent and copy. */
export function mobileContextFrom(modules: GenModule[]): MobileContext {
  const has = (name: string) => modules.some((m) => m.filePath.endsWith(`/components/${name}.tsx`));
  const title = appTitle(modules);
  const accent = detectAccent(modules.map((m) => m.content)) ?? 'indigo';
  if (has('TodoItem') || has('AddTodoForm')) return { kind: 'todo', title, accent };
  if (has('NoteEditor') || has('NoteCard')) return { kind: 'notes', title, accent };
  const root = modules.find((m) => m.filePath === 'apps/web/src/app/page.tsx')?.content ?? '';
  const features: { title: string; text: string }[] = [];
  for (const m of root.matchAll(/\btitle: '((?:[^'\\]|\\.)*)',\s*text: '((?:[^'\\]|\\.)*)'/g)) {
    features.push({ title: unescapeJsString(m[1] ?? ''), text: unescapeJsString(m[2] ?? '') });
  }
  const tagline = /<\/h1>\s*<p[^>]*>\s*([^<{}]+?)\s*<\/p>/.exec(root)?.[1];
  return {
    kind: 'generic',
    title,
    accent,
    tagline: tagline ?? `${title}, made for your phone.`,
    features:
      features.length > 0
        ? features
        : [
            { title: 'Everything in one place', text: `The best of ${title}, one tap away.` },
            { title: 'Made for your thumb', text: 'Large buttons and short screens, easy on the go.' },
            { title: 'Yours to keep', text: 'Favourites are saved on this device.' },
          ],
    cta: 'Learn more',
  };
}

function changeAccent(result: FollowUpResult, to: AccentHue): void {
  const from = detectAccent([...result.modules.values()].map((m) => m.content));
  if (!from) {
    result.notes.push(`I could not find an accent colour in the app's classes to change to ${to}.`);
    return;
  }
  if (from === to) {
    result.notes.push(`The accent colour is already ${to}.`);
    return;
  }
  for (const m of result.modules.values()) m.content = recolour(m.content, from, to);
  result.done.push(`Changed the accent colour from ${from} to ${to}.`);
}

function addPage(result: FollowUpResult, name: string): void {
  const segment = toRouteSegment(name);
  if (!segment) {
    result.notes.push(`"${name}" does not make a usable page address.`);
    return;
  }
  const filePath = `apps/web/src/app/${segment}/page.tsx`;
  if (result.modules.has(filePath)) {
    result.notes.push(`There is already a page at /${segment}.`);
    return;
  }
  const all = [...result.modules.values()];
  const hue = detectAccent(all.map((m) => m.content)) ?? 'indigo';
  const title = findTitle(orderedForTitle(all).map((m) => m.content)) ?? 'Home';
  const header = result.modules.get('apps/web/src/components/AppHeader.tsx');
  const maxWidth = header
    ? (/\bmx-auto flex (max-w-[a-z0-9]+)/.exec(header.content)?.[1] ?? 'max-w-4xl')
    : 'max-w-4xl';
  const module = newPage({
    name,
    segment,
    accent: hue,
    appTitle: title,
    hasHeader: Boolean(header),
    maxWidth,
  });
  if (moduleTypeFromPath(filePath) !== 'PAGE') return;
  result.modules.set(filePath, module);

  const link = `{ href: '/${segment}', label: '${name.replace(/\\/g, '').replace(/'/g, "\\'")}' },`;
  const nav = all.find((m) => /const navLinks = \[\n/.test(m.content));
  if (nav) {
    const updated = result.modules.get(nav.filePath)!;
    updated.content = updated.content.replace(
      /(const navLinks = \[\n(?:[ \t]*\{[^\n]*\},?\n)*)([ \t]*)\];/,
      (_m, items: string, indent: string) => `${items}${indent}  ${link}\n${indent}];`,
    );
    result.done.push(`Added the ${name} page at /${segment} and linked it from the navigation.`);
  } else {
    result.done.push(`Added the ${name} page at /${segment}.`);
    result.notes.push(`There is no navigation list to link it from; link to it with <a href="/${segment}">.`);
  }
}
