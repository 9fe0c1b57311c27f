import { moduleName } from '@kiln/core';
import { closeHeadless, launchChromium, renderCheck } from '@kiln/preview/node';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_DEFAULTS } from '../src/builtin/apps/index.ts';
import { createBuiltinProvider } from '../src/builtin/provider.ts';
import { generate } from '../src/generate.ts';
import type { GenerationEvent, GenModule } from '../src/types.ts';
import { build, closeDatabase, type ServedApp, serveApp, startBackend } from './builtin-harness.ts';
import { expectValidModules } from './expect-valid-modules.ts';

type Done = Extract<GenerationEvent, { type: 'done' }>;

/** The builtin's reply to a prompt on a project (empty: an INITIAL build). */
async function reply(prompt: string, modules: GenModule[] = []): Promise<Done> {
  for await (const e of generate({ prompt, modules }, createBuiltinProvider({ chunkSize: 4096 }))) {
    if (e.type === 'done') return e;
  }
  throw new Error('no done event');
}

/** Every page (and Expo screen) of a project rendered in the preview runtime: the ones that failed. */
async function renderFailures(modules: GenModule[]) {
  const preview = modules.map((m) => ({
    filePath: m.filePath,
    moduleType: m.moduleType,
    name: moduleName(m.filePath),
    content: m.content,
  }));
  const failed: { filePath: string; error: string | null }[] = [];
  for (const m of modules.filter((x) => x.moduleType === 'PAGE' || x.moduleType === 'EXPO_PAGE')) {
    const r = await renderCheck({
      source: m.content,
      filePath: m.filePath,
      modules: preview,
      mode: m.moduleType === 'EXPO_PAGE' ? 'mobile' : 'web',
    });
    if (!r.ok) failed.push({ filePath: m.filePath, error: r.error });
  }
  return failed;
}

const API = 'apps/web/src/app/api/';
const WEB = 'apps/web/src/';

/** Each app: its prompt, the type it is, the modules it must have, and its migrations (none: client-side). */
const APPS = [
  {
    type: 'CONTACT_MANAGEMENT',
    prompt: 'A CRM to manage my contacts',
    paths: [
      `${API}utils/request.ts`,
      `${API}utils/contacts.ts`,
      `${API}contacts/route.ts`,
      `${API}contacts/[id]/route.ts`,
      `${WEB}app/page.tsx`,
      `${WEB}components/AppHeader.tsx`,
      `${WEB}components/ContactDetail.tsx`,
      `${WEB}components/ContactForm.tsx`,
    ],
    migrations: ['create_contacts'],
  },
  {
    type: 'CHAT_APP',
    prompt: 'A chat app for my team',
    paths: [
      `${API}utils/request.ts`,
      `${API}utils/chat.ts`,
      `${API}rooms/route.ts`,
      `${API}rooms/[id]/messages/route.ts`,
      `${WEB}app/page.tsx`,
      `${WEB}components/AppHeader.tsx`,
      `${WEB}components/RoomList.tsx`,
      `${WEB}components/MessageBubble.tsx`,
      `${WEB}components/Composer.tsx`,
    ],
    migrations: ['create_rooms_and_messages'],
  },
  {
    type: 'DATING_APP',
    prompt: 'A dating app for hikers',
    paths: [
      `${API}utils/request.ts`,
      `${API}utils/dating.ts`,
      `${API}profiles/route.ts`,
      `${API}swipes/route.ts`,
      `${API}swipes/[id]/route.ts`,
      `${WEB}app/page.tsx`,
      `${WEB}app/matches/page.tsx`,
      `${WEB}components/AppHeader.tsx`,
      `${WEB}components/ProfileCard.tsx`,
      `${WEB}components/MatchCard.tsx`,
    ],
    migrations: ['create_profiles_and_swipes'],
  },
  {
    type: 'WEATHER_APP',
    prompt: 'A weather app with a 7 day forecast',
    paths: [
      `${WEB}app/page.tsx`,
      `${WEB}components/AppHeader.tsx`,
      `${WEB}components/CurrentConditions.tsx`,
      `${WEB}components/HourlyForecast.tsx`,
      `${WEB}components/DailyForecast.tsx`,
      `${WEB}components/WeatherIcon.tsx`,
    ],
    migrations: [],
  },
  {
    type: 'TRANSLATION_TOOL',
    prompt: 'A tool to translate English to Spanish',
    paths: [
      `${WEB}app/page.tsx`,
      `${WEB}app/phrasebook/page.tsx`,
      `${WEB}components/AppHeader.tsx`,
      `${WEB}components/LanguageSelect.tsx`,
      `${WEB}components/PhraseCard.tsx`,
    ],
    migrations: [],
  },
  {
    type: 'AI_TOOL',
    prompt: 'An AI tool that summarises meeting transcripts',
    paths: [
      `${WEB}app/page.tsx`,
      `${WEB}components/AppHeader.tsx`,
      `${WEB}components/SummaryPanel.tsx`,
      `${WEB}components/ReadabilityCard.tsx`,
      `${WEB}components/ToneHints.tsx`,
    ],
    migrations: [],
  },
];

