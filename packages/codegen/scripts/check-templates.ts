/**
 * Type-checks the builtin app templates (`packages/codegen/templates`, its tsconfig.json) and fails on any error
 * but the few that come from the generated apps being JavaScript-style TSX (untyped state and parameters):
 * TS2339 (a property of state that started as `{}`), TS2554 (a call that leaves out trailing parameters) and
 * TS2362/TS2363/TS2365 (arithmetic on Dates). Syntax, unknown imports and names, JSX and every other type
 * error fail. Run by `npm run check`; alone: `node --import tsx packages/codegen/scripts/check-templates.ts`.
 * @module
 */
import { join } from 'node:path';
import ts from 'typescript';

/** Diagnostics the JavaScript-style generated code is allowed. */
export const TOLERATED_CODES: ReadonlySet<number> = new Set([2339, 2554, 2362, 2363, 2365]);

const dir = join(import.meta.dirname, '../templates');
const configPath = join(dir, 'tsconfig.json');
const config = ts.readConfigFile(configPath, (p) => ts.sys.readFile(p));
const parsed = ts.parseJsonConfigFileContent(config.config, ts.sys, dir, undefined, configPath);
const program = ts.createProgram(parsed.fileNames, parsed.options);
const all = [...(config.error ? [config.error] : []), ...parsed.errors, ...ts.getPreEmitDiagnostics(program)];
const errors = all.filter((d) => !TOLERATED_CODES.has(d.code));
const host: ts.FormatDiagnosticsHost = {
  getCanonicalFileName: (f) => f,
  getCurrentDirectory: () => process.cwd(),
  getNewLine: () => '\n',
};
if (errors.length > 0) {
  process.stderr.write(ts.formatDiagnostics(errors, host));
  process.exitCode = 1;
}
console.log(
  `templates: ${parsed.fileNames.length} files, ${errors.length} errors, ${all.length - errors.length} tolerated (${[...TOLERATED_CODES].map((c) => `TS${c}`).join(', ')})`,
);
