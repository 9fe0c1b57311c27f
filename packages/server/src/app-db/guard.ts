/**
 * The guard in front of every app database: SQL from a generated app (its functions, `/api/db`, its migrations)
 * runs only if the real Postgres parser (`libpg-query`, Postgres 18 like PGlite) says it is one of the allowed
 * statement kinds and nothing anywhere in its tree reaches the catalogs, settings, roles, files or functions
 * that escape the app's own tables. PGlite is not a security boundary, so this is.
 * @module
 */
import { KilnError } from '@kiln/core';

export type AppQueryMode = 'data' | 'migration';

/** The statement kinds an app may send one of at a time. */
const DATA_KINDS = new Set(['SelectStmt', 'InsertStmt', 'UpdateStmt', 'DeleteStmt']);
/** What a migration may hold besides data statements (seed rows). */
const SCHEMA_KINDS = new Set([
  'CreateStmt',
  'AlterTableStmt',
  'IndexStmt',
  'DropStmt',
  'CommentStmt',
  'RenameStmt',
]);

/** Nodes refused wherever they appear, with what the refusal says. */
const FORBIDDEN_NODES: Readonly<Record<string, string>> = {
  VariableSetStmt: 'SET is not allowed.',
  VariableShowStmt: 'SHOW is not allowed.',
  TransactionStmt: 'Transaction control (BEGIN, COMMIT, ROLLBACK, SAVEPOINT) is not allowed.',
  CopyStmt: 'COPY is not allowed.',
  DoStmt: 'DO blocks are not allowed.',
  CreateFunctionStmt: 'CREATE FUNCTION is not allowed.',
  CallStmt: 'CALL is not allowed.',
  CreateExtensionStmt: 'CREATE EXTENSION is not allowed.',
  AlterExtensionStmt: 'Extensions cannot be changed.',
  CreateRoleStmt: 'Roles cannot be created or changed.',
  AlterRoleStmt: 'Roles cannot be created or changed.',
  AlterRoleSetStmt: 'Roles cannot be created or changed.',
  DropRoleStmt: 'Roles cannot be created or changed.',
  GrantStmt: 'GRANT and REVOKE are not allowed.',
  GrantRoleStmt: 'GRANT and REVOKE are not allowed.',
  AlterDefaultPrivilegesStmt: 'GRANT and REVOKE are not allowed.',
  LoadStmt: 'LOAD is not allowed.',
  CreateTableAsStmt: 'CREATE TABLE … AS is not allowed.',
  PrepareStmt: 'PREPARE and EXECUTE are not allowed.',
  ExecuteStmt: 'PREPARE and EXECUTE are not allowed.',
  ListenStmt: 'LISTEN and NOTIFY are not allowed.',
  NotifyStmt: 'LISTEN and NOTIFY are not allowed.',
  AlterSystemStmt: 'ALTER SYSTEM is not allowed.',
  CreateTrigStmt: 'Triggers are not allowed.',
  RuleStmt: 'Rules are not allowed.',
  CreateFdwStmt: 'Foreign data is not allowed.',
  CreateForeignServerStmt: 'Foreign data is not allowed.',
  CreateForeignTableStmt: 'Foreign data is not allowed.',
  ImportForeignSchemaStmt: 'Foreign data is not allowed.',
  CreateUserMappingStmt: 'Foreign data is not allowed.',
};

