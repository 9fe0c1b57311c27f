import { moduleName } from '@kiln/core';
import { closeHeadless, launchChromium, renderCheck } from '@kiln/preview/node';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, closeDatabase, type ServedApp, serveApp, startBackend } from './builtin-harness.ts';
import { expectValidModules } from './expect-valid-modules.ts';

const path = (segment: string) =>
  segment ? `apps/web/src/app/${segment}/page.tsx` : 'apps/web/src/app/page.tsx';
const fn = (segment: string) => `apps/web/src/app/api/${segment}/route.ts`;
const comp = (name: string) => `apps/web/src/components/${name}.tsx`;
/** A module the functions share (`request`: every app's; the app's own rows are named after its template). */
const util = (name: string) => `apps/web/src/app/api/utils/${name}.ts`;

/** Each app: its prompt, type, and the modules it must have. */
const APPS: { type: string; prompt: string; modules: string[]; tables: string[] }[] = [
  {
    type: 'ECOMMERCE_STORE',
    prompt: 'An e-commerce store with a shopping cart for sneakers',
    modules: [
      util('request'),
      util('store'),
      path(''),
      path('cart'),
      fn('products'),
      fn('orders'),
      comp('AppHeader'),
      comp('ProductCard'),
      comp('ProductDetail'),
    ],
    tables: ['products', 'orders'],
  },
  {
    type: 'ONLINE_STORE',
    prompt: 'An online store for handmade candles',
    modules: [
      util('request'),
      util('pickup-shop'),
      path(''),
      path('orders'),
      fn('shop-items'),
      fn('pickup-orders'),
      fn('pickup-orders/[id]'),
      comp('AppHeader'),
      comp('ShopItemRow'),
      comp('PickupTicket'),
    ],
    tables: ['shop_items', 'pickup_orders'],
  },
  {
    type: 'BLOG_PLATFORM',
    prompt: 'A blog about gardening',
    modules: [
      util('request'),
      util('blog'),
      path(''),
      path('post'),
      path('write'),
      fn('posts'),
      fn('posts/[id]'),
      fn('comments'),
      comp('AppHeader'),
      comp('PostCard'),
      comp('CommentSection'),
    ],
    tables: ['posts', 'comments'],
  },
  {
    type: 'SOCIAL_NETWORK',
    prompt: 'A social network for dog owners',
    modules: [
      util('request'),
      util('social'),
      path(''),
      path('members'),
      fn('posts'),
      fn('posts/[id]'),
      fn('replies'),
      fn('members'),
      comp('AppHeader'),
      comp('Avatar'),
      comp('FeedPost'),
    ],
    tables: ['members', 'posts', 'replies'],
  },
  {
    type: 'GALLERY_APP',
    prompt: 'A photo gallery of my travels',
    modules: [
      util('request'),
      util('gallery'),
      path(''),
      path('albums'),
      fn('photos'),
      fn('photos/[id]'),
      comp('AppHeader'),
      comp('PhotoViewer'),
      comp('AddPhotoDialog'),
    ],
    tables: ['photos'],
  },
];

afterAll(async () => {
  await closeDatabase();
  await closeHeadless();
});

