/**
 * Finds the first recorded builtin case (name containing the argument) whose reply differs from the current
 * output and prints the line diff (expected `<`, actual `>`). Usage:
 *   npx tsx packages/codegen/scripts/diff-builtin-output.ts NOTES_APP/
 * @module
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  type BuiltinOutputCase,
  followUp,
  initial,
  replyFiles,
  starter,
} from '../test/builtin-output-cases.ts';

const cases: BuiltinOutputCase[] = JSON.parse(
  readFileSync(join(import.meta.dirname, '../test/fixtures/builtin-output/replies.gen.json'), 'utf8'),
);
const byName = new Map(cases.map((c) => [c.name, c]));
const pattern = process.argv[2] ?? '';
let checked = 0;
for (const c of cases.filter((x) => x.name.includes(pattern))) {
  checked++;
  const on = c.on ? byName.get(c.on) : undefined;
  const reply = c.starter
    ? starter(c.starter)
    : on
      ? followUp(c.prompt, replyFiles(on.reply))
      : initial(c.prompt);
  if (reply === c.reply) continue;
  const dir = mkdtempSync(join(tmpdir(), 'kiln-diff-'));
  writeFileSync(join(dir, 'expected.txt'), c.reply);
  writeFileSync(join(dir, 'actual.txt'), reply);
  console.log(`${c.name}: differs (${dir})`);
  try {
    execFileSync('diff', [join(dir, 'expected.txt'), join(dir, 'actual.txt')], { stdio: 'inherit' });
  } catch {
    // diff exits 1 when the files differ.
  }
  process.exit(1);
}
console.log(`${checked} cases identical`);
