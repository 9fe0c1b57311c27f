import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildSchema, parse, validate } from 'graphql';
import { describe, expect, it } from 'vitest';
import { builderTypes, SCHEMA_PATH, serverTypes, staleFiles } from '../scripts/graphql-gen.ts';

describe('GraphQL types generated from schema.graphql', () => {
  it('the committed *.gen.ts files are what the schema generates today (else: npm run generate -w @kiln/builder)', () => {
    expect(staleFiles()).toEqual([]);
  });

  it('a new field or argument in the schema changes both generated files', () => {
    const sdl = readFileSync(SCHEMA_PATH, 'utf8');
    const before = buildSchema(sdl);
    const after = buildSchema(`${sdl}\nextend type Query { ping(times: Int!): String }\n`);
    expect(builderTypes(after)).not.toBe(builderTypes(before));
    expect(builderTypes(after)).toContain('"name": "ping"');
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