afterAll(async () => {
  await closeDatabase();
  await closeHeadless();
});

describe.each(APPS)('the $type app', ({ type, prompt, paths, migrations }) => {
  it(`"${prompt}" builds its own template with valid modules`, async () => {
    const app = await build(prompt);
    expect(app.appType).toBe(type);
    expect(app.modules.map((m) => m.filePath).sort()).toEqual([...paths].sort());
    expect(app.migrations.map((m) => m.name)).toEqual(migrations);
    expect(app.modules.some((m) => m.moduleType === 'FUNCTION')).toBe(migrations.length > 0);
    expect(app.message).not.toMatch(/lorem/i);
    expectValidModules(app.modules);
  });

  it('renders every page in the preview runtime without a backend', { timeout: 120_000 }, async () => {
    const app = await build(prompt);
    expect(app.modules.filter((m) => m.moduleType === 'PAGE').length).toBeGreaterThanOrEqual(1);
    expect(await renderFailures(app.modules)).toEqual([]);
  });

  it('offers suggestions as choices, and each one changes the app', { timeout: 60_000 }, async () => {
    const done = await reply(prompt);
    const choices = done.blocks.flatMap((b) => (b.kind === 'choices' ? b.choices : []));
    expect(choices.length).toBeGreaterThanOrEqual(2);
    expect(done.message).not.toMatch(/Try next/i);
    for (const choice of choices) {
      const next = await reply(choice, done.modules);
      const changed = next.blocks.filter((b) => 'filePath' in b || 'migration' in b);
      expect(changed.length, `"${choice}" changed nothing: ${next.message}`).toBeGreaterThan(0);
    }
  });

  it('keeps working after rename, recolour, a new page, sign-in and a mobile version', {
    timeout: 120_000,
  }, async () => {
    const built = await reply(prompt);
    const edited = await reply(
      'rename the app to Nova, make it orange and add a page called Pricing',
      built.modules,
    );
    expect(edited.missedEdits).toBeUndefined();
    expect(edited.message).toMatch(/Renamed[\s\S]*Added[\s\S]*Changed/);
    const all = edited.modules.map((m) => m.content).join('\n');
    expect(all).toContain("document.title = 'Nova'");
    expect(all).toContain("href: '/pricing'");
    const accent = APP_DEFAULTS[type as keyof typeof APP_DEFAULTS].accent;
    expect(all).not.toMatch(new RegExp(`-${accent}-\\d{2,3}\\b`));
    expect(all).toMatch(/\bbg-orange-\d{2,3}\b/);
    expect(edited.modules.filter((m) => m.moduleType === 'FUNCTION')).toEqual(
      built.modules.filter((m) => m.moduleType === 'FUNCTION'),
    );
    const signedIn = await reply('add sign-in', edited.modules);
    const mobile = await reply('make a mobile version', signedIn.modules);
    expect(mobile.modules.some((m) => m.moduleType === 'EXPO_PAGE')).toBe(true);
    expectValidModules(mobile.modules);
    expect(await renderFailures(mobile.modules)).toEqual([]);
  });
});

