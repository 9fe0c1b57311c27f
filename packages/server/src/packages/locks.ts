/**
 * @module A revision's lock record of npm packages (`revision_packages`): the first resolution of an import
 * source for a revision is stored (name → exact version + integrity + bundle) and every later request for the
 * revision — the preview, `kiln render`, the published app — gets that same bundle. A revision without a
 * lock for an import takes the version its parent revision pinned for that package, so edits keep versions;
 * an import that names its own version (`pkg@2`) is resolved as written.
 */
import { KilnError } from '@kiln/core';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/index';
import { revisionPackages, revisions } from '../db/schema';
import { PACKAGE_MESSAGES as M } from './messages';
import type { PackagePin, PackageResolver, ResolvedPackage } from './resolver';
import { nodeBuiltin, parseSpecifier } from './specifier';

/** Does one of the revision's modules import `source` (`from 'x'`, `import 'x'`, `import('x')`)? */
async function revisionImports(db: Db, revisionId: string, source: string): Promise<boolean> {
  const [rev] = await db
    .select({ modules: revisions.modules })
    .from(revisions)
    .where(eq(revisions.id, revisionId));
  const quoted = [`'${source}'`, `"${source}"`];
  return (rev?.modules ?? []).some(
    (m) => m.moduleType !== 'FUNCTION' && quoted.some((q) => m.content.includes(q)),
  );
}

/** The lock rows of one revision. */
export function revisionLock(db: Db, revisionId: string) {
  return db.select().from(revisionPackages).where(eq(revisionPackages.revisionId, revisionId));
}

/** A pin for `source` from the revision's other imports of the same package, or from its parent's lock. */
export async function inheritedPin(
  db: Db,
  revisionId: string,
  source: string,
): Promise<PackagePin | undefined> {
  if (nodeBuiltin(source)) return undefined;
  const spec = parseSpecifier(source);
  if (spec.range) return undefined;
  const own = (await revisionLock(db, revisionId)).find((r) => r.name === spec.name);
  if (own) return { version: own.version };
  const [rev] = await db
    .select({ parentId: revisions.parentId })
    .from(revisions)
    .where(eq(revisions.id, revisionId));
  if (!rev?.parentId) return undefined;
  const parent = (await revisionLock(db, rev.parentId)).find((r) => r.name === spec.name);
  return parent ? { version: parent.version } : undefined;
}

/** Does the revision's page code import `source`, or is it a peer of a package it imports (react-chartjs-2 → chart.js)? */
async function pageMayLoad(
  db: Db,
  resolver: PackageResolver,
  revisionId: string,
  source: string,
): Promise<boolean> {
  if (await revisionImports(db, revisionId, source)) return true;
  const lock = await revisionLock(db, revisionId);
  return lock.some((l) => resolver.bundlePeers(l.bundle).includes(source));
}

/** Resolves an import source for a revision, pinned by its lock record (created on first use). */
export async function resolveForRevision(
  db: Db,
  resolver: PackageResolver,
  revisionId: string,
  source: string,
  opts: { importedOnly?: boolean } = {},
): Promise<ResolvedPackage> {
  const [locked] = await db
    .select()
    .from(revisionPackages)
    .where(and(eq(revisionPackages.revisionId, revisionId), eq(revisionPackages.source, source)));
  // A row without a bundle was pinned by the revision's functions (functions/npm.ts), not by its pages.
  const functionsOnly = locked?.bundle === '';
  // A published app's visitors may only load what its page code imports, never make the server fetch anything else.
  if (
    (!locked || functionsOnly) &&
    opts.importedOnly &&
    !(await pageMayLoad(db, resolver, revisionId, source))
  ) {
    throw new KilnError('not_found', M.notImported(source));
  }
  if (locked) {
    if (resolver.bundleFile(locked.bundle))
      return { ...locked, source, peers: resolver.bundlePeers(locked.bundle) };
    // The bundle is gone (a new data folder), or none was made yet: bundle the pinned version (again).
    const pinned = await resolver.resolve(source, {
      version: locked.version,
      integrity: locked.integrity || undefined,
    });
    if (functionsOnly) {
      await db
        .update(revisionPackages)
        .set({ bundle: pinned.bundle })
        .where(and(eq(revisionPackages.revisionId, revisionId), eq(revisionPackages.source, source)));
    }
    return pinned;
  }
  const resolved = await resolver.resolve(source, await inheritedPin(db, revisionId, source));
  await db
    .insert(revisionPackages)
    .values({
      revisionId,
      source,
      name: resolved.name,
      version: resolved.version,
      integrity: resolved.integrity,
      bundle: resolved.bundle,
    })
    .onConflictDoNothing();
  return resolved;
}
