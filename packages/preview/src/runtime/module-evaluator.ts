/**
 * Evaluating a load's module records: a module runs with undefined names replaced by stand-ins (up to
 * `MAX_STAND_INS`, remembered by code), its own components bound to forwarders so an edit keeps their
 * component type (runtime/refresh.ts), its unchanged functions kept across edits (runtime/reuse.ts), and its
 * default export rendered through one refreshable component type per file and hook signature, so edits keep
 * state as Fast Refresh does.
 * @module
 */

import type { ComponentType } from 'react';
import { buildScope, MAX_STAND_INS, runModule, type ScopeSources, undefinedName } from './evaluate.ts';
import type { ModuleRecord } from './module-records.ts';
import {
  LOCAL_BINDING,
  LOCALS_RECORD,
  makeForwarder,
  moduleLocals,
  recordLocals,
  setForwarderTarget,
  withLocalRefresh,
} from './refresh.ts';
import { hookSignature, isAsyncFunction, type RefreshProps, refreshable } from './render-wrappers.tsx';
import { FunctionReuse } from './reuse.ts';

/** What evaluation needs from the engine. */
export interface EvaluatorHost {
  readonly kind: 'preview' | 'app';
  /** True while the shown code is a draft still being generated. */
  readonly generating: boolean;
  /** What a module's scope resolves names from (components, project modules, icons, libraries). */
  readonly scopeSources: ScopeSources;
  record(filePath: string): ModuleRecord | undefined;
  /** A stand-in's name may be a lucide icon used without importing it: load it, then evaluate again. */
  loadImplicitIcon(name: string): void;
}

export class ModuleEvaluator {
  private readonly standInsByCode = new Map<string, string[]>();
  /** The preview's edits keep a module's unchanged functions (runtime/reuse.ts). */
  private readonly functionReuse = new FunctionReuse();

  constructor(private readonly host: EvaluatorHost) {}

  /** Runs a module, replacing undefined names by stand-ins (up to MAX_STAND_INS) until it evaluates. */
  evaluate(rec: ModuleRecord): void {
    const compiled = rec.compiled;
    if (!compiled || rec.exports || rec.evalError !== undefined) return;
    rec.evaluating = true;
    rec.standIns = [...(this.standInsByCode.get(compiled.code) ?? rec.standIns)];
    // In the preview, the module's own components keep their component type across edits (runtime/refresh.ts).
    const code = this.host.kind === 'preview' ? withLocalRefresh(compiled.code) : compiled.code;
    for (;;) {
      const { scope } = buildScope(compiled, this.host.scopeSources, rec.standIns, rec.componentName);
      if (code !== compiled.code) {
        scope.set(LOCAL_BINDING, this.localBinding(rec.filePath, this.host.generating));
        scope.set(LOCALS_RECORD, recordLocals);
      }
      try {
        const { pieces } = compiled;
        const reusing = this.host.kind === 'preview' && !this.host.generating;
        rec.exports = runModule(
          code,
          scope,
          reusing && pieces
            ? (names, values) =>
                this.functionReuse.prepare(
                  rec.filePath,
                  code,
                  pieces,
                  names,
                  values,
                  hookSignature(compiled.code),
                )
            : undefined,
        );
        if (reusing) this.functionReuse.settle(rec.filePath, rec.exports);
        // A cached evaluation returns its old exports: point its forwarders at its code again.
        for (const [, impl, bound] of moduleLocals(rec.exports)) setForwarderTarget(bound, impl);
        break;
      } catch (error) {
        const name = undefinedName(error);
        if (name && rec.standIns.length < MAX_STAND_INS && !rec.standIns.includes(name)) {
          rec.standIns.push(name);
          this.host.loadImplicitIcon(name);
          continue;
        }
        rec.evalError = error;
        break;
      }
    }
    this.standInsByCode.set(compiled.code, rec.standIns);
    rec.evaluating = false;
  }