// --- the functions, on PGlite --------------------------------------------------------------------------------

interface Contact {
  id: string;
  name: string;
  email: string;
  tags: string[];
  favorite: boolean;
  lastContacted: string;
}

describe('the contact functions', () => {
  it('list the starter contacts A–Z; add, change and delete one; bad input is a 400, a missing one a 404', async () => {
    const backend = await startBackend(await build('A CRM to manage my contacts'));
    const list = await backend.call<{ contacts: Contact[] }>('GET', '/api/contacts');
    expect(list.status).toBe(200);
    expect(list.data.contacts.map((c) => c.name)).toEqual([
      'Amara Okafor',
      'Daniel Reyes',
      'Hana Sato',
      'Liam Walsh',
      'Marco Bianchi',
      'Priya Nair',
    ]);
    expect(list.data.contacts[0]?.lastContacted).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(list.data.contacts[5]?.lastContacted).toBe('');

    const added = await backend.call<{ contact: Contact }>('POST', '/api/contacts', {
      id: 'c-ada',
      name: ' Ada Lovelace ',
      email: 'ADA@Example.com',
      tags: ['Client', 'client'],
    });
    expect(added.status).toBe(201);
    expect(added.data.contact).toMatchObject({
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      tags: ['client'],
    });
    expect((await backend.call('POST', '/api/contacts', { name: '  ' })).status).toBe(400);
    expect((await backend.call('POST', '/api/contacts', { name: 'X', email: 'nope' })).status).toBe(400);
    expect((await backend.call('POST', '/api/contacts', 'not json')).status).toBe(400);

    const changed = await backend.call<{ contact: Contact }>('PATCH', '/api/contacts/c-ada', {
      favorite: true,
      lastContacted: '2030-01-31',
    });
    expect(changed.data.contact).toMatchObject({
      name: 'Ada Lovelace',
      favorite: true,
      lastContacted: '2030-01-31',
    });
    expect((await backend.call('PATCH', '/api/contacts/c-ada', { favorite: 'yes' })).status).toBe(400);
    expect(await backend.call('PATCH', '/api/contacts/gone', { favorite: true })).toEqual({
      status: 404,
      data: { error: 'That contact no longer exists.' },
    });
    expect((await backend.call('DELETE', '/api/contacts/c-ada')).status).toBe(200);
    expect(await backend.query("SELECT id FROM contacts WHERE id = 'c-ada'")).toEqual([]);
  });
});

interface Message {
  id: string;
  roomId: string;
  author: string;
  body: string;
  createdAt: number;
}
interface Room {
  id: string;
  name: string;
  topic: string;
  messageCount: number;
  lastMessage: Message | null;
}

describe('the chat functions', () => {
  it('list the rooms with their last message; read a room, only newer messages with ?after, and send one', async () => {
    const backend = await startBackend(await build('A chat app for my team'));
    const rooms = await backend.call<{ rooms: Room[] }>('GET', '/api/rooms');
    expect(rooms.data.rooms.map((r) => [r.id, r.messageCount])).toEqual([
      ['general', 4],
      ['design', 3],
      ['random', 2],
    ]);
    expect(rooms.data.rooms[0]?.lastMessage).toMatchObject({ author: 'Priya', roomId: 'general' });

    const general = await backend.call<{ messages: Message[] }>('GET', '/api/rooms/general/messages');
    expect(general.data.messages.map((m) => m.author)).toEqual(['Maya', 'Tom', 'Maya', 'Priya']);
    const last = general.data.messages.at(-1)?.createdAt ?? 0;
    expect(
      (await backend.call<{ messages: Message[] }>('GET', `/api/rooms/general/messages?after=${last}`)).data
        .messages,
    ).toEqual([]);

    const sent = await backend.call<{ message: Message }>('POST', '/api/rooms/general/messages', {
      id: 'hello-1',
      author: ' Sam ',
      body: 'Hello team!',
    });
    expect(sent.status).toBe(201);
    expect(sent.data.message).toMatchObject({
      id: 'hello-1',
      author: 'Sam',
      body: 'Hello team!',
      roomId: 'general',
    });
    const newer = await backend.call<{ messages: Message[] }>(
      'GET',
      `/api/rooms/general/messages?after=${last}`,
    );
    expect(newer.data.messages.map((m) => m.body)).toEqual(['Hello team!']);

    expect(
      (await backend.call('POST', '/api/rooms/general/messages', { author: 'Sam', body: '  ' })).status,
    ).toBe(400);
    expect(
      (await backend.call('POST', '/api/rooms/general/messages', { author: '', body: 'Hi' })).status,
    ).toBe(400);
    expect(await backend.call('POST', '/api/rooms/nope/messages', { author: 'Sam', body: 'Hi' })).toEqual({
      status: 404,
      data: { error: 'That room no longer exists.' },
    });

    expect(
      (await backend.call('POST', '/api/rooms', { name: 'Launch Plans', topic: 'Go-live' })).status,
    ).toBe(201);
    expect(await backend.call('POST', '/api/rooms', { name: 'launch plans' })).toEqual({
      status: 409,
      data: { error: 'There is already a room called #launch-plans.' },
    });
    expect(
      (await backend.call<{ rooms: Room[] }>('GET', '/api/rooms')).data.rooms.map((r) => r.id),
    ).toContain('launch-plans');
  });
});

