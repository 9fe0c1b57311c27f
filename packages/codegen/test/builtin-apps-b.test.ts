import { moduleName } from '@kiln/core';
import { closeHeadless, launchChromium, renderCheck } from '@kiln/preview/node';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBuiltinProvider } from '../src/builtin/provider.ts';
import { generate } from '../src/generate.ts';
import { build, closeDatabase, isoDay, serveApp, startBackend } from './builtin-harness.ts';
import { expectValidModules } from './expect-valid-modules.ts';

const API = 'apps/web/src/app/api';

const WEB = 'apps/web/src';

/** Each app: its prompt, type, the modules it must have and its tables. */
const APPS: { type: string; prompt: string; paths: string[]; tables: string[] }[] = [
  {
    type: 'QUIZ_TOOL',
    prompt: 'A trivia quiz about space',
    paths: [
      `${API}/utils/fields.ts`,
      `${API}/utils/request.ts`,
      `${API}/scores/route.ts`,
      `${WEB}/app/page.tsx`,
      `${WEB}/app/leaderboard/page.tsx`,
      `${WEB}/components/AppHeader.tsx`,
      `${WEB}/components/QuizCard.tsx`,
      `${WEB}/components/QuestionCard.tsx`,
      `${WEB}/components/Leaderboard.tsx`,
    ],
    tables: ['quiz_scores'],
  },
  {
    type: 'GAME',
    prompt: 'A memory match game',
    paths: [
      `${API}/utils/fields.ts`,
      `${API}/utils/request.ts`,
      `${API}/scores/route.ts`,
      `${WEB}/app/page.tsx`,
      `${WEB}/app/scores/page.tsx`,
      `${WEB}/components/AppHeader.tsx`,
      `${WEB}/components/MemoryCard.tsx`,
      `${WEB}/components/HighScores.tsx`,
      `${WEB}/components/WinPanel.tsx`,
    ],
    tables: ['game_scores'],
  },
  {
    type: 'FINANCE_APP',
    prompt: 'A budget tracker for my monthly expenses',
    paths: [
      `${API}/utils/request.ts`,
      `${API}/utils/finance.ts`,
      `${API}/utils/fields.ts`,
      `${API}/transactions/route.ts`,
      `${API}/transactions/[id]/route.ts`,
      `${WEB}/app/page.tsx`,
      `${WEB}/app/transactions/page.tsx`,
      `${WEB}/components/AppHeader.tsx`,
      `${WEB}/components/StatCard.tsx`,
      `${WEB}/components/TransactionForm.tsx`,
      `${WEB}/components/TransactionRow.tsx`,
      `${WEB}/components/SpendingChart.tsx`,
      `${WEB}/components/BudgetList.tsx`,
    ],
    tables: ['transactions'],
  },
  {
    type: 'FITNESS_TRACKER_APP',
    prompt: 'A workout tracker for the gym',
    paths: [
      `${API}/utils/request.ts`,
      `${API}/utils/fitness.ts`,
      `${API}/utils/fields.ts`,
      `${API}/workouts/route.ts`,
      `${API}/workouts/[id]/route.ts`,
      `${WEB}/app/page.tsx`,
      `${WEB}/app/history/page.tsx`,
      `${WEB}/components/AppHeader.tsx`,
      `${WEB}/components/GoalRing.tsx`,
      `${WEB}/components/WeekChart.tsx`,
      `${WEB}/components/WorkoutForm.tsx`,
      `${WEB}/components/WorkoutCard.tsx`,
    ],
    tables: ['workouts'],
  },
  {
    type: 'CRYPTOCURRENCY_APP',
    prompt: 'A crypto portfolio tracker for bitcoin',
    paths: [
      `${API}/utils/request.ts`,
      `${API}/utils/crypto.ts`,
      `${API}/utils/fields.ts`,
      `${API}/holdings/route.ts`,
      `${API}/holdings/[id]/route.ts`,
      `${WEB}/app/page.tsx`,
      `${WEB}/app/markets/page.tsx`,
      `${WEB}/components/AppHeader.tsx`,
      `${WEB}/components/SampleDataBanner.tsx`,
      `${WEB}/components/CoinIcon.tsx`,
      `${WEB}/components/Sparkline.tsx`,
      `${WEB}/components/HoldingsTable.tsx`,
      `${WEB}/components/AddLotForm.tsx`,
    ],
    tables: ['holdings'],
  },
];

