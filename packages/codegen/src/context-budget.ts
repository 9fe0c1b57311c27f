/**
 * The context budget: which of a project's modules a request sends in full when the whole project would
 * not fit in the budget (tokens estimated as chars / 4). The rest are named by path only. Order of
 * relevance: the FIX_CHANGE failing module (always sent), modules the prompt names (path, file name,
 * component or function name, route), modules those import, recently changed modules, then pages before
 * components before functions before other files.
 * @module
 */
import { filePathToRoute } from '@kiln/core';
import type { GenerateRequest, GenModule, GenTurn } from './types.ts';
import { estimateTokens } from './usage.ts';

/** The default budget for the project's files and library docs in one request, in tokens. */
export const DEFAULT_CONTEXT_BUDGET_TOKENS = 24_000;

/** What the budget let through. */
export interface ContextSelection {
  /** Modules sent whole, in the project's order. */
  full: GenModule[];
  /** Modules named by path only, in the project's order. */
  listed: GenModule[];
  /** Estimated tokens of the whole project, had it been sent in full. */
  projectTokens: number;
}

/** The text a module takes in a request (the same shape `buildPrompt` writes). */
export function moduleBlockTokens(m: GenModule): number {
  return estimateTokens(
    `<kiln:file path="${m.filePath}" type="${m.moduleType}">\n${m.content}</kiln:file>\n`,
  );
}

const TYPE_RANK: Readonly<Record<string, number>> = {
  PAGE: 40,
  EXPO_PAGE: 38,
  AUTH_PAGE_SIGN_IN: 34,
  AUTH_PAGE_SIGN_UP: 34,
  AUTH_PAGE_LOGOUT: 34,
  COMPONENT: 30,
  FUNCTION: 20,
};

/** The names a prompt may call a module by: its path, file name, default-export name and route. */
function namesOf(m: GenModule): string[] {
  const names = [m.filePath];
  const file = m.filePath.split('/').at(-1) ?? '';
  const stem = file.replace(/\.[jt]sx?$/, '');
  if (!['page', 'index', 'route'].includes(stem)) names.push(file, stem);
  const fn = /export\s+default\s+(?:async\s+)?function\s+([A-Za-z_$][\w$]*)/.exec(m.content)?.[1];
  if (fn) names.push(fn);
  const route = filePathToRoute(m.filePath);
  if (route === '/') names.push('home page', 'homepage', 'home screen', 'landing page', 'main page');
  if (route && route !== '/') {
    names.push(route);
    // "the pricing page", "on the about screen": the last static route segment as a word.
    const last = route
      .split('/')
      .filter((s) => s && !s.startsWith('['))
      .at(-1);
    if (last && last.length > 2) names.push(last.replace(/-/g, ' '));
  }
  return names;
}