interface Profile {
  id: string;
  name: string;
  decision: 'like' | 'pass' | null;
  matched: boolean;
}

describe('the dating functions', () => {
  it('list the sample profiles, tell a match only after a like, bring back passes, undo and unmatch', async () => {
    const backend = await startBackend(await build('A dating app for hikers'));
    const list = await backend.call<{ profiles: (Profile & Record<string, unknown>)[] }>(
      'GET',
      '/api/profiles',
    );
    expect(list.data.profiles.map((p) => p.name)).toEqual([
      'Elena',
      'Jonah',
      'Aisha',
      'Mateo',
      'Noor',
      'Sam',
      'Claire',
      'Kenji',
    ]);
    expect(list.data.profiles.every((p) => p.decision === null && p.matched === false)).toBe(true);
    expect(JSON.stringify(list.data)).not.toMatch(/likes_?you/i);

    const liked = await backend.call<{ matched: boolean }>('POST', '/api/swipes', {
      profileId: 'elena',
      decision: 'like',
    });
    expect(liked).toMatchObject({ status: 201, data: { matched: true } });
    const notYet = await backend.call<{ matched: boolean }>('POST', '/api/swipes', {
      profileId: 'jonah',
      decision: 'like',
    });
    expect(notYet.data.matched).toBe(false);
    await backend.call('POST', '/api/swipes', { profileId: 'aisha', decision: 'pass' });
    expect(
      (await backend.call('POST', '/api/swipes', { profileId: 'aisha', decision: 'maybe' })).status,
    ).toBe(400);
    expect(
      (await backend.call('POST', '/api/swipes', { profileId: 'nobody', decision: 'like' })).status,
    ).toBe(404);

    const after = await backend.call<{ profiles: Profile[] }>('GET', '/api/profiles');
    expect(after.data.profiles.filter((p) => p.decision).map((p) => [p.id, p.decision, p.matched])).toEqual([
      ['elena', 'like', true],
      ['jonah', 'like', false],
      ['aisha', 'pass', false],
    ]);
    expect((await backend.call<{ cleared: string[] }>('DELETE', '/api/swipes')).data.cleared).toEqual([
      'aisha',
    ]);
    expect((await backend.call('DELETE', '/api/swipes/elena')).status).toBe(200);
    expect((await backend.call('DELETE', '/api/swipes/elena')).status).toBe(404);
    expect(await backend.query('SELECT profile_id, decision FROM swipes')).toEqual([
      { profile_id: 'jonah', decision: 'like' },
    ]);
  });
});

// --- one thing a person does in each app, in Chromium ---------------------------------------------------------