afterAll(async () => {
  await closeDatabase();
  await closeHeadless();
});

describe.each(APPS)('the builtin $type', { timeout: 120_000 }, ({ type, prompt, paths, tables }) => {
  it(`"${prompt}" builds its own app with valid modules and a migration`, async () => {
    const app = await build(prompt);
    expect(app.appType).toBe(type);
    expect(app.modules.map((m) => m.filePath).sort()).toEqual([...paths].sort());
    expectValidModules(app.modules);
    expect(app.migrations.length).toBeGreaterThan(0);
    for (const table of tables)
      expect(app.migrations.map((m) => m.sql).join('\n')).toContain(`CREATE TABLE ${table} (`);
    expect(app.message).toMatch(/I built \*\*/);
    expect(app.message).not.toContain('Try next');
  });

  it('suggests a recolour, a rename and a new page, and each one works on the app', async () => {
    const app = await build(prompt);
    expect(app.choices).toHaveLength(3);
    expect(app.choices[0]).toMatch(/^change the colour to [a-z]+$/);
    expect(app.choices[1]).toMatch(/^rename the app to /);
    expect(app.choices[2]).toMatch(/^add a page called /);
    let modules = app.modules;
    for (const choice of app.choices) {
      for await (const e of generate(
        { prompt: choice, modules },
        createBuiltinProvider({ chunkSize: 4096 }),
      )) {
        if (e.type !== 'done') continue;
        expect(e.missedEdits, choice).toBeUndefined();
        expect(e.modules, choice).not.toEqual(modules);
        modules = e.modules;
      }
    }
    const all = modules.map((m) => m.content).join('\n');
    const hue = app.choices[0]?.split(' ').at(-1);
    const name = app.choices[1]?.replace('rename the app to ', '') ?? '';
    const pageName = app.choices[2]?.replace('add a page called ', '') ?? '';
    expect(all).toMatch(new RegExp(`\\bbg-${hue}-600\\b`));
    expect(all).toContain(`document.title = '${name}'`);
    expect(modules.find((m) => m.filePath.endsWith('AppHeader.tsx'))?.content).toContain(
      `{ href: '/${pageName.toLowerCase()}', label: '${pageName}' },`,
    );
    expectValidModules(modules);
  });

  it('takes "add sign-in" and "make a mobile version" as follow-ups', async () => {
    const app = await build(prompt);
    let modules = app.modules;
    for await (const e of generate(
      { prompt: 'add sign-in and make a mobile version', modules },
      createBuiltinProvider({ chunkSize: 4096 }),
    )) {
      if (e.type !== 'done') continue;
      expect(e.missedEdits).toBeUndefined();
      modules = e.modules;
    }
    expect(modules.some((m) => m.filePath === 'apps/web/src/app/account/signin/page.tsx')).toBe(true);
    expect(modules.filter((m) => m.moduleType === 'EXPO_PAGE').length).toBeGreaterThanOrEqual(2);
    expect(modules.find((m) => m.filePath.endsWith('AppHeader.tsx'))?.content).toContain('useUser');
    expectValidModules(modules);
  });

  it('renders every page in the preview runtime without a backend', async () => {
    const app = await build(prompt);
    const preview = app.modules.map((m) => ({ ...m, name: moduleName(m.filePath) }));
    for (const m of app.modules.filter((x) => x.moduleType === 'PAGE')) {
      const r = await renderCheck({ source: m.content, filePath: m.filePath, modules: preview, mode: 'web' });
      expect({ filePath: m.filePath, ok: r.ok, error: r.error }).toEqual({
        filePath: m.filePath,
        ok: true,
        error: null,
      });
    }
  });
});

// --- the functions on PGlite -------------------------------------------------------------------------------

interface Score {
  id: string;
  player: string;
  quiz?: string;
  score: number;
  total?: number;
}

