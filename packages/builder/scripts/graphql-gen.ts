/**
 * @module Generates the TypeScript that follows from `packages/server/src/graphql/schema.graphql`, the one
 * source of the API's shapes:
 * - `packages/builder/src/graphql-env.gen.ts`: the schema's introspection, from which gql.tada types every
 *   builder operation's result and variables (`src/graphql.ts`);
 * - `packages/server/src/graphql/schema.gen.ts`: the resolvers' argument types (`QueryProjectArgs`,
 *   `MutationSignInArgs`, …) and the input types.
 *
 * `node --import tsx packages/builder/scripts/graphql-gen.ts` writes both; `--check` only compares and exits 1
 * when a file is stale. `packages/builder/test/graphql-gen.test.ts` runs the comparison in the suite.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { minifyIntrospection, outputIntrospectionFile } from '@gql.tada/internal';
import {
  buildSchema,
  type GraphQLArgument,
  type GraphQLInputType,
  type GraphQLSchema,
  getNamedType,
  introspectionFromSchema,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  isObjectType,
  isScalarType,
} from 'graphql';

const root = join(dirname(fileURLToPath(import.meta.url)), '../../..');
export const SCHEMA_PATH = join(root, 'packages/server/src/graphql/schema.graphql');
export const BUILDER_OUTPUT = join(root, 'packages/builder/src/graphql-env.gen.ts');
export const SERVER_OUTPUT = join(root, 'packages/server/src/graphql/schema.gen.ts');

const HEADER = (what: string) =>
  `// Generated from packages/server/src/graphql/schema.graphql by packages/builder/scripts/graphql-gen.ts: ${what}.\n` +
  '// Do not edit: change the schema and run `npm run generate -w @kiln/builder`.\n';

/** The builder's introspection file for gql.tada. */
export function builderTypes(schema: GraphQLSchema): string {
  const introspection = minifyIntrospection(introspectionFromSchema(schema));
  // Preprocessed types (what gql.tada writes for a .d.ts) check faster than the raw introspection object;
  // the global `declare module 'gql.tada'` setup at its end is dropped: src/graphql.ts passes the type itself.
  const types = outputIntrospectionFile(introspection, { fileType: '.d.ts', shouldPreprocess: true });
  return `${HEADER('the schema for gql.tada')}${types.slice(0, types.indexOf("import * as gqlTada from 'gql.tada';")).trimEnd()}\n`;
}

const SCALARS: Record<string, string> = {
  ID: 'string',
  String: 'string',
  Int: 'number',
  Float: 'number',
  Boolean: 'boolean',
};

function tsType(type: GraphQLInputType): string {
  if (isNonNullType(type)) return tsType(type.ofType);
  if (isListType(type)) {
    const item = tsType(type.ofType);
    return isNonNullType(type.ofType) ? `${item}[]` : `(${item} | null)[]`;
  }
  if (isScalarType(type)) return SCALARS[type.name] ?? 'unknown';
  if (isEnumType(type))
    return type
      .getValues()
      .map((v) => `'${v.name}'`)
      .join(' | ');
  return getNamedType(type).name;
}

function field(arg: {
  name: string;
  type: GraphQLInputType;
  description?: string | null | undefined;
}): string {
  const doc = arg.description ? `  /** ${arg.description.replace(/\s*\n\s*/g, ' ')} */\n` : '';
  return isNonNullType(arg.type)
    ? `${doc}  ${arg.name}: ${tsType(arg.type)};\n`
    : `${doc}  ${arg.name}?: ${tsType(arg.type)} | null;\n`;
}

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** The server's resolver argument types: `<Type><Field>Args` for every field with arguments, and the inputs. */
export function serverTypes(schema: GraphQLSchema): string {
  let out = `${HEADER('resolver argument types')}\n`;
  const types = Object.values(schema.getTypeMap())
    .filter((t) => !t.name.startsWith('__'))
    .sort((a, b) => a.name.localeCompare(b.name));
  for (const type of types) {
    if (isInputObjectType(type)) {
      out += `export interface ${type.name} {\n${Object.values(type.getFields()).map(field).join('')}}\n\n`;
    }
  }
  for (const type of types) {
    if (!isObjectType(type)) continue;
    for (const f of Object.values(type.getFields())) {
      if (f.args.length === 0) continue;
      out += `/** Arguments of \`${type.name}.${f.name}\`. */\n`;
      out += `export interface ${type.name}${capital(f.name)}Args {\n${f.args.map((a: GraphQLArgument) => field(a)).join('')}}\n\n`;
    }
  }
  return `${out.trimEnd()}\n`;
}

/** Every generated file with the text it must have, from the schema as it is now. */
export function generate(): Map<string, string> {
  const schema = buildSchema(readFileSync(SCHEMA_PATH, 'utf8'));
  return new Map([
    [BUILDER_OUTPUT, builderTypes(schema)],
    [SERVER_OUTPUT, serverTypes(schema)],
  ]);
}

/** The generated files whose text on disk differs from what the schema gives. */
export function staleFiles(): string[] {
  const stale: string[] = [];
  for (const [path, text] of generate()) {
    let current = '';
    try {
      current = readFileSync(path, 'utf8');
    } catch {}
    if (current !== text) stale.push(relative(root, path));
  }
  return stale;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  if (process.argv.includes('--check')) {
    const stale = staleFiles();
    if (stale.length > 0) {
      console.error(`Stale generated files: ${stale.join(', ')}. Run \`npm run generate -w @kiln/builder\`.`);
      process.exit(1);
    }
  } else {
    for (const [path, text] of generate()) writeFileSync(path, text);
  }
}