describe('the apps, in a browser', { timeout: 60_000 }, () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });

  async function open(app: ServedApp, path = '/'): Promise<Page> {
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
    await page.goto(app.url + path);
    return page;
  }

  it('contacts: add a contact through the form, star them, and the database has them', async () => {
    const app = await build('A CRM to manage my contacts');
    const backend = await startBackend(app);
    const served = await serveApp(app.modules, backend);
    try {
      const page = await open(served);
      await page.getByText("Saved in the app's database").waitFor();
      await page.getByRole('button', { name: 'New contact' }).click();
      await page.locator('input[name="name"]').fill('Grace Hopper');
      await page.locator('input[name="email"]').fill('grace@navy.mil');
      await page.locator('input[name="company"]').fill('US Navy');
      await page.getByRole('button', { name: 'Save contact' }).click();
      await page.getByRole('heading', { name: 'Grace Hopper' }).waitFor();
      await page.getByRole('button', { name: 'Add to favourites' }).click();
      await expect
        .poll(() =>
          backend.query("SELECT email, company, favorite FROM contacts WHERE name = 'Grace Hopper'"),
        )
        .toEqual([{ email: 'grace@navy.mil', company: 'US Navy', favorite: true }]);
      await page.locator('input[name="search"]').fill('navy');
      await expect.poll(() => page.locator('aside li').count()).toBe(1);
    } finally {
      await served.close();
    }
  });

  it('chat: join with a name, send a message to the database, and see a message someone else sent by polling', async () => {
    const app = await build('A chat app for my team');
    const backend = await startBackend(app);
    const served = await serveApp(app.modules, backend);
    try {
      const page = await open(served);
      await page.getByText('Live', { exact: true }).waitFor();
      const thread = page.getByRole('list', { name: 'Messages' });
      await thread.getByText('Reminder: coffee order for the offsite closes at noon ☕').waitFor();
      await page.locator('input[name="displayName"]').fill('Ada');
      await page.getByRole('button', { name: 'Join chat' }).click();
      await page.locator('textarea[name="message"]').fill('Shipping the release at five');
      await page.getByRole('button', { name: 'Send' }).click();
      await expect
        .poll(() =>
          backend.query("SELECT author, room_id FROM messages WHERE body = 'Shipping the release at five'"),
        )
        .toEqual([{ author: 'Ada', room_id: 'general' }]);

      await backend.query(
        "INSERT INTO messages (id, room_id, author, body, created_at) VALUES ('from-sam', 'general', 'Sam', 'Great, I will test it now', (extract(epoch from now()) * 1000)::bigint + 1000)",
      );
      await thread.getByText('Great, I will test it now').waitFor({ timeout: 10_000 });
    } finally {
      await served.close();
    }
  });

  it('dating: pass on one, like one who liked back → "It\'s a match!", and Matches lists them', async () => {
    const app = await build('A dating app for hikers');
    const backend = await startBackend(app);
    const served = await serveApp(app.modules, backend);
    try {
      const page = await open(served);
      await page.getByText("Your likes are saved in the app's database.", { exact: false }).waitFor();
      await page.getByRole('button', { name: 'Like Elena' }).click();
      await page
        .getByRole('dialog', { name: "It's a match" })
        .getByText('You and Elena like each other.')
        .waitFor();
      await page.getByRole('button', { name: 'Keep discovering' }).click();
      await page.getByRole('button', { name: 'Pass on Jonah' }).click();
      await page.getByRole('button', { name: 'Like Aisha' }).waitFor();
      await page.getByLabel('1 match', { exact: true }).waitFor();
      // A pass moves to the next card as it is sent (optimistically), so the rows are waited for.
      await expect
        .poll(() => backend.query('SELECT profile_id, decision FROM swipes ORDER BY created_at'))
        .toEqual([
          { profile_id: 'elena', decision: 'like' },
          { profile_id: 'jonah', decision: 'pass' },
        ]);
      await page.getByRole('link', { name: 'Matches', exact: true }).click();
      await page.getByRole('heading', { name: 'Elena, 29' }).waitFor();
      await page.getByText('Hi Elena! Which trail should be on my list this month?').waitFor();
    } finally {
      await served.close();
    }
  });

  it('weather: says it is a sample forecast, switches to °F, finds Oslo, and remembers both after a reload', async () => {
    const app = await build('A weather app with a 7 day forecast');
    const served = await serveApp(app.modules, null);
    try {
      const page = await open(served);
      await page.getByText('Sample forecast.').waitFor();
      const now = page.getByLabel('Temperature now');
      await expect.poll(() => now.textContent()).toBe('19°');
      await page.getByRole('button', { name: '°F' }).click();
      await expect.poll(() => now.textContent()).toBe('66°');
      await page.locator('input[name="city"]').fill('osl');
      await page.getByRole('option', { name: 'Oslo, Norway' }).click();
      await page.getByRole('heading', { name: 'Oslo', exact: true }).waitFor();
      await expect.poll(() => now.textContent()).toBe('28°');
      await page.getByText('Wrap up warm').waitFor();
      expect(await page.getByText('Take an umbrella').count()).toBe(0);
      await page.reload();
      await page.getByRole('heading', { name: 'Oslo', exact: true }).waitFor();
      await expect.poll(() => now.textContent()).toBe('28°');
    } finally {
      await served.close();
    }
  });

  it('translate: a phrase translates exactly, other text word by word (labelled), swap, save, and the phrasebook in French', async () => {
    const app = await build('A tool to translate English to Spanish');
    const served = await serveApp(app.modules, null);
    try {
      const page = await open(served);
      await page.getByText('Offline phrasebook', { exact: false }).waitFor();
      const output = page.getByTestId('translation');
      await page.locator('textarea[name="text"]').fill('where is the bathroom');
      await expect.poll(() => output.textContent()).toBe('¿Dónde está el baño?');
      await page.getByText('Phrasebook match').waitFor();

      await page.locator('textarea[name="text"]').fill('I want coffee and bread with Maria.');
      await expect.poll(() => output.textContent()).toBe('Yo quiero café y pan con Maria.');
      await page.getByText('Word by word, approximate · 1 not in the dictionary').waitFor();

      await page.getByRole('button', { name: 'Save translation' }).click();
      await page.getByRole('button', { name: 'Remove Yo quiero café y pan con Maria.' }).waitFor();
      await page.getByRole('button', { name: 'Swap languages' }).click();
      expect(await page.locator('select[name="from"]').inputValue()).toBe('es');
      await expect.poll(() => output.textContent()).toBe('I want coffee and bread with Maria.');

      await page.getByRole('link', { name: 'Phrasebook', exact: true }).click();
      await page.locator('select[name="language"]').selectOption('fr');
      await page.getByRole('button', { name: 'Food & drink' }).click();
      await page.getByText("L'addition, s'il vous plaît").waitFor();
      expect(await page.locator('main li').count()).toBe(6);
    } finally {
      await served.close();
    }
  });

  it('writing helper: counts, readability, tone hints and a summary follow the text, and the draft survives a reload', async () => {
    const app = await build('An AI tool that summarises meeting transcripts');
    const served = await serveApp(app.modules, null);
    try {
      const page = await open(served);
      await page.getByText('Runs offline in your browser', { exact: false }).waitFor();
      const summary = page.getByRole('list', { name: 'Key sentences' });
      await expect.poll(() => summary.getByRole('listitem').count()).toBe(3);

      await page
        .locator('textarea[name="draft"]')
        .fill('The report was written by the team. It is short. Maybe we should just ship it today!');
      const stat = (label: string) =>
        page.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd');
      await expect.poll(() => stat('Words').textContent()).toBe('17');
      await expect.poll(() => stat('Sentences').textContent()).toBe('3');
      await page.getByText('Passive voice in 1 sentence').waitFor();
      await page.getByText('2 hedge words').waitFor();
      await expect.poll(() => page.getByLabel('Reading ease score').textContent()).toMatch(/^\d+$/);

      await page.locator('input[name="length"]').fill('1');
      await expect.poll(() => summary.getByRole('listitem').count()).toBe(1);
      await page.getByText('1 of 3 sentences', { exact: false }).waitFor();

      await page.reload();
      await expect
        .poll(() => page.locator('textarea[name="draft"]').inputValue())
        .toContain('The report was written');
    } finally {
      await served.close();
    }
  });
});
