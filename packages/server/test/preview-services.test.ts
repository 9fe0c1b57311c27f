/**
 * What the preview and app origins serve besides the runtime: placeholder images (`/api/ai-img`), the
 * sign-in popup pages (preview only), and Kiln's own font files, with `@font-face` in the compiled CSS only
 * for the fonts the modules use. Real server, real HTTP (PGlite).
 */
import { describe, expect, it } from 'vitest';
import { compileCss } from '../src/css';
import { startTestKiln } from './harness';

const PREVIEW = 'p1.preview.localhost';
const APP = 'my-app.apps.localhost';

describe('preview and app origin services', () => {
  it('serves the placeholder image on preview and app origins, not on the builder', async () => {
    await using t = await startTestKiln();
    const c = t.client();
    for (const host of [PREVIEW, APP]) {
      const res = await c.send('GET', '/api/ai-img?prompt=Sunlit%20cafe%20terrace', { host });
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
      expect(res.headers['cache-control']).toMatch(/public, max-age=\d+/);
      expect(res.text).toContain('<svg');
      expect(res.text).toContain('Sunlit cafe terrace');
    }
    // The same prompt always draws the same picture; another prompt other colours.
    const again = await c.send('GET', '/api/ai-img?prompt=Sunlit%20cafe%20terrace', { host: PREVIEW });
    const other = await c.send('GET', '/api/ai-img?prompt=Mountain%20lake', { host: PREVIEW });
    const colours = (svg: string) => svg.match(/hsl\([^)]*\)/g);
    expect(colours(again.text)).toEqual(
      colours((await c.send('GET', '/api/ai-img?prompt=Sunlit%20cafe%20terrace', { host: APP })).text),
    );
    expect(colours(other.text)).not.toEqual(colours(again.text));
    // Markup in a prompt is text, never markup.
    const evil = await c.send(
      'GET',
      `/api/ai-img?prompt=${encodeURIComponent('<script>alert(1)</script>')}`,
      {
        host: PREVIEW,
      },
    );
    expect(evil.text).not.toContain('<script>');
    expect((await c.send('GET', '/api/ai-img?prompt=x')).status).toBe(404);
  });

  it('serves the sign-in popup pages on the preview origin only', async () => {
    await using t = await startTestKiln();
    const c = t.client();
    const signIn = await c.send('GET', '/~~autosignin/google?callbackUrl=/~~autoclose', { host: PREVIEW });
    expect(signIn.status).toBe(200);
    expect(signIn.headers['content-type']).toMatch(/^text\/html/);
    expect(signIn.text).toContain('"kiln:autosignin"');
    const close = await c.send('GET', '/~~autoclose', { host: PREVIEW });
    expect(close.status).toBe(200);
    expect(close.text).toContain('"kiln:autoclose"');
    expect(close.text).toContain('window.close()');
    expect((await c.send('GET', '/~~autosignin/myspace', { host: PREVIEW })).status).toBe(404);
    // Published apps have no builder user to sign in (visitor sign-in is separate).
    expect((await c.send('GET', '/~~autosignin/google', { host: APP })).text).not.toContain(
      'kiln:autosignin',
    );
  });

  it('serves the font files from /_kiln/fonts/ on preview and app origins', async () => {
    await using t = await startTestKiln();
    const c = t.client();
    for (const host of [PREVIEW, APP]) {
      const res = await c.send('GET', '/_kiln/fonts/space-grotesk-latin-wght-normal.woff2', { host });
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('font/woff2');
      expect(res.headers['cache-control']).toContain('immutable');
      expect(res.text.startsWith('wOF2')).toBe(true);
    }
  });
});

describe('font-{name} classes in the compiled CSS', () => {
  it('emit the utility and @font-face for the fonts used, and nothing for the others', async () => {
    const css = await compileCss(['<h1 className="font-space-grotesk md:font-lora text-xl">']);
    expect(css).toContain('.font-space-grotesk');
    expect(css).toContain('--font-space-grotesk: "Space Grotesk", sans-serif');
    expect(css).toContain('src:url(/_kiln/fonts/space-grotesk-latin-wght-normal.woff2) format("woff2")');
    expect(css).toContain('font-family:"Lora"');
    expect(css).not.toContain('font-family:"Inter"');
    // Its own compiler: a warm Tailwind compiler keeps every candidate it has seen (css.ts shares one per theme).
    const plain = await compileCss(['<p className="text-sm font-bold">'], '/* another design system */');
    expect(plain).not.toContain('@font-face');
    // Nothing is fetched from another origin: no remote url() and no @import.
    for (const sheet of [css, plain]) expect(sheet).not.toMatch(/url\(\s*["']?(?:https?:)?\/\/|@import/);
  });
});
