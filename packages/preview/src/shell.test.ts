import { describe, expect, test } from 'vitest';
import { isBuilderToPreview, isPreviewToBuilder } from './protocol.ts';
import { appShellHtml, previewShellHtml, scriptJson } from './shell.ts';

function bootOf(html: string): unknown {
  const m = /<script type="application\/json" id="kiln-boot">([\s\S]*?)<\/script>/.exec(html);
  return JSON.parse(m?.[1] ?? 'null');
}

describe('shell pages', () => {
  test('the preview shell loads the runtime from the asset base and names the builder origin', () => {
    const html = previewShellHtml({ builderOrigin: 'http://localhost:4000', projectId: 'p1' });
    expect(html).toContain('<script type="module" src="/_kiln/runtime.js"></script>');
    expect(bootOf(html)).toEqual({
      mode: 'preview',
      builderOrigin: 'http://localhost:4000',
      projectId: 'p1',
      assetBase: '/_kiln/',
    });
    expect(previewShellHtml({ builderOrigin: 'x', projectId: 'p', assetBase: '/assets' })).toContain(
      'src="/assets/runtime.js"',
    );
  });

  test('the app shell inlines compiled modules, css and a title that cannot break out of their elements', () => {
    const html = appShellHtml({
      title: '</title><script>alert(1)</script>',
      revisionId: 'r1',
      css: 'a{color:red}</style><script>alert(2)</script>',
      modules: [
        {
          filePath: 'apps/web/src/app/page.tsx',
          moduleType: 'PAGE',
          name: 'Homepage',
          content: 'export default function P() { return <p>{"</script><!-- \u2028"}</p>; }',
        },
        {
          filePath: 'apps/web/src/app/broken/page.tsx',
          moduleType: 'PAGE',
          name: 'Broken',
          content: 'export default (',
        },
        {
          filePath: 'apps/web/src/app/api/x/route.ts',
          moduleType: 'FUNCTION',
          name: 'X',
          content: 'secret()',
        },
      ],
    });
    // The only script elements are the boot data and the runtime; the CSS cannot close its style element.
    expect(html.match(/<script (?:type|src)=/g)).toHaveLength(2);
    expect(html.match(/<\/style>/g)).toHaveLength(1);
    expect(html).toContain('<title>&#60;/title&#62;&#60;script&#62;alert(1)&#60;/script&#62;</title>');
    const boot = bootOf(html) as {
      modules: { filePath: string; compiled?: { code: string }; compileError?: string }[];
    };
    expect(boot.modules.map((m) => m.filePath)).toEqual([
      'apps/web/src/app/page.tsx',
      'apps/web/src/app/broken/page.tsx',
    ]);
    expect(boot.modules[0]?.compiled?.code).toContain('</script><!-- \u2028');
    expect(boot.modules[1]?.compileError).toBeTruthy();
  });

  test('scriptJson escapes everything that could end a script element', () => {
    expect(scriptJson({ a: '</script><!--&\u2028\u2029' })).toBe(
      '{"a":"\\u003c/script\\u003e\\u003c!--\\u0026\\u2028\\u2029"}',
    );
  });
});

describe('protocol guards', () => {
  test('accept well-formed messages and reject others', () => {
    expect(isBuilderToPreview({ kind: 'kiln:navigate', route: '/x' })).toBe(true);
    expect(
      isBuilderToPreview({
        kind: 'kiln:load',
        revisionId: 'r',
        modules: [],
        css: '',
        route: '/',
        generating: false,
        mode: 'web',
      }),
    ).toBe(true);
    expect(
      isBuilderToPreview({
        kind: 'kiln:load',
        revisionId: 'r',
        modules: [{}],
        css: '',
        route: '/',
        generating: false,
        mode: 'web',
      }),
    ).toBe(false);
    expect(
      isBuilderToPreview({
        kind: 'kiln:load',
        revisionId: 'r',
        modules: [],
        css: '',
        route: '/',
        mode: 'tv',
      }),
    ).toBe(false);
    expect(isBuilderToPreview('kiln:load')).toBe(false);
    expect(isPreviewToBuilder({ kind: 'kiln:ready' })).toBe(true);
    expect(
      isPreviewToBuilder({ kind: 'kiln:rendered', revisionId: 'r', route: '/', ms: 3, generating: false }),
    ).toBe(true);
    expect(isPreviewToBuilder({ kind: 'kiln:rendered', revisionId: 'r', route: '/', ms: 3 })).toBe(false);
    expect(
      isPreviewToBuilder({
        kind: 'kiln:error',
        revisionId: 'r',
        filePath: 'a',
        mode: 'web',
        message: 'm',
        stack: 1,
      }),
    ).toBe(false);
    // An error's place in the source (the code editor shows it at its line): positive whole numbers only.
    const error = { kind: 'kiln:error', revisionId: 'r', filePath: 'a', mode: 'web', message: 'm' };
    for (const [place, ok] of [
      [{}, true],
      [{ line: 5 }, true],
      [{ line: 5, column: 3 }, true],
      [{ line: 0 }, false],
      [{ line: 2.5 }, false],
      [{ line: '5' }, false],
      [{ line: 5, column: -1 }, false],
    ] as const) {
      expect(isPreviewToBuilder({ ...error, ...place }), JSON.stringify(place)).toBe(ok);
    }
    expect(isPreviewToBuilder({ kind: 'kiln:fix', revisionId: 'r', filePath: 'a', message: 'm' })).toBe(true);
    expect(isPreviewToBuilder({ kind: 'kiln:load' })).toBe(false);
  });
});
