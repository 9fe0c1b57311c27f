/**
 * The walk a model may write for Kiln's verification after the generation (issue 22): a `<kiln:verify>` block,
 * one step a line — `visit /tasks`, `click Add task`, `fill Title=Milk`, `expect Milk`. Kiln performs it in a
 * headless browser instead of its default walk. Lines it does not understand are dropped; at most
 * `MAX_WALK_STEPS` are kept.
 * @module
 */

/** One step of a verification walk; the preview's verifier (`@kiln/preview/verify`) takes the same shape. */
export interface VerifyWalkStep {
  action: 'visit' | 'click' | 'fill' | 'expect';
  target: string;
  value?: string;
}

/** The most steps a walk keeps (verification is bounded). */
export const MAX_WALK_STEPS = 12;
/** The longest target or value, in characters. */
const MAX_PART = 120;
const STEP_LINE = /^(?:[-*]|\d+[.)])?\s*(visit|click|fill|expect)\s+(.+)$/i;

/** The steps of a `<kiln:verify>` block's body; see the module comment. */
export function parseWalk(body: string): VerifyWalkStep[] {
  const steps: VerifyWalkStep[] = [];
  for (const line of body.split('\n')) {
    const match = STEP_LINE.exec(line.trim());
    if (!match) continue;
    const action = match[1]!.toLowerCase() as VerifyWalkStep['action'];
    const rest = unquote(match[2]!.trim());
    if (action === 'fill') {
      const eq = rest.indexOf('=');
      if (eq <= 0) continue;
      steps.push({
        action,
        target: unquote(rest.slice(0, eq).trim()).slice(0, MAX_PART),
        value: unquote(rest.slice(eq + 1).trim()).slice(0, MAX_PART),
      });
    } else if (action === 'visit') {
      if (!rest.startsWith('/')) continue;
      steps.push({ action, target: rest.split(/\s/, 1)[0]!.slice(0, MAX_PART) });
    } else if (rest) {
      steps.push({ action, target: rest.slice(0, MAX_PART) });
    }
    if (steps.length === MAX_WALK_STEPS) break;
  }
  return steps;
}

function unquote(text: string): string {
  return /^(["'`]).*\1$/.test(text) && text.length >= 2 ? text.slice(1, -1) : text;
}
