/**
 * @module The check every finished revision goes through, generated or made by hand: compiled, every page
 * rendered in headless Chromium (validate.ts), with the npm packages pinned to the revision.
 */
import type { Db } from '../db/index';
import { functionPackages } from '../functions/npm';
import { resolveForRevision } from '../packages/locks';
import { type ValidatedModule, type ValidationResult, validateRevision } from './validate';
import type { WorkerOptions } from './worker-options';

/** VALID, INVALID_CODE (with the failing module) or INVALID_PROMPT for `modules` of `revision`. */
export function checkRevision(
  db: Db,
  deps: Pick<Required<WorkerOptions>, 'log' | 'packages'>,
  revision: { id: string; action: string },
  modules: readonly ValidatedModule[],
): Promise<ValidationResult> {
  const resolver = deps.packages;
  return validateRevision(modules, {
    action: revision.action,
    log: deps.log,
    ...(resolver
      ? {
          packages: {
            resolve: (source: string) => resolveForRevision(db, resolver, revision.id, source),
            bundleFile: (hash: string) => resolver.bundleFile(hash),
          },
          functionPackages: functionPackages(db, resolver, revision.id),
        }
      : {}),
  });
}
