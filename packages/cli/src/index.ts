/**
 * @module The `kiln` command: `kiln start` runs the server; `kiln generate "<prompt>" --out DIR` writes an
 * app's modules in the spec's file layout with the builtin generator, no server needed; `kiln export PROJECT_ID
 * --out DIR` writes a project of Kiln's database as a standalone app (what the Download button zips).
 */
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { describeModels, generate } from '@kiln/codegen';
import {
  exportProject,
  loadConfig,
  loadExportById,
  openDatabase,
  PackageResolver,
  providerFor,
  startKiln,
} from '@kiln/server';
import { smallModelWarning } from './model-size';

const USAGE = `Usage:
  kiln start                              run Kiln (same as npm start; configured by environment, see .env.example)
  kiln generate "<prompt>" --out DIR [--model SPEC]
                                          write a generated app's files into DIR (default model: KILN_MODEL)
  kiln export PROJECT_ID --out DIR        write a project as a standalone app (npm install && npm run dev) into
                                          DIR, from Kiln's database (KILN_DATA_DIR or DATABASE_URL; with the
                                          embedded database, stop Kiln first)
  kiln models                             which model providers are configured and reachable
  kiln render FILE [--mode web|mobile] [--root DIR]
                                          render one module in headless Chromium; prints {ok, error, ms}
  kiln help`;

