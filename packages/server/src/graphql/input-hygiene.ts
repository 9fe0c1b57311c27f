/**
 * @module Input hygiene for the GraphQL API: control characters (C0 except tab, line feed and carriage
 * return; DEL; C1) in any string argument, inline or as a variable, are refused before a resolver runs,
 * with a `validation` error naming the field. A NUL would otherwise fail in PostgreSQL (500) or reach the
 * log raw; an ANSI escape could rewrite an operator's terminal. Tabs and line breaks stay allowed (prompts
 * and chat messages have them). Also the escaping every log line uses.
 */
import { createGraphQLError, type Plugin } from 'graphql-yoga';

/** Control characters refused in input: C0 without tab, LF and CR; DEL; C1. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is this module's job.
const REFUSED = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;

/** Whether a string has a control character input may not carry. */
export function hasControlCharacters(text: string): boolean {
  return REFUSED.test(text);
}

export { escapeControlCharacters } from '../log-text';

/** The message for a refused value. */
export const controlCharactersMessage = (field: string) => `${field} must not contain control characters.`;

// The parts of the GraphQL AST read here (plain objects: no graphql import, so one copy or two both work).
interface ValueNode {
  kind: string;
  value?: unknown;
  name?: { value: string };
  values?: readonly ValueNode[];
  fields?: readonly { name: { value: string }; value: ValueNode }[];
}
interface AstNode {
  kind: string;
  [key: string]: unknown;
}

/** The name of the first field whose value (a literal or a variable's value) has a control character. */
function offendingField(document: unknown, variables: Record<string, unknown> | null | undefined) {
  const inValue = (value: unknown, field: string): string | null => {
    if (typeof value === 'string') return hasControlCharacters(value) ? field : null;
    if (Array.isArray(value)) {
      for (const item of value) {
        const found = inValue(item, field);
        if (found) return found;
      }
    } else if (value && typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) {
        const found = inValue(item, key);
        if (found) return found;
      }
    }
    return null;
  };
  const inNode = (node: ValueNode, field: string): string | null => {
    switch (node.kind) {
      case 'StringValue':
        return inValue(node.value, field);
      case 'Variable':
        return inValue(variables?.[node.name!.value], field);
      case 'ListValue':
        for (const item of node.values ?? []) {
          const found = inNode(item, field);
          if (found) return found;
        }
        return null;
      case 'ObjectValue':
        for (const f of node.fields ?? []) {
          const found = inNode(f.value, f.name.value);
          if (found) return found;
        }
        return null;
      default:
        return null;
    }
  };
  // Every Argument node in the document (operation, fragments, directives).
  const walk = (node: unknown): string | null => {
    if (Array.isArray(node)) {
      for (const child of node) {
        const found = walk(child);
        if (found) return found;
      }
      return null;
    }
    if (!node || typeof node !== 'object' || !('kind' in node)) return null;
    const n = node as AstNode;
    if (n.kind === 'Argument') {
      return inNode(n.value as ValueNode, (n.name as { value: string }).value);
    }
    for (const [key, child] of Object.entries(n)) {
      if (key === 'loc') continue;
      if (child && typeof child === 'object') {
        const found = walk(child);
        if (found) return found;
      }
    }
    return null;
  };
  return walk(document);
}

/** The yoga plugin: refuses an operation whose arguments carry control characters, before it runs. */
export function inputHygiene(): Plugin {
  return {
    onExecute({ args, setResultAndStopExecution }) {
      const field = offendingField(args.document, args.variableValues as Record<string, unknown> | undefined);
      if (field) {
        setResultAndStopExecution({
          errors: [
            createGraphQLError(controlCharactersMessage(field), {
              extensions: { code: 'validation', http: { status: 400 } },
            }),
          ],
        });
      }
    },
  };
}