function mentions(prompt: string, name: string): boolean {
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(^|[^A-Za-z0-9_])${escaped}($|[^A-Za-z0-9_])`, 'i').test(prompt);
}

/** Project paths a module imports (`@/components/X`, relative imports), resolved against the module list. */
function importedPaths(m: GenModule, all: readonly GenModule[]): string[] {
  const out: string[] = [];
  for (const imp of m.content.matchAll(/\bfrom\s+['"]((?:@\/|\.\.?\/)[^'"]+)['"]/g)) {
    const wanted = (imp[1] ?? '')
      .replace(/^@\//, '')
      .replace(/^(?:\.\.?\/)+/, '')
      .replace(/\.[jt]sx?$/, '');
    const hit = all.find((x) => x.filePath.replace(/\.[jt]sx?$/, '').endsWith(`/${wanted}`));
    if (hit) out.push(hit.filePath);
  }
  return out;
}

/**
 * Chooses the modules sent in full within `budgetTokens`. Everything fits → everything is sent. Otherwise
 * modules are taken by relevance while they fit (a smaller one may still fit after a larger one did not);
 * the FIX_CHANGE failing module is always taken, even over the budget.
 */
export function selectContext(
  req: Pick<GenerateRequest, 'prompt' | 'modules' | 'error' | 'recentPaths'>,
  budgetTokens: number,
): ContextSelection {
  const cost = new Map(req.modules.map((m) => [m, moduleBlockTokens(m)]));
  const projectTokens = [...cost.values()].reduce((a, b) => a + b, 0);
  if (projectTokens <= budgetTokens) return { full: [...req.modules], listed: [], projectTokens };

  const score = new Map<string, number>();
  const add = (path: string, n: number) => score.set(path, (score.get(path) ?? 0) + n);
  const recent = req.recentPaths ?? [];
  const named: GenModule[] = [];
  for (const m of req.modules) {
    add(m.filePath, TYPE_RANK[m.moduleType] ?? 10);
    if (m.filePath === 'apps/web/src/app/page.tsx' || m.filePath === 'apps/mobile/src/app/index.tsx')
      add(m.filePath, 5);
    const r = recent.indexOf(m.filePath);
    if (r !== -1) add(m.filePath, 200 - Math.min(r, 50) * 2);
    if (namesOf(m).some((n) => mentions(req.prompt, n))) {
      add(m.filePath, 1000);
      named.push(m);
    }
  }
  // What a named module uses is likely needed to change it.
  for (const m of named) for (const p of importedPaths(m, req.modules)) add(p, 300);
  const forced = req.error?.filePath;
  if (forced) add(forced, 1_000_000);

  const ranked = [...req.modules].sort(
    (a, b) =>
      (score.get(b.filePath) ?? 0) - (score.get(a.filePath) ?? 0) || a.filePath.localeCompare(b.filePath),
  );
  const chosen = new Set<GenModule>();
  let used = 0;
  for (const m of ranked) {
    const c = cost.get(m) ?? 0;
    if (m.filePath === forced || used + c <= budgetTokens) {
      chosen.add(m);
      used += c;
    }
  }
  return {
    full: req.modules.filter((m) => chosen.has(m)),
    listed: req.modules.filter((m) => !chosen.has(m)),
    projectTokens,
  };
}

/** The share of the context budget the project's knowledge may take (like library docs and the database). */
export const KNOWLEDGE_BUDGET_SHARE = 1 / 4;

/**
 * The `<kiln:project-knowledge>` section for standing instructions, at most `maxTokens` (chars / 4) with its
 * tags: whole lines from the top while they fit, then a line cut at a word, then a note that the rest was left
 * out. Empty text, or a budget too small for anything useful, gives ''.
 */
export function knowledgeSection(text: string, maxTokens: number): string {
  const body = text.trim();
  if (!body) return '';
  const open = '<kiln:project-knowledge>';
  const close = '</kiln:project-knowledge>';
  const note = '(more standing instructions were left out: over the context budget)';
  const whole = `${open}\n${body}\n${close}`;
  if (estimateTokens(whole) <= maxTokens) return whole;
  const room = Math.floor(maxTokens * 4) - `${open}\n\n${note}\n${close}`.length;
  if (room < 40) return '';
  const kept: string[] = [];
  let used = 0;
  for (const line of body.split('\n')) {
    if (used + line.length + 1 <= room) {
      kept.push(line);
      used += line.length + 1;
      continue;
    }
    const left = room - used - 1;
    const cut = line.slice(0, Math.max(0, left));
    const atWord = cut.lastIndexOf(' ');
    const piece = (atWord > left / 2 ? cut.slice(0, atWord) : cut).trimEnd();
    if (piece) kept.push(piece);
    break;
  }
  return `${open}\n${kept.join('\n')}\n${note}\n${close}`;
}

/** The share of the context budget the discussion so far may take (`GenerateRequest.conversation`). */
export const CONVERSATION_BUDGET_SHARE = 1 / 8;
/** One earlier message is cut to this many characters (the start: a plan's first steps say the most). */
export const MAX_TURN_CHARS = 3_000;

/**
 * The `<kiln:conversation>` section: the earlier messages of a discussion, oldest first, at most `maxTokens`
 * (chars / 4) with its tags. The newest are kept; older ones that do not fit are left out, and it says so.
 * Kiln tags inside a message are neutralised so that nothing in it reads as a file or a request.
 */
export function conversationSection(turns: readonly GenTurn[], maxTokens: number): string {
  const open = '<kiln:conversation>';
  const close = '</kiln:conversation>';
  const note = '(earlier messages left out)';
  let used = estimateTokens(`${open}\n${note}\n${close}`);
  const kept: string[] = [];
  for (let i = turns.length - 1; i >= 0; i--) {
    const turn = turns[i];
    const text = turn?.text.trim();
    if (!turn || !text) continue;
    const cut = text.length > MAX_TURN_CHARS ? `${text.slice(0, MAX_TURN_CHARS).trimEnd()} …` : text;
    const line = `${turn.role === 'user' ? 'User' : 'You'}: ${cut.replace(/<(\/?)kiln:/g, '<$1kiln-quoted:')}`;
    const t = estimateTokens(`${line}\n`);
    if (used + t > maxTokens) break;
    kept.unshift(line);
    used += t;
  }
  if (kept.length === 0) return '';
  const dropped = turns.filter((t) => t.text.trim()).length > kept.length;
  return [open, ...(dropped ? [note] : []), ...kept, close].join('\n');
}