/** Functions an app may not call (exact names, lower case). */
const BLOCKED_FUNCTIONS = new Set([
  'set_config',
  'current_setting',
  // These run SQL given as text, which would escape this guard.
  'query_to_xml',
  'query_to_xmlschema',
  'query_to_xml_and_xmlschema',
  'cursor_to_xml',
  'cursor_to_xmlschema',
  'table_to_xml',
  'table_to_xmlschema',
  'table_to_xml_and_xmlschema',
  'schema_to_xml',
  'schema_to_xmlschema',
  'schema_to_xml_and_xmlschema',
  'database_to_xml',
  'database_to_xmlschema',
  'database_to_xml_and_xmlschema',
  'ts_stat',
  'ts_rewrite',
  // Large objects (lo_* are caught by prefix) and catalog probes.
  'loread',
  'lowrite',
  'to_regclass',
  'to_regproc',
  'to_regprocedure',
  'to_regoper',
  'to_regoperator',
  'to_regtype',
  'to_regtypemod',
  'to_regnamespace',
  'to_regrole',
  'to_regcollation',
  'shobj_description',
  'has_database_privilege',
  'has_server_privilege',
  'has_foreign_data_wrapper_privilege',
  'has_tablespace_privilege',
  'gin_clean_pending_list',
  'txid_current_snapshot',
]);
/** Function name prefixes an app may not call: server internals, files, large objects, other databases. */
const BLOCKED_FUNCTION_PREFIXES = ['pg_', '_pg', 'lo_', 'dblink', 'binary_upgrade_', 'brin_', 'plpgsql'];

/** Schemas an app may not name. */
function isSystemSchema(name: string): boolean {
  const n = name.toLowerCase();
  return n === 'pg_catalog' || n === 'information_schema' || n.startsWith('pg_');
}

/** Relations an app may not name: the catalogs (all `pg_*`) and Kiln's own bookkeeping (`_kiln_*`). */
function isReservedRelation(name: string): boolean {
  const n = name.toLowerCase();
  return n.startsWith('pg_') || n.startsWith('_kiln_');
}

/** Object kinds a migration may drop, rename or comment on. */
const SCHEMA_OBJECTS = new Set(['OBJECT_TABLE', 'OBJECT_INDEX', 'OBJECT_COLUMN', 'OBJECT_TABCONSTRAINT']);

let loaded: Promise<typeof import('libpg-query')['parseSync']> | undefined;

/**
 * The parser, loaded on the first statement: its WASM instance keeps ~120 MiB, which a server that serves no
 * app database (most of the time, most servers) should not carry from start.
 */
function ready(): Promise<typeof import('libpg-query')['parseSync']> {
  loaded ??= import('libpg-query').then(async (lib) => {
    await lib.loadModule();
    return lib.parseSync;
  });
  loaded.catch(() => {
    loaded = undefined;
  });
  return loaded;
}

const refuse = (message: string): never => {
  throw new KilnError('validation', message);
};

/** Largest SQL text accepted: a statement from an app, and a migration. */
export const MAX_QUERY_CHARS = 100_000;
export const MAX_MIGRATION_CHARS = 1_000_000;

type Node = Record<string, unknown>;

function isNode(v: unknown): v is Node {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** The sval of every `String` node in a parse-tree value, in order (object names in DROP, COMMENT, RENAME). */
function names(value: unknown): string[] {
  const out: string[] = [];
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const v = stack.pop();
    if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push(v[i]);
    } else if (isNode(v)) {
      const s = v.String;
      if (isNode(s) && typeof s.sval === 'string') out.push(s.sval);
      else stack.push(...Object.values(v).reverse());
    }
  }
  return out;
}

function checkObjectNames(value: unknown): void {
  for (const name of names(value)) {
    if (isSystemSchema(name) || isReservedRelation(name)) refuse(`Access to ${name} is not allowed.`);
  }
}

/**
 * Checks any object of the tree by its fields. libpg-query's JSON wraps a node in its type name only where the
 * C field is a generic `Node *`; typed fields (`relation`, `rel`, `larg`, `funccall`) hold the node bare, so
 * relations, functions and INTO are recognised by shape wherever they appear.
 */
