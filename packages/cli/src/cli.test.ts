import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { startTestKiln, waitFor } from '../../server/test/harness';
import { TestRegistry } from '../../server/test/npm-registry';
import { main } from './index';

function sink() {
  let text = '';
  const stream = new Writable({
    write(chunk, _enc, done) {
      text += chunk.toString();
      done();
    },
  });
  return { stream, text: () => text };
}

describe('kiln generate', () => {
  it('writes a todo app in the spec file layout', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'kiln-cli-'));
    try {
      const out = sink();
      const code = await main(['generate', 'A todo list app with due dates', '--out', dir], out.stream);
      expect(code).toBe(0);
      expect(out.text()).toMatch(/PAGE\s+apps\/web\/src\/app\/page\.tsx/);
      expect(readFileSync(join(dir, 'apps/web/src/app/page.tsx'), 'utf8')).toContain(
        'export default function',
      );
      // The backend: functions in the layout, the table as a numbered migration, and the suggestions.
      expect(out.text()).toMatch(/FUNCTION\s+apps\/web\/src\/app\/api\/todos\/route\.ts/);
      expect(out.text()).toMatch(/MIGRATION\s+apps\/web\/db\/migrations\/0001_create_todos\.sql/);
      expect(readFileSync(join(dir, 'apps/web/db/migrations/0001_create_todos.sql'), 'utf8')).toContain(
        'CREATE TABLE todos',
      );
      expect(out.text()).toMatch(/Try next:\n {2}- /);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('explains its usage when the prompt or --out is missing', async () => {
    const err = sink();
    expect(await main(['generate', '--out', '/tmp/x'], undefined, err.stream)).toBe(2);
    expect(err.text()).toContain('kiln generate "<prompt>" --out DIR');
  });
});

