/**
 * Compiling a load's modules for the engine: sucrase loaded lazily (published apps ship compiled code), a
 * cache of results by path and source, drafts repaired to the newest code that parses (`partial.ts`), edits
 * patched into the previous output and checked afterwards (`compile.ts` `verifyPatches`), and Select mode's
 * source locations (`source-locations.ts`).
 * @module
 */

import type { CompiledModule } from '../compile.ts';
import type { PreviewModule } from '../protocol.ts';
import type { AppModule } from './boot.ts';
import { type ErrorData, errorData } from './error-data.ts';
import type { ModuleRecord } from './module-records.ts';

type Compile = (source: string, filePath: string, opts?: { patch?: boolean }) => CompiledModule;

/** The lazily loaded tools a compiler uses (the engine's options; see `EngineOptions`). */
export interface CompilerLoaders {
  compile?: () => Promise<Compile>;
  verifyPatches?: () => Promise<() => string[]>;
  partial?: () => Promise<((source: string) => string | null) | null>;
  locate?: () => Promise<((source: string, filePath: string) => string) | null>;
}

export class ModuleCompiler {
  private compiler?: Compile;
  private verifier?: () => string[];
  private repair?: ((source: string) => string | null) | null;
  private readonly repaired = new Map<string, string>();
  private readonly cache = new Map<string, CompiledModule | ErrorData>();
  /** Select mode's source locations: the function once loaded (null: unavailable), and whether they are on. */
  private locator?: ((source: string, filePath: string) => string) | null;
  private locating = false;

  constructor(private readonly loaders: CompilerLoaders) {}

  /** Whether a load of `modules` has to wait for sucrase first (source code and no compiler yet). */
  needsCompiler(modules: readonly (PreviewModule | AppModule)[]): boolean {
    return !this.compiler && modules.some((m) => 'content' in m) && !!this.loaders.compile;
  }

  /** Loads sucrase and, in the preview, the patch verifier. */
  async loadCompiler(): Promise<void> {
    if (!this.loaders.compile) return;
    this.compiler = await this.loaders.compile();
    if (this.loaders.verifyPatches) this.verifier = await this.loaders.verifyPatches();
  }

  /** Whether a draft has to wait for the partial-code repair first. */
  needsRepair(generating: boolean): boolean {
    return generating && this.repair === undefined && !!this.loaders.partial;
  }

  async loadRepair(): Promise<void> {
    if (this.loaders.partial) this.repair = await this.loaders.partial();
  }

  /** Whether edits are patched and checked afterwards (the preview with a verifier). */
  get verifies(): boolean {
    return this.verifier !== undefined;
  }

  /** The patched chunks that differed from sucrase's output since the last check; empty without a verifier. */
  wrongPatches(): string[] {
    return this.verifier ? this.verifier() : [];
  }

  /** Forgets every cached result (after a wrong patch). */
  clear(): void {
    this.cache.clear();
  }

  /** Forgets one module's cached result, so it is compiled afresh. */
  forget(filePath: string, content: string): void {
    this.cache.delete(`${filePath}\n${content}`);
  }

  /**
   * Turns source locations on or off; resolves whether they were on before and are now. Turning them on loads
   * the locator once (null when the grammar cannot load, and then they stay off).
   */
  async setLocating(on: boolean): Promise<{ was: boolean; now: boolean }> {
    if (on && this.locator === undefined) this.locator = (await this.loaders.locate?.()) ?? null;
    const was = this.locating;
    this.locating = on && !!this.locator;
    return { was, now: this.locating };
  }

  /** While generating: the newest code that parses, made from the module's partial source. */
  private partialSource(content: string): string {
    if (!this.repair) return content;
    let code = this.repaired.get(content);
    if (code === undefined) {
      try {
        code = this.repair(content) ?? content;
      } catch {
        code = content;
      }
      this.repaired.set(content, code);
      if (this.repaired.size > 200) this.repaired.delete(this.repaired.keys().next().value as string);
    }
    return code;
  }

  /** Puts a module's compiled code, or its compile error, into its record. */
  compileInto(rec: ModuleRecord, m: PreviewModule | AppModule, generating = false): void {
    if ('compiled' in m && m.compiled) {
      rec.compiled = m.compiled;
      return;
    }
    if ('compileError' in m && m.compileError) {
      rec.compileError = { message: m.compileError };
      return;
    }
    if (!('content' in m) || !this.compiler) {
      rec.compileError = { message: 'Module has no code' };
      return;
    }
    const plain = generating ? this.partialSource(m.content) : m.content;
    // Select mode: the finished code with each element's source location (compiled whole, never patched).
    const content = this.locating && !generating && this.locator ? this.locator(plain, m.filePath) : plain;
    const key = `${m.filePath}\n${content}`;
    let result = this.cache.get(key);
    if (!result) {
      try {
        // An edit of finished code may patch plain-text changes into the previous output (checked right after).
        result = this.compiler(content, m.filePath, {
          patch: !generating && content === plain && this.verifier !== undefined,
        });
      } catch (error) {
        result = errorData(error, m.filePath);
        if (content !== plain) {
          try {
            result = this.compiler(plain, m.filePath);
          } catch {
            // The module's own error stays the one shown.
          }
        }
      }
      this.cache.set(key, result);
      if (this.cache.size > 400) this.cache.delete(this.cache.keys().next().value as string);
    }
    if ('code' in result) rec.compiled = result;
    else rec.compileError = result;
  }
}
