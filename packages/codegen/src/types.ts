/**
 * The shapes `@kiln/codegen` exchanges with its callers: modules, generation requests, the events a
 * generation streams, and the interface every language-model provider (the builtin one included) implements.
 * @module
 */
import type { AppType, ModuleType } from '@kiln/core';
import type { VerifyWalkStep } from './verify-walk.ts';

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
  /**
   * Defaults to `INITIAL` when there are no modules, otherwise `CHAT`. `DISCUSSION` (plan mode) asks for an
   * answer and a plan with numbered steps: the caller applies nothing the reply writes.
   */
  action?: GenerateAction;
  /** For `FIX_CHANGE`: the render error the user asked to fix. */
  error?: { filePath: string; message: string };
  /**
   * Paths changed most recently (newest first), e.g. by the last revisions. With a project over the context
   * budget these are among the modules sent in full.
   */
  recentPaths?: string[];
  /**
   * The app's database as it is before this generation (its development branch): tables with their columns,
   * and the names of the migrations already applied. Sent to the model in a `<kiln:database>` section; new
   * migrations never reuse one of these names. Absent: the model is told nothing about a database.
   */
  database?: GenDatabase;
  /**
   * The project's knowledge: standing instructions (the organisation's, then the project's) sent with every
   * request in a `<kiln:project-knowledge>` section, trimmed to its share of the context budget.
   */
  knowledge?: string;
  /**
   * A top-down chat (one request over several projects of a group): the other projects of the group, so this
   * one's changes fit theirs (e.g. a mobile app calling the web project's functions). Sent in a
   * `<kiln:group>` section. Absent: the project is changed on its own.
   */
  group?: GenGroup;
  /**
   * Images the user attached to the message (screenshots of what to build). They go with the request message
   * as image parts to a model that reads images (`ModelProvider.acceptsImages`); one that does not is sent the
   * words and a note that images were left out. Absent: none.
   */
  images?: GenImage[];
  /**
   * The discussion so far (plan mode): the earlier questions and answers, oldest first, so that a follow-up
   * ("and on mobile?") is understood. Sent in a `<kiln:conversation>` section, the newest turns kept within its
   * share of the context budget. Absent: the request stands alone.
   */
  conversation?: GenTurn[];
}

/** One earlier message of a discussion (`GenerateRequest.conversation`). */
export interface GenTurn {
  role: 'user' | 'assistant';
  text: string;
}

/** An image attached to a request: its bytes and their sniffed type (PNG, JPEG, WebP or GIF). */
export interface GenImage {
  mediaType: string;
  data: Uint8Array;
}

/** The other projects of a group a top-down chat is told about (`GenerateRequest.group`). */
export interface GenGroup {
  /** This project's name. */
  projectName: string;
  projects: {
    name: string;
    /** What it is, from its modules: a web app, a mobile app, both, or a backend (functions only). */
    kind: 'web app' | 'mobile app' | 'web and mobile app' | 'backend' | 'empty project';
    /** Whether the same request changes it too. */
    changing: boolean;
    /** Where its published app answers (its functions at `{url}api/...`); absent when never published. */
    url?: string;
    /** Its functions: `GET POST /api/todos` (methods, then route). */
    functions: string[];
    /** Its pages' routes. */
    pages: string[];
    /** Its database tables with their columns: `todos(id integer, title text)`. */
    tables: string[];
  }[];
}

/** What a generation is asked to do (`GenerateRequest.action`). */
export type GenerateAction = 'INITIAL' | 'CHAT' | 'FIX_CHANGE' | 'DISCUSSION';

/** The app database a generation is told about (`GenerateRequest.database`). */
export interface GenDatabase {
  tables: { name: string; columns: { name: string; type: string }[] }[];
  /** Names of the migrations already applied, oldest first. */
  migrations: string[];
}

/** A database migration a generation wrote: a unique name and its SQL (one or more statements). */
export interface GenMigration {
  name: string;
  sql: string;
}

/**
 * The tools a model may call (spec tool kinds, and `read_file`): `package_documentation`, `read_file` and
 * `grep_codebase` always (the last two read the request's own modules), `web_search` only when the caller
 * offers it (`GenerateOptions.webSearch`).
 */
export type GenToolKind = 'package_documentation' | 'read_file' | 'grep_codebase' | 'web_search';

/** The answer to one tool call: shown to the model in a `<kiln:tool-result>`. */
export interface GenToolAnswer {
  status: 'success' | 'error';
  output: string;
}

/** Searches the web for a model's `web_search` call (the caller's provider, charged by the caller). */
export type GenWebSearch = (query: string, signal?: AbortSignal) => Promise<GenToolAnswer>;

/** A tool call's status (spec: running, cancelled, success, error). */
export type GenToolStatus = 'running' | 'success' | 'error' | 'cancelled';

/** Why a set of search/replace edits could not be applied; the file then needs a whole-file write. */
export interface MissedEdit {
  filePath: string;
  /** How many SEARCH blocks did not match (all of them when `reason` is `overlap` or `no-file`). */
  missed: number;
  reason: 'no-match' | 'overlap' | 'no-file';
}