/** Run the CLI with argv (without node and script); returns the exit code. */
export async function main(
  argv: string[],
  out: { write(s: string): unknown } = process.stdout,
  err: { write(s: string): unknown } = process.stderr,
  env: Record<string, string | undefined> = {},
): Promise<number> {
  const [command, ...rest] = argv;
  switch (command) {
    case 'start': {
      const kiln = await startKiln(loadConfig(env));
      out.write(`[kiln] builder at ${kiln.url}\n`);
      await new Promise<void>((done) => {
        process.once('SIGINT', done);
        process.once('SIGTERM', done);
      });
      await kiln.close();
      return 0;
    }
    case 'generate': {
      /** Where `kiln generate` writes the app's migrations, beside its sources. */
      const MIGRATIONS_DIR = 'apps/web/db/migrations';
      const { values, positionals } = parseArgs({
        args: rest,
        allowPositionals: true,
        options: { out: { type: 'string' }, model: { type: 'string' } },
      });
      const prompt = positionals.join(' ').trim();
      if (!prompt || !values.out) {
        err.write(`${USAGE}\n`);
        return 2;
      }
      const config = loadConfig(env);
      let provider: ReturnType<typeof providerFor>;
      try {
        provider = providerFor({ ...config, model: values.model ?? config.model, builtinDelayMs: 0 });
      } catch (e) {
        err.write(`${e instanceof Error ? e.message : String(e)}\n`);
        return 2;
      }
      let message = '';
      let choices: string[] = [];
      let files = 0;
      for await (const ev of generate({ prompt, modules: [], action: 'INITIAL' }, provider)) {
        if (ev.type !== 'done') continue;
        message = ev.message;
        choices = ev.blocks.flatMap((b) => (b.kind === 'choices' ? b.choices : []));
        for (const m of ev.modules) {
          const file = join(resolve(values.out), m.filePath);
          await mkdir(dirname(file), { recursive: true });
          await writeFile(file, m.content);
          out.write(`${m.moduleType.padEnd(10)} ${m.filePath}\n`);
          files++;
        }
        // Tables: one SQL file per migration, numbered in order (apps/web/db/migrations/0001_create_todos.sql).
        for (const [i, m] of (ev.migrations ?? []).entries()) {
          const path = `${MIGRATIONS_DIR}/${String(i + 1).padStart(4, '0')}_${m.name}.sql`;
          const file = join(resolve(values.out), path);
          await mkdir(dirname(file), { recursive: true });
          await writeFile(file, m.sql.endsWith('\n') ? m.sql : `${m.sql}\n`);
          out.write(`${'MIGRATION'.padEnd(10)} ${path}\n`);
          files++;
        }
      }
      if (message) out.write(`\n${message}\n`);
      // The reply's suggestions (buttons in the builder's chat), as prompts to try.
      if (choices.length > 0) out.write(`\nTry next:\n${choices.map((c) => `  - ${c}`).join('\n')}\n`);
      return files > 0 ? 0 : 1;
    }
    case 'export': {
      const { values, positionals } = parseArgs({
        args: rest,
        allowPositionals: true,
        options: { out: { type: 'string' } },
      });
      const projectId = positionals[0];
      if (!projectId || positionals.length > 1 || !values.out) {
        err.write(`${USAGE}\n`);
        return 2;
      }
      const dir = resolve(values.out);
      // Nothing of the person's is overwritten: the folder must be new or empty.
      if ((await readdir(dir).catch(() => [])).length > 0) {
        err.write(`${dir} is not empty: choose a new folder for the export.\n`);
        return 2;
      }
      const config = loadConfig(env);
      const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
      try {
        const project = await loadExportById(database.db, projectId);
        if (!project) {
          err.write(`No project ${projectId} in ${config.databaseUrl ? 'DATABASE_URL' : config.dataDir}.\n`);
          return 1;
        }
        const files = await exportProject(project);
        for (const [path, content] of files) {
          const file = join(dir, path);
          await mkdir(dirname(file), { recursive: true });
          await writeFile(file, content);
        }
        out.write(`Exported "${project.name}" (${files.size} files) to ${dir}\n`);
        out.write(`Run it: cd ${relative(process.cwd(), dir) || '.'} && npm install && npm run dev\n`);
        return 0;
      } catch (e) {
        err.write(`${e instanceof Error ? e.message : String(e)}\n`);
        return 1;
      } finally {
        await database.close();
      }
    }
    case 'render': {
      const { values, positionals } = parseArgs({
        args: rest,
        allowPositionals: true,
        options: { mode: { type: 'string' }, root: { type: 'string', default: '.' } },
      });
      const file = positionals[0];
      if (!file || (values.mode && values.mode !== 'web' && values.mode !== 'mobile')) {
        err.write(`${USAGE}\n`);
        return 2;
      }
      // The path inside the project decides the module's kind and route (apps/web/src/app/…/page.tsx).
      const filePath = relative(resolve(values.root), resolve(file)).split('\\').join('/');
      const { renderCheck, closeHeadless } = await import('@kiln/preview/node');
      try {
        const source = await readFile(file, 'utf8');
        // npm packages outside the catalogue: resolved like the server does, cached in its data folder.
        const config = loadConfig(env);
        const packages = new PackageResolver({ dataDir: config.dataDir, ...config.npm });
        const result = await renderCheck({
          source,
          filePath,
          ...(values.mode ? { mode: values.mode as 'web' | 'mobile' } : {}),
          packages: { resolve: (s) => packages.resolve(s), bundleFile: (h) => packages.bundleFile(h) },
        });
        out.write(`${JSON.stringify(result)}\n`);
        return result.ok ? 0 : 1;
      } catch (e) {
        out.write(
          `${JSON.stringify({ ok: false, error: e instanceof Error ? e.message : String(e), ms: 0 })}\n`,
        );
        return 1;
      } finally {
        await closeHeadless();
      }
    }
    case 'models': {
      const config = loadConfig(env);
      const rows = await describeModels({ ...config.modelSettings, model: config.model });
      for (const r of rows) {
        const state =
          r.reachable === null
            ? r.configured
              ? 'configured'
              : 'not configured'
            : r.reachable
              ? 'reachable'
              : 'unreachable';
        out.write(`${r.active ? '*' : ' '} ${r.id.padEnd(18)} ${state.padEnd(15)} ${r.detail}\n`);
      }
      out.write(`\n* = KILN_MODEL (${config.model})\n`);
      const warning = await smallModelWarning({ ...config.modelSettings, model: config.model }).catch(
        () => null,
      );
      if (warning) out.write(`\n${warning}\n`);
      return 0;
    }
    case undefined:
    case 'help':
    case '--help':
      out.write(`${USAGE}\n`);
      return 0;
    default:
      err.write(`Unknown command ${command}.\n${USAGE}\n`);
      return 2;
  }
}
