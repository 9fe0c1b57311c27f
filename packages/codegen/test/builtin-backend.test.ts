import { launchChromium } from '@kiln/preview/node';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  build,
  closeDatabase,
  followUp,
  isoDay,
  type ServedApp,
  serveApp,
  startBackend,
} from './builtin-harness.ts';

// --- the backend: migrations on PGlite, functions as route handlers ----------------------------------------

async function backendFor(prompt: string) {
  const app = await build(prompt);
  return { app, backend: await startBackend(app) };
}

afterAll(async () => {
  await closeDatabase();
});

interface Todo {
  id: string;
  title: string;
  dueDate: string;
  done: boolean;
  createdAt: number;
}
interface Note {
  id: string;
  title: string;
  body: string;
  tags: string[];
  pinned: boolean;
  updatedAt: number;
}
interface Summary {
  total: number;
  average: number | null;
  nps: number | null;
  counts: Record<string, Record<string, number>>;
  comments: { text: string; at: string }[];
}

// --- the functions ----------------------------------------------------------------------------------------

describe('the todo functions', () => {
  it('list the starter tasks newest first, with due dates relative to today', async () => {
    const { backend } = await backendFor('A todo list app with due dates');
    const { status, data } = await backend.call<{ todos: Todo[] }>('GET', '/api/todos');
    expect(status).toBe(200);
    expect(data.todos.map((t) => [t.title, t.dueDate, t.done])).toEqual([
      ['Water the plants', '', true],
      ['Plan the weekend hike', isoDay(4), false],
      ['Call the dentist to book a check-up', isoDay(0), false],
      ['Renew library books', isoDay(-1), false],
    ]);
  });

  it('add, tick, rename and delete a task; bad input is a 400 and a missing task a 404, as JSON', async () => {
    const { backend } = await backendFor('A todo list app with due dates');
    const added = await backend.call<{ todo: Todo }>('POST', '/api/todos', {
      id: 'abc123',
      title: '  Buy milk ',
      dueDate: '2030-01-31',
    });
    expect(added.status).toBe(201);
    expect(added.data.todo).toMatchObject({
      id: 'abc123',
      title: 'Buy milk',
      dueDate: '2030-01-31',
      done: false,
    });
    expect((await backend.call<{ todos: Todo[] }>('GET', '/api/todos')).data.todos[0]?.id).toBe('abc123');

    expect(await backend.call('POST', '/api/todos', { title: '   ' })).toEqual({
      status: 400,
      data: { error: 'A task needs a title.' },
    });
    expect((await backend.call('POST', '/api/todos', { title: 'x', dueDate: 'tomorrow' })).status).toBe(400);
    expect((await backend.call('POST', '/api/todos', 'not json')).status).toBe(400);
    expect((await backend.call('POST', '/api/todos', { id: 'abc123', title: 'again' })).status).toBe(409);
    const noId = await backend.call<{ todo: Todo }>('POST', '/api/todos', { title: 'No id given' });
    expect(noId.data.todo.id).toMatch(/^[0-9a-f-]{36}$/);

    const ticked = await backend.call<{ todo: Todo }>('PATCH', '/api/todos/abc123', { done: true });
    expect(ticked.data.todo).toMatchObject({ done: true, title: 'Buy milk', dueDate: '2030-01-31' });
    const renamed = await backend.call<{ todo: Todo }>('PATCH', '/api/todos/abc123', {
      title: 'Buy oat milk',
    });
    expect(renamed.data.todo).toMatchObject({ done: true, title: 'Buy oat milk' });
    expect((await backend.call('PATCH', '/api/todos/abc123', { done: 'yes' })).status).toBe(400);
    expect(await backend.call('PATCH', '/api/todos/nope', { done: true })).toEqual({
      status: 404,
      data: { error: 'That task no longer exists.' },
    });

    expect(await backend.call('DELETE', '/api/todos/welcome-1')).toEqual({
      status: 200,
      data: { deleted: 'welcome-1' },
    });
    expect((await backend.call('DELETE', '/api/todos/welcome-1')).status).toBe(404);
    expect((await backend.call('GET', '/api/todos/welcome-1')).status).toBe(404);
  });

  it('clear the completed tasks', async () => {
    const { backend } = await backendFor('A todo list app with due dates');
    await backend.call('PATCH', '/api/todos/welcome-2', { done: true });
    const cleared = await backend.call<{ deleted: string[] }>('DELETE', '/api/todos');
    expect(cleared.data.deleted.sort()).toEqual(['welcome-2', 'welcome-4']);
    const left = await backend.call<{ todos: Todo[] }>('GET', '/api/todos');
    expect(left.data.todos.map((t) => t.id)).toEqual(['welcome-3', 'welcome-1']);
  });
});