describe.each(APPS)('the builtin $type app', { timeout: 120_000 }, ({ type, prompt, modules, tables }) => {
  it('is built from its prompt with its pages, components, functions and migration, all valid', async () => {
    const app = await build(prompt);
    expect(app.appType).toBe(type);
    expect(app.modules.map((m) => m.filePath).sort()).toEqual([...modules].sort());
    expectValidModules(app.modules);
    expect(app.migrations.length).toBe(1);
    for (const t of tables) expect(app.migrations[0]?.sql).toContain(`CREATE TABLE ${t} (`);
    expect(app.message).toContain('I built **');
    expect(app.choices.length).toBe(3);
    for (const choice of app.choices) {
      const next = await build(choice, app.modules);
      expect(next.modules, choice).not.toEqual(app.modules);
      expectValidModules(next.modules);
    }
    expect(app.message).not.toMatch(/lorem|Item 1/i);
  });

  it('renders every page in the preview runtime (no backend) without an error', async () => {
    const app = await build(prompt);
    const preview = app.modules.map((m) => ({ ...m, name: moduleName(m.filePath) }));
    const pages = app.modules.filter((m) => m.moduleType === 'PAGE');
    expect(pages.length).toBeGreaterThanOrEqual(1);
    for (const m of pages) {
      const r = await renderCheck({ source: m.content, filePath: m.filePath, modules: preview, mode: 'web' });
      expect({ filePath: m.filePath, ok: r.ok, error: r.error }).toEqual({
        filePath: m.filePath,
        ok: true,
        error: null,
      });
    }
  });

  it('keeps working after the follow-ups (colour, rename, a page, sign-in, a mobile version)', async () => {
    const app = await build(prompt);
    const next = await build(
      'make it teal, rename the app to Test Title and add a page called About',
      app.modules,
    );
    expectValidModules(next.modules);
    const all = next.modules.map((m) => m.content).join('\n');
    expect(all).toContain("document.title = 'Test Title'");
    expect(all).toMatch(/\bbg-teal-600\b/);
    expect(next.modules.some((m) => m.filePath === path('about'))).toBe(true);
    const signedIn = await build('add sign-in', next.modules);
    expectValidModules(signedIn.modules);
    expect(signedIn.modules.find((m) => m.filePath === comp('AppHeader'))?.content).toContain('useUser');
    const mobile = await build('make a mobile version', app.modules);
    expect(mobile.modules.filter((m) => m.moduleType === 'EXPO_PAGE').length).toBeGreaterThanOrEqual(2);
    expectValidModules(mobile.modules);
  });
});

// --- the functions on PGlite ---------------------------------------------------------------------------------

interface Product {
  id: string;
  name: string;
  priceCents: number;
  stock: number;
}
interface Order {
  id: string;
  items: { productId: string; quantity: number; priceCents: number }[];
  subtotalCents: number;
  shippingCents: number;
  totalCents: number;
}

describe('the store functions', () => {
  it('list the catalogue and place an order priced from the database, taking the stock off', async () => {
    const backend = await startBackend(await build(APPS[0]!.prompt));
    const { data } = await backend.call<{ products: Product[] }>('GET', '/api/products');
    expect(data.products.length).toBe(9);
    expect(data.products[0]).toMatchObject({ id: 'linen-throw', priceCents: 6800, stock: 12 });

    const address = {
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      address: '1 Analytical Way',
      city: 'London',
      postcode: 'N1 9GU',
    };
    const placed = await backend.call<{ order: Order }>('POST', '/api/orders', {
      ...address,
      items: [
        { productId: 'ceramic-mug-set', quantity: 2, priceCents: 1 },
        { productId: 'soy-candle', quantity: 1 },
      ],
    });
    expect(placed.status).toBe(201);
    expect(placed.data.order).toMatchObject({ subtotalCents: 8800, shippingCents: 0, totalCents: 8800 });
    expect(await backend.query("SELECT stock FROM products WHERE id = 'ceramic-mug-set'")).toEqual([
      { stock: 28 },
    ]);
    expect(await backend.query('SELECT total_cents, email FROM orders')).toEqual([
      { total_cents: 8800, email: 'ada@example.com' },
    ]);

    const small = await backend.call<{ order: Order }>('POST', '/api/orders', {
      ...address,
      items: [{ productId: 'soy-candle', quantity: 1 }],
    });
    expect(small.data.order).toMatchObject({ subtotalCents: 2400, shippingCents: 695, totalCents: 3095 });

    const soldOut = await backend.call('POST', '/api/orders', {
      ...address,
      items: [{ productId: 'olive-board', quantity: 1 }],
    });
    expect(soldOut).toEqual({ status: 409, data: { error: 'Olive Wood Serving Board is sold out.' } });
    const bad = await backend.call('POST', '/api/orders', { ...address, email: 'nope', items: [] });
    expect(bad).toEqual({ status: 400, data: { error: 'Please enter a valid email address.' } });
    expect(await backend.query('SELECT count(*)::int AS n FROM orders')).toEqual([{ n: 2 }]);
  });
});

interface PickupOrder {
  id: string;
  code: string;
  name: string;
  status: string;
  totalCents: number;
  items: { itemId: string; quantity: number; priceCents: number }[];
}

