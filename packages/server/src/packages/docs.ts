/**
 * @module The generation's `package_documentation` for npm packages outside the catalogue (issue 16): each name
 * looked up by the resolver (README and type declarations of the newest version), all at once; a package that
 * cannot be documented is answered with the resolver's own sentence (not found, unreachable, denied).
 */
import type { NpmDocs } from '@kiln/codegen';
import type { PackageResolver } from './resolver';

/** `NpmDocs` over `resolver`. */
export function npmDocsFrom(resolver: Pick<PackageResolver, 'documentation'>): NpmDocs {
  return async (names) =>
    Object.fromEntries(
      await Promise.all(
        names.map(async (name) => {
          try {
            return [name, await resolver.documentation(name)] as const;
          } catch (err) {
            return [name, { error: err instanceof Error ? err.message : String(err) }] as const;
          }
        }),
      ),
    );
}
