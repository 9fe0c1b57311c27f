/**
 * @module
 * What generated code gets from Kiln besides rendering, in real Chromium: placeholder images for sources
 * that do not exist (`/api/ai-img`), sign-in through `@/utils/useUser` / `@/utils/useAuth` with the popup,
 * and the `font-{name}` fonts served from Kiln's own origin.
 */
import type { Request } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { fontFaceCss, type PreviewModule, type PreviewUser } from '../src/index.ts';
import { app, browser, openBuilder, origin, setupHarness } from './harness.ts';

setupHarness();

const page = (content: string, segments = ''): PreviewModule => ({
  filePath: `apps/web/src/app/${segments ? `${segments}/` : ''}page.tsx`,
  moduleType: 'PAGE',
  name: segments ? segments : 'Homepage',
  content,
});

const ADA: PreviewUser = { id: 'u-ada', email: 'ada@example.com', name: 'Ada', image: null };

describe('images without a real source', () => {
  test('<img> and next/image without a real file load the placeholder for their alt text or file name', async () => {
    const b = await openBuilder();
    const dataUrl =
      'data:image/svg+xml,%3Csvg xmlns=%22http://www.w3.org/2000/svg%22 width=%2210%22 height=%2210%22/%3E';
    await b.load([
      page(`import Image from 'next/image';
export default function Home() {
  return (
    <main>
      <img data-testid="alt" src="/images/hero-banner.jpg" alt="Sunlit cafe terrace" className="w-full" />
      <img data-testid="file" src="team_photo-2.png" />
      <img data-testid="empty" alt="Empty source" src="" />
      <img data-testid="real" src="${dataUrl}" alt="inline" />
      <Image data-testid="next" src="/products/blue-mug.webp" alt="Blue mug" width={200} height={200} />
    </main>
  );
}`),
    ]);
    const p = b.preview;
    await p.getByTestId('next').waitFor();
    const src = (id: string) => p.getByTestId(id).getAttribute('src');
    expect(await src('alt')).toBe('/api/ai-img?prompt=Sunlit%20cafe%20terrace');
    expect(await src('file')).toBe('/api/ai-img?prompt=team%20photo%202');
    expect(await src('empty')).toBe('/api/ai-img?prompt=Empty%20source');
    expect(await src('real')).toBe(dataUrl);
    expect(await src('next')).toBe('/api/ai-img?prompt=Blue%20mug');
    // The placeholder actually loads from the preview origin (an 800×600 SVG), not through the sandbox rewrite.
    await expect
      .poll(() => p.getByTestId('alt').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBe(800);
    const type = await p.evaluate(() =>
      fetch('/api/ai-img?prompt=x').then((r) => `${r.url} ${r.headers.get('content-type')}`),
    );
    expect(type).toBe(`${origin('p1.preview')}/api/ai-img?prompt=x image/svg+xml; charset=utf-8`);
    await b.page.context().close();
  });

  test('a react-native Image without a real uri loads the placeholder for its accessibility label', async () => {
    const b = await openBuilder('mobile');
    await b.load([
      {
        filePath: 'apps/mobile/src/app/index.tsx',
        moduleType: 'EXPO_PAGE',
        name: 'Homepage',
        content: `import { Image, View, Text } from 'react-native';
export default function Home() {
  return (
    <View>
      <Text>Pets</Text>
      <Image source={{ uri: 'assets/dog.png' }} accessibilityLabel="Happy dog" style={{ width: 120, height: 90 }} />
    </View>
  );
}`,
      },
    ]);
    await b.preview.getByText('Pets').waitFor();
    await expect
      .poll(() =>
        b.preview.evaluate(() => document.body.innerHTML.includes('/api/ai-img?prompt=Happy%20dog')),
      )
      .toBe(true);
    await b.page.context().close();
  });
});

const AUTH_PAGE = `import useUser from '@/utils/useUser';
import useAuth from '@/utils/useAuth';
import { useState } from 'react';
export default function Home() {
  const { data: user, loading } = useUser();
  const { signInWithGoogle, signOut } = useAuth();
  const [error, setError] = useState('');
  if (loading) return <p>Loading…</p>;
  return (
    <main>
      <p data-testid="who">{user ? user.name + ' <' + user.email + '> ' + user.id : 'Signed out'}</p>
      <button onClick={() => signOut({ redirect: false })}>Sign out</button>
      <button onClick={() => signInWithGoogle({ callbackUrl: '/dashboard', redirect: true }).catch((e) => setError(e.message))}>
        Continue with Google
      </button>
      <p data-testid="error">{error}</p>
    </main>
  );
}`;
const DASHBOARD = `import useUser from '@/utils/useUser';
export default function Dashboard() {
  const { data: user } = useUser();
  return <h1>Dashboard for {user ? user.name : 'nobody'}</h1>;
}`;

describe('sign-in in the preview', () => {
  test('useUser shows the builder user; signInWithGoogle opens the 800×600 popup and then goes to callbackUrl', async () => {
    const b = await openBuilder();
    const context = b.page.context();
    const requests: string[] = [];
    context.on('request', (r: Request) => requests.push(r.url()));
    // Hold the popup on its first page until the test has looked at it (the page moves on at once).
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await context.route(
      (url) => url.pathname === '/~~autoclose',
      async (route) => {
        await held;
        await route.continue();
      },
    );
    await b.load([page(AUTH_PAGE), page(DASHBOARD, 'dashboard')], { user: ADA });
    const who = b.preview.getByTestId('who');
    await expect.poll(() => who.textContent()).toBe('Ada <ada@example.com> u-ada');

    await b.preview.getByRole('button', { name: 'Sign out' }).click();
    await expect.poll(() => who.textContent()).toBe('Signed out');

    const [popup] = await Promise.all([
      b.page.waitForEvent('popup'),
      b.preview.getByRole('button', { name: 'Continue with Google' }).click(),
    ]);
    expect(popup.url()).toBe(`${origin('p1.preview')}/~~autosignin/google?callbackUrl=/~~autoclose`);
    expect(popup.viewportSize()).toEqual({ width: 800, height: 600 });
    // The popup's page signed the builder user in again, before it closes.
    await expect.poll(() => who.textContent()).toBe('Ada <ada@example.com> u-ada');
    release();
    if (!popup.isClosed()) await popup.waitForEvent('close');
    expect(requests).toContain(`${origin('p1.preview')}/~~autoclose`);
    // After the close message the preview went to the callbackUrl.
    await b.preview.getByRole('heading', { name: 'Dashboard for Ada' }).waitFor();
    await b.waitForMessage('kiln:route', { route: '/dashboard' });
    await context.close();
  });

  test('without a builder user the preview is signed out and sign-in fails with "Auth is not enabled"', async () => {
    const b = await openBuilder();
    let popups = 0;
    b.page.context().on('page', () => popups++);
    await b.load([page(AUTH_PAGE)]);
    await expect.poll(() => b.preview.getByTestId('who').textContent()).toBe('Signed out');
    await b.preview.getByRole('button', { name: 'Continue with Google' }).click();
    await expect.poll(() => b.preview.getByTestId('error').textContent()).toBe('Auth is not enabled');
    expect(popups).toBe(0);
    await b.page.context().close();
  });

  test('a published app with no visitor signed in is signed out, and Google sign-in that the app has not set up says so', async () => {
    app.modules = [page(AUTH_PAGE)];
    const context = await browser.newContext();
    const visitor = await context.newPage();
    await visitor.goto(`${origin('todo.apps')}/`);
    await expect.poll(() => visitor.getByTestId('who').textContent()).toBe('Signed out');
    await visitor.getByRole('button', { name: 'Continue with Google' }).click();
    await expect
      .poll(() => visitor.getByTestId('error').textContent())
      .toBe('Sign-in with Google is not set up for this app.');
    expect(context.pages()).toHaveLength(1);
    await context.close();
  });
});

describe('fonts', () => {
  test('font-space-grotesk renders in Space Grotesk loaded from /_kiln/fonts/, with no other origin asked', async () => {
    const b = await openBuilder();
    const requests: string[] = [];
    b.page.context().on('request', (r: Request) => requests.push(r.url()));
    const css = `${fontFaceCss('--font-space-grotesk: "Space Grotesk", sans-serif;')}
.font-space-grotesk { font-family: "Space Grotesk", sans-serif; }`;
    await b.load(
      [page(`export default function Home() { return <h1 className="font-space-grotesk">Grotesk</h1>; }`)],
      {
        css,
      },
    );
    await b.preview.getByRole('heading', { name: 'Grotesk' }).waitFor();
    await expect
      .poll(() =>
        b.preview.evaluate(async () => {
          await document.fonts.ready;
          return [...document.fonts]
            .filter((f) => f.family.replace(/"/g, '') === 'Space Grotesk')
            .map((f) => f.status);
        }),
      )
      .toEqual(['loaded']);
    expect(await b.preview.evaluate(() => document.fonts.check('700 16px "Space Grotesk"'))).toBe(true);
    expect(requests).toContain(`${origin('p1.preview')}/_kiln/fonts/space-grotesk-latin-wght-normal.woff2`);
    expect(requests.every((u) => u.startsWith('http://') && new URL(u).hostname.endsWith('.localhost'))).toBe(
      true,
    );
    await b.page.context().close();
  });
});
