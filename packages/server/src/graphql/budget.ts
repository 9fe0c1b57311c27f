/**
 * @module The GraphQL request's time budget, apart from ./limits.ts (which loads GraphQL Armor): the HTTP layer
 * reads it at start, while GraphQL Yoga and Armor load with the first GraphQL request (issue 15, footprint).
 */

/** Wall-clock budget of one request's resolvers; later resolvers fail with `too_large`. */
export const QUERY_TIME_BUDGET_MS = 10_000;