describe('kiln render', () => {
  it('renders a module in headless Chromium and reports what failed', { timeout: 60_000 }, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'kiln-render-'));
    try {
      const page = join(dir, 'apps/web/src/app/page.tsx');
      const broken = join(dir, 'apps/web/src/app/broken/page.tsx');
      mkdirSync(join(dir, 'apps/web/src/app/broken'), { recursive: true });
      writeFileSync(
        page,
        'export default function Page() {\n  return <h1 className="text-2xl">Hello</h1>;\n}\n',
      );
      writeFileSync(
        broken,
        'export default function Page() {\n  const x = null;\n  return <h1>{x.y}</h1>;\n}\n',
      );
      const ok = sink();
      expect(await main(['render', page, '--root', dir], ok.stream)).toBe(0);
      expect(JSON.parse(ok.text())).toMatchObject({ ok: true, error: null });
      const bad = sink();
      expect(await main(['render', broken, '--root', dir], bad.stream)).toBe(1);
      expect(JSON.parse(bad.text())).toMatchObject({
        ok: false,
        error: "Cannot read properties of null (reading 'y')",
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('renders a page importing an npm package outside the catalogue, from a local registry, then offline', {
    timeout: 90_000,
  }, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'kiln-render-npm-'));
    const registry = new TestRegistry();
    await registry.add({
      name: 'tiny-greeting',
      version: '1.0.0',
      json: { type: 'module', main: 'index.js' },
      files: { 'index.js': "export const greet = (name) => 'Hello, ' + name + '!';\n" },
    });
    await registry.start();
    try {
      const page = join(dir, 'apps/web/src/app/page.tsx');
      mkdirSync(join(dir, 'apps/web/src/app'), { recursive: true });
      writeFileSync(
        page,
        "import { greet } from 'tiny-greeting';\nexport default function Page() {\n  return <h1>{greet('Kiln')}</h1>;\n}\n",
      );
      const env = { KILN_NPM_REGISTRY: registry.url, KILN_DATA_DIR: join(dir, 'data') };
      const ok = sink();
      expect(await main(['render', page, '--root', dir], ok.stream, undefined, env)).toBe(0);
      expect(JSON.parse(ok.text())).toMatchObject({ ok: true, error: null });
      // The registry stopped: the cached bundle still renders; a package never seen names itself.
      await registry.stop();
      const again = sink();
      expect(await main(['render', page, '--root', dir], again.stream, undefined, env)).toBe(0);
      writeFileSync(
        page,
        "import { x } from 'never-seen';\nexport default function Page() { return <p>{x}</p>; }\n",
      );
      const missing = sink();
      expect(await main(['render', page, '--root', dir], missing.stream, undefined, env)).toBe(1);
      expect(JSON.parse(missing.text()).error).toBe(
        `Package "never-seen" is not in Kiln's cache and the npm registry (${registry.url}) is unreachable.`,
      );
    } finally {
      await registry.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('kiln models', () => {
  it('warns when the local model is small (≤ 3B), from Ollama’s own description or from the name, and not for a 8B model', {
    timeout: 30_000,
  }, async () => {
    // A stand-in for Ollama on a real port: its OpenAI-compatible model list and its native /api/show.
    const sizes: Record<string, string> = { 'tinyllama:latest': '1.1B', 'llama3.1:latest': '8.0B' };
    const ollama = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => {
        body += c;
      });
      req.on('end', () => {
        res.setHeader('content-type', 'application/json');
        if (req.url === '/v1/models') {
          res.end(JSON.stringify({ data: Object.keys(sizes).map((id) => ({ id })) }));
        } else if (req.url === '/api/show') {
          const size = sizes[(JSON.parse(body) as { model: string }).model];
          res.statusCode = size ? 200 : 404;
          res.end(
            JSON.stringify(size ? { details: { parameter_size: size } } : { error: 'model not found' }),
          );
        } else {
          res.statusCode = 404;
          res.end('{}');
        }
      });
    });
    await new Promise<void>((r) => ollama.listen(0, '127.0.0.1', r));
    const base = `http://127.0.0.1:${(ollama.address() as AddressInfo).port}/v1`;
    try {
      const small = sink();
      await main(['models'], small.stream, undefined, {
        KILN_MODEL: 'ollama:tinyllama:latest',
        KILN_MODEL_BASE_URL: base,
      });
      expect(small.text()).toContain(
        "Warning: tinyllama:latest has about 1.1B parameters. This model is small; expect replies that stray from Kiln's format",
      );
      const large = sink();
      await main(['models'], large.stream, undefined, {
        KILN_MODEL: 'ollama:llama3.1:latest',
        KILN_MODEL_BASE_URL: base,
      });
      expect(large.text()).toContain('* = KILN_MODEL (ollama:llama3.1:latest)');
      expect(large.text()).not.toContain('This model is small');
      // LM Studio not running: the size comes from the model's name.
      const named = sink();
      await main(['models'], named.stream, undefined, {
        KILN_MODEL: 'lmstudio:qwen2.5-coder-1.5b-instruct',
        KILN_MODEL_BASE_URL: 'http://127.0.0.1:9/v1',
      });
      expect(named.text()).toContain('Warning: qwen2.5-coder-1.5b-instruct has about 1.5B parameters.');
    } finally {
      await new Promise((r) => ollama.close(r));
    }
  });
});

describe('kiln export', () => {
  it('writes a project of the data folder as a standalone app, and never into a folder in use', {
    timeout: 180_000,
  }, async () => {
    const t = await startTestKiln();
    const out = mkdtempSync(join(tmpdir(), 'kiln-export-'));
    try {
      const client = t.client();
      await client.gql(
        'mutation { signUp(email: "cli-export@example.com", password: "correct horse battery") { id } }',
      );
      const { data } = await client.gql<{ createProject: { id: string } }>(
        'mutation { createProject(prompt: "a todo list with due dates") { id } }',
      );
      const id = data.createProject.id;
      await waitFor(async () => {
        const r = await client.gql(`query { project(id: "${id}") { latestRevision { status } } }`);
        return r.data.project.latestRevision.status === 'VALID';
      }, 60_000);
      // The embedded database has one owner at a time: the server stops before the command reads it.
      await t.kiln.close();
      const env = { KILN_DATA_DIR: t.dataDir };
      const ok = sink();
      expect(await main(['export', id, '--out', join(out, 'app')], ok.stream, undefined, env)).toBe(0);
      expect(ok.text()).toMatch(/^Exported ".+" \(\d+ files\) to /);
      const pkg = JSON.parse(readFileSync(join(out, 'app/package.json'), 'utf8'));
      expect(pkg.scripts.build).toBe('vite build');
      expect(readFileSync(join(out, 'app/src/app/page.tsx'), 'utf8')).toContain('export default function');
      expect(readFileSync(join(out, 'app/migrations/0001_create_todos.sql'), 'utf8')).toContain(
        'CREATE TABLE todos',
      );

      const again = sink();
      expect(await main(['export', id, '--out', join(out, 'app')], undefined, again.stream, env)).toBe(2);
      expect(again.text()).toContain('is not empty');
      const missing = sink();
      expect(
        await main(['export', 'nope', '--out', join(out, 'other')], undefined, missing.stream, env),
      ).toBe(1);
      expect(missing.text()).toContain('No project nope');
    } finally {
      rmSync(out, { recursive: true, force: true });
      rmSync(t.dataDir, { recursive: true, force: true });
    }
  });
});
