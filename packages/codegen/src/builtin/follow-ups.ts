/**
 * The follow-up edits the builtin generator understands on an existing project — change the accent colour,
 * rename the app, add a page — each a transformation of the modules that is then described as
 * SEARCH/REPLACE edits (new pages as whole files).
 * @module
 */
import { moduleTypeFromPath, toRouteSegment } from '@kiln/core';
import type { GenModule } from '../types.ts';
import { newPage } from './apps/new-page.ts';
import { type AccentHue, detectAccent, hueFromText, recolour } from './theme.ts';
import { cleanTitle, findTitle, replaceTitle } from './title.ts';

/** The result of applying the follow-ups a prompt asks for. */
export interface FollowUpResult {
  /** The modules after the changes, keyed by path (new ones included). */
  modules: Map<string, GenModule>;
  /** One sentence per change made, for the chat reply. */
  done: string[];
  /** One sentence per change asked for that could not be made. */
  notes: string[];
}

/** Applies every follow-up the prompt asks for; `done` is empty when it asks for none the builtin knows. */
export function applyFollowUps(prompt: string, modules: GenModule[]): FollowUpResult {
  const result: FollowUpResult = {
    modules: new Map(modules.map((m) => [m.filePath, { ...m }])),
    done: [],
    notes: [],
  };
  const rename = renameTarget(prompt);
  if (rename) renameApp(result, rename);
  const pageName = addPageTarget(prompt);
  if (pageName) addPage(result, pageName);
  const hue = colourTarget(prompt);
  if (hue) changeAccent(result, hue);
  return result;
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
    m.filePath === 'apps/web/src/app/page.tsx' ? 0 : m.moduleType === 'PAGE' ? 1 : 2;
  return [...modules].sort((a, b) => rank(a) - rank(b));
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
