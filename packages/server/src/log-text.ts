/**
 * @module The escaping every server log line uses (kept apart from the GraphQL input checks that share its
 * character classes, so logging does not load GraphQL Yoga at start: issue 15, footprint).
 */

/** Control characters escaped in log lines: every one but the line feed (see `escapeControlCharacters`). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is this module's job.
const ESCAPED = /[\u0000-\u0009\u000B-\u001F\u007F-\u009F]/g;

/**
 * A string safe to write into a log: control characters as `\u0000`-style escapes; a line break stays,
 * but the following line is indented, so user data cannot start a line that looks like a log entry.
 */
export function escapeControlCharacters(text: string): string {
  return text
    .replace(ESCAPED, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)
    .replace(/\n/g, '\n  ');
}
