/**
 * Writes the files of one recorded builtin reply (a case of `test/fixtures/builtin-output/replies.gen.json`) into a
 * folder, laid out as a template folder is (`app/…`, `components/…`, `migrations/{name}.sql`), to start a template
 * from today's output. Usage:
 *   npx tsx packages/codegen/scripts/extract-builtin-output.ts 'TODO_LIST_APP/initial' /tmp/todo
 * @module
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { type BuiltinOutputCase, replyFiles } from '../test/builtin-output-cases.ts';

const [name, out] = process.argv.slice(2);
if (!name || !out) throw new Error('Usage: extract-builtin-output.ts <case name> <folder>');
const cases: BuiltinOutputCase[] = JSON.parse(
  readFileSync(join(import.meta.dirname, '../test/fixtures/builtin-output/replies.gen.json'), 'utf8'),
);
const found = cases.find((c) => c.name === name);
if (!found) throw new Error(`No case named ${name}`);
function write(path: string, content: string): void {
  mkdirSync(dirname(join(out as string, path)), { recursive: true });
  writeFileSync(join(out as string, path), content);
  console.log(path);
}
for (const f of replyFiles(found.reply)) write(f.filePath.replace(/^apps\/web\/src\//, ''), f.content);
for (const m of found.reply.matchAll(/<kiln:migration name="([^"]+)">([\s\S]*?)<\/kiln:migration>/g))
  write(`migrations/${m[1]}.sql`, `${m[2]}\n`);
