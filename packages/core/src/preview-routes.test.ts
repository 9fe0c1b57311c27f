import { describe, expect, it } from 'vitest';
import {
  aiImageUrl,
  isAbsoluteUrl,
  MOBILE_BUILDER_ROUTE_MARKER,
  mobilePreviewTarget,
  resolveImageSrc,
  rewriteSandboxApiPath,
  SIGN_IN_POPUP,
  signInPopupUrl,
  stripMobileBuilderMarker,
} from './preview-routes';

describe('mobile preview navigation targets', () => {
  it.each<[string, string | null]>([
    ['#', null],
    ['#pricing', '#pricing'],
    ['https://example.com/a', 'https://example.com/a'],
    ['mailto:a@b.c', 'mailto:a@b.c'],
    ['//cdn.example.com/x', '//cdn.example.com/x'],
    ['/', `/${MOBILE_BUILDER_ROUTE_MARKER}`],
    ['/todos', '/todos/~~mobile-builder'],
    ['/todos/', '/todos/~~mobile-builder'],
    ['/todos?tab=1#top', '/todos/~~mobile-builder?tab=1#top'],
    ['/todos/~~mobile-builder', '/todos/~~mobile-builder'],
  ])('%j → %j', (href, target) => {
    expect(mobilePreviewTarget(href)).toBe(target);
  });

  it.each([
    ['/todos/~~mobile-builder', '/todos'],
    ['/~~mobile-builder', '/'],
    ['/todos/~~mobile-builder?x=1', '/todos?x=1'],
    ['/todos', '/todos'],
  ])('strips the marker: %s → %s', (path, stripped) => {
    expect(stripMobileBuilderMarker(path)).toBe(stripped);
  });

  it('recognises absolute URLs', () => {
    expect(isAbsoluteUrl('http://x')).toBe(true);
    expect(isAbsoluteUrl('data:image/png;base64,AA')).toBe(true);
    expect(isAbsoluteUrl('/x')).toBe(false);
    expect(isAbsoluteUrl('images/a.png')).toBe(false);
  });
});

describe('sign-in popup', () => {
  it('opens /~~autosignin/{provider}?callbackUrl=/~~autoclose in an 800 by 600 window', () => {
    expect(signInPopupUrl('google')).toBe('/~~autosignin/google?callbackUrl=/~~autoclose');
    expect(SIGN_IN_POPUP.width).toBe(800);
    expect(SIGN_IN_POPUP.height).toBe(600);
  });
});

describe('sandbox API rewrites', () => {
  it.each<[string, boolean, string]>([
    ['/api/todos', false, '/sandbox/api/rev1/todos'],
    ['/api/todos?x=1', false, '/sandbox/api/rev1/todos?x=1'],
    ['/api', false, '/sandbox/api/rev1'],
    ['/api/db/main', false, '/api/db/main'],
    ['/api/db', false, '/api/db'],
    ['/api/db/main', true, '/sandbox/api/rev1/db/main'],
    ['/api/dbx', false, '/sandbox/api/rev1/dbx'],
    ['/apix/todos', false, '/apix/todos'],
    ['/todos', false, '/todos'],
    ['https://x.com/api/a', false, 'https://x.com/api/a'],
  ])('%s (rewrite legacy db: %s) → %s', (path, rewriteLegacyDb, out) => {
    expect(rewriteSandboxApiPath(path, 'rev1', { rewriteLegacyDb })).toBe(out);
  });
});

describe('images without a real source', () => {
  it('are requested from /api/ai-img with a prompt query', () => {
    expect(aiImageUrl('a red bike')).toBe('/api/ai-img?prompt=a%20red%20bike');
    expect(resolveImageSrc('images/hero.png', 'hero')).toBe('/api/ai-img?prompt=hero');
    expect(resolveImageSrc('', 'hero')).toBe('/api/ai-img?prompt=hero');
    expect(resolveImageSrc(undefined, 'hero')).toBe('/api/ai-img?prompt=hero');
    expect(resolveImageSrc('https://img.example.com/a.png', 'hero')).toBe('https://img.example.com/a.png');
  });
});
