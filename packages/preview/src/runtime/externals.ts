/**
 * The icons and libraries a load's modules import, loaded in parallel before they are evaluated: lucide
 * icons by name, catalogue libraries, the built-in `@/components/ui/*` and `@/lib/utils` a project lacks,
 * and npm packages outside the catalogue (pinned to the revision; why one failed is kept for its module's
 * error). Also an icon a module uses without importing it (`<Plus />`).
 * @module
 */

import { builtinProjectSource } from '../catalogue.ts';
import { markPureComponent } from './jsx.ts';
import { isCatalogueLibrary, loadIcon, loadLibrary, loadPackage } from './libraries.ts';
import { findRecord, type ModuleRecord } from './module-records.ts';
import { bindRouterLibrary, ROUTER_PACKAGES } from './router-shims.tsx';
import type { ShimHost } from './shim-host.ts';

export class Externals {
  readonly icons = new Map<string, unknown>();
  readonly libraries = new Map<string, Record<string, unknown>>();
  /** Why an npm package outside the catalogue could not be loaded, by import source (the last load's). */
  readonly packageErrors = new Map<string, string>();
  private readonly iconAttempts = new Set<string>();

  /** `host` is what react-router packages follow (runtime/router-shims.tsx). */
  constructor(
    private readonly assetBase: string,
    private readonly host: ShimHost,
  ) {}

  /** Loads every icon and library the modules import, in parallel; npm packages pinned to the revision. */
  async load(records: ReadonlyMap<string, ModuleRecord>, revisionId: string): Promise<void> {
    const waits: Promise<void>[] = [];
    for (const rec of records.values()) {
      for (const imp of rec.compiled?.imports ?? []) {
        if (imp.kind === 'icons') {
          for (const n of imp.named) {
            if (this.icons.has(n.imported)) continue;
            waits.push(
              loadIcon(this.assetBase, n.imported).then((icon) => {
                if (!icon) return;
                markPureComponent(icon);
                this.icons.set(n.imported, icon);
              }),
            );
          }
        } else if (imp.kind === 'library' || imp.kind === 'project') {
          // A project import of `@/components/ui/*` or `@/lib/utils` the project lacks gets the built-in one.
          const source = imp.kind === 'library' ? imp.source : builtinProjectSource(imp.source);
          if (!source || this.libraries.has(source)) continue;
          if (imp.kind === 'project' && findRecord(records, imp.source)) continue;
          if (imp.kind === 'library' && !isCatalogueLibrary(source)) {
            waits.push(
              loadPackage(this.assetBase, source, revisionId).then((r) => {
                if ('lib' in r) {
                  this.packageErrors.delete(source);
                  // react-router follows the engine's route (runtime/router-shims.tsx).
                  const lib = ROUTER_PACKAGES.includes(source) ? bindRouterLibrary(this.host, r.lib) : r.lib;
                  this.libraries.set(source, lib);
                } else this.packageErrors.set(source, r.error);
              }),
            );
            continue;
          }
          waits.push(
            loadLibrary(this.assetBase, source).then((lib) => {
              if (lib) this.libraries.set(source, lib);
            }),
          );
        }
      }
    }
    await Promise.all(waits);
  }

  /**
   * `<Plus />` without importing it: if a lucide icon has that name, load it (once per name) and call
   * `loaded` so the modules standing it in evaluate again.
   */
  loadImplicitIcon(name: string, loaded: () => void): void {
    if (!/^[A-Z][A-Za-z0-9]*$/.test(name) || this.iconAttempts.has(name) || this.icons.has(name)) return;
    this.iconAttempts.add(name);
    void loadIcon(this.assetBase, name).then((icon) => {
      if (!icon) return;
      markPureComponent(icon);
      this.icons.set(name, icon);
      loaded();
    });
  }
}