/**
 * One block of a model's reply that was NOT applied in the end (after the automatic retry / continue), with
 * a sentence a user can read:
 * - `missed-edit`: SEARCH/REPLACE edits that still matched nothing (or targeted a missing file) after the
 *   model was asked again;
 * - `invalid-path`: a file path that could not be made a valid module path (the spec's message);
 * - `truncated`: the reply stopped at the model's token limit, even after asking it to continue;
 * - `unparsed`: a block of the reply that could not be read as a module.
 */
export interface GenerationProblem {
  kind: 'missed-edit' | 'invalid-path' | 'truncated' | 'unparsed';
  filePath?: string;
  message: string;
}

/**
 * What one part of a reply did, for the conversation to show (spec §3 message block kinds), in the order the
 * reply did it:
 * - `thinking`: the model's plan;
 * - `page` / `component` / `function` / `file`: a module the reply created, edited or deleted (one per module,
 *   by its module type: `blockKindOf`; `name` is core's `moduleName`);
 * - `function` with `migration`: a database migration the reply wrote (its unique name);
 * - `tool-call`: a tool the model called, with its final status;
 * - `choices`: next messages the reply suggests (the user may click one to send it);
 * - `publish`: the reply suggests publishing the app;
 * - `secret`: the app needs a secret (an API key) the user saves in the chat (save-secret-and-continue);
 * - `knowledge`: a standing instruction proposed for the project's knowledge (accepted with one click).
 */
export type MessageBlock =
  | { kind: 'thinking'; text: string }
  | {
      kind: 'page' | 'component' | 'function' | 'file';
      filePath: string;
      name: string;
      /** The module's type (after the change; before it, for a deleted module). */
      moduleType: ModuleType;
      change: 'created' | 'edited' | 'deleted';
    }
  | { kind: 'function'; migration: string }
  | { kind: 'tool-call'; tool: GenToolKind; input: string; status: GenToolStatus }
  | { kind: 'choices'; choices: string[] }
  | { kind: 'publish'; reason?: string }
  | { kind: 'secret'; name: string; reason?: string }
  /** `knowledge`: a standing instruction the model proposes for the project; `accepted` once the user took it. */
  | { kind: 'knowledge'; text: string; accepted?: boolean };

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
  /** A migration block: drafts while it streams (`done` false), then the final one once the block ends. */
  | { type: 'migration'; migration: GenMigration; done: boolean }
  /**
   * A tool call of the model: `running` when its block ends, then `success` or `error` once answered
   * (`output` holds the answer), or `cancelled` when the generation was aborted before it was answered.
   */
  | { type: 'tool'; tool: GenToolKind; status: GenToolStatus; input: string; output?: string }
  | {
      type: 'done';
      /** Every module of the project after this generation, in the order they were first seen. */
      modules: GenModule[];
      /** The assistant's chat text, trimmed. */
      message: string;
      /** What the reply did, in order (`MessageBlock`): its plan, modules, migrations, tool calls, suggestions. */
      blocks: MessageBlock[];
      usage: Usage;
      appType?: AppType | 'LINK_IN_BIO';
      /** The migrations this generation wrote, in order, with unique names (absent when none). */
      migrations?: GenMigration[];
      /** Edit blocks that did not apply; those files need a whole-file write (absent when none). */
      missedEdits?: MissedEdit[];
      /**
       * Every block of the reply that was not applied in the end (after the automatic retry and continue
       * requests), one entry each with a sentence for the user. Absent or empty when everything the model
       * wrote was applied or repaired.
       */
      problems?: GenerationProblem[];
      /** True when the signal aborted the generation; `modules` then holds what had arrived. */
      aborted?: boolean;
      /**
       * True when the project has auth pages after this generation: the project must have custom auth on
       * (spec §5) for them to be allowed. Absent otherwise.
       */
      withCustomAuth?: boolean;
      /** The model's `<kiln:verify>` walk for the verification after the generation (absent: the default walk). */
      walk?: VerifyWalkStep[];
    };

/** One chat message sent to a provider. */
export interface ProviderMessage {
  role: 'user' | 'assistant';
  content: string;
  /** On a user message: images sent after its text (`GenerateRequest.images`). */
  images?: GenImage[];
}

/** A language model (or the builtin generator): streams raw tagged text for a system prompt and messages. */
export interface ModelProvider {
  readonly id: string;
  /**
   * The context budget this provider wants, in tokens (default `DEFAULT_CONTEXT_BUDGET_TOKENS`). The builtin
   * generator reads every file for free, so it asks for `Infinity`.
   */
  readonly contextBudgetTokens?: number;
  /**
   * Whether the model reads images (vision). False or absent: a message's images are not sent; the provider
   * tells the model in words that some were attached.
   */
  readonly acceptsImages?: boolean;
  stream(req: { system: string; messages: ProviderMessage[]; signal?: AbortSignal }): AsyncIterable<string>;
}

/** One SEARCH/REPLACE pair. */
export interface SearchReplace {
  search: string;
  replace: string;
}
