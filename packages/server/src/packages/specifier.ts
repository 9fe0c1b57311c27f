/**
 * @module Bare import specifiers of npm packages, as generated code writes them: `pkg`, `@scope/pkg`,
 * `pkg/sub/path`, `pkg@1.2.3`, `@scope/pkg@^2/sub`. Parsing only; no network.
 */
import { builtinModules } from 'node:module';
import { KilnError } from '@kiln/core';
import semver from 'semver';
import { PACKAGE_MESSAGES as M } from './messages';

export interface PackageSpecifier {
  /** The import source as written. */
  source: string;
  /** The package name: `pkg`, `@scope/pkg`. */
  name: string;
  /** The version or range asked for (`1.2.3`, `^2`, a dist-tag), or null for the newest (`latest`). */
  range: string | null;
  /** The path inside the package after the name (and version), without a leading slash: `sub/path`, or ''. */
  subpath: string;
}

const NAME_PART = /^[a-z0-9~-][a-z0-9._~-]*$/;
/** A dist-tag (`latest`, `next`, `beta`): what npm accepts besides versions and ranges. */
const TAG = /^[a-z][a-z0-9._-]{0,63}$/i;

/** Parses a bare specifier; throws a validation error naming it when it is not one. */
export function parseSpecifier(source: string): PackageSpecifier {
  const bad = () => new KilnError('validation', M.invalidSpecifier(source));
  if (source.length > 300 || !source || source.startsWith('.') || source.startsWith('/')) throw bad();
  const parts = source.split('/');
  const scoped = source.startsWith('@');
  const nameParts = parts.slice(0, scoped ? 2 : 1);
  const rest = parts.slice(scoped ? 2 : 1);
  const last = nameParts.length - 1;
  let range: string | null = null;
  const at = (nameParts[last] ?? '').indexOf('@');
  if (at > 0) {
    range = (nameParts[last] ?? '').slice(at + 1);
    nameParts[last] = (nameParts[last] ?? '').slice(0, at);
    if (!range || !(semver.validRange(range) || TAG.test(range))) throw bad();
  }
  if (scoped && (nameParts.length < 2 || !NAME_PART.test((nameParts[0] ?? '').slice(1)))) throw bad();
  if (!NAME_PART.test(nameParts[last] ?? '')) throw bad();
  if (rest.some((p) => p === '' || p === '.' || p === '..')) throw bad();
  const name = nameParts.join('/');
  if (name.length > 214) throw bad();
  return { source, name, range, subpath: rest.join('/') };
}

/** Node's built-in modules (`fs`, `node:fs`, `fs/promises` → `fs`), or null for anything else. */
export function nodeBuiltin(source: string): string | null {
  const bare = source.startsWith('node:') ? source.slice(5) : source;
  const top = bare.split('/')[0] ?? '';
  return builtinModules.includes(bare) || builtinModules.includes(top) ? top : null;
}
