/**
 * Dev check (not a test): generates builtin apps, bundles each page with esbuild and Tailwind, renders it in
 * headless Chromium at 1280 and 390 px and writes screenshots to /tmp/kiln-render; for the todo app it also adds,
 * ticks and deletes tasks and reloads to check persistence.
 * Usage: npx tsx packages/codegen/scripts/render-builtin.ts 'name:prompt[:follow-up…]|…'
 * @module
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import * as esbuild from 'esbuild';
import { chromium } from 'playwright-core';
import { compile } from 'tailwindcss';
import type { GenModule } from '../src/index.ts';
import { createBuiltinProvider, generate } from '../src/index.ts';

const root = path.resolve(import.meta.dirname, '../../../node_modules');
const out = '/tmp/kiln-render';

async function gen(prompt: string, modules: GenModule[] = []): Promise<GenModule[]> {
  let last: GenModule[] = [];
  for await (const e of generate({ prompt, modules }, createBuiltinProvider()))
    if (e.type === 'done') last = e.modules;
  return last;
}

async function css(modules: GenModule[]): Promise<string> {
  const compiler = await compile('@import "tailwindcss";', {
    base: root,
    loadStylesheet: async (id: string, base: string) => {
      const file = id === 'tailwindcss' ? path.join(root, 'tailwindcss/index.css') : path.resolve(base, id);
      return { content: fs.readFileSync(file, 'utf8'), base: path.dirname(file), path: file };
    },
  } as never);
  const candidates = new Set(modules.flatMap((m) => m.content.split(/[^A-Za-z0-9_:./\-[\]#%]+/)));
  return compiler.build([...candidates]);
}

async function bundle(name: string, modules: GenModule[]): Promise<string[]> {
  const dir = path.join(out, name);
  fs.rmSync(dir, { recursive: true, force: true });
  const routes: string[] = [];
  for (const m of modules) {
    const file = path.join(dir, m.filePath);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, m.content);
  }
  for (const m of modules.filter((m) => m.moduleType === 'PAGE')) {
    const route =
      m.filePath === 'apps/web/src/app/page.tsx'
        ? '/'
        : `/${m.filePath.slice('apps/web/src/app/'.length, -'/page.tsx'.length)}`;
    routes.push(route);
    const entry = path.join(dir, `entry${routes.length}.tsx`);
    fs.writeFileSync(
      entry,
      `import { createRoot } from 'react-dom/client';\nimport Page from './${m.filePath.replace(/\.tsx$/, '')}';\ncreateRoot(document.getElementById('root')!).render(<Page />);\n`,
    );
    const outfile = path.join(dir, 'site', route === '/' ? '' : route, 'index.js');
    await esbuild.build({
      entryPoints: [entry],
      bundle: true,
      outfile,
      jsx: 'automatic',
      alias: { '@': path.join(dir, 'apps/web/src') },
      nodePaths: [root],
      logLevel: 'error',
      define: { 'process.env.NODE_ENV': '"production"' },
    });
    fs.writeFileSync(
      path.join(path.dirname(outfile), 'index.html'),
      `<!doctype html><html><head><meta name="viewport" content="width=device-width"><style>${await css(modules)}</style></head><body><div id="root"></div><script src="${route === '/' ? '' : route}/index.js"></script></body></html>`,
    );
  }
  return routes;
}

function serve(dir: string): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    let p = path.join(dir, decodeURIComponent((req.url ?? '/').split('?')[0] ?? '/'));
    if (fs.existsSync(p) && fs.statSync(p).isDirectory()) p = path.join(p, 'index.html');
    if (!fs.existsSync(p)) {
      res.writeHead(404).end();
      return;
    }
    res
      .writeHead(200, { 'content-type': p.endsWith('.html') ? 'text/html' : 'text/javascript' })
      .end(fs.readFileSync(p));
  });
  return new Promise((r) => server.listen(0, () => r(server)));
}

const apps = (process.argv[2] ?? 'todo:A todo list app with due dates').split('|');
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
for (const spec of apps) {
  const [name, prompt, ...follow] = spec.split(':');
  let modules = await gen(prompt!);
  for (const f of follow) modules = await gen(f, modules);
  const routes = await bundle(name!, modules);
  const server = await serve(path.join(out, name!, 'site'));
  const port = (server.address() as { port: number }).port;
  for (const width of [1280, 390]) {
    const page = await browser.newPage({ viewport: { width, height: 900 } });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    for (const route of routes) {
      await page.goto(`http://localhost:${port}${route}`);
      await page.waitForTimeout(300);
      const shot = path.join(out, `${name}${route.replace(/\//g, '_')}-${width}.png`);
      await page.screenshot({ path: shot, fullPage: true });
      console.log(shot, errors.length ? errors : 'ok');
    }
    if (name === 'todo' && width === 1280) {
      await page.goto(`http://localhost:${port}/`);
      await page.fill('input[name=title]', 'Submit tax return');
      await page.fill('input[name=dueDate]', '2020-01-15');
      await page.click('button[type=submit]');
      await page.click('li:has-text("Plan the weekend hike") button[aria-label="Mark as done"]');
      await page.click('li:has-text("Renew library books") button[aria-label="Delete task"]', {
        force: true,
      });
      await page.reload();
      await page.waitForTimeout(300);
      const texts = await page.locator('li').allInnerTexts();
      console.log('after reload:', JSON.stringify(texts));
      await page.screenshot({ path: path.join(out, 'todo-after.png'), fullPage: true });
    }
    await page.close();
  }
  server.close();
}
await browser.close();