describe('the functions on PGlite', () => {
  it('quiz scores: seeded best first, a checked score is added, bad input is a 400 naming the field', async () => {
    const app = await build('A trivia quiz about space');
    const backend = await startBackend(app);
    const seeded = await backend.call<{ scores: Score[] }>('GET', '/api/scores');
    expect(seeded.status).toBe(200);
    expect(seeded.data.scores.slice(0, 2).map((s) => [s.player, s.score])).toEqual([
      ['Priya', 8],
      ['Ana', 8],
    ]);
    const added = await backend.call<{ score: Score }>('POST', '/api/scores', {
      player: '  Zoe ',
      quiz: 'space',
      score: 6,
      total: 8,
    });
    expect(added.status).toBe(201);
    expect(added.data.score).toMatchObject({ player: 'Zoe', quiz: 'space', score: 6, total: 8 });
    expect(
      await backend.call('POST', '/api/scores', { player: '', quiz: 'space', score: 1, total: 8 }),
    ).toEqual({
      status: 400,
      data: { error: 'Please fill in your name.', field: 'player' },
    });
    expect(
      (await backend.call('POST', '/api/scores', { player: 'A', quiz: 'cooking', score: 1, total: 8 }))
        .status,
    ).toBe(400);
    expect(
      (await backend.call('POST', '/api/scores', { player: 'A', quiz: 'space', score: 2.5, total: 8 }))
        .status,
    ).toBe(400);
    expect((await backend.call('POST', '/api/scores', 'not json')).status).toBe(400);
    expect(await backend.query("SELECT player, score FROM quiz_scores WHERE player = 'Zoe'")).toEqual([
      { player: 'Zoe', score: 6 },
    ]);
  });
});

describe('the game functions on PGlite', () => {
  it('game scores: the highest points first, a checked score is added, a zero-move game is refused', async () => {
    const app = await build('A memory match game');
    const backend = await startBackend(app);
    const seeded = await backend.call<{ scores: (Score & { points: number })[] }>('GET', '/api/scores');
    expect(seeded.data.scores.map((s) => s.points)).toEqual([1090, 880, 742, 655, 540]);
    const added = await backend.call<{ score: Score }>('POST', '/api/scores', {
      player: 'Ivy',
      level: 'classic',
      points: 800,
      moves: 10,
      seconds: 30,
    });
    expect(added).toMatchObject({ status: 201, data: { score: { player: 'Ivy', points: 800 } } });
    expect(
      await backend.call('POST', '/api/scores', { player: 'Ivy', level: 'classic', points: 800, moves: 0 }),
    ).toEqual({
      status: 400,
      data: { error: 'Please enter the number of moves between 1 and 1000.', field: 'moves' },
    });
    expect(
      (await backend.call('POST', '/api/scores', { player: 'Ivy', level: 'expert', points: 1, moves: 9 }))
        .status,
    ).toBe(400);
  });
});

interface Transaction {
  id: string;
  description: string;
  cents: number;
  kind: string;
  category: string;
  date: string;
}

