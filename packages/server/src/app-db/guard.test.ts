import { isKilnError } from '@kiln/core';
import { describe, expect, it } from 'vitest';
import { analyzeAppQuery, checkAppQuery, describeAppQuery } from './guard';

const ONLY_ONE = 'Only one SELECT, INSERT, UPDATE or DELETE statement is allowed.';

async function refusal(text: string, mode: 'data' | 'migration' = 'data'): Promise<string> {
  try {
    await checkAppQuery(text, mode);
  } catch (e) {
    if (isKilnError(e) && e.kind === 'validation') return e.message;
    throw e;
  }
  throw new Error(`accepted: ${text}`);
}

describe('checkAppQuery in data mode', () => {
  it.each([
    'select * from todos where id = $1 limit 1',
    'SELECT id, lower(title), coalesce(note, $1), now(), count(*) OVER () FROM todos',
    'select gen_random_uuid(), current_date, current_user',
    'select count(*) from generate_series(1, 10)',
    "select extract(year from created_at), substring(title from 1 for 3), trim(' a '), now() at time zone 'utc' from todos",
    "select '5'::int + 1, 'a'::text, $1::jsonb ->> 'x'",
    'insert into todos (title) values ($1) on conflict (id) do update set title = excluded.title returning *',
    'update todos set done = true where id = $1 returning id',
    'delete from todos where id = any($1)',
    'with recent as (select * from todos order by id desc limit 5) select * from recent',
    'with gone as (delete from todos where done returning id) select count(*) from gone',
    'select * from todos t join users u on u.id = t.user_id where exists (select 1 from tags where tags.todo_id = t.id)',
    'select * from todos for update skip locked',
    'select * from public.todos',
    "select json_build_object('a', 1), array_agg(id), string_agg(title, ', ') from todos",
  ])('accepts %s', async (text) => {
    await expect(checkAppQuery(text, 'data')).resolves.toBeUndefined();
  });

  it.each([
    ["select set_config('role','postgres',false)", 'Function set_config is not allowed.'],
    ["select pg_catalog.set_config('role','postgres',false)", 'Access to pg_catalog is not allowed.'],
    ["select current_setting('data_directory')", 'Function current_setting is not allowed.'],
    ['SET ROLE postgres', 'SET is not allowed.'],
    ['reset role', 'SET is not allowed.'],
    ['show all', 'SHOW is not allowed.'],
    ['select * from pg_user', 'Access to pg_user is not allowed.'],
    ['select * from pg_catalog.pg_class', 'Access to pg_catalog is not allowed.'],
    ['select * from information_schema.tables', 'Access to information_schema is not allowed.'],
    ['select * from todos where id in (select oid from pg_authid)', 'Access to pg_authid is not allowed.'],
    ["select pg_read_file('/etc/passwd')", 'Function pg_read_file is not allowed.'],
    ["select * from pg_ls_dir('.')", 'Function pg_ls_dir is not allowed.'],
    ['select pg_sleep(10)', 'Function pg_sleep is not allowed.'],
    ["select lo_import('/etc/passwd')", 'Function lo_import is not allowed.'],
    ["select * from dblink('host=x', 'select 1') as t(a int)", 'Function dblink is not allowed.'],
    [
      "select query_to_xml('select * from pg_authid', true, true, '')",
      'Function query_to_xml is not allowed.',
    ],
    ["select * from ts_stat('select 1')", 'Function ts_stat is not allowed.'],
    ["select to_regclass('pg_authid')", 'Function to_regclass is not allowed.'],
    [
      'select title from todos where id = (select count(*) from (select pg_backend_pid()) x)',
      'Function pg_backend_pid is not allowed.',
    ],
    ["copy t to program 'x'", 'COPY is not allowed.'],
    ["copy t from '/etc/passwd'", 'COPY is not allowed.'],
    ['select 1; select 2', ONLY_ONE],
    ['select 1; drop table todos', ONLY_ONE],
    ['do $$ begin end $$', 'DO blocks are not allowed.'],
    ['create extension x', 'CREATE EXTENSION is not allowed.'],
    ['create table t (id int)', ONLY_ONE],
    ['drop table todos', ONLY_ONE],
    ['explain select 1', ONLY_ONE],
    ['vacuum', ONLY_ONE],
    ['begin', 'Transaction control (BEGIN, COMMIT, ROLLBACK, SAVEPOINT) is not allowed.'],
    ['select * into copy_of_todos from todos', 'SELECT … INTO is not allowed.'],
    ['create role r superuser', 'Roles cannot be created or changed.'],
    ['grant all on todos to public', 'GRANT and REVOKE are not allowed.'],
    ["load 'plpgsql'", 'LOAD is not allowed.'],
    ['create function f() returns int as $$ select 1 $$ language sql', 'CREATE FUNCTION is not allowed.'],
    ['prepare p as select 1', 'PREPARE and EXECUTE are not allowed.'],
    ["notify c, 'x'", 'LISTEN and NOTIFY are not allowed.'],
    ['insert into _kiln_migrations (name) values ($1)', 'Access to _kiln_migrations is not allowed.'],
    [
      "with x as (select set_config('role', 'postgres', false)) insert into todos (title) select * from x",
      'Function set_config is not allowed.',
    ],
    [
      'select 1 from todos where title = (select usename from pg_catalog.pg_user limit 1)',
      'Access to pg_catalog is not allowed.',
    ],
    ['', 'The query is empty.'],
    ['-- just a comment', 'The query is empty.'],
  ])('refuses %s', async (text, message) => {
    expect(await refusal(text)).toBe(message);
  });

  it('refuses what does not parse, with the parser’s message', async () => {
    expect(await refusal('selec * from todos')).toBe(
      'The query could not be parsed: syntax error at or near "selec".',
    );
  });

  it('refuses text past the length limit without parsing it', async () => {
    expect(await refusal(`select '${'x'.repeat(100_001)}'`)).toBe('The query is too long.');
  });

  it('returns the statement kind', async () => {
    expect(await analyzeAppQuery('update todos set done = true', 'data')).toEqual(['UpdateStmt']);
  });

  it('walks arbitrarily deep trees', async () => {
    const deep = `select ${'('.repeat(200)}pg_sleep(1)${')'.repeat(200)}`;
    expect(await refusal(deep)).toBe('Function pg_sleep is not allowed.');
  });
});

