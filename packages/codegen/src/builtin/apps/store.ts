/**
 * The builtin ECOMMERCE_STORE (`templates/store/`): a shop with a product grid (categories, search, sort), a product detail
 * dialog, a cart with quantities and totals, and a checkout form that places an order and shows its
 * confirmation. With a backend the catalogue is the app's `products` table behind `/api/products` and an
 * order is checked and priced by `/api/orders` (stock taken off); without one the page uses the built-in
 * catalogue and keeps the cart and orders in localStorage.
 * @module
 */

import { appVars, templateMigration, templateModules } from '../templates.ts';
import { type AppContext, appHeader, type BuiltApp, otherHue, otherName } from './shared.ts';

const APP = 'store';

/** Builds the online store. */
export function storeApp(ctx: AppContext): BuiltApp {
  const a = ctx.accent;
  const vars = appVars(ctx);
  return {
    migrations: [templateMigration(APP, 'create_products_and_orders', vars)],
    modules: [
      ...templateModules(
        APP,
        ['app/api/products/route.ts', 'app/api/orders/route.ts', 'app/page.tsx', 'app/cart/page.tsx'],
        vars,
      ),
      appHeader(ctx, {
        icon: 'ShoppingBag',
        links: [
          { href: '/', label: 'Shop' },
          { href: '/cart', label: 'Cart' },
        ],
        maxWidth: 'max-w-6xl',
      }),
      ...templateModules(APP, ['components/ProductCard.tsx', 'components/ProductDetail.tsx'], vars),
    ],
    plan: [
      `Build "${ctx.title}", an online store.`,
      '- Tables `products` (nine products in Home, Kitchen, Accessories and Outdoors, with price, rating and stock) and `orders`.',
      '- Functions: `/api/products` (GET the catalogue) and `/api/orders` (POST: checks the details, prices every line from the database, refuses what is out of stock, takes the stock off).',
      '- Page `/`: a banner, category chips, search and sort, the product grid, a product dialog with quantity, and a cart bar with the count and subtotal.',
      '- Page `/cart`: lines with quantity steppers and remove, subtotal, shipping (free over $75) and total, a delivery form, and the order confirmation.',
      '- Components: AppHeader, ProductCard, ProductDetail.',
      `- Without a backend the shop uses its built-in catalogue and keeps orders in the browser; the cart is always kept in the browser. ${a} accent, Tailwind, lucide-react icons.`,
    ].join('\n'),
    summary: [
      `I built **${ctx.title}**, an online store: browse nine products by category, search and sort them, open one for details, add it to the cart, change quantities on /cart and check out to an order confirmation. Shipping is free over $75.`,
      '',
      "The catalogue and the orders live in the app's database (tables `products` and `orders`, through `/api/products` and `/api/orders`); the server prices each order itself and takes the stock off. Opened without its backend, the shop uses its built-in catalogue and keeps orders in the browser.",
    ].join('\n'),
    choices: [
      `change the colour to ${otherHue(ctx.accent, 'emerald', 'amber')}`,
      `rename the app to ${otherName(ctx.title, 'Oak & Thread', 'Good Goods')}`,
      'add a page called About',
    ],
  };
}