describe('the finance functions on PGlite', () => {
  it('transactions: seeded newest first with dates relative to today; add (checked) and delete (404 after)', async () => {
    const app = await build('A budget tracker for my monthly expenses');
    const backend = await startBackend(app);
    const seeded = await backend.call<{ transactions: Transaction[] }>('GET', '/api/transactions');
    expect(seeded.data.transactions).toHaveLength(14);
    expect(seeded.data.transactions[0]).toMatchObject({
      description: 'Coffee with Sam',
      cents: 780,
      kind: 'expense',
      category: 'Dining out',
      date: isoDay(-1),
    });
    const added = await backend.call<{ transaction: Transaction }>('POST', '/api/transactions', {
      id: 'tx1',
      description: 'Book club fee',
      cents: 1250,
      kind: 'expense',
      category: 'Entertainment',
      date: isoDay(0),
    });
    expect(added.status).toBe(201);
    expect(
      (await backend.call<{ transactions: Transaction[] }>('GET', '/api/transactions')).data.transactions[0]
        ?.id,
    ).toBe('tx1');
    expect(
      await backend.call('POST', '/api/transactions', {
        description: 'x',
        cents: 0,
        kind: 'expense',
        category: 'Other',
        date: isoDay(0),
      }),
    ).toEqual({
      status: 400,
      data: { error: 'Please enter an amount between 1 and 100000000.', field: 'cents' },
    });
    expect(
      (
        await backend.call('POST', '/api/transactions', {
          description: 'x',
          cents: 5,
          kind: 'gift',
          category: 'Other',
          date: isoDay(0),
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await backend.call('POST', '/api/transactions', {
          description: 'x',
          cents: 5,
          kind: 'income',
          category: 'Other',
          date: 'soon',
        })
      ).status,
    ).toBe(400);
    expect(await backend.call('DELETE', '/api/transactions/tx1')).toEqual({
      status: 200,
      data: { deleted: 'tx1' },
    });
    expect(await backend.call('DELETE', '/api/transactions/tx1')).toEqual({
      status: 404,
      data: { error: 'That transaction no longer exists.' },
    });
  });
});

describe('the fitness functions on PGlite', () => {
  it('workouts: seeded newest first with distances and estimated calories; add (checked) and delete', async () => {
    const app = await build('A workout tracker for the gym');
    const backend = await startBackend(app);
    const { data } = await backend.call<{ workouts: Record<string, unknown>[] }>('GET', '/api/workouts');
    expect(data.workouts).toHaveLength(10);
    expect(data.workouts[0]).toMatchObject({
      activity: 'Run',
      minutes: 32,
      distance: 5.2,
      calories: 366,
      date: isoDay(0),
    });
    expect(data.workouts[2]).toMatchObject({ activity: 'Ride', distance: 28.4, date: isoDay(-2) });
    const added = await backend.call<{ workout: { id: string } }>('POST', '/api/workouts', {
      activity: 'Swim',
      minutes: 30,
      distance: 1.2,
      calories: 280,
      date: isoDay(0),
      note: 'Open water',
    });
    expect(added.status).toBe(201);
    expect(
      (await backend.call('POST', '/api/workouts', { activity: 'Skydiving', minutes: 30, date: isoDay(0) }))
        .status,
    ).toBe(400);
    expect(
      await backend.call('POST', '/api/workouts', { activity: 'Run', minutes: 0, date: isoDay(0) }),
    ).toEqual({
      status: 400,
      data: { error: 'Please enter the duration in minutes between 1 and 1440.', field: 'minutes' },
    });
    expect((await backend.call('DELETE', `/api/workouts/${added.data.workout.id}`)).status).toBe(200);
    expect((await backend.call('DELETE', `/api/workouts/${added.data.workout.id}`)).status).toBe(404);
  });
});

describe('the crypto functions on PGlite', () => {
  it('holdings: seeded purchases newest first with fractional amounts; add (checked) and delete', async () => {
    const app = await build('A crypto portfolio tracker for bitcoin');
    const backend = await startBackend(app);
    const { data } = await backend.call<{ holdings: Record<string, unknown>[] }>('GET', '/api/holdings');
    expect(data.holdings.map((h) => [h.symbol, h.amount, h.price])).toEqual([
      ['LINK', 40, 14.2],
      ['ADA', 1500, 0.38],
      ['BTC', 0.05, 61800],
      ['SOL', 35, 98.5],
      ['ETH', 2.4, 2950],
      ['BTC', 0.15, 52300],
    ]);
    expect(data.holdings[0]?.date).toBe(isoDay(-14));
    const added = await backend.call<{ holding: { id: string; amount: number } }>('POST', '/api/holdings', {
      symbol: 'BTC',
      amount: 0.00125,
      price: 64000,
      date: isoDay(0),
    });
    expect(added.status).toBe(201);
    expect(added.data.holding.amount).toBe(0.00125);
    expect(
      (await backend.call('POST', '/api/holdings', { symbol: 'MOON', amount: 1, price: 1, date: isoDay(0) }))
        .status,
    ).toBe(400);
    expect(
      (await backend.call('POST', '/api/holdings', { symbol: 'ETH', amount: 0, price: 1, date: isoDay(0) }))
        .data,
    ).toMatchObject({ field: 'amount' });
    expect((await backend.call('DELETE', `/api/holdings/${added.data.holding.id}`)).status).toBe(200);
    expect(await backend.call('DELETE', `/api/holdings/${added.data.holding.id}`)).toEqual({
      status: 404,
      data: { error: 'That purchase no longer exists.' },
    });
  });
});

// --- using the apps in a browser ---------------------------------------------------------------------------

describe('using the apps in a browser', { timeout: 90_000 }, () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });

  async function open(url: string): Promise<Page> {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(url);
    return page;
  }

  it('quiz: answer all eight space questions right, the score is 8 / 8, saved, and on the leaderboard', async () => {
    const app = await build('A trivia quiz about space');
    const backend = await startBackend(app);
    const served = await serveApp(app.modules, backend);
    try {
      const page = await open(served.url);
      await page.getByText('Best: 7/8 by Maya').waitFor();
      await page.getByRole('button', { name: 'Start Space & Astronomy' }).click();
      const answers = [
        'Mars',
        'Jupiter',
        '8 minutes',
        'Neil Armstrong',
        'The Milky Way',
        'Saturn',
        'A supermassive black hole',
        'Venus',
      ];
      for (const [i, answer] of answers.entries()) {
        await page.getByText(`Question ${i + 1} of 8`).waitFor();
        await page.getByRole('button', { name: answer, exact: true }).click();
        await page.getByText('Correct!').waitFor();
        await page.getByRole('button', { name: i < 7 ? 'Next question' : 'See my score' }).click();
      }
      await page.getByText('8 / 8').waitFor();
      await page.getByText('Perfect score!').waitFor();
      await page.getByPlaceholder('Your name').fill('Rosa');
      await page.getByRole('button', { name: 'Save score' }).click();
      await page.getByText('Saved to the leaderboard as Rosa.').waitFor();
      await expect
        .poll(() => backend.query("SELECT quiz, score, total FROM quiz_scores WHERE player = 'Rosa'"))
        .toEqual([{ quiz: 'space', score: 8, total: 8 }]);
      await page.goto(`${served.url}/leaderboard`);
      await page.getByText("Scores are saved in the app's database.").waitFor();
      await page.getByText('Rosa').waitFor();
      await page.goto(served.url);
      await page.getByText('Best: 8/8 by Rosa').waitFor();
    } finally {
      await served.close();
    }
  });

  it('game: flipping two cards is a move; matching every pair wins, and the score is saved to the high scores', async () => {
    const app = await build('A memory match game');
    const backend = await startBackend(app);
    const served = await serveApp(app.modules, backend);
    try {
      const page = await open(served.url);
      await page.getByText('High scores').first().waitFor();
      const cards = page.getByRole('button', { name: /^Card \d+, / });
      await expect.poll(() => cards.count()).toBe(16);
      const faceOf = async (i: number) =>
        ((await cards.nth(i).getAttribute('aria-label')) ?? '').replace(/^Card \d+, /, '');
      /** Flips card i and waits for its face. */
      const flip = async (i: number) => {
        await cards.nth(i).click();
        await expect.poll(() => faceOf(i)).not.toBe('face down');
        return faceOf(i);
      };
      // Play like a person with a perfect memory: remember every face seen, match as soon as a pair is known.
      const seen = new Map<number, string>();
      const matched = new Set<number>();
      for (let i = 0; i < 16; i++) {
        if (matched.has(i)) continue;
        const face = await flip(i);
        const known = [...seen].find(([j, f]) => f === face && j !== i && !matched.has(j));
        if (known) {
          await flip(known[0]);
          matched.add(i).add(known[0]);
          continue;
        }
        seen.set(i, face);
        let next = i + 1;
        while (matched.has(next)) next++;
        const other = await flip(next);
        if (other === face) {
          matched.add(i).add(next);
          i = next;
          continue;
        }
        seen.set(next, other);
        await expect.poll(() => faceOf(next)).toBe('face down');
        // The second card's partner may already be known: match it now.
        const partner = [...seen].find(([j, f]) => f === other && j !== next && !matched.has(j));
        if (partner) {
          await flip(next);
          await flip(partner[0]);
          matched.add(next).add(partner[0]);
        }
        i = next;
      }
      await page.getByText('You found every pair!').waitFor();
      await page.getByPlaceholder('Your name').fill('Quinn');
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByText('Saved to the high scores as Quinn.').waitFor();
      // The panel says "Saved" as it sends the score (optimistically), so the row is waited for.
      await expect
        .poll(() => backend.query("SELECT level FROM game_scores WHERE player = 'Quinn'"))
        .toEqual([{ level: 'classic' }]);
      const [row] = await backend.query(
        "SELECT level, points, moves FROM game_scores WHERE player = 'Quinn'",
      );
      expect(Number(row?.moves)).toBeGreaterThanOrEqual(8);
      expect(Number(row?.points)).toBeGreaterThan(0);
      await page.goto(`${served.url}/scores`);
      await page.getByText("High scores are saved in the app's database.").waitFor();
      await page.getByText('Quinn').waitFor();
    } finally {
      await served.close();
    }
  });

  it('finance: adding an expense raises the spending total and stores it; deleting it on Transactions removes it', async () => {
    const app = await build('A budget tracker for my monthly expenses');
    const backend = await startBackend(app);
    const served = await serveApp(app.modules, backend);
    try {
      const page = await open(served.url);
      await page.getByText("Transactions are saved in the app's database.").waitFor();
      // Seeded spending in the last 30 days: everything but the salary and the freelance payment.
      await page.getByLabel('Spending $1,784.78').waitFor();
      await page.getByLabel('Description').fill('Concert tickets');
      await page.getByLabel('Amount').fill('45.50');
      await page.getByLabel('Category').selectOption('Entertainment');
      await page.getByRole('button', { name: 'Add expense' }).click();
      await page.getByLabel('Spending $1,830.28').waitFor();
      await expect
        .poll(() =>
          backend.query(
            "SELECT amount_cents, kind, category FROM transactions WHERE description = 'Concert tickets'",
          ),
        )
        .toEqual([{ amount_cents: 4550, kind: 'expense', category: 'Entertainment' }]);
      await page.goto(`${served.url}/transactions`);
      await page.getByPlaceholder('Search descriptions').fill('concert');
      await page.getByText('1 transaction', { exact: false }).waitFor();
      await page.getByRole('button', { name: 'Delete Concert tickets' }).click();
      await expect
        .poll(() => backend.query("SELECT id FROM transactions WHERE description = 'Concert tickets'"))
        .toEqual([]);
    } finally {
      await served.close();
    }
  });

  it('fitness: logging a walk adds its minutes to the weekly ring and stores it with a calorie estimate', async () => {
    const app = await build('A workout tracker for the gym');
    const backend = await startBackend(app);
    const served = await serveApp(app.modules, backend);
    try {
      const page = await open(served.url);
      await page.getByText("Workouts are saved in the app's database.").waitFor();
      await page.getByRole('img', { name: 'Active minutes 270 of 150' }).waitFor();
      await page.getByLabel('Day streak 5').waitFor();
      await page.getByRole('button', { name: 'Walk', exact: true }).click();
      await page.getByRole('spinbutton', { name: 'Minutes' }).fill('20');
      await page.getByLabel('Distance (km)').fill('2');
      await page.getByText('About 89 kcal').waitFor();
      await page.getByRole('button', { name: 'Log workout' }).click();
      await page.getByRole('img', { name: 'Active minutes 290 of 150' }).waitFor();
      await expect
        .poll(() =>
          backend.query(
            "SELECT minutes, distance_km, calories FROM workouts WHERE activity = 'Walk' AND date = $1",
            [isoDay(0)],
          ),
        )
        .toEqual([{ minutes: 20, distance_km: 2, calories: 89 }]);
      await page.goto(`${served.url}/history`);
      await page.getByText('10.5 km').first().waitFor();
    } finally {
      await served.close();
    }
  });

  it('crypto: the sample prices are labelled; buying 1 ETH raises the portfolio value by its sample price and is stored', async () => {
    const app = await build('A crypto portfolio tracker for bitcoin');
    const backend = await startBackend(app);
    const served = await serveApp(app.modules, backend);
    try {
      const page = await open(served.url);
      await page.getByText("Your purchases are saved in the app's database.").waitFor();
      await page.getByText('Sample prices, not live market data:').waitFor();
      await page.getByLabel('Portfolio value $28,847.45').waitFor();
      await page.locator('select[name="symbol"]').selectOption('ETH');
      await expect.poll(() => page.getByLabel('Price paid (USD)').inputValue()).toBe('3512.8');
      await page.locator('input[name="amount"]').fill('1');
      await page.getByLabel('Price paid (USD)').fill('3000');
      await page.getByRole('button', { name: 'Add to portfolio' }).click();
      await page.getByLabel('Portfolio value $32,360.25').waitFor();
      await expect
        .poll(() =>
          backend.query("SELECT amount, price_usd FROM holdings WHERE symbol = 'ETH' AND bought_on = $1", [
            isoDay(0),
          ]),
        )
        .toEqual([{ amount: 1, price_usd: 3000 }]);
      await page.getByRole('button', { name: 'Remove the purchase of 1 ETH' }).click();
      await page.getByLabel('Portfolio value $28,847.45').waitFor();
      await expect
        .poll(() => backend.query('SELECT id FROM holdings WHERE bought_on = $1', [isoDay(0)]))
        .toEqual([]);
      await page.goto(`${served.url}/markets`);
      await page.getByText('Sample prices, not live market data:').waitFor();
      await page.getByRole('button', { name: 'Gainers' }).click();
      await expect.poll(() => page.locator('li button').first().innerText()).toContain('Solana');
    } finally {
      await served.close();
    }
  });
});
