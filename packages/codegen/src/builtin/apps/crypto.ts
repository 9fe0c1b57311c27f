/**
 * The builtin CRYPTOCURRENCY_APP: a portfolio tracker priced from a fixed set of sample prices, labelled as
 * such everywhere they show (the builtin app makes no outside network calls, so it cannot fetch a live
 * market). Purchases ("lots": coin, amount, price paid, date) live in the app's `holdings` table behind
 * `/api/holdings`; the portfolio page totals them per coin (value, average cost, profit or loss, allocation,
 * 24-hour change) and a Markets page lists the sample prices with 7-day sparklines. Without a backend the
 * lots stay in localStorage.
 * Template files: `templates/crypto/`.
 * @module
 */
import { appVars, templateMigration, templateModules } from '../templates.ts';
import { type AppContext, appHeader, type BuiltApp, otherHue, otherName } from './shared.ts';

const APP = 'crypto';

/** Builds the crypto portfolio tracker. */
export function cryptoApp(ctx: AppContext): BuiltApp {
  const a = ctx.accent;
  const vars = { ...appVars(ctx), record: 'holding' };
  return {
    migrations: [
      templateMigration(APP, 'create_holdings', vars),
      // With sign-in each visitor keeps their own purchases: the rows carry the visitor's id (auth_users.id).
      ...(ctx.signIn ? [templateMigration(APP, 'own_holdings', vars)] : []),
    ],
    modules: [
      ...templateModules(
        ctx.signIn ? `${APP}/with-login` : APP,
        ['app/api/holdings/route.ts', 'app/api/holdings/[id]/route.ts'],
        vars,
      ),
      ...templateModules(APP, ['app/page.tsx', 'app/markets/page.tsx'], vars),
      appHeader(ctx, {
        icon: 'Coins',
        links: [
          { href: '/', label: 'Portfolio' },
          { href: '/markets', label: 'Markets' },
        ],
        maxWidth: 'max-w-6xl',
      }),
      ...templateModules(
        APP,
        [
          'components/SampleDataBanner.tsx',
          'components/CoinIcon.tsx',
          'components/Sparkline.tsx',
          'components/HoldingsTable.tsx',
          'components/AddLotForm.tsx',
        ],
        vars,
      ),
    ],
    plan: [
      `Build "${ctx.title}", a crypto portfolio tracker priced from clearly labelled sample prices (no outside network calls).`,
      '- Table `holdings` (id, symbol, amount, price_usd, bought_on, created_at) with six purchases of BTC, ETH, SOL, ADA and LINK.',
      '- Functions: `/api/holdings` (GET newest first, POST checked) and `/api/holdings/[id]` (DELETE).',
      '- Page `/`: portfolio value, 24-hour change, invested, profit or loss, allocation; holdings per coin (amount, average cost, price, value, P/L); an add-purchase form; every purchase with remove.',
      '- Page `/markets`: ten coins with sample prices, 24-hour change and 7-day sparklines; search, top/gainers/losers, a detail chart.',
      `- Components: AppHeader, SampleDataBanner, CoinIcon, Sparkline, HoldingsTable, AddLotForm. Without a backend purchases stay in localStorage; ${a} accent.`,
      ...(ctx.signIn
        ? [
            `- Sign-in: each visitor sees and changes only their own purchases (column \`user_id\`, from \`auth()\`).`,
          ]
        : []),
    ].join('\n'),
    summary: [
      `I built **${ctx.title}**, a crypto portfolio tracker: add what you bought (coin, amount, price paid, date) and see the portfolio's value, 24-hour change, profit or loss and allocation, with each coin's average cost. The Markets page lists ten coins with 7-day charts, search and gainers/losers.`,
      '',
      "Prices are a fixed sample, labelled on every page: the app makes no outside network calls, so it has no live market feed. Your purchases are stored in the app's database (table `holdings`, through `/api/holdings` and `/api/holdings/[id]`); opened without its backend, the app keeps them in the browser.",
    ].join('\n'),
    choices: [
      `change the colour to ${otherHue(ctx.accent, 'violet', 'sky')}`,
      `rename the app to ${otherName(ctx.title, 'HODL Book', 'Coin Ledger')}`,
      'add a page called Learn',
    ],
  };
}
