/**
 * The builtin FINANCE_APP: a personal budget tracker — income and spending over the last 30 days, spending by
 * category, monthly budgets with what is left, a 14-day spending chart, an add form, and a searchable,
 * filterable transactions page with deletes. Transactions live in the app's `transactions` table behind
 * `/api/transactions` (amounts in cents); without a backend they stay in localStorage.
 * Template files: `templates/finance/`.
 * @module
 */
import { appVars, templateMigration, templateModules } from '../templates.ts';
import { type AppContext, appHeader, type BuiltApp, otherHue, otherName } from './shared.ts';

const APP = 'finance';

/** The currency a prompt suggests (euros, pounds), else US dollars. */
function currencyFromPrompt(prompt: string): string {
  if (/€|\beuros?\b|\beur\b/i.test(prompt)) return 'EUR';
  if (/£|\bpounds?\b|\bgbp\b|\bsterling\b/i.test(prompt)) return 'GBP';
  if (/₹|\brupees?\b|\binr\b/i.test(prompt)) return 'INR';
  return 'USD';
}

/** Builds the budget tracker. */
export function financeApp(ctx: AppContext): BuiltApp {
  const a = ctx.accent;
  const currency = currencyFromPrompt(ctx.prompt);
  const vars = { ...appVars(ctx), currency, record: 'transaction' };
  return {
    migrations: [
      templateMigration(APP, 'create_transactions', vars),
      // With sign-in each visitor keeps their own transactions: the rows carry the visitor's id (auth_users.id).
      ...(ctx.signIn ? [templateMigration(APP, 'own_transactions', vars)] : []),
    ],
    modules: [
      ...templateModules(
        ctx.signIn ? `${APP}/with-login` : APP,
        ['app/api/transactions/route.ts', 'app/api/transactions/[id]/route.ts'],
        vars,
      ),
      ...templateModules(APP, ['app/page.tsx', 'app/transactions/page.tsx'], vars),
      appHeader(ctx, {
        icon: 'Wallet',
        links: [
          { href: '/', label: 'Dashboard' },
          { href: '/transactions', label: 'Transactions' },
        ],
        maxWidth: 'max-w-6xl',
      }),
      ...templateModules(
        APP,
        [
          'components/StatCard.tsx',
          'components/TransactionForm.tsx',
          'components/TransactionRow.tsx',
          'components/SpendingChart.tsx',
          'components/BudgetList.tsx',
        ],
        vars,
      ),
    ],
    plan: [
      `Build "${ctx.title}", a personal budget tracker (${currency}).`,
      '- Table `transactions` (id, description, amount_cents, kind, category, date, created_at) with 14 transactions from the last three weeks.',
      '- Functions: `/api/transactions` (GET newest first, POST checked) and `/api/transactions/[id]` (DELETE).',
      '- Page `/`: net, income and spending for the last 30 days, a 14-day spending chart, spending by category, recent transactions, an add form and monthly budgets with what is left.',
      '- Page `/transactions`: search, income/expense and category filters, grouped by day, delete.',
      `- Components: AppHeader, StatCard, TransactionForm, TransactionRow, SpendingChart, BudgetList. Without a backend transactions stay in localStorage; ${a} accent.`,
      ...(ctx.signIn
        ? [
            `- Sign-in: each visitor sees and changes only their own transactions (column \`user_id\`, from \`auth()\`).`,
          ]
        : []),
    ].join('\n'),
    summary: [
      `I built **${ctx.title}**, a budget tracker: the dashboard shows what came in, what went out and what you kept over the last 30 days, a 14-day spending chart, spending by category and how much is left in each monthly budget. Add income or an expense from the form; the Transactions page searches, filters and deletes.`,
      '',
      "Transactions are stored in the app's database (table `transactions`, through the functions `/api/transactions` and `/api/transactions/[id]`). Opened without its backend, the app keeps them in the browser instead.",
    ].join('\n'),
    choices: [
      `change the colour to ${otherHue(ctx.accent, 'indigo', 'sky')}`,
      `rename the app to ${otherName(ctx.title, 'Pocket Ledger', 'Money Map')}`,
      'add a page called Goals',
    ],
  };
}
