import { launchChromium } from '@kiln/preview/node';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, closeDatabase, serveApp, startBackend } from './builtin-harness.ts';

// --- "…with login" apps on PGlite: each visitor's rows, by the user id `auth()` gives --------------------------

afterAll(async () => {
  await closeDatabase();
});

/** Each app that keeps a visitor's own rows with sign-in: its prompt, collection, item key and a valid new row. */
const SCOPED = [
  {
    prompt: 'a todo list with due dates with login',
    path: '/api/todos',
    list: 'todos',
    item: 'todo',
    row: { title: 'Buy milk' },
  },
  {
    prompt: 'a notes app with login',
    path: '/api/notes',
    list: 'notes',
    item: 'note',
    row: { title: 'Ideas' },
  },
  {
    prompt: 'a contact manager with login',
    path: '/api/contacts',
    list: 'contacts',
    item: 'contact',
    row: { name: 'Ada Lovelace' },
  },
  {
    prompt: 'a personal budget tracker with login',
    path: '/api/transactions',
    list: 'transactions',
    item: 'transaction',
    row: { description: 'Rent', cents: 120000, kind: 'expense', category: 'Housing', date: '2030-01-31' },
  },
  {
    prompt: 'a fitness tracker with login',
    path: '/api/workouts',
    list: 'workouts',
    item: 'workout',
    row: { activity: 'Run', minutes: 30, date: '2030-01-31' },
  },
  {
    prompt: 'a cryptocurrency portfolio tracker with login',
    path: '/api/holdings',
    list: 'holdings',
    item: 'holding',
    row: { symbol: 'BTC', amount: 0.5, price: 42000, date: '2030-01-31' },
  },
];

type Listed = Record<string, { id: string }[]> & { signIn?: boolean; error?: string };

describe('"…with login" apps keep each visitor’s own rows', () => {
  for (const app of SCOPED) {
    it(`${app.list}: signed out nothing, each visitor only theirs, another's row a 404`, async () => {
      const backend = await startBackend(await build(app.prompt));
      // No starter rows for anyone: they had no owner.
      expect(await backend.query(`SELECT count(*)::int AS n FROM ${app.list}`)).toEqual([{ n: 0 }]);

      const signedOut = await backend.call<Listed>('GET', app.path);
      expect(signedOut).toEqual({ status: 200, data: { [app.list]: [], signIn: true } });
      const refused = await backend.call<Listed>('POST', app.path, app.row);
      expect(refused.status).toBe(401);
      expect(refused.data).toMatchObject({
        signIn: true,
        error: expect.stringMatching(/^Sign in to keep your /),
      });

      backend.signInAs('ada');
      const made = await backend.call<Record<string, { id: string }>>('POST', app.path, app.row);
      expect(made.status).toBe(201);
      const id = made.data[app.item]?.id ?? '';
      expect((await backend.call<Listed>('GET', app.path)).data[app.list]?.map((r) => r.id)).toEqual([id]);
      expect(await backend.query(`SELECT user_id FROM ${app.list} WHERE id = $1`, [id])).toEqual([
        { user_id: 'ada' },
      ]);

      backend.signInAs('bob');
      expect((await backend.call<Listed>('GET', app.path)).data[app.list]).toEqual([]);
      const theirs = await backend.call('DELETE', `${app.path}/${id}`);
      expect(theirs.status).toBe(404);
      // Bob's own row with the same id is refused, not written over Ada's.
      expect((await backend.call('POST', app.path, { ...app.row, id })).status).toBe(409);

      backend.signInAs('ada');
      expect((await backend.call('DELETE', `${app.path}/${id}`)).status).toBe(200);
      expect(await backend.query(`SELECT count(*)::int AS n FROM ${app.list}`)).toEqual([{ n: 0 }]);
    });
  }
});

describe('the notes and todo pages with login, in a browser', { timeout: 60_000 }, () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('a signed-out visitor sees "Sign in to see your …" and a Sign in link; signed in, their own list', async () => {
    for (const [prompt, what, added] of [
      ['a notes app with login', 'notes', { title: 'Ada’s ideas' }],
      ['a todo list with due dates with login', 'todos', { title: 'Ada’s errand' }],
    ] as const) {
      const app = await build(prompt);
      const backend = await startBackend(app);
      const served = await serveApp(app.modules, backend);
      try {
        const page = await (await browser.newContext()).newPage();
        await page.goto(served.url);
        await page.getByRole('heading', { name: `Sign in to see your ${what}` }).waitFor();
        const link = page.getByRole('main').getByRole('link', { name: 'Sign in' });
        expect(await link.getAttribute('href')).toBe('/account/signin?callbackUrl=%2F');

        backend.signInAs('ada');
        expect((await backend.call('POST', `/api/${what}`, added)).status).toBe(201);
        await page.reload();
        await page.getByText(added.title).first().waitFor();
        expect(await page.getByRole('heading', { name: `Sign in to see your ${what}` }).count()).toBe(0);
      } finally {
        await served.close();
      }
    }
  });
});