function checkShape(node: Node): void {
  const { schemaname, relname, catalogname, funcname } = node;
  if (typeof catalogname === 'string') refuse('Other databases cannot be named.');
  if (typeof schemaname === 'string' && isSystemSchema(schemaname))
    refuse(`Access to ${schemaname} is not allowed.`);
  if (typeof relname === 'string' && isReservedRelation(relname))
    refuse(`Access to ${relname} is not allowed.`);
  if (node.intoClause !== undefined) refuse('SELECT … INTO is not allowed.');
  if (Array.isArray(funcname)) {
    const parts = names(funcname);
    const name = (parts.at(-1) ?? '').toLowerCase();
    // SQL-standard syntax (EXTRACT, SUBSTRING … FROM, TRIM, AT TIME ZONE) parses to pg_catalog functions.
    const sqlSyntax = node.funcformat === 'COERCE_SQL_SYNTAX';
    for (const schema of parts.slice(0, -1)) {
      if (!sqlSyntax && isSystemSchema(schema)) refuse(`Access to ${schema} is not allowed.`);
    }
    if (BLOCKED_FUNCTIONS.has(name) || BLOCKED_FUNCTION_PREFIXES.some((p) => name.startsWith(p))) {
      refuse(`Function ${name} is not allowed.`);
    }
  }
}

/** Checks one node of the tree by its type (where the JSON names it); the walk reaches every node. */
function checkNode(type: string, node: Node, mode: AppQueryMode): void {
  const forbidden = FORBIDDEN_NODES[type];
  if (forbidden) refuse(forbidden);
  if (type.endsWith('Stmt') && !DATA_KINDS.has(type) && !(mode === 'migration' && SCHEMA_KINDS.has(type))) {
    refuse(
      mode === 'data'
        ? 'Only one SELECT, INSERT, UPDATE or DELETE statement is allowed.'
        : `A migration may only create, alter or drop tables and indexes and change rows (found ${statementName(type)}).`,
    );
  }
  switch (type) {
    case 'DropStmt':
      if (node.removeType !== 'OBJECT_TABLE' && node.removeType !== 'OBJECT_INDEX') {
        refuse('Only tables and indexes can be dropped.');
      }
      checkObjectNames(node.objects);
      break;
    case 'CommentStmt':
      if (!SCHEMA_OBJECTS.has(String(node.objtype))) {
        refuse('Only tables, columns and indexes can be commented on.');
      }
      checkObjectNames(node.object);
      break;
    case 'RenameStmt':
      if (!SCHEMA_OBJECTS.has(String(node.renameType)))
        refuse('Only tables, columns and indexes can be renamed.');
      if (typeof node.newname === 'string' && isReservedRelation(node.newname)) {
        refuse(`Access to ${node.newname} is not allowed.`);
      }
      checkObjectNames(node.object);
      break;
    case 'AlterTableStmt':
      if (node.objtype !== 'OBJECT_TABLE' && node.objtype !== 'OBJECT_INDEX') {
        refuse('Only tables and indexes can be altered.');
      }
      break;
    case 'AlterTableCmd':
      if (node.subtype === 'AT_ChangeOwner') refuse('Owners cannot be changed.');
      if (node.subtype === 'AT_SetTableSpace') refuse('Tablespaces cannot be changed.');
      break;
    case 'IndexStmt':
    case 'CreateStmt':
      if (typeof node.tableSpace === 'string' || typeof node.tablespacename === 'string') {
        refuse('Tablespaces cannot be chosen.');
      }
      if (typeof node.idxname === 'string' && isReservedRelation(node.idxname)) {
        refuse(`Access to ${node.idxname} is not allowed.`);
      }
      break;
  }
}

/** `CreateStmt` → `CREATE`-ish words for messages. */
function statementName(type: string): string {
  return type
    .replace(/Stmt$/, '')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toUpperCase();
}

/**
 * Checks SQL from an app before it runs; throws `KilnError('validation', …)` saying what was refused.
 * `data`: exactly one SELECT, INSERT, UPDATE or DELETE (CTEs of those too). `migration`: one or more of
 * CREATE TABLE, ALTER TABLE, CREATE INDEX, DROP TABLE/INDEX, COMMENT ON, RENAME of tables/columns/indexes,
 * and the data statements (seed rows). Returns the top-level statement kinds.
 */
