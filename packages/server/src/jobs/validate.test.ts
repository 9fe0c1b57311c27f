/**
 * `validateRevision`: the compile pass and the headless render pass (real Chromium, the built runtime), on
 * hand-written modules and on the builtin generator's todo app.
 */
import { createBuiltinProvider, type GenerationEvent, type GenModule, generate } from '@kiln/codegen';
import { afterAll, describe, expect, test } from 'vitest';
import { closeValidation, type RenderOutcome, useRenderCheckCache, validateRevision } from './validate';

afterAll(() => closeValidation());

const page = (content: string, filePath = 'apps/web/src/app/page.tsx'): GenModule => ({
  filePath,
  moduleType: 'PAGE',
  content,
});
const component = (name: string, content: string): GenModule => ({
  filePath: `apps/web/src/components/${name}.tsx`,
  moduleType: 'COMPONENT',
  content,
});

async function todoApp(): Promise<GenModule[]> {
  let done: Extract<GenerationEvent, { type: 'done' }> | undefined;
  for await (const ev of generate(
    { prompt: 'A todo list app with due dates', modules: [], action: 'INITIAL' },
    createBuiltinProvider(),
  )) {
    if (ev.type === 'done') done = ev;
  }
  return done!.modules;
}

describe('validateRevision', () => {
  test('no modules: INVALID_PROMPT for a first generation, VALID for a later one', async () => {
    expect(await validateRevision([], { action: 'INITIAL' })).toEqual({ status: 'INVALID_PROMPT' });
    expect(await validateRevision([], { action: 'CHAT' })).toEqual({ status: 'VALID' });
  });

  test('a function that does not bundle for the sandbox is INVALID_CODE on that function, before rendering', async () => {
    const fn = (segment: string, content: string): GenModule => ({
      filePath: `apps/web/src/app/api/${segment}/route.ts`,
      moduleType: 'FUNCTION',
      content,
    });
    const home = page('export default function Home() { return <p>Hi</p>; }');
    const fine = fn(
      'ok',
      "import sql from '@/app/api/utils/sql';\nexport async function GET() { return Response.json(await sql`SELECT 1`); }\n",
    );
    expect(await validateRevision([home, fine], { render: false })).toEqual({ status: 'VALID' });
    expect(
      await validateRevision(
        [home, fine, fn('tools', "import _ from 'lodash';\nexport const GET = () => _.sum([1]);\n")],
        {
          render: false,
        },
      ),
    ).toEqual({
      status: 'INVALID_CODE',
      error: {
        filePath: 'apps/web/src/app/api/tools/route.ts',
        message: 'Module "lodash" is not available in functions',
      },
    });
    const broken = await validateRevision([home, fn('broken', 'export async function GET( {\n')], {
      render: false,
    });
    expect(broken.status).toBe('INVALID_CODE');
    expect(broken.error?.filePath).toBe('apps/web/src/app/api/broken/route.ts');
  });

  test('a module that does not compile is INVALID_CODE before anything renders', async () => {
    const result = await validateRevision([
      page('export default function Home() { return <main><p>ok</p></main>; }'),
      component('Broken', 'export default function Broken() { return <div>{ }</div>; ;; const = ; }'),
    ]);
    expect(result.status).toBe('INVALID_CODE');
    expect(result.error?.filePath).toBe('apps/web/src/components/Broken.tsx');
    expect(result.error?.message).toBeTruthy();
  });

  test('code that compiles but fails to render is INVALID_CODE, naming the failing component', async () => {
    const modules = [
      page('export default function Home() { return <main><h1>Hi</h1><Stats /></main>; }'),
      component(
        'Stats',
        'export default function Stats() { const data = undefined; return <p>{data.total}</p>; }',
      ),
    ];
    expect((await validateRevision(modules, { render: false })).status).toBe('VALID');
    const result = await validateRevision(modules);
    expect(result.status).toBe('INVALID_CODE');
    expect(result.error?.filePath).toBe('apps/web/src/components/Stats.tsx');
    expect(result.error?.message).toMatch(/total/);
  });

  test('a page importing a project component nobody wrote is INVALID_CODE with the missing module named, in both passes', async () => {
    const home = page(
      [
        "import PricingTable from '@/components/PricingTable';",
        "import { Button } from '@/components/ui/button';",
        "import Header from '../components/Header';",
        'export default function Home() { return <main><Header /><PricingTable /><Button>Buy</Button></main>; }',
      ].join('\n'),
    );
    const header = component('Header', 'export default function Header() { return <h1>Plans</h1>; }');
    const message = 'PricingTable is imported from @/components/PricingTable but no such module exists';
    expect(await validateRevision([home, header], { render: false })).toEqual({
      status: 'INVALID_CODE',
      error: { filePath: 'apps/web/src/app/page.tsx', message },
    });
    // The preview runtime itself (what the user sees, and the render pass) reports the same error.
    const { renderCheck } = await import('@kiln/preview/node');
    const all = [home, header].map((m) => ({
      ...m,
      name: m.filePath
        .split('/')
        .pop()!
        .replace(/\.tsx$/, ''),
    }));
    const rendered = await renderCheck({
      source: home.content,
      filePath: home.filePath,
      mode: 'web',
      modules: all as never,
      timeoutMs: 10_000,
    });
    expect(rendered.ok).toBe(false);
    expect(rendered.error).toContain(message);
    // Once the component exists, both passes are happy; the library stand-in still answers @/components/ui.
    const table = component('PricingTable', 'export default function PricingTable() { return <p>$9</p>; }');
    expect(await validateRevision([home, header, table])).toEqual({ status: 'VALID' });
  });

  test("the builtin generator's todo app renders: VALID, in well under a second once warm", async () => {
    const modules = await todoApp();
    expect(modules.some((m) => m.moduleType === 'PAGE')).toBe(true);
    expect(await validateRevision(modules)).toEqual({ status: 'VALID' });
    const started = performance.now();
    expect(await validateRevision(modules)).toEqual({ status: 'VALID' });
    expect(performance.now() - started).toBeLessThan(2000);
  });

  test('a render check cache answers a page it has seen with the same modules, and keeps what Chromium said', async () => {
    const kept = new Map<string, RenderOutcome>();
    const asked: string[] = [];
    useRenderCheckCache({
      get: async (key) => {
        asked.push(key);
        return kept.get(key);
      },
      set: async (key, outcome) => {
        kept.set(key, outcome);
      },
    });
    try {
      const broken = page(
        "export default function Home() { throw new Error('cached failure'); return <p>Hi</p>; }",
      );
      // Rendered by Chromium, then kept under one key.
      const first = await validateRevision([broken]);
      expect(first.status).toBe('INVALID_CODE');
      expect(first.error?.message).toContain('cached failure');
      expect(kept.size).toBe(1);
      expect([...kept.values()][0]).toMatchObject({ ok: false });
      // The same inputs: answered from the cache (the stored outcome is what decides).
      const [key] = kept.keys();
      kept.set(key!, { ok: false, error: 'the cached answer' });
      expect(await validateRevision([broken])).toEqual({
        status: 'INVALID_CODE',
        error: { filePath: 'apps/web/src/app/page.tsx', message: 'the cached answer' },
      });
      // Another module beside the page is another check: rendered, and kept under a key of its own.
      const fine = component('Badge', 'export default function Badge() { return <b>new</b>; }');
      expect((await validateRevision([broken, fine])).error?.message).toContain('cached failure');
      expect(kept.size).toBe(2);
      expect(new Set(asked).size).toBe(2);
    } finally {
      useRenderCheckCache(undefined);
    }
  });
});