describe('checkAppQuery in migration mode', () => {
  it.each([
    `create table todos (
       id serial primary key, title text not null check (length(title) < 200),
       created_at timestamptz not null default now(), uid uuid default gen_random_uuid()
     );
     create index todos_title on todos (lower(title));
     insert into todos (title) values ('first');`,
    'alter table todos add column done boolean not null default false',
    'alter table todos rename column title to name',
    'alter table todos rename to tasks',
    'alter index todos_title rename to tasks_title',
    'drop table if exists old_things; drop index if exists old_index',
    "comment on table todos is 'things to do'",
    "comment on column todos.title is 'what to do'",
    'create table tags (id serial primary key, todo_id int references todos (id) on delete cascade)',
    'update todos set done = false where done is null',
  ])('accepts %s', async (text) => {
    await expect(checkAppQuery(text, 'migration')).resolves.toBeUndefined();
  });

  it.each([
    ['create table t (id int); create extension pgcrypto', 'CREATE EXTENSION is not allowed.'],
    [
      'create table t (id int); begin',
      'Transaction control (BEGIN, COMMIT, ROLLBACK, SAVEPOINT) is not allowed.',
    ],
    [
      'create view v as select 1',
      'A migration may only create, alter or drop tables and indexes and change rows (found VIEW).',
    ],
    [
      'create schema s',
      'A migration may only create, alter or drop tables and indexes and change rows (found CREATE SCHEMA).',
    ],
    ['drop schema public cascade', 'Only tables and indexes can be dropped.'],
    ['drop function f', 'Only tables and indexes can be dropped.'],
    ['drop table _kiln_migrations', 'Access to _kiln_migrations is not allowed.'],
    ['drop table pg_catalog.pg_authid', 'Access to pg_catalog is not allowed.'],
    ['alter table todos owner to postgres', 'Owners cannot be changed.'],
    ['alter table todos set tablespace x', 'Tablespaces cannot be changed.'],
    ['create table t (id int) tablespace x', 'Tablespaces cannot be chosen.'],
    [
      "create table t (id int default (current_setting('a')::int))",
      'Function current_setting is not allowed.',
    ],
    ['create table t (like pg_catalog.pg_authid)', 'Access to pg_catalog is not allowed.'],
    ['create table pg_things (id int)', 'Access to pg_things is not allowed.'],
    ['create table t as select 1', 'CREATE TABLE … AS is not allowed.'],
    ['create trigger x before insert on t for each row execute function f()', 'Triggers are not allowed.'],
    ["comment on role postgres is 'x'", 'Only tables, columns and indexes can be commented on.'],
    ['alter table todos rename to _kiln_migrations', 'Access to _kiln_migrations is not allowed.'],
    ['set search_path = pg_catalog', 'SET is not allowed.'],
    ['grant select on todos to public', 'GRANT and REVOKE are not allowed.'],
  ])('refuses %s', async (text, message) => {
    expect(await refusal(text, 'migration')).toBe(message);
  });
});