describe('the pickup shop functions', () => {
  it('list the shelf, take an order priced from it with a pickup code, and move it along at the counter', async () => {
    const backend = await startBackend(await build(APPS[1]!.prompt));
    const shelf = await backend.call<{ items: { id: string; inStock: boolean }[] }>('GET', '/api/shop-items');
    expect(shelf.data.items.length).toBe(13);
    expect(shelf.data.items.find((i) => i.id === 'seeded-rye')?.inStock).toBe(false);
    const before = await backend.call<{ orders: PickupOrder[] }>('GET', '/api/pickup-orders');
    expect(before.data.orders.map((o) => [o.code, o.name, o.status])).toEqual([
      ['K4P', 'Maya Patel', 'ready'],
      ['T7M', 'Tom Reyes', 'new'],
    ]);

    const order = { name: 'Sam', phone: '555 0100', pickupDay: '2030-01-02', pickupTime: '10:30' };
    const placed = await backend.call<{ order: PickupOrder }>('POST', '/api/pickup-orders', {
      ...order,
      items: [
        { itemId: 'sourdough', quantity: 2, priceCents: 1 },
        { itemId: 'honey', quantity: 1 },
      ],
    });
    expect(placed.status).toBe(201);
    expect(placed.data.order).toMatchObject({ name: 'Sam', status: 'new', totalCents: 2100 });
    expect(placed.data.order.code).toMatch(/^[A-Z][0-9][A-Z]$/);

    const moved = await backend.call<{ order: PickupOrder }>(
      'PATCH',
      `/api/pickup-orders/${placed.data.order.id}`,
      {
        status: 'ready',
      },
    );
    expect(moved.data.order.status).toBe('ready');
    expect(
      await backend.query('SELECT status FROM pickup_orders WHERE id = $1', [placed.data.order.id]),
    ).toEqual([{ status: 'ready' }]);

    expect(
      await backend.call('POST', '/api/pickup-orders', {
        ...order,
        items: [{ itemId: 'seeded-rye', quantity: 1 }],
      }),
    ).toEqual({ status: 409, data: { error: 'Seeded rye is sold out today.' } });
    expect(
      await backend.call('POST', '/api/pickup-orders', {
        ...order,
        pickupTime: '22:00',
        items: [{ itemId: 'milk', quantity: 1 }],
      }),
    ).toEqual({ status: 400, data: { error: 'Pickup is between 08:00 and 18:30.' } });
    expect(await backend.call('PATCH', '/api/pickup-orders/seed-1', { status: 'lost' })).toEqual({
      status: 400,
      data: { error: 'status must be new, ready or collected.' },
    });
    expect((await backend.call('PATCH', '/api/pickup-orders/nope', { status: 'ready' })).status).toBe(404);
  });
});

interface BlogPost {
  id: string;
  title: string;
  likes: number;
  comments: number;
}

describe('the blog functions', () => {
  it('list posts newest first with comment counts, publish, like, comment and delete', async () => {
    const backend = await startBackend(await build(APPS[2]!.prompt));
    const list = await backend.call<{ posts: BlogPost[] }>('GET', '/api/posts');
    expect(list.data.posts.map((p) => [p.id, p.comments])).toEqual([
      ['balcony-tomatoes', 2],
      ['morning-pages', 0],
      ['slow-lisbon', 0],
      ['five-minute-rule', 1],
      ['paper-calendar', 0],
    ]);
    const published = await backend.call<{ post: BlogPost }>('POST', '/api/posts', {
      title: 'Saving seeds from this year’s beans',
      body: 'Leave the best pods on the plant until they rattle, then shell them and dry them for a week.',
      author: 'Priya Shah',
      tag: 'Garden',
    });
    expect(published.status).toBe(201);
    expect(published.data.post.id).toMatch(/^saving-seeds-from-this-year-s-beans-[0-9a-f]{4}$/);
    const id = published.data.post.id;
    expect((await backend.call<{ posts: BlogPost[] }>('GET', '/api/posts')).data.posts[0]?.id).toBe(id);
    expect(
      (await backend.call<{ post: BlogPost }>('PATCH', `/api/posts/${id}`, { like: true })).data.post.likes,
    ).toBe(1);
    expect(
      (await backend.call('POST', '/api/comments', { postId: id, author: 'Tom', body: 'Great tip.' })).status,
    ).toBe(201);
    const one = await backend.call<{ post: BlogPost; comments: { author: string; body: string }[] }>(
      'GET',
      `/api/posts/${id}`,
    );
    expect(one.data.comments.map((c) => [c.author, c.body])).toEqual([['Tom', 'Great tip.']]);
    expect(one.data.post.comments).toBe(1);

    expect(
      await backend.call('POST', '/api/posts', { title: 'Short', body: 'Too short.', author: 'A' }),
    ).toEqual({
      status: 400,
      data: { error: 'Write a few sentences before publishing.' },
    });
    expect(
      (await backend.call('POST', '/api/comments', { postId: 'nope', author: 'A', body: 'Hi' })).status,
    ).toBe(404);
    expect((await backend.call('DELETE', `/api/posts/${id}`)).status).toBe(200);
    expect(await backend.query('SELECT count(*)::int AS n FROM comments WHERE post_id = $1', [id])).toEqual([
      { n: 0 },
    ]);
    expect((await backend.call('GET', `/api/posts/${id}`)).status).toBe(404);
  });
});