export async function analyzeAppQuery(
  text: string,
  mode: AppQueryMode,
  values: readonly unknown[] = [],
): Promise<string[]> {
  return (await analyze(text, mode, values)).kinds;
}

/** What the guard learnt of a statement it let through. */
interface Analysis {
  kinds: string[];
  stmts: unknown[];
  /** Whether a check read the bound values (a function call's arguments): the answer holds for these only. */
  readValues: boolean;
}

async function analyze(text: string, mode: AppQueryMode, values: readonly unknown[]): Promise<Analysis> {
  if (typeof text !== 'string') refuse('The query must be a string.');
  if (text.length > (mode === 'data' ? MAX_QUERY_CHARS : MAX_MIGRATION_CHARS))
    refuse('The query is too long.');
  const parseSync = await ready();
  let parsed: { stmts?: { stmt?: unknown }[] };
  try {
    parsed = parseSync(text) as typeof parsed;
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    // Only whitespace and comments: the parser has no statement to report on.
    if (/^Query cannot be empty/i.test(message)) refuse('The query is empty.');
    return refuse(`The query could not be parsed: ${message}.`);
  }
  const stmts = parsed.stmts ?? [];
  if (stmts.length === 0) refuse('The query is empty.');
  const kinds: string[] = [];
  for (const { stmt } of stmts) {
    const kind = isNode(stmt) ? Object.keys(stmt)[0] : undefined;
    if (kind === undefined) return refuse('The query is empty.');
    kinds.push(kind);
    const forbidden = FORBIDDEN_NODES[kind];
    if (forbidden) refuse(forbidden);
  }
  if (mode === 'data' && (kinds.length !== 1 || !DATA_KINDS.has(kinds[0] ?? ''))) {
    refuse('Only one SELECT, INSERT, UPDATE or DELETE statement is allowed.');
  }
  // The whole tree, generically: every object key that names a node type is checked, however deep.
  const stack: unknown[] = stmts.map((s) => s.stmt);
  const amplified = { chars: 0 };
  let readValues = false;
  while (stack.length > 0) {
    const v = stack.pop();
    if (Array.isArray(v)) {
      for (const item of v) stack.push(item);
    } else if (isNode(v)) {
      checkShape(v);
      for (const [key, child] of Object.entries(v)) {
        if (/^[A-Z]/.test(key) && isNode(child)) checkNode(key, child, mode);
        if (key === 'FuncCall' && isNode(child) && mode === 'data') {
          readValues = true;
          checkAmplifier(child, values, amplified);
        }
        if (typeof child === 'object' && child !== null) stack.push(child);
      }
    }
  }
  return { kinds, stmts: stmts.map((s) => s.stmt), readValues };
}

/**
 * Most characters the size-amplifying functions of one statement may produce together (`repeat`, `lpad`,
 * `rpad`, `array_fill` elements): a statement cannot build a value past the result cap inside the database.
 */
export const MAX_AMPLIFIED_CHARS = 4 * 1024 * 1024;
/** Most rows `generate_series` over integer constants may produce. */
export const MAX_SERIES_ROWS = 1_000_000;
/** Most times `repeat` may repeat a value whose length is not known from the statement (a column's). */
const MAX_REPEAT_UNKNOWN = 100;
const AMPLIFIERS = new Set(['repeat', 'lpad', 'rpad', 'array_fill']);

/** The statement's constant: an integer or string literal or a bound `$n` value, through casts; else undefined. */
function constant(node: unknown, values: readonly unknown[]): string | number | undefined {
  if (!isNode(node)) return undefined;
  const cast = node.TypeCast;
  if (isNode(cast)) return constant(cast.arg, values);
  const c = node.A_Const;
  if (isNode(c)) {
    if (isNode(c.ival)) return typeof c.ival.ival === 'number' ? c.ival.ival : 0;
    if (isNode(c.sval)) return typeof c.sval.sval === 'string' ? c.sval.sval : '';
    // Numbers too large for an int4 (`1e10`, `3000000000`) parse as float constants.
    if (isNode(c.fval) && typeof c.fval.fval === 'string') return Math.round(Number(c.fval.fval));
    return undefined;
  }
  const param = node.ParamRef;
  if (isNode(param) && typeof param.number === 'number') {
    const v = values[param.number - 1];
    if (typeof v === 'number' || typeof v === 'string') return v;
  }
  return undefined;
}

