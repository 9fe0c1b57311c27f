import { readdirSync, readFileSync, statSync, mkdirSync, writeFileSync, symlinkSync } from 'node:fs';
import { join, dirname, relative } from 'node:path';
import { moduleTypeFromPath } from '@kiln/core';
import { exportProject } from '../src/export/project-export.ts';
async function main() {
  const [src, out] = process.argv.slice(2);
  const walk = (d: string): string[] => readdirSync(d).flatMap((f) => statSync(join(d, f)).isDirectory() ? walk(join(d, f)) : [join(d, f)]);
  const all = walk(src!).map((f) => relative(src!, f));
  const modules = all.filter((f) => f.startsWith('apps/') && !f.includes('/db/')).map((f) => ({ filePath: f, moduleType: moduleTypeFromPath(f), content: readFileSync(join(src!, f), 'utf8') }));
  const migrations = all.filter((f) => f.includes('/db/migrations/')).sort().map((f) => ({ name: f.split('/').pop()!.replace(/^\d+_|\.sql$/g, ''), sql: readFileSync(join(src!, f), 'utf8') }));
  const files = await exportProject({ name: 'Test App', modules, migrations });
  for (const [p, c] of files) { mkdirSync(dirname(join(out!, p)), { recursive: true }); writeFileSync(join(out!, p), c); }
  symlinkSync('/tmp/exp-install/node_modules', join(out!, 'node_modules'));
  console.log(files.size, 'files');
}
main();
