/**
 * @module What one GraphQL request may cost (SECURITY.md): GraphQL Armor refuses an expensive document
 * before it runs (tokens while it is parsed, then aliases, depth, directives and a static cost), and a time
 * budget stops a request whose resolvers are still being called after QUERY_TIME_BUDGET_MS.
 */
import { EnvelopArmor } from '@escape.tech/graphql-armor';
import { KilnError } from '@kiln/core';
import {
  defaultFieldResolver,
  type GraphQLFieldResolver,
  type GraphQLObjectType,
  type GraphQLSchema,
} from 'graphql';
import { QUERY_TIME_BUDGET_MS } from './budget';

/** The limits, each far above what the builder's largest operation needs (see limits.test.ts). */
export const QUERY_LIMITS = Object.freeze({
  /** Lexical tokens in a document; counted while parsing, so a huge document stops early. */
  maxTokens: 3000,
  /** Aliased fields (`a1: organizations`) in one operation. */
  maxAliases: 20,
  /** Nesting of selections (introspection is exempt). */
  maxDepth: 10,
  maxDirectives: 50,
  /** Armor's static cost: 2 per object field, 1 per scalar, times 1.5 per level of depth. */
  maxCost: 5000,
});

export { QUERY_TIME_BUDGET_MS };

export const LIMIT_MESSAGES = {
  overBudget: `This request took longer than ${QUERY_TIME_BUDGET_MS / 1000} s and was stopped: ask for fewer fields or items.`,
} as const;

/** Yoga/envelop plugins that refuse documents over QUERY_LIMITS, with a message naming the limit. */
export function armorPlugins() {
  const armor = new EnvelopArmor({
    maxTokens: { n: QUERY_LIMITS.maxTokens },
    maxAliases: { n: QUERY_LIMITS.maxAliases },
    maxDepth: { n: QUERY_LIMITS.maxDepth, ignoreIntrospection: true, flattenFragments: true },
    maxDirectives: { n: QUERY_LIMITS.maxDirectives },
    costLimit: { maxCost: QUERY_LIMITS.maxCost, ignoreIntrospection: true, flattenFragments: true },
    blockFieldSuggestion: { enabled: true },
  });
  return armor.protect().plugins;
}

/** The per-request deadline the resolvers check, kept in the GraphQL context. */
export interface Deadline {
  /** Epoch milliseconds after which no further resolver runs. */
  deadline: number;
}

/**
 * Wraps every field resolver of the schema's own types so that, once the request's deadline has passed, the
 * next resolver throws instead of running (graphql-js cannot stop a running resolver, but a runaway request
 * is a long series of them).
 */
export function withTimeBudget<C extends Deadline>(schema: GraphQLSchema): GraphQLSchema {
  for (const type of Object.values(schema.getTypeMap())) {
    // By tag, not instanceof: under some loaders `graphql` is loaded twice (ESM and CJS), see index.ts.
    if (type[Symbol.toStringTag] !== 'GraphQLObjectType' || type.name.startsWith('__')) continue;
    for (const field of Object.values((type as GraphQLObjectType).getFields())) {
      const resolve = (field.resolve ?? defaultFieldResolver) as GraphQLFieldResolver<unknown, C>;
      field.resolve = (source, args, ctx, info) => {
        if (Date.now() > ctx.deadline) throw new KilnError('too_large', LIMIT_MESSAGES.overBudget);
        return resolve(source, args, ctx, info);
      };
    }
  }
  return schema;
}