function count(node: unknown, values: readonly unknown[]): number | undefined {
  const c = constant(node, values);
  const n = typeof c === 'number' ? c : typeof c === 'string' && /^\s*-?\d+\s*$/.test(c) ? Number(c) : NaN;
  return Number.isSafeInteger(n) ? n : undefined;
}

function isAmplifierCall(node: unknown): boolean {
  return (
    isNode(node) &&
    isNode(node.FuncCall) &&
    AMPLIFIERS.has((names(node.FuncCall.funcname).at(-1) ?? '').toLowerCase())
  );
}

/**
 * Bounds the functions that turn a small statement into a huge value or row set (issue 13: `SELECT
 * repeat($1, 200000000)` built a 200 MB row): their sizes must be constants of the statement (literals or
 * bound values) within `MAX_AMPLIFIED_CHARS` in total, and they may not feed one another.
 */
function checkAmplifier(call: Node, values: readonly unknown[], amplified: { chars: number }): void {
  const name = (names(call.funcname).at(-1) ?? '').toLowerCase();
  const args = Array.isArray(call.args) ? (call.args as unknown[]) : [];
  const tooBig = `${name} would build a value larger than the result limit; ask for less.`;
  if (name === 'generate_series') {
    const [start, stop, step] = args.map((a) => count(a, values));
    if (start === undefined || stop === undefined) return; // timestamps and columns: bounded by the row and byte caps
    const rows = Math.floor(Math.abs(stop - start) / Math.max(1, Math.abs(step ?? 1))) + 1;
    if (rows > MAX_SERIES_ROWS) refuse(`generate_series may produce at most ${MAX_SERIES_ROWS} rows.`);
    return;
  }
  if (!AMPLIFIERS.has(name)) return;
  if (args.some(containsAmplifier)) {
    refuse(`${name} cannot be applied to the result of repeat, lpad, rpad or array_fill.`);
  }
  let chars: number;
  if (name === 'array_fill') {
    const dims = isNode(args[1]) && isNode(args[1].A_ArrayExpr) ? args[1].A_ArrayExpr.elements : undefined;
    const sizes = Array.isArray(dims) ? dims.map((d) => count(d, values)) : [undefined];
    if (sizes.some((d) => d === undefined))
      refuse('array_fill needs its dimensions as numbers in the statement.');
    chars = (sizes as number[]).reduce((a, b) => a * Math.max(0, b), 1);
  } else if (name === 'repeat') {
    const times = count(args[1], values);
    if (times === undefined) refuse('repeat needs its count as a number in the statement.');
    const text = constant(args[0], values);
    if (typeof text !== 'string' && typeof text !== 'number' && (times as number) > MAX_REPEAT_UNKNOWN) {
      refuse(`repeat may repeat a column's value at most ${MAX_REPEAT_UNKNOWN} times.`);
    }
    chars = Math.max(0, times as number) * (text === undefined ? 1 : Math.max(1, String(text).length));
  } else {
    const length = count(args[1], values);
    if (length === undefined) refuse(`${name} needs its length as a number in the statement.`);
    chars = Math.max(0, length as number);
  }
  amplified.chars += chars;
  if (amplified.chars > MAX_AMPLIFIED_CHARS) refuse(tooBig);
}

function containsAmplifier(value: unknown): boolean {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const v = stack.pop();
    if (isAmplifierCall(v)) return true;
    if (Array.isArray(v)) stack.push(...v);
    else if (isNode(v)) stack.push(...Object.values(v));
  }
  return false;
}

