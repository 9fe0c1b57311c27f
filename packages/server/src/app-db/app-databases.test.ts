import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { KilnError } from '@kiln/core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { AppDatabases, type AppDbKey, type AppMigration } from './index';

const TODOS: AppMigration = {
  name: '0001_todos',
  sql: `create table todos (
          id serial primary key,
          title text not null,
          done boolean not null default false,
          created_at timestamptz not null default now()
        );
        insert into todos (title) values ('first'), ('second');`,
};
const NOTES: AppMigration = { name: '0002_notes', sql: 'alter table todos add column note text' };

const dev = (projectId: string): AppDbKey => ({ projectId, branch: 'development' });
const main = (projectId: string): AppDbKey => ({ projectId, branch: 'main' });

/** The KilnError a promise rejects with. */
async function failure(p: Promise<unknown>): Promise<KilnError> {
  try {
    await p;
  } catch (e) {
    if (e instanceof KilnError) return e;
    throw e;
  }
  throw new Error('expected a KilnError');
}

describe('AppDatabases on disk', () => {
  let dir: string;
  let dbs: AppDatabases;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'kiln-app-db-'));
    dbs = new AppDatabases({ dataDir: dir, queryTimeoutMs: 1500, rowCap: 5 });
    // Three branches open (initdb) side by side; every test below reuses their warm workers.
    await Promise.all([
      dbs.migrate(dev('p1'), [TODOS]),
      dbs.migrate(main('p1'), []),
      dbs.migrate(dev('p2'), []),
    ]);
  });

  afterAll(async () => {
    await dbs.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('applies migrations once: a second call runs nothing again and reports them COMPLETED', async () => {
    expect(await dbs.migrate(dev('p1'), [TODOS, NOTES])).toEqual([
      { name: '0001_todos', status: 'COMPLETED' },
      { name: '0002_notes', status: 'COMPLETED' },
    ]);
    expect(await dbs.migrate(dev('p1'), [TODOS, NOTES])).toEqual([
      { name: '0001_todos', status: 'COMPLETED' },
      { name: '0002_notes', status: 'COMPLETED' },
    ]);
    // The seed rows were inserted once.
    const { rows } = await dbs.query(dev('p1'), 'select title, note from todos order by id', []);
    expect(rows).toEqual([
      { title: 'first', note: null },
      { title: 'second', note: null },
    ]);
  });

  it("reports a failing migration FAILED with Postgres's message, keeps earlier ones and stops there", async () => {
    const results = await dbs.migrate(dev('p2'), [
      { name: 'a', sql: 'create table a (id int primary key)' },
      // Its first statement is rolled back with the second.
      { name: 'b', sql: 'create table b (id int); alter table nope add column x int' },
      { name: 'c', sql: 'create table c (id int)' },
    ]);
    expect(results).toEqual([
      { name: 'a', status: 'COMPLETED' },
      { name: 'b', status: 'FAILED', error: 'relation "nope" does not exist' },
    ]);
    expect((await dbs.tables(dev('p2'))).map((t) => t.name)).toEqual(['a']);
  });

  it("reports a migration the guard refuses FAILED with the guard's message", async () => {
    expect(
      await dbs.migrate(dev('p2'), [{ name: 'x', sql: "select set_config('role', 'postgres', false)" }]),
    ).toEqual([{ name: 'x', status: 'FAILED', error: 'Function set_config is not allowed.' }]);
  });

  it('runs a query with parameters and returns JSON-safe rows', async () => {
    const inserted = await dbs.query(
      dev('p1'),
      'insert into todos (title, created_at) values ($1, $2) returning id, title, created_at, $3::bigint as big',
      ['third', new Date('2025-01-02T03:04:05.000Z'), '9007199254740993'],
    );
    expect(inserted).toEqual({
      rows: [{ id: 3, title: 'third', created_at: '2025-01-02T03:04:05.000Z', big: '9007199254740993' }],
      rowCount: 1,
      truncated: false,
    });
    const found = await dbs.query(
      dev('p1'),
      'select count(*) as n, $1::int8 as small from todos where title = $2',
      [42, 'third'],
    );
    expect(found.rows).toEqual([{ n: 1, small: 42 }]);
    expect(JSON.parse(JSON.stringify(found.rows))).toEqual(found.rows);
  });

  it('refuses what the guard refuses before it reaches the database, and runs as a role that is no superuser', async () => {
    const err = await failure(dbs.query(dev('p1'), "select set_config('role', 'postgres', false)", []));
    expect(err.kind).toBe('validation');
    expect(err.message).toBe('Function set_config is not allowed.');
    expect((await dbs.query(dev('p1'), 'select current_user as u', [])).rows).toEqual([{ u: 'kiln_app' }]);
  });

  it("rejects a statement Postgres refuses with Postgres's message", async () => {
    const err = await failure(dbs.query(dev('p1'), 'insert into todos (id, title) values (1, $1)', ['dup']));
    expect(err.kind).toBe('conflict');
    expect(err.message).toBe('duplicate key value violates unique constraint "todos_pkey"');
    expect(err.details).toMatchObject({ code: '23505' });
  });

  it('caps the rows a query returns and says so', async () => {
    const res = await dbs.query(dev('p1'), 'select g from generate_series(1, 12) g', []);
    expect(res.rows).toEqual([1, 2, 3, 4, 5].map((g) => ({ g })));
    expect(res).toMatchObject({ rowCount: 12, truncated: true });
  });

  it('ends a query past the timeout; the next query on the branch sees the data committed before', async () => {
    await dbs.query(dev('p1'), 'insert into todos (title) values ($1)', ['before the timeout']);
    const started = Date.now();
    // Sent together: the second waits behind the first and runs on the new worker.
    const slow = failure(
      dbs.query(
        dev('p1'),
        'select count(*) from generate_series(1, 1000000) a, generate_series(1, 1000000) b',
        [],
      ),
    );
    const next = dbs.query(dev('p1'), 'select title from todos where title = $1', ['before the timeout']);
    const err = await slow;
    expect(err.kind).toBe('external');
    expect(err.message).toBe('Query timed out after 1500ms');
    expect(Date.now() - started).toBeLessThan(4000);
    expect((await next).rows).toEqual([{ title: 'before the timeout' }]);
    // The killed query's spill files (~100 MiB) were cleared when the new worker opened the branch.
    expect(await dbs.size(dev('p1'))).toBeLessThan(60 * 2 ** 20);
  });

  it('runs many queries sent at once one after another in arrival order, each answered with its own result', async () => {
    await dbs.migrate(dev('p2'), [{ name: 'seq', sql: 'create table seq (n int not null)' }]);
    // Forty writes and reads sent together (the branch's thread gets several ahead of their turn).
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        i % 2 === 0
          ? dbs.query(dev('p2'), 'insert into seq (n) values ($1) returning n', [i])
          : dbs.query(dev('p2'), 'select count(*)::int as c from seq', []),
      ),
    );
    answers.forEach((answer, i) => {
      // A read sees exactly the writes sent before it: none ran out of order.
      expect(answer.rows).toEqual(i % 2 === 0 ? [{ n: i }] : [{ c: (i + 1) / 2 }]);
    });
    // A failing statement among them fails alone.
    const [ok, bad, after] = await Promise.allSettled([
      dbs.query(dev('p2'), 'select 1 as one', []),
      dbs.query(dev('p2'), 'select * from no_such_table', []),
      dbs.query(dev('p2'), 'select 2 as two', []),
    ]);
    expect(ok).toMatchObject({ status: 'fulfilled', value: { rows: [{ one: 1 }] } });
    expect(bad.status).toBe('rejected');
    expect(after).toMatchObject({ status: 'fulfilled', value: { rows: [{ two: 2 }] } });
  });

  it('keeps branches and projects apart', async () => {
    await dbs.migrate(main('p1'), [
      { name: 'm', sql: 'create table todos (id serial primary key, title text)' },
    ]);
    await dbs.query(main('p1'), 'insert into todos (title) values ($1)', ['published']);
    await dbs.migrate(dev('p2'), [
      { name: 'm', sql: 'create table todos (id serial primary key, title text)' },
    ]);
    await dbs.query(dev('p2'), 'insert into todos (title) values ($1)', ['other project']);

    const titles = async (key: AppDbKey) =>
      (await dbs.query(key, 'select title from todos order by id', [])).rows.map((r) => r.title);
    expect(await titles(main('p1'))).toEqual(['published']);
    expect(await titles(dev('p2'))).toEqual(['other project']);
    expect(await titles(dev('p1'))).not.toContain('published');
    expect(await titles(dev('p1'))).not.toContain('other project');
    // A table only development has is not on main.
    const err = await failure(dbs.query(main('p1'), 'select * from a', []));
    expect(err.message).toBe('relation "a" does not exist');
  });

  it('lists tables with columns and row counts, and rows newest first', async () => {
    const tables = await dbs.tables(dev('p1'));
    expect(tables.map((t) => t.name)).toEqual(['todos']);
    const [todos] = tables;
    expect(todos?.columns).toEqual([
      { name: 'id', type: 'integer', nullable: false },
      { name: 'title', type: 'text', nullable: false },
      { name: 'done', type: 'boolean', nullable: false },
      { name: 'created_at', type: 'timestamp with time zone', nullable: false },
      { name: 'note', type: 'text', nullable: true },
    ]);
    const { rows: count } = await dbs.query(dev('p1'), 'select count(*) as n from todos', []);
    expect(todos?.rowCount).toBe(count[0]?.n);

    const rows = await dbs.rows(dev('p1'), 'todos', { limit: 2 });
    expect(rows.map((r) => r.id)).toEqual([4, 3]);
    expect((await dbs.rows(dev('p1'), 'todos', { limit: 2, offset: 2 })).map((r) => r.id)).toEqual([2, 1]);
    expect((await failure(dbs.rows(dev('p1'), '_kiln_migrations'))).kind).toBe('not_found');
    expect((await failure(dbs.rows(dev('p1'), 'todos"; drop table todos; --'))).kind).toBe('not_found');
  });

  it('measures size on disk and reset drops a branch’s data', async () => {
    await dbs.migrate(dev('p3'), [TODOS]);
    expect(await dbs.size(dev('p3'))).toBeGreaterThan(1_000_000);
    await dbs.reset(dev('p3'));
    expect(await dbs.size(dev('p3'))).toBe(0);
    expect(await dbs.tables(dev('p3'))).toEqual([]);
  });

  it('refuses project ids that are not safe directory names', async () => {
    const err = await failure(dbs.query({ projectId: '../p1', branch: 'main' }, 'select 1', []));
    expect(err.kind).toBe('validation');
  });
});

