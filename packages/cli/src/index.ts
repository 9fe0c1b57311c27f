/**
 * @module The `kiln` command: `kiln start` runs the server; `kiln generate "<prompt>" --out DIR` writes an
 * app's modules in the spec's file layout with the builtin generator, no server needed.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { createBuiltinProvider, generate } from '@kiln/codegen';
import { loadConfig, startKiln } from '@kiln/server';

const USAGE = `Usage:
  kiln start                              run Kiln (same as npm start; configured by environment, see .env.example)
  kiln generate "<prompt>" --out DIR      write a generated app's files into DIR (builtin generator)
  kiln help`;

/** Run the CLI with argv (without node and script); returns the exit code. */
export async function main(
  argv: string[],
  out: { write(s: string): unknown } = process.stdout,
  err: { write(s: string): unknown } = process.stderr,
): Promise<number> {
  const [command, ...rest] = argv;
  switch (command) {
    case 'start': {
      const kiln = await startKiln(loadConfig());
      out.write(`[kiln] builder at ${kiln.url}\n`);
      await new Promise<void>((done) => {
        process.once('SIGINT', done);
        process.once('SIGTERM', done);
      });
      await kiln.close();
      return 0;
    }
    case 'generate': {
      const { values, positionals } = parseArgs({
        args: rest,
        allowPositionals: true,
        options: { out: { type: 'string' }, model: { type: 'string', default: 'builtin' } },
      });
      const prompt = positionals.join(' ').trim();
      if (!prompt || !values.out) {
        err.write(`${USAGE}\n`);
        return 2;
      }
      if (values.model !== 'builtin') {
        err.write(`--model ${values.model} is not supported yet; use builtin.\n`);
        return 2;
      }
      let message = '';
      let files = 0;
      for await (const ev of generate({ prompt, modules: [], action: 'INITIAL' }, createBuiltinProvider())) {
        if (ev.type !== 'done') continue;
        message = ev.message;
        for (const m of ev.modules) {
          const file = join(resolve(values.out), m.filePath);
          await mkdir(dirname(file), { recursive: true });
          await writeFile(file, m.content);
          out.write(`${m.moduleType.padEnd(10)} ${m.filePath}\n`);
          files++;
        }
      }
      if (message) out.write(`\n${message}\n`);
      return files > 0 ? 0 : 1;
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