/**
 * The app tables a statement reads or writes, by the parser's tree: every relation named anywhere (joins,
 * subqueries, set operations, CTE bodies), minus the names that refer to a CTE in scope there. Scoping
 * follows Postgres: a CTE is visible in its statement's body and in later CTEs of the same WITH (every one,
 * itself included, under WITH RECURSIVE); a schema-qualified name is always a table.
 */
function relationsIn(root: unknown): Set<string> {
  const found = new Set<string>();
  const visit = (v: unknown, ctes: ReadonlySet<string>): void => {
    if (Array.isArray(v)) {
      for (const item of v) visit(item, ctes);
      return;
    }
    if (!isNode(v)) return;
    if (typeof v.relname === 'string') {
      if (typeof v.schemaname === 'string' || !ctes.has(v.relname)) found.add(v.relname);
    }
    const withClause = v.withClause;
    let inner = ctes;
    if (isNode(withClause) && Array.isArray(withClause.ctes)) {
      const list = withClause.ctes
        .map((c) => (isNode(c) && isNode(c.CommonTableExpr) ? c.CommonTableExpr : null))
        .filter((c): c is Node => c !== null);
      const all = list.map((c) => String(c.ctename));
      list.forEach((cte, i) => {
        const visible = new Set([...ctes, ...(withClause.recursive === true ? all : all.slice(0, i))]);
        visit(cte, visible);
      });
      inner = new Set([...ctes, ...all]);
    }
    for (const [key, child] of Object.entries(v)) {
      if (key !== 'withClause' && typeof child === 'object' && child !== null) visit(child, inner);
    }
  };
  visit(root, new Set());
  return found;
}

/** Node types that change data; none may appear in a statement that is only allowed to read. */
const WRITING_NODES = new Set(['InsertStmt', 'UpdateStmt', 'DeleteStmt', 'MergeStmt']);

function writes(root: unknown): boolean {
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const v = stack.pop();
    if (Array.isArray(v)) stack.push(...v);
    else if (isNode(v)) {
      for (const [key, child] of Object.entries(v)) {
        if (WRITING_NODES.has(key) || key === 'lockingClause') return true;
        if (typeof child === 'object' && child !== null) stack.push(child);
      }
    }
  }
  return false;
}

/**
 * Statements `describeAppQuery` let through, by text: the parse and the checks depend only on the text unless a
 * function call's arguments were read (bound values), so an app's repeated queries (every request of a
 * function runs the same few) are parsed once, not on every request (issue 15).
 */
const described = new Map<string, { kind: string; readOnly: boolean; tables: Set<string> }>();
const MAX_DESCRIBED = 1000;
const MAX_DESCRIBED_CHARS = 4096;

/**
 * Checks a data statement (as `analyzeAppQuery` in `data` mode) and tells what it is: whether it only reads
 * (a SELECT with no INSERT/UPDATE/DELETE in a CTE and no FOR UPDATE/SHARE) and which app tables it touches.
 */
export async function describeAppQuery(
  text: string,
  values: readonly unknown[] = [],
): Promise<{ kind: string; readOnly: boolean; tables: Set<string> }> {
  const known = typeof text === 'string' ? described.get(text) : undefined;
  if (known) return { ...known, tables: new Set(known.tables) };
  const { kinds, stmts, readValues } = await analyze(text, 'data', values);
  const root = stmts[0];
  const facts = {
    kind: kinds[0] ?? '',
    readOnly: kinds[0] === 'SelectStmt' && !writes(root),
    tables: relationsIn(root),
  };
  if (!readValues && text.length <= MAX_DESCRIBED_CHARS) {
    if (described.size >= MAX_DESCRIBED) described.delete(described.keys().next().value as string);
    described.set(text, { ...facts, tables: new Set(facts.tables) });
  }
  return facts;
}

/** Throws `KilnError('validation', …)` unless an app may run `text` in this mode (see `analyzeAppQuery`). */
export async function checkAppQuery(text: string, mode: AppQueryMode): Promise<void> {
  await analyzeAppQuery(text, mode);
}