interface FeedPostData {
  id: string;
  name: string;
  handle: string;
  likes: number;
  replies: { name: string; body: string }[];
}

describe('the social network functions', () => {
  it('give the feed with replies, share a post (the author joins), like, unlike and reply', async () => {
    const backend = await startBackend(await build(APPS[3]!.prompt));
    const feed = await backend.call<{ posts: FeedPostData[] }>('GET', '/api/posts');
    expect(feed.data.posts.map((p) => [p.id, p.replies.length])).toEqual([
      ['p1', 1],
      ['p2', 0],
      ['p3', 0],
      ['p4', 2],
      ['p5', 0],
    ]);
    const shared = await backend.call<{ post: FeedPostData }>('POST', '/api/posts', {
      name: 'Rosa Diaz',
      body: 'Lost: a blue frisbee near the pond.',
      topic: 'dogs',
    });
    expect(shared.status).toBe(201);
    expect(shared.data.post).toMatchObject({ name: 'Rosa Diaz', handle: 'rosadiaz', likes: 0 });
    const members = await backend.call<{ members: { handle: string; posts: number }[] }>(
      'GET',
      '/api/members',
    );
    expect(members.data.members.find((m) => m.handle === 'rosadiaz')?.posts).toBe(1);
    expect(members.data.members.length).toBe(7);

    expect(
      (await backend.call<{ post: FeedPostData }>('PATCH', '/api/posts/p2', { like: 1 })).data.post.likes,
    ).toBe(42);
    expect(
      (await backend.call<{ post: FeedPostData }>('PATCH', '/api/posts/p2', { like: -1 })).data.post.likes,
    ).toBe(41);
    expect((await backend.call('PATCH', '/api/posts/p2', { like: 5 })).status).toBe(400);
    expect(
      (
        await backend.call('POST', '/api/replies', {
          postId: 'p2',
          name: 'Rosa Diaz',
          body: 'Jar on its way!',
        })
      ).status,
    ).toBe(201);
    expect(await backend.query("SELECT name, body FROM replies WHERE post_id = 'p2'")).toEqual([
      { name: 'Rosa Diaz', body: 'Jar on its way!' },
    ]);
    expect(
      (await backend.call('POST', '/api/replies', { postId: 'nope', name: 'A', body: 'B' })).status,
    ).toBe(404);
    expect(await backend.call('POST', '/api/posts', { name: '', body: 'x' })).toEqual({
      status: 400,
      data: { error: 'Add your name to post.' },
    });
  });
});

interface Photo {
  id: string;
  title: string;
  album: string;
  image: string;
  favourite: boolean;
}

describe('the gallery functions', () => {
  it('list photos newest first, add one (with or without an image), favourite, retitle and delete', async () => {
    const backend = await startBackend(await build(APPS[4]!.prompt));
    const list = await backend.call<{ photos: Photo[] }>('GET', '/api/photos');
    expect(list.data.photos.length).toBe(12);
    expect(list.data.photos[0]?.id).toBe('first-snow');
    // The image is the URL an upload answered (the files origin), never the bytes.
    const pixel = 'http://files.localhost:4000/0b6f2a52-55a4-4c5e-9b43-1a8a0a2d7f10/';
    const added = await backend.call<{ photo: Photo }>('POST', '/api/photos', {
      title: 'Harbour at sunrise',
      album: 'Lisbon',
      takenOn: '2025-06-01',
      image: pixel,
    });
    expect(added.status).toBe(201);
    expect(added.data.photo).toMatchObject({
      title: 'Harbour at sunrise',
      album: 'Lisbon',
      image: pixel,
      favourite: false,
    });
    const id = added.data.photo.id;
    expect((await backend.call<{ photos: Photo[] }>('GET', '/api/photos')).data.photos[0]?.id).toBe(id);
    const fav = await backend.call<{ photo: Photo }>('PATCH', `/api/photos/${id}`, {
      favourite: true,
      title: 'Harbour, 6am',
    });
    expect(fav.data.photo).toMatchObject({ favourite: true, title: 'Harbour, 6am', album: 'Lisbon' });

    // A data URL (or anything but an http(s) URL) is refused: images are uploads.
    for (const image of [
      'data:image/png;base64,iVBORw0KGgo=',
      'javascript:alert(1)',
      'http://x/"><script>',
    ]) {
      expect(await backend.call('POST', '/api/photos', { title: 'x', album: 'y', image })).toEqual({
        status: 400,
        data: { error: 'The image must be the URL of an uploaded file.' },
      });
    }
    expect((await backend.call('PATCH', `/api/photos/${id}`, { favourite: 'yes' })).status).toBe(400);
    expect((await backend.call('DELETE', `/api/photos/${id}`)).status).toBe(200);
    expect((await backend.call('DELETE', `/api/photos/${id}`)).status).toBe(404);
  });
});

