/**
 * The one retry `generate` makes for edits that did not apply: the request that asks the model for those
 * files again, how the retry's answer settles which edits are still missed, and the problem a missed edit
 * leaves at the end.
 * @module
 */

import { escapeAttr } from './tool-calls.ts';
import type { GenerationProblem, GenModule, MissedEdit } from './types.ts';

/** The retry request for edits that did not apply: what went wrong, each file as it is now, what to send. */
export function retryRequest(missed: readonly MissedEdit[], modules: ReadonlyMap<string, GenModule>): string {
  const lines = ['Some of your changes could not be applied:'];
  const files: string[] = [];
  for (const m of missed) {
    const module = modules.get(m.filePath);
    if (m.reason === 'no-file' || !module) {
      lines.push(`- ${m.filePath} does not exist, so it cannot be edited.`);
      continue;
    }
    lines.push(
      m.reason === 'overlap'
        ? `- ${m.filePath}: your SEARCH blocks overlap (Overlapping ranges when fixing code are an error).`
        : `- ${m.filePath}: ${m.missed} SEARCH block${m.missed === 1 ? '' : 's'} matched nothing in the file.`,
    );
    files.push(
      `<kiln:file path="${escapeAttr(m.filePath)}" type="${module.moduleType}">\n${module.content}</kiln:file>`,
    );
  }
  if (missed.some((m) => m.reason === 'no-file' || !modules.has(m.filePath))) {
    const paths = [...modules.keys()];
    lines.push(
      `The project's files are: ${paths.slice(0, 60).join(', ')}${paths.length > 60 ? `, and ${paths.length - 60} more` : ''}.`,
    );
  }
  if (files.length > 0) lines.push('', 'These files are now:', ...files);
  lines.push(
    '',
    'Reply with each of these files whole, in a <kiln:file path="..."> block with the change you meant (or with',
    'corrected <kiln:edit> blocks whose SEARCH text is copied exactly from the file above). A file that does not',
    'exist is written whole with <kiln:file>, or the change goes into the file you meant. Write nothing else.',
  );
  return lines.join('\n');
}

/**
 * The edits still missed after the retry: those asked about that the retry neither rewrote nor missed
 * again, then what the retry itself missed. An edit of a file that does not exist counts as answered when
 * the retry changed another file and missed nothing (the model changed the file it meant instead).
 */
export function stillMissedAfterRetry(
  asked: readonly MissedEdit[],
  missedByRetry: readonly MissedEdit[],
  retried: ReadonlySet<string>,
): MissedEdit[] {
  const redirected = missedByRetry.length === 0 && retried.size > 0;
  return [
    ...asked.filter(
      (m) =>
        !retried.has(m.filePath) &&
        !(m.reason === 'no-file' && redirected) &&
        !missedByRetry.some((s) => s.filePath === m.filePath),
    ),
    ...missedByRetry,
  ];
}

/** The problem a missed edit leaves when it is still missed at the end. */
export function missedEditProblem(m: MissedEdit, retried: boolean): GenerationProblem {
  const again = retried ? ', even after asking the model again' : '';
  const message =
    m.reason === 'no-file'
      ? `The edit to ${m.filePath} was not applied: that file does not exist${again}.`
      : m.reason === 'overlap'
        ? `The edits to ${m.filePath} were not applied: they overlap (Overlapping ranges when fixing code are an error)${again}.`
        : `The edit to ${m.filePath} did not match the file${again}.`;
  return { kind: 'missed-edit', filePath: m.filePath, message };
}