async function refusalWith(text: string, values: unknown[]): Promise<string> {
  try {
    await analyzeAppQuery(text, 'data', values);
  } catch (e) {
    if (isKilnError(e) && e.kind === 'validation') return e.message;
    throw e;
  }
  throw new Error(`accepted: ${text}`);
}

// Issue 13: one small statement must not build a huge value inside the branch worker.
describe('size-amplifying functions in data mode', () => {
  it.each<[string, unknown[]]>([
    ["select lpad(id::text, 6, '0'), rpad(title, 20) from todos", []],
    ["select repeat('★', 5), repeat($1, $2)", ['ab', 1000]],
    ['select repeat(title, 3) from todos', []],
    ['select array_fill(0, array[3, 4])', []],
    ['select * from generate_series(1, $1)', [1_000_000]],
    ["select generate_series(now() - interval '7 days', now(), interval '1 day')", []],
    ['select count(*) from generate_series(1, 10)', []],
    ['select string_agg(title, $1) from todos', [', ']],
  ])('accepts %s', async (text, values) => {
    await expect(analyzeAppQuery(text, 'data', values)).resolves.toEqual(['SelectStmt']);
  });

  it.each<[string, unknown[], string]>([
    [
      'select repeat($1, 200000000)',
      ['x'],
      'repeat would build a value larger than the result limit; ask for less.',
    ],
    [
      'select repeat($1, $2)',
      ['x'.repeat(1000), 10_000],
      'repeat would build a value larger than the result limit; ask for less.',
    ],
    [
      "select repeat('x', 3000000) || repeat('x', 3000000)",
      [],
      'repeat would build a value larger than the result limit; ask for less.',
    ],
    ['select repeat($1, $2)', ['x', 'many'], 'repeat needs its count as a number in the statement.'],
    [
      'select repeat(title, length(title)) from todos',
      [],
      'repeat needs its count as a number in the statement.',
    ],
    ['select repeat(title, 1000) from todos', [], "repeat may repeat a column's value at most 100 times."],
    [
      "select repeat(repeat('x', 1000), 1000)",
      [],
      'repeat cannot be applied to the result of repeat, lpad, rpad or array_fill.',
    ],
    [
      "select lpad('x', 200000000)",
      [],
      'lpad would build a value larger than the result limit; ask for less.',
    ],
    [
      'select rpad(title, $1) from todos',
      [5_000_000],
      'rpad would build a value larger than the result limit; ask for less.',
    ],
    [
      'select array_fill(1, array[100000, 100000])',
      [],
      'array_fill would build a value larger than the result limit; ask for less.',
    ],
    [
      'select array_fill(1, array[$1])',
      [null],
      'array_fill needs its dimensions as numbers in the statement.',
    ],
    [
      'select count(*) from generate_series(1, 100000000)',
      [],
      'generate_series may produce at most 1000000 rows.',
    ],
    [
      'select * from generate_series(1, $1)',
      [1_000_001],
      'generate_series may produce at most 1000000 rows.',
    ],
    [
      'select count(*) from generate_series(1, 1e10)',
      [],
      'generate_series may produce at most 1000000 rows.',
    ],
    ["select repeat('x', 3e9)", [], 'repeat would build a value larger than the result limit; ask for less.'],
  ])('refuses %s %j', async (text, values, message) => {
    expect(await refusalWith(text, values)).toBe(message);
  });
});

