import { AUTH_PAGE_PATHS, DEFAULT_NAMES, isModuleTypeAllowed, moduleName } from '@kiln/core';
import { describe, expect, it } from 'vitest';
import { expectValidModules } from '../../test/expect-valid-modules.ts';
import { generate } from '../generate.ts';
import { buildPrompt } from '../prompt.ts';
import type { GenerationEvent, GenModule } from '../types.ts';
import { asksForMobile, asksForSignIn } from './follow-ups.ts';
import { createBuiltinProvider } from './provider.ts';
import { ACCENT_HEX } from './theme.ts';

async function run(prompt: string, modules: GenModule[] = []) {
  const events: GenerationEvent[] = [];
  for await (const e of generate({ prompt, modules }, createBuiltinProvider())) events.push(e);
  const done = events.at(-1);
  if (done?.type !== 'done') throw new Error('no done event');
  return { events, done };
}

async function rawReply(prompt: string, modules: GenModule[]): Promise<string> {
  const { system, messages } = buildPrompt({ prompt, modules });
  let text = '';
  for await (const c of createBuiltinProvider().stream({ system, messages })) text += c;
  return text;
}

const byPath = (modules: GenModule[], path: string) => modules.find((m) => m.filePath === path);
const HEADER = 'apps/web/src/components/AppHeader.tsx';

