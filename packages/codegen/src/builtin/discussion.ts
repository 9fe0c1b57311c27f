/**
 * The builtin generator in plan mode (DISCUSSION): it answers a question about a change with a plan of
 * numbered steps worked out from the follow-ups it can make, and writes nothing. The plan's `**Plan:**` line
 * is the request it would carry out; "Implement this plan" sends the plan back as a CHAT, and `planRequest`
 * finds that line again so exactly the planned change is built.
 * @module
 */
import { IMPLEMENT_PLAN_PREFIX } from '@kiln/core';
import type { GenModule } from '../types.ts';
import { applyFollowUps } from './follow-ups.ts';
import { thinkingBlock } from './format.ts';

/** The line of a builtin plan that names the request it carries out. */
const PLAN_LINE_RE = /^\*\*Plan:\*\*[ \t]*(.+)$/m;

/** How a question is put as a request: "how would you add tags to tasks?" → "add tags to tasks". */
function asRequest(question: string): string {
  return question
    .trim()
    .replace(/[?!.]+$/, '')
    .replace(
      /^(?:(?:so|ok|okay|hmm|well),?\s+)?(?:how\s+(?:would|could|should|can|do|might)\s+(?:you|we|i)|what\s+if\s+(?:you|we|i)|could\s+(?:you|we)|can\s+(?:you|we)|should\s+(?:you|we|i)|would\s+you|let'?s|please|i\s+(?:want|would\s+like|'d\s+like)\s+to)\s+/i,
      '',
    )
    .trim();
}

/**
 * The requests a question may stand for, best first: itself as a request, then "add X to tasks" read as a
 * field ("add a tags field"), which is how people ask for one.
 */
function candidates(question: string): string[] {
  const request = asRequest(question);
  const out = [request];
  const field =
    /\badd\s+(?:a\s+|an\s+|some\s+)?([A-Za-z][A-Za-z ]{0,30}?)\s+(?:to|on|for)\s+(?:the\s+|my\s+|each\s+|every\s+)?(?:tasks?|todos?|to-dos?|notes?|leads?|items?)\b/i.exec(
      request,
    );
  if (field?.[1] && !/\b(field|column|input)\b/i.test(field[1])) out.push(`add a ${field[1].trim()} field`);
  return out;
}

/** The step of a plan for a module the change touches. */
function moduleStep(m: GenModule, created: boolean): string {
  const what =
    m.moduleType === 'FUNCTION'
      ? 'the backend function'
      : m.moduleType === 'COMPONENT'
        ? 'the component'
        : m.moduleType === 'EXPO_PAGE'
          ? 'the screen'
          : 'the page';
  return `${created ? 'Create' : 'Update'} ${what} \`${m.filePath}\`.`;
}

/** The builtin's whole reply to a DISCUSSION: an answer with a numbered plan, or what it cannot plan. */
export function discussionReply(question: string, modules: GenModule[]): string {
  let notes: string[] = [];
  for (const request of candidates(question)) {
    const result = applyFollowUps(request, modules);
    if (result.done.length === 0) {
      if (notes.length === 0) notes = result.notes;
      continue;
    }
    const before = new Map(modules.map((m) => [m.filePath, m.content]));
    const steps = [
      ...result.migrations.map(
        (m) => `Change the database with the migration \`${m.name}\`: \`${m.sql.trim().split('\n')[0]}\``,
      ),
      ...[...result.modules.values()]
        .filter((m) => before.get(m.filePath) !== m.content)
        .sort((x, y) => Number(y.moduleType === 'FUNCTION') - Number(x.moduleType === 'FUNCTION'))
        .map((m) => moduleStep(m, !before.has(m.filePath))),
      'Check the app: it is compiled and every page rendered before the revision counts as valid.',
    ];
    return [
      thinkingBlock(`Plan only (discussion): ${request}. Nothing is changed.`),
      'Here is how I would do it. Nothing changes until you press **Implement this plan**.\n\n',
      `**Plan:** ${request}\n\n`,
      steps.map((s, i) => `${i + 1}. ${s}`).join('\n'),
      `\n\nResult: ${result.done.join(' ')}\n`,
    ].join('');
  }
  if (notes.length > 0) return `${notes.join('\n')}\n`;
  return `I can only plan the changes I can make without a language model: a new colour ("make it teal"), a new name ("rename the app to Taskly"), a page ("add a page called Pricing"), a field on tasks, notes or leads ("how would you add a priority field?"), sign-in, or a mobile version. Connect a model (KILN_MODEL) to discuss anything else.\n`;
}

/**
 * The request an "Implement this plan" message carries for the builtin: its plan's `**Plan:**` line, or the
 * whole message when it is no such message.
 */
export function planRequest(prompt: string): string {
  if (!prompt.trimStart().startsWith(IMPLEMENT_PLAN_PREFIX)) return prompt;
  return PLAN_LINE_RE.exec(prompt)?.[1]?.trim() ?? prompt;
}