describe('the notes functions', () => {
  it('list the starter notes pinned first, with their tags and line breaks', async () => {
    const { backend } = await backendFor('A notes app with tags and pinned notes');
    const { data } = await backend.call<{ notes: Note[] }>('GET', '/api/notes');
    expect(data.notes.map((n) => n.id)).toEqual(['welcome', 'weekly-plan', 'book-ideas']);
    expect(data.notes[0]).toMatchObject({ pinned: true, tags: ['getting-started'] });
    expect(data.notes[2]?.tags).toEqual(['personal', 'reading']);
    expect(data.notes[1]?.body).toContain('\nWednesday: team lunch at noon\n');
    expect(Date.now() - (data.notes[2]?.updatedAt ?? 0)).toBeGreaterThan(29 * 3600 * 1000);
  });

  it('create, edit (title, body, tags, pin) and delete a note; bad input is a 400, a missing note a 404', async () => {
    const { backend } = await backendFor('A notes app');
    const created = await backend.call('POST', '/api/notes', {
      id: 'n1',
      title: '',
      body: '',
      tags: ['work'],
    });
    expect(created.status).toBe(201);
    const edited = await backend.call<{ note: Note }>('PATCH', '/api/notes/n1', {
      title: 'Groceries',
      body: 'eggs\nflour',
      tags: ['Home', 'home', ' errands '],
    });
    expect(edited.data.note).toMatchObject({
      title: 'Groceries',
      body: 'eggs\nflour',
      tags: ['home', 'errands'],
      pinned: false,
    });
    const pinned = await backend.call<{ note: Note }>('PATCH', '/api/notes/n1', { pinned: true });
    expect(pinned.data.note).toMatchObject({ title: 'Groceries', pinned: true });
    expect((await backend.call<{ notes: Note[] }>('GET', '/api/notes')).data.notes[0]?.id).toBe('n1');

    expect((await backend.call('PATCH', '/api/notes/n1', { tags: 'work' })).status).toBe(400);
    expect((await backend.call('PATCH', '/api/notes/n1', { title: 'x'.repeat(201) })).status).toBe(400);
    expect((await backend.call('PATCH', '/api/notes/gone', { title: 'x' })).status).toBe(404);
    expect((await backend.call('DELETE', '/api/notes/n1')).status).toBe(200);
    expect(await backend.call('GET', '/api/notes/n1')).toEqual({
      status: 404,
      data: { error: 'That note no longer exists.' },
    });
  });
});

