/**
 * App databases on PostgreSQL (issue 15): each branch a database and login role of its own on the real server
 * at 127.0.0.1:5432, under a platform database made for this file and dropped after, with everything it made.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { KilnError } from '@kiln/core';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POSTGRES_ADMIN_URL, postgresAvailable } from '../../test/harness';
import { AppDatabases, type AppDbKey } from './index';

const TODOS = {
  name: '0001_todos',
  sql: `create table todos (id serial primary key, title text not null, created_at timestamptz not null default now());
        insert into todos (title) values ('first'), ('second');`,
};
const dev = (projectId: string): AppDbKey => ({ projectId, branch: 'development' });
const main = (projectId: string): AppDbKey => ({ projectId, branch: 'main' });

/** What a refused call rejects with (a resolved one fails the assertion that follows). */
const failure = (p: Promise<unknown>) =>
  p.then(
    () => new KilnError('internal', 'resolved, but a refusal was expected'),
    (e: unknown) => e as KilnError,
  );

const available = await postgresAvailable();

describe.skipIf(!available)('AppDatabases on PostgreSQL', () => {
  const platform = `kiln_test_appdb_${randomBytes(4).toString('hex')}`;
  const url = `postgres://postgres@127.0.0.1:5432/${platform}`;
  const secretKey = randomBytes(32);
  let dbs: AppDatabases;
  /** A second "process" on the same server and secret key. */
  let other: AppDatabases;
  const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });

  beforeAll(async () => {
    await admin.connect();
    await admin.query(`CREATE DATABASE ${platform}`);
    dbs = new AppDatabases({ dataDir: null, queryTimeoutMs: 1500, rowCap: 5, postgres: { url, secretKey } });
    other = new AppDatabases({ dataDir: null, postgres: { url, secretKey } });
    await Promise.all([dbs.migrate(dev('p1'), [TODOS]), dbs.migrate(main('p1'), [])]);
  });

  afterAll(async () => {
    await dbs?.postgres?.dropAll();
    await Promise.all([dbs?.close(), other?.close()]);
    await admin.query(`DROP DATABASE IF EXISTS ${platform} WITH (FORCE)`);
    await admin.end();
  });

  it('makes each branch its own database owned by its own login role, which is no superuser', async () => {
    const name = dbs.postgres!.databaseName('p1/development');
    const { rows } = await admin.query(
      `SELECT r.rolsuper, r.rolcreatedb, r.rolcreaterole, r.rolconnlimit, r.rolconfig, pg_get_userbyid(d.datdba) AS owner
         FROM pg_roles r JOIN pg_database d ON d.datname = r.rolname WHERE r.rolname = $1`,
      [name],
    );
    expect(rows).toEqual([
      {
        rolsuper: false,
        rolcreatedb: false,
        rolcreaterole: false,
        rolconnlimit: 8,
        rolconfig: expect.arrayContaining(['statement_timeout=1500']),
        owner: name,
      },
    ]);
    expect(
      (await dbs.query(dev('p1'), 'select current_user as u, current_database() as d', [])).rows,
    ).toEqual([{ u: name, d: name }]);
    expect(dbs.postgres!.databaseName('p1/main')).not.toBe(name);
  });

  it('lets an app role connect to its own database only: not another app’s, not the platform’s', async () => {
    const p1 = dbs.postgres!.databaseName('p1/development');
    const p1main = dbs.postgres!.databaseName('p1/main');
    // The role's password is derived from the secret key (README: app databases on PostgreSQL).
    const secret = createHmac('sha256', secretKey).update(`kiln:app-db-role:${p1}`).digest('base64url');
    const as = (database: string) =>
      new pg.Client({ host: '127.0.0.1', port: 5432, user: p1, password: secret, database });
    const own = as(p1);
    await own.connect();
    await own.end();
    for (const database of [p1main, platform]) {
      const c = as(database);
      await expect(c.connect()).rejects.toThrow(/permission denied for database/);
      await c.end().catch(() => {});
    }
  });

  it('applies migrations once, runs guarded queries with JSON-safe rows, and keeps Postgres’s messages', async () => {
    expect(await dbs.migrate(dev('p1'), [TODOS])).toEqual([{ name: '0001_todos', status: 'COMPLETED' }]);
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
    expect((await dbs.query(dev('p1'), 'select count(*) as n from todos', [])).rows).toEqual([{ n: 3 }]);
    const dup = await failure(dbs.query(dev('p1'), 'insert into todos (id, title) values (1, $1)', ['x']));
    expect(dup.kind).toBe('conflict');
    expect(dup.message).toBe('duplicate key value violates unique constraint "todos_pkey"');
    const guarded = await failure(dbs.query(dev('p1'), "select set_config('role', 'postgres', false)", []));
    expect(guarded.message).toBe('Function set_config is not allowed.');
    const failed = await dbs.migrate(dev('p1'), [
      TODOS,
      { name: '0002_bad', sql: 'alter table nope add x int' },
    ]);
    expect(failed[1]).toEqual({
      name: '0002_bad',
      status: 'FAILED',
      error: 'relation "nope" does not exist',
    });
  });

  it('caps rows, refuses writes when read-only, and ends a query past the statement timeout', async () => {
    const capped = await dbs.query(dev('p1'), 'select g from generate_series(1, 100000) g', []);
    expect(capped.rows).toEqual([1, 2, 3, 4, 5].map((g) => ({ g })));
    expect(capped.truncated).toBe(true);
    const readOnly = await failure(
      dbs.query(dev('p1'), "select nextval('todos_id_seq')", [], { readOnly: true }),
    );
    expect(readOnly.message).toMatch(/read-only transaction/);
    const started = Date.now();
    const slow = await failure(
      dbs.query(
        dev('p1'),
        'select count(*) from generate_series(1, 1000000) a, generate_series(1, 1000000) b',
        [],
      ),
    );
    expect(slow.message).toBe('Query timed out after 1500ms');
    expect(Date.now() - started).toBeLessThan(4000);
    expect((await dbs.query(dev('p1'), 'select 1 as ok', [])).rows).toEqual([{ ok: 1 }]);
  });

  it('shares a branch between processes: a row written through one is read through the other', async () => {
    await other.query(dev('p1'), 'insert into todos (title) values ($1)', ['through the other process']);
    const titles = (await dbs.query(dev('p1'), 'select title from todos order by id', [])).rows.map(
      (r) => r.title,
    );
    expect(titles).toContain('through the other process');
    expect((await other.tables(dev('p1'))).map((t) => t.name)).toEqual(['todos']);
  });

  it('measures the size, and reset drops the database: the next use starts empty, in every process', async () => {
    await dbs.migrate(dev('p3'), [TODOS]);
    expect((await other.query(dev('p3'), 'select count(*) as n from todos', [])).rows).toEqual([{ n: 2 }]);
    expect(await dbs.size(dev('p3'))).toBeGreaterThan(1_000_000);
    await dbs.reset(dev('p3'));
    expect(await dbs.size(dev('p3'))).toBe(0);
    // The other process's pool was cut off by the drop; it makes the branch anew.
    expect(await other.tables(dev('p3'))).toEqual([]);
  });
});
