import { createSchema, createYoga } from 'graphql-yoga';
import { describe, expect, it } from 'vitest';
import { LIMIT_MESSAGES, withTimeBudget } from './limits';

// A list whose items each take 30 ms to resolve: a stand-in for a request that runs many slow resolvers.
const typeDefs = 'type Query { items: [Item!]! } type Item { n: Int! slow: Int! }';
const resolvers = {
  Query: { items: () => Array.from({ length: 10 }, (_, n) => ({ n })) },
  Item: { slow: async (i: { n: number }) => new Promise((r) => setTimeout(() => r(i.n), 30)) },
};

async function run(budgetMs: number) {
  const yoga = createYoga<{ deadline: number }>({
    schema: withTimeBudget(createSchema({ typeDefs, resolvers })),
    logging: false,
    maskedErrors: false,
  });
  const res = await yoga.fetch(
    'http://kiln.test/graphql',
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"query":"{ items { n slow } }"}',
    },
    { deadline: Date.now() + budgetMs },
  );
  return (await res.json()) as { data: unknown; errors?: { message: string }[] };
}

describe('withTimeBudget', () => {
  it('runs every resolver of a request within its budget', async () => {
    const out = await run(5_000);
    expect(out.errors).toBeUndefined();
    expect(out.data).toEqual({ items: Array.from({ length: 10 }, (_, n) => ({ n, slow: n })) });
  });

  it('stops calling resolvers once the deadline has passed, with a clear error', async () => {
    const out = await run(-1);
    expect(out.data).toBeNull();
    expect(out.errors?.[0]?.message).toBe(LIMIT_MESSAGES.overBudget);
  });
});
