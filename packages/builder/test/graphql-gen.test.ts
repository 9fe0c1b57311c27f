import { readFileSync } from 'node:fs';
import { buildSchema } from 'graphql';
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
