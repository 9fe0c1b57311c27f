/**
 * The builtin generator's output is byte-identical to the recorded fixture
 * (`fixtures/builtin-output/replies.gen.json`, written by `scripts/record-builtin-output.ts` from the code before
 * the apps moved into `templates/`): every app type's INITIAL reply, with sign-in and as a mobile app, and every
 * follow-up on it. One app type: `npx vitest run packages/codegen/test/builtin-output.test.ts -t TODO_LIST_APP/`.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type BuiltinOutputCase, followUp, initial, replyFiles, starter } from './builtin-output-cases.ts';

const recorded: BuiltinOutputCase[] = JSON.parse(
  readFileSync(join(import.meta.dirname, 'fixtures/builtin-output/replies.gen.json'), 'utf8'),
);
const byName = new Map(recorded.map((c) => [c.name, c]));

/** The reply cut into its blocks, so a difference names the file (or migration, or text) it is in. */
function blocks(reply: string): string[] {
  return reply.split(/(?=<kiln:(?:file|edit|migration|thinking|choices|publish)\b)/);
}

describe('builtin output is byte-identical to the recorded fixture', () => {
  it('covers every app type, its sign-in and mobile variants and its follow-ups', () => {
    expect(recorded.length).toBeGreaterThanOrEqual(24 * 9);
    expect(recorded.filter((c) => c.name.endsWith('/initial'))).toHaveLength(24);
  });

  for (const c of recorded) {
    it(c.name, () => {
      const on = c.on ? byName.get(c.on) : undefined;
      const reply = c.starter
        ? starter(c.starter)
        : on
          ? followUp(c.prompt, replyFiles(on.reply))
          : initial(c.prompt);
      if (reply !== c.reply) expect(blocks(reply)).toEqual(blocks(c.reply));
      expect(reply).toBe(c.reply);
    });
  }
});