describe('builtin follow-up: add sign-in', () => {
  it('writes the three auth pages with their module types, names and paths, and edits the header', async () => {
    const { done: app } = await run('A todo list app with due dates');
    const reply = await rawReply('add sign-in', app.modules);
    // The header is changed by an edit, the auth pages are new files.
    expect(reply).toContain(`<kiln:edit path="${HEADER}">`);
    expect(reply).not.toContain(`<kiln:file path="${HEADER}"`);
    expect(reply).toContain(
      `<kiln:file path="${AUTH_PAGE_PATHS.AUTH_PAGE_SIGN_IN}" type="AUTH_PAGE_SIGN_IN">`,
    );

    const { done, events } = await run('add sign-in', app.modules);
    expect(done.missedEdits).toBeUndefined();
    expect(done.withCustomAuth).toBe(true);
    for (const [type, name] of [
      ['AUTH_PAGE_SIGN_IN', DEFAULT_NAMES.signIn],
      ['AUTH_PAGE_SIGN_UP', DEFAULT_NAMES.signUp],
      ['AUTH_PAGE_LOGOUT', DEFAULT_NAMES.logout],
    ] as const) {
      const page = byPath(done.modules, AUTH_PAGE_PATHS[type]);
      expect(page?.moduleType, type).toBe(type);
      expect(page?.withCustomAuth, type).toBe(true);
      expect(moduleName(AUTH_PAGE_PATHS[type])).toBe(name);
      // The streamed module events carry the type too, so the builder shows them as auth pages.
      const streamed = events.filter(
        (e) => e.type === 'module' && e.module.filePath === AUTH_PAGE_PATHS[type] && e.done,
      );
      expect(streamed.length, type).toBe(1);
      expect(streamed[0]?.type === 'module' && streamed[0].module.moduleType).toBe(type);
      expect(streamed[0]?.type === 'module' && streamed[0].module.withCustomAuth).toBe(true);
    }
    // Spec §5: with the project's custom auth on, every module is allowed.
    for (const m of done.modules)
      expect(isModuleTypeAllowed(m.moduleType, { withCustomAuth: done.withCustomAuth ?? false })).toBe(true);
    expectValidModules(done.modules);
    expect(done.message).toContain('/account/signin');
  });

  it('follows the auth contract: useAuth / useUser, callbackUrl, redirect, named fields, accent colour', async () => {
    const { done: app } = await run('A green notes app');
    const { done } = await run('add authentication', app.modules);
    const signIn = byPath(done.modules, AUTH_PAGE_PATHS.AUTH_PAGE_SIGN_IN)?.content ?? '';
    expect(signIn).toContain("import useAuth from '@/utils/useAuth';");
    expect(signIn).toContain('const { signInWithCredentials, signInWithGoogle } = useAuth();');
    expect(signIn).toMatch(/signInWithCredentials\(\{ email, password, callbackUrl, redirect: true \}\)/);
    expect(signIn).toMatch(/signInWithGoogle\(\{ callbackUrl, redirect: true \}\)\.catch/);
    expect(signIn).toContain(".get('callbackUrl')");
    expect(signIn).toMatch(/name="email"[\s\S]*name="password"/);
    expect(signIn).toMatch(/\bbg-green-600\b/);
    const signUp = byPath(done.modules, AUTH_PAGE_PATHS.AUTH_PAGE_SIGN_UP)?.content ?? '';
    expect(signUp).toMatch(
      /signUpWithCredentials\(\{ name, email, password, callbackUrl, redirect: true \}\)/,
    );
    expect(signUp).toMatch(/name="name"[\s\S]*name="email"[\s\S]*name="password"/);
    const logout = byPath(done.modules, AUTH_PAGE_PATHS.AUTH_PAGE_LOGOUT)?.content ?? '';
    expect(logout).toContain("signOut({ callbackUrl: '/', redirect: true })");
    expect(logout).toContain('const { data: user, loading } = useUser();');
    const header = byPath(done.modules, HEADER)?.content ?? '';
    expect(header).toContain("import useUser from '@/utils/useUser';");
    expect(header).toContain('const { data: user, loading } = useUser();');
    expect(header).toContain('href="/account/logout"');
    expect(header).toContain("'/account/signin?callbackUrl='");
    expect(header).toContain('{user.name || user.email}');
    expectValidModules(done.modules);
  });

  it.each([
    'add sign-in',
    'add login',
    'let users sign up',
    'add authentication',
    'Add a login page',
    'please add user accounts',
  ])('understands "%s"', async (prompt) => {
    const { done: app } = await run('A todo list app');
    const { done } = await run(prompt, app.modules);
    expect(done.modules.filter((m) => m.withCustomAuth).map((m) => m.moduleType)).toEqual([
      'AUTH_PAGE_SIGN_IN',
      'AUTH_PAGE_SIGN_UP',
      'AUTH_PAGE_LOGOUT',
    ]);
    // "add a login page" is sign-in, not a page at /login.
    expect(byPath(done.modules, 'apps/web/src/app/login/page.tsx')).toBeUndefined();
    expectValidModules(done.modules);
  });

  it('tells sign-in requests from newsletter sign-ups and removals', () => {
    expect(asksForSignIn('A todo list app with login')).toBe(true);
    expect(asksForSignIn('let people log in')).toBe(true);
    expect(asksForSignIn('a link in bio page with a newsletter sign-up')).toBe(false);
    expect(asksForSignIn('remove the login')).toBe(false);
    expect(asksForSignIn('a blog about authors')).toBe(false);
  });

  it('builds an INITIAL app with sign-in from the start when the prompt asks for login', async () => {
    const { done } = await run('A todo list app with login');
    expect(done.appType).toBe('TODO_LIST_APP');
    expect(done.withCustomAuth).toBe(true);
    expect(done.modules.map((m) => m.moduleType)).toEqual(
      expect.arrayContaining([
        'PAGE',
        'COMPONENT',
        'AUTH_PAGE_SIGN_IN',
        'AUTH_PAGE_SIGN_UP',
        'AUTH_PAGE_LOGOUT',
      ]),
    );
    expect(byPath(done.modules, HEADER)?.content).toContain('useUser()');
    expect(done.message).toContain('Sign-in is included');
    expectValidModules(done.modules);
    // Without a request for it there are no auth pages and custom auth stays off.
    const plain = await run('A todo list app');
    expect(plain.done.withCustomAuth).toBeUndefined();
    expect(plain.done.modules.some((m) => m.withCustomAuth)).toBe(false);
  });

  it('says so when the app already has sign-in, and later follow-ups keep working on the auth pages', async () => {
    const { done: first } = await run('A portfolio website for my photography, with login');
    const again = await run('add login', first.modules);
    expect(again.done.modules).toEqual(first.modules);
    expect(again.done.message).toContain('already has sign-in pages');
    const { done } = await run('make it rose and rename the app to Lens', first.modules);
    expect(done.missedEdits).toBeUndefined();
    const signIn = byPath(done.modules, AUTH_PAGE_PATHS.AUTH_PAGE_SIGN_IN)?.content ?? '';
    expect(signIn).toMatch(/\bbg-rose-600\b/);
    expect(signIn).toContain('>Lens<');
    expectValidModules(done.modules);
  });
});

