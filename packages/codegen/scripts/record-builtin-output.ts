/**
 * Records the builtin generator's output for every case of `test/builtin-output-cases.ts` into
 * `test/fixtures/builtin-output/replies.gen.json`, the fixture `test/builtin-output.test.ts` compares against.
 * Run it only to accept a deliberate change of the builtin output:
 *   npx tsx packages/codegen/scripts/record-builtin-output.ts
 * @module
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { builtinOutputs } from '../test/builtin-output-cases.ts';

const file = join(import.meta.dirname, '../test/fixtures/builtin-output/replies.gen.json');
const cases = builtinOutputs();
writeFileSync(file, `${JSON.stringify(cases, null, 2)}\n`);
console.log(`${cases.length} cases, ${cases.reduce((n, c) => n + c.reply.length, 0)} characters → ${file}`);
