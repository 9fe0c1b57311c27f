import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { date, interval, numeric, pgTable, serial, timestamp } from 'drizzle-orm/pg-core';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drizzleParsersOnce } from './index';

const events = pgTable('events', {
  id: serial('id').primaryKey(),
  at: timestamp('at', { withTimezone: true, mode: 'date' }),
  atText: timestamp('at_text', { mode: 'string' }),
  day: date('day'),
  took: interval('took'),
  amount: numeric('amount'),
  stamps: timestamp('stamps', { mode: 'string' }).array(),
  amounts: numeric('amounts').array(),
});

describe('drizzleParsersOnce', () => {
  let client: PGlite;
  beforeAll(async () => {
    client = await PGlite.create();
    await client.exec(`
      create table events (id serial primary key, at timestamptz, at_text timestamp, day date, took interval,
        amount numeric, stamps timestamp[], amounts numeric[]);
      insert into events (at, at_text, day, took, amount, stamps, amounts) values
        ('2026-11-28 03:04:05.678+01', '2026-11-28 03:04:05', '2028-02-29', '1 day 02:03:04', 12.50,
         '{"2026-01-01 00:00:00","2026-12-31 23:59:59"}', '{1.5,2.25}'),
        (null, null, null, null, null, null, null);`);
  });
  afterAll(() => client.close());

  it('reads the same rows through Drizzle, in queries and transactions, as with its parsers per query', async () => {
    const read = async (db: ReturnType<typeof drizzle>) => ({
      select: await db.select().from(events).orderBy(events.id),
      raw: (await db.execute(sql`select at, day, took, stamps, amounts from events order by id`)).rows,
      tx: await db.transaction(async (tx) => tx.select().from(events).orderBy(events.id)),
    });
    const perQuery = await read(drizzle(client));
    const once = await read(drizzle(drizzleParsersOnce(client)));
    expect(once).toEqual(perQuery);
    expect(once.select[0]).toMatchObject({
      at: new Date('2026-11-28T02:04:05.678Z'),
      atText: '2026-11-28 03:04:05',
      day: '2028-02-29',
      amount: '12.50',
      stamps: ['2026-01-01 00:00:00', '2026-12-31 23:59:59'],
      amounts: ['1.5', '2.25'],
    });
  });

  it("keeps a query's parsers that are not Drizzle's, and PGlite's own for other callers' types", async () => {
    const res = await client.query<{ n: string; d: unknown }>(`select 7::int4 as n, now() as d`, [], {
      parsers: { 23: (v) => `int ${v}` },
    });
    expect(res.rows[0]?.n).toBe('int 7');
    // Drizzle's timestamp parser (the text as sent) is now the instance's.
    expect(typeof res.rows[0]?.d).toBe('string');
  });
});
