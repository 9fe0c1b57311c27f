import { describe, expect, it } from 'vitest';
import { type ExportModule, exportProject, fontsUsed, packageName } from './project-export';

const page = (
  filePath: string,
  content = 'export default function Page() { return <main>hi</main>; }\n',
) => ({
  filePath,
  moduleType: 'PAGE',
  content,
});

const MODULES: ExportModule[] = [
  page('apps/web/src/app/page.tsx'),
  page('apps/web/src/app/todos/[id]/page.tsx'),
  page('apps/web/src/app/docs/[...slug]/page.tsx'),
  {
    filePath: 'apps/web/src/app/account/signin/page.tsx',
    moduleType: 'AUTH_PAGE_SIGN_IN',
    content: 'export default () => null;\n',
  },
  {
    filePath: 'apps/web/src/app/api/todos/[id]/route.ts',
    moduleType: 'FUNCTION',
    content: 'export async function GET() {}\n',
  },
  {
    filePath: 'apps/web/src/components/ui/button.tsx',
    moduleType: 'COMPONENT',
    content: "// the project's own button\n",
  },
  { filePath: 'apps/web/src/utils/useUser.ts', moduleType: 'FILE', content: "// the project's own hook\n" },
  page(
    'apps/web/src/app/about/page.tsx',
    'export default () => <h1 className="md:font-space-grotesk">About</h1>;\n',
  ),
  {
    filePath: 'apps/mobile/src/app/index.tsx',
    moduleType: 'EXPO_PAGE',
    content: 'export default () => null;\n',
  },
  // A path outside the layout (never stored, but the export does not trust that): left out.
  { filePath: 'apps/web/src/../../../escape.ts', moduleType: 'FILE', content: 'nope\n' },
];

describe('exportProject', async () => {
  const files = await exportProject({
    name: 'My <Todo> "List"',
    modules: MODULES,
    migrations: [
      { name: 'create_todos', sql: 'CREATE TABLE todos (id text)' },
      { name: 'add due/date', sql: 'ALTER TABLE todos ADD due text;\n' },
    ],
    themeCss: '@theme { --color-brand: #123456; }',
    packages: [
      { name: 'canvas-confetti', version: '1.9.3' },
      { name: 'react', version: '18.0.0' },
    ],
  });

  it.each([
    ['the home page', 'src/kiln/routes.ts', '{ route: "/", load: () => import("../app/page.tsx") }'],
    [
      'a [id] page',
      'src/kiln/routes.ts',
      '{ route: "/todos/[id]", load: () => import("../app/todos/[id]/page.tsx") }',
    ],
    ['a catch-all page', 'src/kiln/routes.ts', '{ route: "/docs/[...slug]"'],
    ['an auth page', 'src/kiln/routes.ts', '{ route: "/account/signin"'],
    [
      'a function at its route',
      'server/functions.ts',
      '{ route: "/api/todos/[id]", load: () => import("../src/app/api/todos/[id]/route.ts") }',
    ],
    ['the escaped title', 'index.html', '<title>My &#60;Todo&#62; &#34;List&#34;</title>'],
    ['the design system', 'src/index.css', '--color-brand: #123456;'],
    ['Tailwind v4', 'src/index.css', '@import "tailwindcss";'],
    ['the first migration', 'migrations/0001_create_todos.sql', 'CREATE TABLE todos (id text)\n'],
    ['a migration name made safe', 'migrations/0002_add_due_date.sql', 'ALTER TABLE todos ADD due text;\n'],
    ["the project's own ui component", 'src/components/ui/button.tsx', "// the project's own button"],
    ["the project's own hook", 'src/utils/useUser.ts', "// the project's own hook"],
    ['a stand-in ui component, importing cn by alias', 'src/components/ui/card.tsx', "from '@/lib/utils'"],
    ['the mobile screen', 'mobile/src/app/index.tsx', 'export default () => null;'],
    ['the Expo app name', 'mobile/app.json', '"name": "My <Todo> \\"List\\""'],
    ['the ignored folders', '.gitignore', 'node_modules'],
    ['a README titled with the project', 'README.md', '# My <Todo> "List"'],
    ['how to run it in the README', 'README.md', 'npm install\nnpm run dev'],
    ['how to build and start it in the README', 'README.md', 'npm run build'],
    ['the PostgreSQL switch in the README', 'README.md', 'DATABASE_URL=postgres://'],
    ['the embedded PGlite in the README', 'README.md', 'embedded PGlite database in `data/pglite`'],
    ['how to deploy it in the README', 'README.md', '## Deploy'],
    ['the Expo README', 'mobile/README.md', 'npx expo start'],
    ['the Expo Router entry', 'mobile/package.json', '"main": "expo-router/entry"'],
  ])('writes %s', (_what, path, text) => {
    expect(files.get(path)).toContain(text);
  });

  it('leaves out no file and keeps names relative', () => {
    for (const path of files.keys()) expect(path.split('/'), path).not.toContain('..');
    expect([...files.values()]).not.toContain('nope\n');
    expect(files.has('src/kiln/auth.ts')).toBe(true);
    expect(files.has('gitignore')).toBe(false);
  });

  it('ships the Kiln fonts the app uses, and only those', () => {
    expect(
      fontsUsed(['<p className="font-lora">', 'font-inter-ish'], '--font-body: "Caveat", cursive;'),
    ).toEqual(['Caveat', 'Lora']);
    const fonts = [...files.keys()].filter((p) => p.startsWith('public/fonts/'));
    expect(fonts).toEqual(['public/fonts/space-grotesk-latin-wght-normal.woff2']);
    expect(files.get(fonts[0]!)).toBeInstanceOf(Uint8Array);
    expect(files.get('src/index.css')).toContain('src:url(/fonts/space-grotesk-latin-wght-normal.woff2)');
  });

  it('adds the packages the revision pinned to the shared set, whose pins win', () => {
    const deps = JSON.parse(String(files.get('package.json'))).dependencies;
    expect(deps['canvas-confetti']).toBe('1.9.3');
    expect(deps.react).toBe('19.3.1');
    expect(Object.keys(deps)).toEqual(Object.keys(deps).sort());
  });

  it('names the package from the project', () => {
    expect(JSON.parse(String(files.get('package.json'))).name).toBe('my-todo-list');
    expect(packageName('!!!')).toBe('app');
  });

  it('writes no Expo project for a web-only app', async () => {
    const web = await exportProject({ name: 'Web', modules: MODULES.slice(0, 1), migrations: [] });
    expect([...web.keys()].some((p) => p.startsWith('mobile/'))).toBe(false);
  });
});