// --- one thing a person does in each app, in Chromium ----------------------------------------------------------

describe('the apps in a browser', { timeout: 90_000 }, () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });

  async function open(served: ServedApp, at = '/'): Promise<Page> {
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
    await page.goto(served.url + at);
    return page;
  }

  it('store: add to cart shows count 1 and the total; checkout places the order in the database', async () => {
    const app = await build(APPS[0]!.prompt);
    const backend = await startBackend(app);
    const served = await serveApp(app.modules, backend);
    try {
      const page = await open(served);
      await page.getByRole('button', { name: 'Add Waxed Canvas Tote to cart' }).click();
      await expect.poll(() => page.getByTestId('cart-summary').textContent()).toBe('Cart · 1 item · $45.00');
      await page.getByRole('button', { name: 'View Pour-Over Coffee Kit' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Increase quantity' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Add to cart' }).click();
      await expect
        .poll(() => page.getByTestId('cart-summary').textContent())
        .toBe('Cart · 3 items · $153.00');
      await page.getByRole('link', { name: 'Checkout' }).click();
      await page.getByRole('heading', { name: 'Your cart' }).waitFor();
      await page.getByRole('button', { name: 'One less Pour-Over Coffee Kit' }).click();
      await expect.poll(() => page.getByTestId('cart-total').textContent()).toBe('$99.00');
      await page.getByPlaceholder('Full name').fill('Grace Hopper');
      await page.getByPlaceholder('Email').fill('grace@example.com');
      await page.getByPlaceholder('Street address').fill('12 Harbour Road');
      await page.getByPlaceholder('City').fill('Arlington');
      await page.getByPlaceholder('Postcode').fill('22201');
      await page.getByRole('button', { name: /Place order/ }).click();
      await page.getByRole('heading', { name: 'Thank you, Grace!' }).waitFor();
      expect(await backend.query('SELECT total_cents, customer_name FROM orders')).toEqual([
        { total_cents: 9900, customer_name: 'Grace Hopper' },
      ]);
      expect(await backend.query("SELECT stock FROM products WHERE id = 'pour-over-kit'")).toEqual([
        { stock: 7 },
      ]);
    } finally {
      await served.close();
    }
  });

  it('pickup shop: a basket of bread shows its total, the order gets a code, and the counter marks it ready', async () => {
    const app = await build(APPS[1]!.prompt);
    const backend = await startBackend(app);
    const served = await serveApp(app.modules, backend);
    try {
      const page = await open(served);
      await page.getByRole('button', { name: 'Add Sourdough loaf' }).click();
      await page.getByRole('button', { name: 'One more Sourdough loaf' }).click();
      await page.getByRole('button', { name: 'Add Butter croissant' }).click();
      await expect.poll(() => page.getByTestId('basket-total').textContent()).toBe('$16.25');
      await page.getByPlaceholder('Your name').fill('Jo Marsh');
      await page.getByPlaceholder('Phone').fill('555 0199');
      await page.getByRole('button', { name: 'Place pickup order' }).click();
      const code = (await page.getByTestId('pickup-code').textContent()) ?? '';
      expect(
        await backend.query(
          "SELECT code, total_cents, status FROM pickup_orders WHERE customer_name = 'Jo Marsh'",
        ),
      ).toEqual([{ code, total_cents: 1625, status: 'new' }]);

      await page.goto(`${served.url}/orders`);
      await page.getByRole('button', { name: `Mark ready ${code}` }).click();
      await expect
        .poll(() => backend.query("SELECT status FROM pickup_orders WHERE customer_name = 'Jo Marsh'"))
        .toEqual([{ status: 'ready' }]);
      await page.reload();
      await page.getByRole('region', { name: 'Ready for pickup' }).getByText('Jo Marsh').waitFor();
    } finally {
      await served.close();
    }
  });

  it('blog: write and publish a post, read it, like it and comment; the front page shows it first', async () => {
    const app = await build(APPS[2]!.prompt);
    const backend = await startBackend(app);
    const served = await serveApp(app.modules, backend);
    try {
      const page = await open(served, '/write');
      await page.getByLabel('Title').fill('Planting garlic in October');
      await page.getByLabel('Topic').selectOption('Garden');
      await page.getByLabel('Author').fill('Mina Larsen');
      await page
        .getByLabel('Story')
        .fill('Break the bulb into cloves.\n\nPlant them pointy end up, two inches deep, a hand apart.');
      await page.getByRole('button', { name: 'Publish' }).click();
      await page.getByRole('heading', { name: 'Published' }).waitFor();
      expect(
        await backend.query("SELECT author, tag FROM posts WHERE title = 'Planting garlic in October'"),
      ).toEqual([{ author: 'Mina Larsen', tag: 'Garden' }]);

      await page.getByRole('link', { name: 'Read your post' }).click();
      await page.getByRole('heading', { name: 'Planting garlic in October' }).waitFor();
      await page.getByText('Plant them pointy end up, two inches deep, a hand apart.').waitFor();
      await page.getByRole('button', { name: 'Like this post' }).click();
      await expect.poll(() => page.getByTestId('likes').textContent()).toBe('1');
      await page.getByPlaceholder('Your name').fill('Sam');
      await page.getByPlaceholder('Add to the conversation').fill('Doing this tomorrow!');
      await page.getByRole('button', { name: 'Post comment' }).click();
      await page.getByText('1 comment', { exact: true }).waitFor();
      await expect
        .poll(() =>
          backend.query(
            "SELECT p.likes, c.body FROM posts p JOIN comments c ON c.post_id = p.id WHERE p.title = 'Planting garlic in October'",
          ),
        )
        .toEqual([{ likes: 1, body: 'Doing this tomorrow!' }]);

      await page.getByRole('link', { name: 'All posts' }).click();
      await page.getByText('Latest · Garden').waitFor();
      await page.getByRole('heading', { name: 'Planting garlic in October' }).waitFor();
    } finally {
      await served.close();
    }
  });

  it('social: share a post, like another and reply; the database has them and a reload shows them', async () => {
    const app = await build(APPS[3]!.prompt);
    const backend = await startBackend(app);
    const served = await serveApp(app.modules, backend);
    try {
      const page = await open(served);
      await page.getByText("Posts are saved in the app's database.").waitFor();
      await page.getByPlaceholder('Your name').fill('Rosa Diaz');
      await page
        .getByPlaceholder('What is happening in the neighbourhood?')
        .fill('Puppy class at the library on Thursday!');
      await page.getByLabel('Topic', { exact: true }).selectOption('events');
      await page.getByRole('button', { name: 'Share' }).click();
      const mine = page.getByRole('article', { name: 'Post by Rosa Diaz' });
      await mine.getByText('Puppy class at the library on Thursday!').waitFor();
      await expect
        .poll(() => backend.query("SELECT handle, topic FROM posts WHERE name = 'Rosa Diaz'"))
        .toEqual([{ handle: 'rosadiaz', topic: 'events' }]);

      const chloe = page.getByRole('article', { name: 'Post by Chloe Kim' });
      await chloe.getByRole('button', { name: 'Like' }).click();
      await expect.poll(() => chloe.getByTestId('like-count').textContent()).toBe('42');
      await expect
        .poll(() => backend.query("SELECT likes FROM posts WHERE id = 'p2'"))
        .toEqual([{ likes: 42 }]);

      await chloe.getByRole('button', { name: '0 replies' }).click();
      await chloe.getByPlaceholder('Reply to Chloe').fill('I would love some!');
      await chloe.getByRole('button', { name: 'Send reply' }).click();
      await expect
        .poll(() => backend.query("SELECT name, body FROM replies WHERE post_id = 'p2'"))
        .toEqual([{ name: 'Rosa Diaz', body: 'I would love some!' }]);

      await page.reload();
      await page.getByRole('article', { name: 'Post by Rosa Diaz' }).waitFor();
      await expect.poll(() => chloe.getByRole('button', { name: 'Unlike' }).count()).toBe(1);
      await chloe.getByText('1 reply').waitFor();
    } finally {
      await served.close();
    }
  });

  it('gallery: open a photo, step to the next, favourite it, and add a photo from the dialog', async () => {
    const app = await build(APPS[4]!.prompt);
    const backend = await startBackend(app);
    const served = await serveApp(app.modules, backend);
    try {
      const page = await open(served);
      await page.getByText("Photos are saved in the app's database.").waitFor();
      await page.getByRole('button', { name: 'Open Skógafoss in the mist' }).click();
      const viewer = page.getByRole('dialog');
      await viewer.getByRole('heading', { name: 'Skógafoss in the mist' }).waitFor();
      await page.keyboard.press('ArrowRight');
      await viewer.getByRole('heading', { name: 'Black sand beach at Reynisfjara' }).waitFor();
      await viewer.getByRole('button', { name: 'Previous photo' }).click();
      await viewer.getByRole('heading', { name: 'Skógafoss in the mist' }).waitFor();
      await viewer.getByRole('button', { name: 'Add to favourites' }).click();
      await expect
        .poll(() => backend.query("SELECT favourite FROM photos WHERE id = 'skogafoss'"))
        .toEqual([{ favourite: true }]);
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: /^Favourites 5/ }).click();
      await expect
        .poll(() => page.getByRole('region', { name: 'Photos' }).getByRole('button').count())
        .toBe(5);

      await page.getByRole('button', { name: 'Add photo' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add a photo' });
      await dialog.getByLabel('Title', { exact: true }).fill('Harbour at sunrise');
      await dialog.getByLabel('Album').selectOption('Lisbon');
      await dialog.getByRole('button', { name: 'Add to gallery' }).click();
      await page.getByRole('button', { name: 'Open Harbour at sunrise' }).waitFor();
      await expect
        .poll(() => backend.query("SELECT album, image FROM photos WHERE title = 'Harbour at sunrise'"))
        .toEqual([{ album: 'Lisbon', image: '' }]);
    } finally {
      await served.close();
    }
  });

  it('without a backend the store checks out from the browser and the blog keeps a new post there', async () => {
    const store = await build(APPS[0]!.prompt);
    const served = await serveApp(store.modules, null);
    try {
      const page = await open(served);
      await page.getByRole('button', { name: 'Add Merino Wool Beanie to cart' }).click();
      await expect.poll(() => page.getByTestId('cart-summary').textContent()).toBe('Cart · 1 item · $28.00');
      await page.goto(`${served.url}/cart`);
      await expect.poll(() => page.getByTestId('cart-total').textContent()).toBe('$34.95');
      await page.getByPlaceholder('Full name').fill('Ada Lovelace');
      await page.getByPlaceholder('Email').fill('ada@example.com');
      await page.getByPlaceholder('Street address').fill('1 Analytical Way');
      await page.getByPlaceholder('City').fill('London');
      await page.getByPlaceholder('Postcode').fill('N1 9GU');
      await page.getByRole('button', { name: /Place order/ }).click();
      await page.getByText('No server answered, so this order is saved in this browser only.').waitFor();
      expect(await page.evaluate(() => window.localStorage.getItem('northwind-goods.orders'))).toContain(
        'Merino Wool Beanie',
      );
    } finally {
      await served.close();
    }

    const blog = await build(APPS[2]!.prompt);
    const offline = await serveApp(blog.modules, null);
    try {
      const page = await open(offline, '/write');
      await page.getByLabel('Title').fill('Notes from the allotment');
      await page.getByLabel('Author').fill('Priya Shah');
      await page
        .getByLabel('Story')
        .fill('The beans are up, the slugs are winning, and the rhubarb does not care.');
      await page.getByRole('button', { name: 'Publish' }).click();
      await page.getByRole('link', { name: 'Read your post' }).click();
      await page.getByRole('heading', { name: 'Notes from the allotment' }).waitFor();
      await page.goto(offline.url);
      await page.getByRole('heading', { name: 'Notes from the allotment' }).waitFor();
    } finally {
      await offline.close();
    }
  });
});