describe('the lead functions', () => {
  it('store a valid lead once per email (a friendly 409 after) and count leads without listing them', async () => {
    const { backend } = await backendFor('A landing page that collects leads for my accounting firm');
    expect(await backend.call('GET', '/api/leads')).toEqual({ status: 200, data: { count: 0 } });
    const lead = { name: 'Ada', email: 'Ada@Example.com', consent: 'yes', teamSize: '2-10', message: 'Hi' };
    expect((await backend.call('POST', '/api/leads', lead)).status).toBe(201);
    const again = await backend.call<{ error: string; field: string }>('POST', '/api/leads', {
      ...lead,
      email: 'ada@example.com',
    });
    expect(again.status).toBe(409);
    expect(again.data).toEqual({
      error: "We already have a request from this email. We'll be in touch within one business day.",
      field: 'email',
    });
    expect(await backend.call('POST', '/api/leads', { ...lead, email: 'nope' })).toEqual({
      status: 400,
      data: { error: 'Please enter a valid email address.', field: 'email' },
    });
    expect((await backend.call('POST', '/api/leads', { ...lead, email: 'b@c.de', consent: '' })).status).toBe(
      400,
    );
    expect(await backend.call('GET', '/api/leads')).toEqual({ status: 200, data: { count: 1 } });
    expect(await backend.query('SELECT name, email, team_size FROM leads')).toEqual([
      { name: 'Ada', email: 'ada@example.com', team_size: '2-10' },
    ]);
  });

  it('answer a waitlist sign-up twice with the waitlist wording', async () => {
    const { backend } = await backendFor('A waitlist page for my app launch');
    const lead = { name: 'Bo', email: 'bo@example.com', consent: true };
    await backend.call('POST', '/api/leads', lead);
    const again = await backend.call<{ error: string }>('POST', '/api/leads', lead);
    expect(again.data.error).toBe(
      "You're already on the waitlist with this email. We'll let you know when we launch!",
    );
  });
});

describe('the survey and feedback functions', () => {
  it('store answers checked against the questions and summarise them (average, NPS, choices, comments)', async () => {
    const { backend } = await backendFor('A customer satisfaction survey');
    const empty = await backend.call<{ summary: Summary }>('GET', '/api/responses');
    expect(empty.data.summary).toMatchObject({ total: 0, average: null, nps: null, comments: [] });

    const missing = await backend.call('POST', '/api/responses', { answers: { satisfaction: 4 } });
    expect(missing).toEqual({
      status: 400,
      data: { error: 'Please answer every required question.', missing: ['recommend', 'source'] },
    });
    const wrong = await backend.call('POST', '/api/responses', {
      answers: { satisfaction: 9, recommend: 10, source: 'Search engine' },
    });
    expect(wrong).toEqual({
      status: 400,
      data: { error: 'A rating is 1 to 5 stars.', question: 'satisfaction' },
    });
    expect(
      (
        await backend.call('POST', '/api/responses', {
          answers: { satisfaction: 4, recommend: 10, source: 'Radio' },
        })
      ).status,
    ).toBe(400);

    for (const answers of [
      {
        satisfaction: 5,
        recommend: 10,
        source: 'Search engine',
        valued: ['Quality', 'Price'],
        improve: 'More hours',
      },
      { satisfaction: 3, recommend: 4, source: 'An advert', valued: ['Quality'] },
    ]) {
      expect((await backend.call('POST', '/api/responses', { answers })).status).toBe(201);
    }
    const { data } = await backend.call<{ summary: Summary }>('GET', '/api/responses');
    expect(data.summary).toMatchObject({ total: 2, average: 4, nps: 0 });
    expect(data.summary.counts.valued).toEqual({
      Quality: 2,
      Price: 1,
      'Customer support': 0,
      'Ease of use': 0,
      Speed: 0,
    });
    expect(data.summary.comments.map((c) => c.text)).toEqual(['More hours']);
  });

  it('never give an email answer back in the feedback summary', async () => {
    const { backend } = await backendFor('A feedback form for my restaurant');
    const answers = { experience: 5, topic: 'Service', details: 'Lovely staff', email: 'me@example.com' };
    expect((await backend.call('POST', '/api/responses', { answers })).status).toBe(201);
    const bad = await backend.call('POST', '/api/responses', {
      answers: { ...answers, email: 'me at home' },
    });
    expect(bad.status).toBe(400);
    const { data } = await backend.call('GET', '/api/responses');
    expect(JSON.stringify(data)).not.toContain('me@example.com');
    expect(JSON.stringify(data)).toContain('Lovely staff');
  });
});

