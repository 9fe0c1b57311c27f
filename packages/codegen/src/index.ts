/**
 * `@kiln/codegen`: from a conversation to modules. The tagged output format and its streaming parser,
 * search/replace edit application, app-type detection, the generation loop, and the builtin offline
 * generator. No HTTP, no database: providers are passed in.
 * @module
 */
export { applyEdits, EditOverlapError } from './apply-edits.ts';
export type { MessageBlockKind } from './block-kinds.ts';
export { blockKindOf } from './block-kinds.ts';
export { diffEdits } from './builtin/diff-edits.ts';
export { BUILTIN_IMAGES_NOTE, createBuiltinProvider } from './builtin/provider.ts';
export type { ContextSelection } from './context-budget.ts';
export { DEFAULT_CONTEXT_BUDGET_TOKENS, selectContext } from './context-budget.ts';
export { APP_TYPE_RULES, detectAppType } from './detect-app-type.ts';
export type { ForeignReply } from './foreign-formats.ts';
export { parseForeignReply } from './foreign-formats.ts';
export type { GenerateOptions } from './generate.ts';
export {
  CONTINUE_MESSAGE,
  generate,
  MAX_CONTINUATIONS,
  MAX_TOOL_ROUNDS,
  WEB_SEARCH_PROMPT,
} from './generate.ts';
export type {
  LibraryDoc,
  NpmDocs,
  NpmPackageDoc,
  PackageDocumentationAnswer,
} from './library-docs.ts';
export {
  LIBRARY_DOCS,
  libraryDocsFor,
  libraryNames,
  MAX_PACKAGES_PER_CALL,
  NPM_README_CHARS,
  NPM_TYPES_CHARS,
  packageDocumentation,
  packageDocumentationWithNpm,
} from './library-docs.ts';
export type { RepairedPath } from './module-path-repair.ts';
export { repairModulePath } from './module-path-repair.ts';
export type { OutputParser, ParsedBlockEvent } from './output-parser.ts';
export {
  cleanChoices,
  cleanFileContent,
  createOutputParser,
  MAX_CHOICE_LENGTH,
  MAX_CHOICES,
  migrationNameFor,
  parseSearchReplace,
  safeMigrationName,
} from './output-parser.ts';
export type { PromptOptions, RequestMessage } from './prompt.ts';
export {
  buildPrompt,
  databaseSection,
  groupSection,
  MAX_UPFRONT_DOCS,
  readRequestMessage,
  requestAction,
  SYSTEM_PROMPT,
} from './prompt.ts';
export * from './providers/index.ts';
export type { DeterministicRepair } from './repairs.ts';
export { deterministicRepair } from './repairs.ts';
export type {
  GenDatabase,
  GenerateRequest,
  GenerationEvent,
  GenerationProblem,
  GenGroup,
  GenImage,
  GenMigration,
  GenModule,
  GenToolAnswer,
  GenToolKind,
  GenToolStatus,
  GenTurn,
  GenWebSearch,
  MessageBlock,
  MissedEdit,
  ModelProvider,
  ProviderMessage,
  SearchReplace,
  Usage,
} from './types.ts';
export { estimateTokens } from './usage.ts';
export { MAX_WALK_STEPS, parseWalk, type VerifyWalkStep } from './verify-walk.ts';
export type {
  EditableModule,
  ElementLocation,
  ValueOrigin,
  VisualEdit,
  VisualEditKind,
  VisualEditResult,
} from './visual-edit.ts';
export {
  applyVisualEdit,
  describeElement,
  loadVisualEditParser,
  MAX_VISUAL_EDIT_VALUE,
  traceElementValue,
} from './visual-edit.ts';
