import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { print } from '@0no-co/graphql.web';
import { buildSchema, parse, validate } from 'graphql';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { builderTypes, SCHEMA_PATH, serverTypes, staleFiles } from '../scripts/graphql-gen.ts';
import { graphql, type ResultOf, type VariablesOf } from '../src/graphql.ts';

describe('GraphQL types generated from schema.graphql', () => {
  it('the committed *.gen.ts files are what the schema generates today (else: npm run generate -w @kiln/builder)', () => {
    expect(staleFiles()).toEqual([]);
  });

  it('a new field or argument in the schema changes both generated files', () => {
    const sdl = readFileSync(SCHEMA_PATH, 'utf8');
    const before = buildSchema(sdl);
    const after = buildSchema(`${sdl}\nextend type Query { ping(times: Int!): String }\n`);
    expect(builderTypes(after)).not.toBe(builderTypes(before));
    expect(builderTypes(after)).toContain("'ping': { name: 'ping';");
    expect(serverTypes(before)).not.toContain('QueryPingArgs');
    expect(serverTypes(after)).toContain('export interface QueryPingArgs {\n  times: number;\n}');
  });
});

describe('the builder operations', () => {
  it('are all valid against schema.graphql (fields, arguments, variable types, fragments)', () => {
    const src = join(import.meta.dirname, '../src');
    const texts = readdirSync(src)
      .filter((f) => f.endsWith('queries.ts'))
      .flatMap((f) => [
        ...readFileSync(join(src, f), 'utf8').matchAll(/graphql\(\s*(?:`([^`]*)`|'([^']*)')/g),
      ])
      .map((m) => m[1] ?? m[2] ?? '');
    const document = parse(texts.join('\n'));
    const operations = document.definitions.filter((d) => d.kind === 'OperationDefinition');
    expect(operations.length).toBeGreaterThanOrEqual(50);
    const errors = validate(buildSchema(readFileSync(SCHEMA_PATH, 'utf8')), document).map((e) => e.message);
    expect(errors).toEqual([]);
  });
});

describe('graphql()', () => {
  it('types a result and its variables from the schema (nullable fields as | null) and keeps the query text', () => {
    const doc = graphql(`query T($id: ID!, $limit: Int) { project(id: $id) {
      id latestRevision { number } revisions { id } } organizations { id } events: organization(id: $id) {
      events(limit: $limit) { amount } } }`);
    expectTypeOf<ResultOf<typeof doc>>().toEqualTypeOf<{
      project: { id: string; latestRevision: { number: number } | null; revisions: { id: string }[] } | null;
      organizations: { id: string }[];
      events: { events: { amount: number }[] } | null;
    }>();
    expectTypeOf<VariablesOf<typeof doc>>().toEqualTypeOf<{
      id: string;
      limit?: number | null | undefined;
    }>();
    expect(print(doc)).toContain('events(limit: $limit)');
  });
});