describe('the contact form and newsletter functions', () => {
  it('store a contact message, refusing one without a valid email', async () => {
    const { backend } = await backendFor('A personal website for Jane Doe, a product designer');
    const message = { name: 'Sam', email: 'sam@example.com', topic: 'A new project', message: 'Hello!' };
    expect((await backend.call('POST', '/api/messages', message)).status).toBe(201);
    expect((await backend.call('POST', '/api/messages', { ...message, email: 'sam' })).status).toBe(400);
    expect(await backend.query('SELECT name, topic, message FROM messages')).toEqual([
      { name: 'Sam', topic: 'A new project', message: 'Hello!' },
    ]);
  });

  it('sign an email up for the newsletter once (a friendly 409 after)', async () => {
    const { backend } = await backendFor('A link in bio page for my Instagram');
    expect((await backend.call('POST', '/api/subscribers', { email: 'fan@example.com' })).status).toBe(201);
    expect(await backend.call('POST', '/api/subscribers', { email: 'FAN@example.com ' })).toEqual({
      status: 409,
      data: { error: "You're already subscribed. See you in your inbox on Sunday!" },
    });
    expect((await backend.call('POST', '/api/subscribers', { email: '' })).status).toBe(400);
  });
});

describe('an added field', () => {
  it('is a column the todo functions read and write, after the original migration and its seed rows', async () => {
    const app = await followUp(await build('A todo list app'), 'add a priority field');
    expect(app.migrations.map((m) => m.name)).toEqual(['create_todos', 'add_priority_to_todos']);
    const backend = await startBackend(app);
    const seeded = await backend.call<{ todos: Todo[] }>('GET', '/api/todos');
    expect(seeded.data.todos.map((t) => (t as Todo & { priority: string }).priority)).toEqual([
      '',
      '',
      '',
      '',
    ]);
    const added = await backend.call<{ todo: Todo }>('POST', '/api/todos', {
      title: 'Taxes',
      priority: ' High ',
    });
    expect(added.data.todo).toMatchObject({ title: 'Taxes', priority: 'High' });
    const changed = await backend.call<{ todo: Todo }>('PATCH', `/api/todos/${added.data.todo.id}`, {
      priority: 'Low',
    });
    expect(changed.data.todo).toMatchObject({ priority: 'Low', done: false });
    const ticked = await backend.call<{ todo: Todo }>('PATCH', `/api/todos/${added.data.todo.id}`, {
      done: true,
    });
    expect(ticked.data.todo).toMatchObject({ priority: 'Low', done: true });
  });

  it('is a column the notes and lead functions store', async () => {
    const notes = await followUp(await build('A notes app'), 'add a field called Location');
    const notesBackend = await startBackend(notes);
    await notesBackend.call('POST', '/api/notes', { id: 'n1', title: 'Trip' });
    const edited = await notesBackend.call<{ note: Note }>('PATCH', '/api/notes/n1', { location: 'Lisbon' });
    expect(edited.data.note).toMatchObject({ title: 'Trip', location: 'Lisbon' });

    const leads = await followUp(
      await build('A landing page that collects leads'),
      'add a phone number field',
    );
    const leadsBackend = await startBackend(leads);
    const lead = { name: 'Ada', email: 'ada@example.com', consent: 'yes', phoneNumber: '+44 20 7946 0000' };
    expect((await leadsBackend.call('POST', '/api/leads', lead)).status).toBe(201);
    expect(await leadsBackend.query('SELECT phone_number FROM leads')).toEqual([
      { phone_number: '+44 20 7946 0000' },
    ]);
  });
});

// --- the pages, in a browser --------------------------------------------------------------------------------

