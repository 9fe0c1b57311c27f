/**
 * npm packages in functions (issue 16): a bare import in a FUNCTION module (`import slugify from 'slugify'`)
 * is resolved by the same resolver as the browser's imports (packages/resolver.ts: registry integrity, tarball
 * size and file caps, `KILN_NPM_DENY`, the content-addressed cache), but bundled for the server platform
 * (packages/bundle.ts `server`: peers bundled in, the function's own `process`, Node built-ins without a
 * permission-free stand-in throw naming the package). The package's code is bundled into the route's module
 * (./bundle.ts), so the Deno process still runs with no permissions and reads nothing beyond today's files.
 *
 * Versions are pinned per revision in `revision_packages` like the browser's: an import the revision already
 * locked (by its pages or an earlier function request) gets that version; else the version its other imports of
 * the package or its parent revision pinned; a first resolution is recorded with an empty bundle (the browser
 * bundle of the pinned version is made if a page ever asks, see locks.ts).
 * @module
 */
import { readFile } from 'node:fs/promises';
import { KilnError } from '@kiln/core';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/index';
import { revisionPackages } from '../db/schema';
import { inheritedPin } from '../packages/locks';
import type { PackagePin, PackageResolver } from '../packages/resolver';
import { nodeBuiltin } from '../packages/specifier';

/** The code of an npm import for a function's bundle; rejects with a message naming the package. */
export type FunctionPackages = (source: string) => Promise<string>;

/** Bare package specifiers only: not relative, not `@/…`, not a URL, not a Node built-in. */
const BARE = /^(?:@[a-z0-9][\w.~-]*\/)?[a-z0-9][\w.~-]*(?:@[^/\s]+)?(?:\/[^\s]*)?$/i;

/** Is `source` an import the functions bundler should ask the npm resolver for? */
export function isPackageImport(source: string): boolean {
  return BARE.test(source) && !source.includes(':') && nodeBuiltin(source) === null;
}

/** The server bundle's text for a hash (it was just written by the resolver). */
async function bundleText(resolver: PackageResolver, hash: string, source: string): Promise<string> {
  const file = resolver.bundleFile(hash);
  if (!file) throw new KilnError('internal', `The bundle of package "${source}" is missing.`);
  return readFile(file, 'utf8');
}

/** Resolves one import of `revisionId`'s functions to server bundle code, pinned by the revision's lock. */
export async function resolveFunctionPackage(
  db: Db,
  resolver: PackageResolver,
  revisionId: string,
  source: string,
): Promise<string> {
  const [locked] = await db
    .select()
    .from(revisionPackages)
    .where(and(eq(revisionPackages.revisionId, revisionId), eq(revisionPackages.source, source)));
  const pin: PackagePin | undefined = locked
    ? { version: locked.version, ...(locked.integrity ? { integrity: locked.integrity } : {}) }
    : await inheritedPin(db, revisionId, source);
  const resolved = await resolver.resolve(source, pin, 'server');
  if (!locked) {
    await db
      .insert(revisionPackages)
      .values({
        revisionId,
        source,
        name: resolved.name,
        version: resolved.version,
        integrity: resolved.integrity,
        // No browser bundle yet: locks.ts bundles the pinned version for a page that asks.
        bundle: '',
      })
      .onConflictDoNothing();
  }
  return bundleText(resolver, resolved.bundle, source);
}

/** The npm imports of one revision's functions (remembered per import for the life of the returned function). */
export function functionPackages(db: Db, resolver: PackageResolver, revisionId: string): FunctionPackages {
  const known = new Map<string, Promise<string>>();
  return (source) => {
    let p = known.get(source);
    if (!p) {
      p = resolveFunctionPackage(db, resolver, revisionId, source);
      p.catch(() => known.delete(source));
      known.set(source, p);
    }
    return p;
  };
}