describe('AppDatabases worker lifecycle', () => {
  // Issue 13: one large statement must neither take the server's memory nor keep it in the branch's thread.
  it('bounds a branch thread: past its 256 MiB heap the statement fails clearly, past 256 MiB of WASM the thread starts anew, and the data stays', {
    timeout: 180_000,
  }, async () => {
    const dir = await mkdtemp(join(tmpdir(), 'kiln-app-db-memory-'));
    const dbs = new AppDatabases({ dataDir: dir, queryTimeoutMs: 60_000 });
    try {
      await dbs.migrate(dev('p1'), [TODOS]);
      await dbs.query(dev('p1'), 'insert into todos (title) values ($1)', ['kept']);
      expect(dbs.liveWorkers()).toBe(1);
      // 1,000 rows of 4 MB each would be 4 GB in the thread: the heap limit ends the thread instead.
      const huge = await failure(
        dbs.query(dev('p1'), 'select repeat($1, 4000) as x from generate_series(1, 1000)', [
          'y'.repeat(1000),
        ]),
      );
      expect(huge.kind).toBe('too_large');
      expect(huge.message).toBe(
        'The query needed more memory than an app database may use: select fewer rows or columns.',
      );
      expect((await dbs.query(dev('p1'), 'select count(*)::int as n from todos', [])).rows).toEqual([
        { n: 3 },
      ]);
      // A 100 MB aggregate grows PGlite's WASM memory past 256 MiB: the answer comes, then the thread ends.
      const big = await dbs.query(
        dev('p1'),
        "select length(string_agg(repeat('x', 100), '')) as n from generate_series(1, 1000000)",
        [],
      );
      expect(big.rows).toEqual([{ n: 100_000_000 }]);
      expect(dbs.liveWorkers()).toBe(0);
      const kept = await dbs.query(dev('p1'), 'select title from todos where title = $1', ['kept']);
      expect(kept.rows).toEqual([{ title: 'kept' }]);
      expect(dbs.liveWorkers()).toBe(1);
    } finally {
      await dbs.close();
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('stops idle workers and the least recently used beyond maxWorkers, keeping their data', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'kiln-app-db-'));
    const dbs = new AppDatabases({ dataDir: dir, idleMs: 300, maxWorkers: 1 });
    try {
      await dbs.migrate(dev('q1'), [TODOS]);
      await dbs.migrate(dev('q2'), [TODOS]);
      expect(dbs.liveWorkers()).toBeLessThanOrEqual(1);
      await vi.waitFor(() => expect(dbs.liveWorkers()).toBe(0), { timeout: 5000, interval: 50 });
      const { rows } = await dbs.query(dev('q1'), 'select count(*) as n from todos', []);
      expect(rows).toEqual([{ n: 2 }]);
    } finally {
      await dbs.close();
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('keeps branches in memory without a data directory, and close() ends them', async () => {
    const dbs = new AppDatabases({ dataDir: null });
    await dbs.migrate(dev('m1'), [TODOS]);
    expect((await dbs.query(dev('m1'), 'select count(*) as n from todos', [])).rows).toEqual([{ n: 2 }]);
    expect(await dbs.size(dev('m1'))).toBe(0);
    await dbs.close();
    expect(dbs.liveWorkers()).toBe(0);
    const err = await failure(dbs.query(dev('m1'), 'select 1', []));
    expect(err.message).toBe('App databases are closed.');
  });
});