describe('the pages, in a browser', { timeout: 60_000 }, () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });

  async function open(app: ServedApp, path = '/'): Promise<Page> {
    const page = await (await browser.newContext()).newPage();
    await page.goto(app.url + path);
    return page;
  }

  it('the todo page loads, adds, ticks and deletes through the functions, and a reload shows the database', async () => {
    const { app, backend } = await backendFor('A todo list app with due dates');
    const served = await serveApp(app.modules, backend);
    try {
      const page = await open(served);
      await page.getByText("Your tasks are saved in the app's database.").waitFor();
      await backend.query(
        "UPDATE todos SET title = 'Renew library books (from the database)' WHERE id = 'welcome-1'",
      );
      await page.reload();
      await page.getByText('Renew library books (from the database)').waitFor();

      await page.getByPlaceholder('What needs to be done?').fill('Buy milk');
      await page.getByRole('button', { name: 'Add' }).click();
      await expect
        .poll(() => backend.query("SELECT done FROM todos WHERE title = 'Buy milk'"))
        .toEqual([{ done: false }]);

      const hike = page.getByRole('listitem').filter({ hasText: 'Plan the weekend hike' });
      await hike.getByRole('button', { name: 'Mark as done' }).click();
      await expect
        .poll(() => backend.query("SELECT done FROM todos WHERE id = 'welcome-3'"))
        .toEqual([{ done: true }]);

      const dentist = page.getByRole('listitem').filter({ hasText: 'Call the dentist' });
      await dentist.getByRole('button', { name: 'Delete task' }).click();
      await expect.poll(() => backend.query("SELECT id FROM todos WHERE id = 'welcome-2'")).toEqual([]);

      await page.reload();
      await page.getByText('Buy milk').waitFor();
      expect(await page.getByText('Call the dentist').count()).toBe(0);
      expect(await page.evaluate(() => window.localStorage.getItem('todo-list.todos'))).toBeNull();
    } finally {
      await served.close();
    }
  });

  it('a change the server refuses is undone on the todo page and a short notice says so', async () => {
    const { app, backend } = await backendFor('A todo list app with due dates');
    const served = await serveApp(app.modules, backend);
    try {
      const page = await open(served);
      const hike = page.getByRole('listitem').filter({ hasText: 'Plan the weekend hike' });
      await hike.waitFor();
      served.failing.add('PATCH /api/todos/');
      await hike.getByRole('button', { name: 'Mark as done' }).click();
      await page.getByText("Couldn't save that change. The database is unavailable.").waitFor();
      await hike.getByRole('button', { name: 'Mark as done' }).waitFor();
      expect(await backend.query("SELECT done FROM todos WHERE id = 'welcome-3'")).toEqual([{ done: false }]);

      served.failing.add('POST /api/todos');
      await page.getByPlaceholder('What needs to be done?').fill('Never stored');
      await page.getByRole('button', { name: 'Add' }).click();
      await page.getByText("Couldn't save that change.", { exact: false }).first().waitFor();
      await expect.poll(() => page.getByText('Never stored').count()).toBe(0);
    } finally {
      await served.close();
    }
  });

  it('without a backend the todo page keeps its tasks in the browser, as before', async () => {
    const { app } = await backendFor('A todo list app with due dates');
    const served = await serveApp(app.modules, null);
    try {
      const page = await open(served);
      await page.getByText('Your tasks are saved in this browser.').waitFor();
      await page.getByText('Renew library books').waitFor();
      await page.getByPlaceholder('What needs to be done?').fill('Offline task');
      await page.getByRole('button', { name: 'Add' }).click();
      await expect
        .poll(() => page.evaluate(() => window.localStorage.getItem('todo-list.todos') ?? ''))
        .toContain('Offline task');
      await page.reload();
      await page.getByText('Offline task').waitFor();
    } finally {
      await served.close();
    }
  });

  it('after "add a priority field", the todo form sends it and each task shows it', async () => {
    const app = await followUp(await build('A todo list app'), 'add a priority field');
    const backend = await startBackend(app);
    const served = await serveApp(app.modules, backend);
    try {
      const page = await open(served);
      await page.getByText("Your tasks are saved in the app's database.").waitFor();
      await page.getByPlaceholder('What needs to be done?').fill('File taxes');
      await page.getByPlaceholder('Priority').fill('High');
      await page.getByRole('button', { name: 'Add' }).click();
      await expect
        .poll(() => backend.query("SELECT priority FROM todos WHERE title = 'File taxes'"))
        .toEqual([{ priority: 'High' }]);
      await page.reload();
      await page.getByText('Priority: High').waitFor();
    } finally {
      await served.close();
    }
  });

  it('the notes page saves edits once typing pauses, creates and deletes notes through the functions', async () => {
    const { app, backend } = await backendFor('A notes app');
    const served = await serveApp(app.modules, backend);
    try {
      const page = await open(served);
      page.on('dialog', (dialog) => void dialog.accept());
      const title = page.locator('input[name="title"]');
      await expect.poll(() => title.inputValue()).toBe('Welcome to your notes');
      await title.fill('Welcome, edited');
      await expect
        .poll(() => backend.query("SELECT title FROM notes WHERE id = 'welcome'"))
        .toEqual([{ title: 'Welcome, edited' }]);

      await page.getByRole('button', { name: 'New', exact: true }).click();
      await page.locator('input[name="title"]').fill('Shopping');
      await page.locator('textarea[name="body"]').fill('eggs');
      await expect
        .poll(() => backend.query("SELECT body FROM notes WHERE title = 'Shopping'"))
        .toEqual([{ body: 'eggs' }]);

      await page.getByRole('button', { name: 'Delete note' }).click();
      await expect.poll(() => backend.query("SELECT id FROM notes WHERE title = 'Shopping'")).toEqual([]);
    } finally {
      await served.close();
    }
  });

  it('the lead form stores a lead, answers a repeated email kindly, and counts the others', async () => {
    const { app, backend } = await backendFor('A landing page that collects leads for my accounting firm');
    const served = await serveApp(app.modules, backend);
    try {
      const page = await open(served);
      async function submit(email: string) {
        await page.locator('input[name="name"]').fill('Ada Lovelace');
        await page.locator('input[name="email"]').fill(email);
        await page.locator('input[name="consent"]').check();
        await page.getByRole('button', { name: 'Book my free call' }).last().click();
      }
      await submit('ada@example.com');
      await page.getByText('Thanks, we will be in touch!').waitFor();
      expect(await backend.query('SELECT email FROM leads')).toEqual([{ email: 'ada@example.com' }]);

      await page.getByRole('button', { name: 'Submit another request' }).click();
      await submit('ADA@example.com');
      await page.getByText('We already have a request from this email.', { exact: false }).waitFor();

      await page.reload();
      await page.getByText('Join 1 other who asked for a call.').waitFor();
      await page.goto(`${served.url}/leads`);
      await page.getByText("1 lead stored in the app's database.").waitFor();
      expect(await page.getByText('ada@example.com').count()).toBe(0);
    } finally {
      await served.close();
    }
  });

  it('the survey stores a response and the results page shows the summary from the functions', async () => {
    const { app, backend } = await backendFor('A customer satisfaction survey');
    const served = await serveApp(app.modules, backend);
    try {
      const page = await open(served);
      await page.getByText('4 stars').click();
      await page.locator('#q-recommend').getByText('9', { exact: true }).click();
      await page.getByText('A friend or colleague', { exact: true }).click();
      await page.locator('textarea[name="improve"]').fill('Open on Sundays');
      await page.getByRole('button', { name: 'Submit' }).click();
      await page.getByText('Thank you!').waitFor();
      const [row] = await backend.query('SELECT answers FROM responses');
      expect(row?.answers).toEqual({
        satisfaction: 4,
        recommend: 9,
        source: 'A friend or colleague',
        improve: 'Open on Sundays',
      });

      await page.getByRole('link', { name: 'See the results' }).click();
      await page.getByText('Live summary of every response stored in the app.').waitFor();
      await page.getByText('4.0 / 5').waitFor();
      await page.getByText('“Open on Sundays”').waitFor();
    } finally {
      await served.close();
    }
  });
});
