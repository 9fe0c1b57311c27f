import { describe, expect, it } from 'vitest';
import { compileModule } from './compile.ts';
import type { PreviewModule } from './protocol.ts';
import type { AppModule } from './runtime/boot.ts';
import { splitModules } from './split.ts';

/** Modules as a published app ships them: compiled. */
function compiled(files: Record<string, string>): AppModule[] {
  return Object.entries(files).map(([filePath, content]) => {
    const moduleType = filePath.includes('/app/') ? 'PAGE' : 'COMPONENT';
    const name =
      filePath.split('/').at(-2) === 'app' ? 'Home' : (filePath.split('/').pop() ?? '').replace('.tsx', '');
    const m = { filePath, moduleType, name } as Omit<PreviewModule, 'content'>;
    return { ...m, compiled: compileModule(content, filePath) } as AppModule;
  });
}

const page = (body: string, imports = '') =>
  `${imports}\nexport default function P() { return <main>${body}</main>; }`;
const component = (name: string, body = '<span />', imports = '') =>
  `${imports}\nexport default function ${name}() { return ${body}; }`;

/** Each part's file names, for readable expectations. */
function parts(modules: AppModule[]) {
  const split = splitModules(modules, 'web');
  if (!split) return null;
  const names = (ms: AppModule[]) => ms.map((m) => m.filePath.replace('apps/web/src/', ''));
  return {
    shared: names(split.shared),
    pages: Object.fromEntries(split.pages.map((p) => [p.route, names(p.modules)])),
  };
}

describe('splitModules', () => {
  it('gives each page its own components, by name or by import, and shares what several pages use', () => {
    const modules = compiled({
      'apps/web/src/app/page.tsx': page('<Header /><TodoList />'),
      'apps/web/src/app/about/page.tsx': page('<Header /><Team />', "import Team from '@/components/Team';"),
      'apps/web/src/app/notes/[id]/page.tsx': page('<Header /><Note />'),
      'apps/web/src/components/Header.tsx': component('Header', '<Logo />'),
      'apps/web/src/components/Logo.tsx': component('Logo'),
      'apps/web/src/components/TodoList.tsx': component('TodoList', '<TodoRow />'),
      'apps/web/src/components/TodoRow.tsx': component('TodoRow'),
      'apps/web/src/components/Team.tsx': component('Team'),
      'apps/web/src/components/Note.tsx': component('Note'),
      'apps/web/src/components/Unused.tsx': component('Unused', '<Widget />'),
      'apps/web/src/components/Widget.tsx': component('Widget'),
    });
    expect(parts(modules)).toEqual({
      // Used by every page (and through Header), or by nobody — with what they use.
      shared: [
        'components/Header.tsx',
        'components/Logo.tsx',
        'components/Unused.tsx',
        'components/Widget.tsx',
      ],
      pages: {
        '/': ['app/page.tsx', 'components/TodoList.tsx', 'components/TodoRow.tsx'],
        '/about': ['app/about/page.tsx', 'components/Team.tsx'],
        '/notes/[id]': ['app/notes/[id]/page.tsx', 'components/Note.tsx'],
      },
    });
  });

  it('does not split an app with one page, a client-side router, or a page another module imports', () => {
    expect(
      parts(
        compiled({
          'apps/web/src/app/page.tsx': page('<Card />'),
          'apps/web/src/components/Card.tsx': component('Card'),
        }),
      ),
    ).toBeNull();
    const routed = compiled({
      'apps/web/src/app/page.tsx': page('<Routes />', "import { Routes } from 'react-router-dom';"),
      'apps/web/src/app/about/page.tsx': page('about'),
    });
    expect(parts(routed)).toBeNull();
    const imported = compiled({
      'apps/web/src/app/page.tsx': page('<About />', "import About from '@/app/about/page';"),
      'apps/web/src/app/about/page.tsx': page('about'),
    });
    expect(parts(imported)).toBeNull();
  });
});
