/**
 * The builtin generator's pages, sign-in pages and mobile screens render in the real preview runtime (headless
 * Chromium through `@kiln/preview/node`, mobile pages in mobile mode through react-native-web), with the rest
 * of the project loaded beside them. The check has no backend (its `/api/…` answers are not the app's), so
 * the pages of apps with functions render on their no-backend path. Needs the built runtime
 * (`npm run build -w @kiln/preview`).
 */
import { moduleName } from '@kiln/core';
import { closeHeadless, renderCheck } from '@kiln/preview/node';
import { afterAll, describe, expect, it } from 'vitest';
import { createBuiltinProvider } from '../src/builtin/provider.ts';
import { generate } from '../src/generate.ts';
import type { GenModule } from '../src/types.ts';

async function build(prompts: string[]): Promise<GenModule[]> {
  let modules: GenModule[] = [];
  for (const prompt of prompts) {
    for await (const e of generate({ prompt, modules }, createBuiltinProvider())) {
      if (e.type === 'done') modules = e.modules;
    }
  }
  return modules;
}

async function renderAll(modules: GenModule[], types: string[]) {
  const preview = modules.map((m) => ({
    filePath: m.filePath,
    moduleType: m.moduleType,
    name: moduleName(m.filePath),
    content: m.content,
  }));
  const results: { filePath: string; ok: boolean; error: string | null }[] = [];
  for (const m of modules.filter((x) => types.includes(x.moduleType))) {
    const r = await renderCheck({
      source: m.content,
      filePath: m.filePath,
      modules: preview,
      mode: m.moduleType === 'EXPO_PAGE' ? 'mobile' : 'web',
    });
    results.push({ filePath: m.filePath, ok: r.ok, error: r.error });
  }
  return results;
}

afterAll(async () => {
  await closeHeadless();
});

describe('builtin output renders in the preview runtime', { timeout: 120_000 }, () => {
  it.each([
    ['todo list', 'A todo list app with due dates'],
    ['notes', 'A notes app with tags and pinned notes'],
    ['lead capture', 'A landing page that collects leads for my accounting firm'],
    ['waitlist', 'A waitlist page for my app launch'],
    ['survey', 'A customer satisfaction survey'],
    ['feedback', 'A feedback form for my restaurant'],
    ['personal website', 'A personal website for Jane Doe, a product designer'],
    ['link in bio', 'A link in bio page for my Instagram'],
  ])('every page of the %s app (which has functions) renders without a backend', async (_name, prompt) => {
    const modules = await build([prompt]);
    expect(modules.some((m) => m.moduleType === 'FUNCTION')).toBe(true);
    const results = await renderAll(modules, ['PAGE']);
    expect(results.length).toBeGreaterThanOrEqual(1);
    for (const r of results) expect(r, r.filePath).toEqual({ filePath: r.filePath, ok: true, error: null });
  });

  it.each([
    ['todo list', ['A todo list app with due dates', 'make a mobile version']],
    ['notes', ['A notes app', 'make a mobile version']],
    ['weather starter', ['A weather app', 'make it an Expo app']],
    ['initial mobile fitness app', ['a mobile app for tracking my workouts']],
  ])('every Expo screen of the %s mobile version renders in mobile mode', async (_name, prompts) => {
    const modules = await build(prompts);
    const results = await renderAll(modules, ['EXPO_PAGE']);
    expect(results.length).toBeGreaterThanOrEqual(2);
    for (const r of results) expect(r, r.filePath).toEqual({ filePath: r.filePath, ok: true, error: null });
  });

  it('the sign-in pages and the header with the signed-in user render', async () => {
    const modules = await build(['A todo list app', 'add sign-in']);
    const results = await renderAll(modules, [
      'PAGE',
      'AUTH_PAGE_SIGN_IN',
      'AUTH_PAGE_SIGN_UP',
      'AUTH_PAGE_LOGOUT',
    ]);
    expect(results.map((r) => r.filePath)).toEqual(
      expect.arrayContaining([
        'apps/web/src/app/account/signin/page.tsx',
        'apps/web/src/app/account/signup/page.tsx',
        'apps/web/src/app/account/logout/page.tsx',
      ]),
    );
    for (const r of results) expect(r, r.filePath).toEqual({ filePath: r.filePath, ok: true, error: null });
  });
});