describe('builtin follow-up: make a mobile version', () => {
  const MOBILE = 'apps/mobile/src/app/index.tsx';

  it('adds Expo screens for the todo app that reproduce its features', async () => {
    const { done: app } = await run('A todo list app with due dates');
    const { done, events } = await run('make a mobile version', app.modules);
    const screens = done.modules.filter((m) => m.moduleType === 'EXPO_PAGE');
    expect(screens.map((m) => m.filePath)).toEqual([MOBILE, 'apps/mobile/src/app/task/[id]/index.tsx']);
    const home = screens[0]?.content ?? '';
    for (const piece of [
      "from 'react-native';",
      "import { Ionicons } from '@expo/vector-icons';",
      "import AsyncStorage from '@react-native-async-storage/async-storage';",
      "from 'expo-router';",
      '<FlatList',
      '<TextInput',
      '<Pressable',
      'StyleSheet.create(',
      'Overdue',
      "router.push('/task/' + item.id)",
      `accent: '${ACCENT_HEX.indigo[600]}'`,
      "const APP_TITLE = 'Todo List';",
    ])
      expect(home, piece).toContain(piece);
    expect(
      events.some(
        (e) => e.type === 'module' && e.module.filePath === MOBILE && e.module.moduleType === 'EXPO_PAGE',
      ),
    ).toBe(true);
    // The web app is untouched.
    for (const m of app.modules) expect(byPath(done.modules, m.filePath)).toEqual(m);
    expect(done.message).toContain('mobile version');
    expectValidModules(done.modules);
  });

  it('adds list and editor screens for the notes app', async () => {
    const { done: app } = await run('A teal notes app');
    const { done } = await run('add a mobile app', app.modules);
    const screens = done.modules.filter((m) => m.moduleType === 'EXPO_PAGE');
    expect(screens.map((m) => m.filePath)).toEqual([MOBILE, 'apps/mobile/src/app/note/[id]/index.tsx']);
    expect(screens[0]?.content).toContain("accent: '#0d9488'");
    expect(screens[1]?.content).toContain('useLocalSearchParams');
    expect(screens[1]?.content).toContain('multiline');
    expectValidModules(done.modules);
  });

  it('builds home and about screens for other app types from the web app title, copy and accent', async () => {
    const { done: app } = await run('A weather app called Skyline');
    const { done } = await run('make it an Expo app', app.modules);
    const home = byPath(done.modules, MOBILE)?.content ?? '';
    expect(home).toContain("const APP_TITLE = 'Skyline';");
    expect(home).toContain(`accent: '${ACCENT_HEX.sky[600]}'`);
    // The features come from the web page's features list.
    const webHome = byPath(app.modules, 'apps/web/src/app/page.tsx')?.content ?? '';
    const firstFeature = /title: '([^']+)', text:/.exec(webHome)?.[1] ?? '';
    expect(firstFeature).not.toBe('');
    expect(home).toContain(firstFeature);
    expect(byPath(done.modules, 'apps/mobile/src/app/about/index.tsx')?.moduleType).toBe('EXPO_PAGE');
    expectValidModules(done.modules);
  });

  it('says so when there is already a mobile version', async () => {
    const { done: app } = await run('A todo list app');
    const { done: first } = await run('make a mobile version', app.modules);
    const { done } = await run('make a mobile version', first.modules);
    expect(done.modules).toEqual(first.modules);
    expect(done.message).toContain('already has a mobile version');
  });

  it('recognises mobile requests, not responsive web', () => {
    expect(asksForMobile('make a mobile version')).toBe(true);
    expect(asksForMobile('an iPhone app for my recipes')).toBe(true);
    expect(asksForMobile('make the page mobile-friendly')).toBe(false);
  });
});

describe('builtin INITIAL mobile apps', () => {
  it.each([
    ['a mobile app for my todos', 'apps/mobile/src/app/task/[id]/index.tsx'],
    ['An Expo app for notes', 'apps/mobile/src/app/note/[id]/index.tsx'],
    ['a mobile app for tracking my workouts', 'apps/mobile/src/app/about/index.tsx'],
  ])('"%s" gives Expo screens only', async (prompt, second) => {
    const { done } = await run(prompt);
    expect(done.modules.length).toBeGreaterThan(1);
    expect(done.modules.every((m) => m.moduleType === 'EXPO_PAGE')).toBe(true);
    expect(done.modules.map((m) => m.filePath)).toEqual(['apps/mobile/src/app/index.tsx', second]);
    expectValidModules(done.modules);
  });

  it('a mobile-only app can be recoloured and renamed', async () => {
    const { done: app } = await run('a purple mobile app for my todos');
    expect(app.modules[0]?.content).toContain(ACCENT_HEX.purple[600]);
    const { done } = await run('make it orange and rename the app to Chores', app.modules);
    expect(done.missedEdits).toBeUndefined();
    const all = done.modules.map((m) => m.content).join('\n');
    for (const hex of Object.values(ACCENT_HEX.purple)) expect(all).not.toContain(hex);
    expect(all).toContain(`accent: '${ACCENT_HEX.orange[600]}'`);
    expect(all).toContain("const APP_TITLE = 'Chores';");
    expectValidModules(done.modules);
  });
});
