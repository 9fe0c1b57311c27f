/**
 * The shapes `@kiln/codegen` exchanges with its callers: modules, generation requests, the events a
 * generation streams, and the interface every language-model provider (the builtin one included) implements.
 * @module
 */
import type { AppType, ModuleType } from '@kiln/core';

/** One module of a generated app as codegen sees it: a file path, its module type and its whole text. */
export interface GenModule {
  filePath: string;
  moduleType: ModuleType;
  content: string;
  /**
   * The spec's Module field (§3): `true` on the auth pages (AUTH_PAGE_SIGN_IN / _SIGN_UP / _LOGOUT), which a
   * project may have only with custom auth on (§5, core `isModuleTypeAllowed`). `generate` sets it on every
   * auth page it writes; absent on other modules.
   */
  withCustomAuth?: boolean;
}

/** What the caller asks for: the user's prompt and the project's current modules. */
export interface GenerateRequest {
  prompt: string;
  modules: GenModule[];
  /** Defaults to `INITIAL` when there are no modules, otherwise `CHAT`. */
  action?: 'INITIAL' | 'CHAT' | 'FIX_CHANGE';
  /** For `FIX_CHANGE`: the render error the user asked to fix. */
  error?: { filePath: string; message: string };
  /**
   * Paths changed most recently (newest first), e.g. by the last revisions. With a project over the context
   * budget these are among the modules sent in full.
   */
  recentPaths?: string[];
}

/** Why a set of search/replace edits could not be applied; the file then needs a whole-file write. */
export interface MissedEdit {
  filePath: string;
  /** How many SEARCH blocks did not match (all of them when `reason` is `overlap` or `no-file`). */
  missed: number;
  reason: 'no-match' | 'overlap' | 'no-file';
}

/** Token counts of one generation (approximate for providers that do not report them: chars / 4). */
export interface Usage {
  inputTokens: number;
  outputTokens: number;
}

/** What `generate` streams. Ends with exactly one `done`. */
export type GenerationEvent =
  | { type: 'status'; status: 'ENHANCING_PROMPT' | 'BUILDING' | 'BUILDING_UI' | 'BUILDING_FUNCTIONALITY' }
  /** Assistant chat text, appended (a delta). */
  | { type: 'text'; text: string }
  /** A module draft: the full current content of that file so far (partial while `done` is false). */
  | { type: 'module'; module: GenModule; done: boolean }
  | { type: 'delete'; filePath: string }
  | {
      type: 'done';
      /** Every module of the project after this generation, in the order they were first seen. */
      modules: GenModule[];
      /** The assistant's chat text, trimmed. */
      message: string;
      usage: Usage;
      appType?: AppType | 'LINK_IN_BIO';
      /** Edit blocks that did not apply; those files need a whole-file write (absent when none). */
      missedEdits?: MissedEdit[];
      /** True when the signal aborted the generation; `modules` then holds what had arrived. */
      aborted?: boolean;
      /**
       * True when the project has auth pages after this generation: the project must have custom auth on
       * (spec §5) for them to be allowed. Absent otherwise.
       */
      withCustomAuth?: boolean;
    };

/** One chat message sent to a provider. */
export interface ProviderMessage {
  role: 'user' | 'assistant';
  content: string;
}

/** A language model (or the builtin generator): streams raw tagged text for a system prompt and messages. */
export interface ModelProvider {
  readonly id: string;
  /**
   * The context budget this provider wants, in tokens (default `DEFAULT_CONTEXT_BUDGET_TOKENS`). The builtin
   * generator reads every file for free, so it asks for `Infinity`.
   */
  readonly contextBudgetTokens?: number;
  stream(req: { system: string; messages: ProviderMessage[]; signal?: AbortSignal }): AsyncIterable<string>;
}

/** One SEARCH/REPLACE pair. */
export interface SearchReplace {
  search: string;
  replace: string;
}
