/**
 * The builtin ONLINE_STORE (`templates/pickup-shop/`): a small local shop taking orders for pickup. Customers pick from the shop's
 * aisles, choose a pickup day and time and get a pickup code; the shop's counter page (`/orders`) lists the
 * orders as New, Ready and Collected. With a backend the shelf is the `shop_items` table and orders are
 * `pickup_orders` rows behind `/api/shop-items`, `/api/pickup-orders` and `/api/pickup-orders/[id]`;
 * without one the shelf is built in and orders stay in localStorage.
 * @module
 */

import { appVars, templateMigration, templateModules } from '../templates.ts';
import { type AppContext, appHeader, type BuiltApp, otherHue, otherName } from './shared.ts';

const APP = 'pickup-shop';

/** Builds the local pickup shop. */
export function pickupShopApp(ctx: AppContext): BuiltApp {
  const a = ctx.accent;
  const vars = appVars(ctx);
  return {
    migrations: [templateMigration(APP, 'create_shop_items_and_pickup_orders', vars)],
    modules: [
      ...templateModules(
        APP,
        [
          'app/api/shop-items/route.ts',
          'app/api/pickup-orders/route.ts',
          'app/api/pickup-orders/[id]/route.ts',
          'app/page.tsx',
          'app/orders/page.tsx',
        ],
        vars,
      ),
      appHeader(ctx, {
        icon: 'Store',
        links: [
          { href: '/', label: 'Order' },
          { href: '/orders', label: 'Counter' },
        ],
        maxWidth: 'max-w-6xl',
      }),
      ...templateModules(APP, ['components/ShopItemRow.tsx', 'components/PickupTicket.tsx'], vars),
    ],
    plan: [
      `Build "${ctx.title}", a neighbourhood shop that takes orders for pickup.`,
      '- Tables `shop_items` (thirteen items in five aisles, one sold out today) and `pickup_orders` (code, name, phone, pickup day and time, items, total, status; two orders already at the counter).',
      '- Functions: `/api/shop-items` (GET the shelf), `/api/pickup-orders` (GET for the counter, POST a checked order priced from the shelf with a pickup code) and `/api/pickup-orders/[id]` (PATCH the status: new, ready, collected).',
      '- Page `/`: shop details, aisle tabs, the shelf with Add and +/- steppers, a basket with the total, today/tomorrow and half-hour pickup slots, name and phone, then a pickup ticket with the code.',
      '- Page `/orders`: the counter view in three columns (New, Ready for pickup, Collected) with a button to move each order on.',
      '- Components: AppHeader, ShopItemRow, PickupTicket.',
      `- Without a backend the shelf is built in and orders stay in the browser. ${a} accent, Tailwind, lucide-react icons.`,
    ].join('\n'),
    summary: [
      `I built **${ctx.title}**, a local shop taking pickup orders: customers add bread, deli and basics from the aisles, choose today or tomorrow and a half-hour slot, and get a pickup code to show at the counter. Payment happens in the shop.`,
      '',
      "The counter page (/orders) is for the shop: new orders, ready for pickup and collected, one tap to move each along. The shelf and the orders live in the app's database (tables `shop_items` and `pickup_orders`, through `/api/shop-items`, `/api/pickup-orders` and `/api/pickup-orders/[id]`). Opened without its backend, the shop uses its built-in shelf and keeps orders in the browser.",
    ].join('\n'),
    choices: [
      `change the colour to ${otherHue(ctx.accent, 'green', 'orange')}`,
      `rename the app to ${otherName(ctx.title, 'Elm Street Deli', 'Corner Pantry')}`,
      'add a page called About',
    ],
  };
}