// Issue 13: a published app's visitors may only read tables opened for public reading, so the tables a
// statement touches must be known exactly, CTE names apart.
describe('describeAppQuery', () => {
  it.each<[string, boolean, string[]]>([
    ['select name, email from leads', true, ['leads']],
    ['table leads', true, ['leads']],
    ['select * from public.leads', true, ['leads']],
    ['select * from todos t join users u on u.id = t.user_id', true, ['todos', 'users']],
    [
      'select * from todos where exists (select 1 from tags where tags.todo_id = todos.id)',
      true,
      ['tags', 'todos'],
    ],
    [
      'select * from todos where id in (select todo_id from tags) union select * from archive',
      true,
      ['archive', 'tags', 'todos'],
    ],
    [
      'select * from todos, lateral (select * from notes where notes.todo_id = todos.id) n',
      true,
      ['notes', 'todos'],
    ],
    ['select (select count(*) from leads) as n', true, ['leads']],
    ['with recent as (select * from todos order by id desc limit 5) select * from recent', true, ['todos']],
    ['with a as (select * from todos), b as (select * from a) select * from b', true, ['todos']],
    // A CTE named like a table hides it only in its scope: these read the real table.
    ['with leads as (select * from leads) select * from leads', true, ['leads']],
    ['select * from leads, (with leads as (select 1) select * from leads) x', true, ['leads']],
    ['with x as (select 1) select * from public.x', true, ['x']],
    ['with b as (select * from a), a as (select 1) select * from b', true, ['a']],
    ['with recursive t(n) as (select 1 union all select n + 1 from t where n < 5) select * from t', true, []],
    ['select now()', true, []],
    ['select * from "Leads"', true, ['Leads']],
    ['with gone as (delete from todos returning id) select count(*) from gone', false, ['todos']],
    ['select * from todos for update', false, ['todos']],
    ['select * from todos for share', false, ['todos']],
    ['insert into todos (title) select title from drafts', false, ['drafts', 'todos']],
    ['update todos set done = true where id in (select id from picked)', false, ['picked', 'todos']],
    ['delete from todos', false, ['todos']],
  ])('%s reads only: %s, tables %j', async (text, readOnly, tables) => {
    const facts = await describeAppQuery(text);
    expect(facts.readOnly).toBe(readOnly);
    expect([...facts.tables].sort()).toEqual(tables);
    // Asked again (remembered by text): the same answer, and changing one answer does not change the next.
    facts.tables.add('other');
    const again = await describeAppQuery(text);
    expect(again.readOnly).toBe(readOnly);
    expect([...again.tables].sort()).toEqual(tables);
  });

  it('checks the bound values of a statement again every time it runs with new ones', async () => {
    const text = 'select repeat($1, $2) as padded from todos';
    expect((await describeAppQuery(text, ['x', 10])).tables).toEqual(new Set(['todos']));
    const refused = await describeAppQuery(text, ['x', 200_000_000]).catch((e: unknown) => e);
    expect(isKilnError(refused) && refused.message).toMatch(/repeat would build a value larger/);
    expect((await describeAppQuery(text, ['x', 20])).readOnly).toBe(true);
  });

  it('remembers nothing it refused', async () => {
    for (let i = 0; i < 2; i++) {
      await expect(describeAppQuery('drop table todos')).rejects.toThrow(/Only one SELECT/);
    }
  });
});