  private readonly localBindings = new Map<string, (name: string, impl: unknown) => unknown>();
  private readonly forwarders = new Map<string, Map<string, unknown>>();

  /**
   * `__kiln_local` for one file: a module's own component → its forwarder, one per file, name and hook
   * signature of the module (a changed hook list remounts, as Fast Refresh does). While generating, drafts
   * keep their own functions (a separate binding, so evaluations cached in one state are not reused in the
   * other), and the forwarders keep pointing at the last finished code.
   */
  private localBinding(filePath: string, generating: boolean): (name: string, impl: unknown) => unknown {
    const id = `${generating}\n${filePath}`;
    let bind = this.localBindings.get(id);
    if (!bind) {
      bind = (name, impl) => {
        if (generating || typeof impl !== 'function') return impl;
        const key = `${hookSignature(this.host.record(filePath)?.compiled?.code ?? '')}\n${name}`;
        const byKey = this.forwarders.get(filePath) ?? new Map<string, unknown>();
        this.forwarders.set(filePath, byKey);
        let forwarder = byKey.get(key);
        if (forwarder === undefined) {
          forwarder = makeForwarder(name, impl as (...args: unknown[]) => unknown);
          byKey.set(key, forwarder);
          if (byKey.size > 100) byKey.delete(byKey.keys().next().value as string);
        } else setForwarderTarget(forwarder, impl);
        return forwarder;
      };
      this.localBindings.set(id, bind);
    }
    return bind;
  }

  /** Called by a boundary when a render threw "X is not defined": stand X in and evaluate again. */
  retryWithStandIn(rec: ModuleRecord | undefined, error: unknown): boolean {
    const name = undefinedName(error);
    if (!rec || !name || rec.standIns.length >= MAX_STAND_INS || rec.standIns.includes(name)) return false;
    rec.standIns.push(name);
    rec.exports = undefined;
    rec.evalError = undefined;
    this.standInsByCode.delete(rec.compiled?.code ?? '');
    this.evaluate(rec);
    this.host.loadImplicitIcon(name);
    return true;
  }

  /**
   * Edits keep component state, as Vite's Fast Refresh does: a module's default export renders through one
   * component type per file, hook signature (`hookSignature`) and generating state, which calls whatever
   * the current code is. So an edit that keeps the module's hook calls re-renders in place — React diffs
   * the DOM instead of rebuilding it, and state survives — while one that changes them remounts. Null for
   * what cannot render that way (classes, async functions, memo/forwardRef objects).
   */
  refreshType(rec: ModuleRecord | undefined, impl: unknown): ComponentType<RefreshProps> | null {
    const filePath = rec?.filePath ?? '';
    if (typeof impl !== 'function' || !rec?.compiled || isAsyncFunction(impl)) return null;
    if ((impl as { prototype?: { isReactComponent?: unknown } }).prototype?.isReactComponent) return null;
    const key = `${this.host.generating}\n${hookSignature(rec.compiled.code)}`;
    let entry = this.refreshTypes.get(filePath);
    if (!entry || entry.key !== key) {
      entry = { key, type: refreshable(impl.name, this.host.generating), impl, reused: false };
      this.refreshTypes.set(filePath, entry);
    } else if (entry.impl !== impl) {
      entry.impl = impl;
      entry.reused = true;
    }
    return entry.type;
  }

  /**
   * A module re-rendered in place after an edit failed: its hooks may not match the old ones after all
   * (a hook from another module changed). Forget its component type so it remounts; once per edit.
   */
  remountAfterEdit(filePath: string): boolean {
    const entry = this.refreshTypes.get(filePath);
    if (!entry?.reused) return false;
    this.refreshTypes.delete(filePath);
    return true;
  }

  private readonly refreshTypes = new Map<
    string,
    { key: string; type: ComponentType<RefreshProps>; impl: unknown; reused: boolean }
  >();
}
