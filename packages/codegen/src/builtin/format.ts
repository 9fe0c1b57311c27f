/**
 * Writers of Kiln's tagged output format, used by the builtin generator to produce exactly what a model
 * would: chat text, thinking, whole files, SEARCH/REPLACE edits and database migrations.
 * @module
 */
import type { GenModule, SearchReplace } from '../types.ts';

/** A `<kiln:thinking>` block. */
export function thinkingBlock(text: string): string {
  return `<kiln:thinking>\n${text}\n</kiln:thinking>\n`;
}

/** A `<kiln:file>` block holding a whole module. */
export function fileBlock(module: GenModule): string {
  return `<kiln:file path="${module.filePath}" type="${module.moduleType}">\n${module.content}</kiln:file>\n`;
}

/** A `<kiln:edit>` block with SEARCH/REPLACE pairs. */
export function editBlock(filePath: string, edits: SearchReplace[]): string {
  const blocks = edits.map((e) => `<<<<<<< SEARCH\n${e.search}\n=======\n${e.replace}\n>>>>>>> REPLACE\n`);
  return `<kiln:edit path="${filePath}">\n${blocks.join('')}</kiln:edit>\n`;
}

/**
 * A `<kiln:migration>` block: one or more SQL statements (DDL and seed rows) the app's database runs once,
 * under a unique `name` (`create_todos`).
 */
export function migrationBlock(name: string, sql: string): string {
  return `<kiln:migration name="${name}">${sql}</kiln:migration>\n`;
}

/**
 * A `<kiln:choices>` block: next messages the user can click to send, one per line (each one a follow-up the
 * builtin generator itself handles).
 */
export function choicesBlock(choices: readonly string[]): string {
  return `<kiln:choices>\n${choices.join('\n')}\n</kiln:choices>\n`;
}

/** A `<kiln:publish/>` block: the reply suggests publishing the app. */
export function publishBlock(): string {
  return '<kiln:publish/>\n';
}

/** A JavaScript single-quoted string literal. */
export function jsString(text: string): string {
  return `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'").replace(/\n/g, '\\n')}'`;
}

/** Text safe to place between JSX tags. */
export function jsxText(text: string): string {
  return text.replace(/[{}<>]/g, '');
}
