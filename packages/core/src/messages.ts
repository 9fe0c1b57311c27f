/**
 * The spec's error catalogue (§8) and the few other user-facing messages Kiln raises, as constants.
 * Whoever raises or shows one of these uses it from here, verbatim. Parameterised entries are functions.
 * No imports: browser bundles take it as `@kiln/core/messages` without the rest of core (and zod).
 * @module
 */

export const MESSAGES = Object.freeze({
  // §8 error catalogue, verbatim.
  /** Generic default (red or grey variant). */
  somethingWentWrong: 'Something went wrong.',
  /** Render failure: the grey box's text. */
  errorInGeneratedCode: 'Error in generated code',
  /** Render failure: the button that asks for a FIX_CHANGE revision. */
  fixIt: 'Fix it',
  /** Upload answered with status 413. */
  uploadTooLarge: 'Upload failed: File too large.',
  /** Upload failed for any other reason. */
  uploadFailed: 'Upload failed',
  /** Unknown client library source. */
  invalidLibSrc: 'Invalid libSrc',
  /** Room id matches neither room format. */
  invalidRoomId: 'Invalid roomId',
  /** Rendered output is not a renderable node. */
  invalidReactNode: 'Value is not a valid ReactNode',
  /** The parser was used before it loaded. */
  treeSitterNotInitialized: 'Tree sitter parser not initialized',
  /** Sign-in in the sandbox preview without auth enabled. */
  authNotEnabled: 'Auth is not enabled',
  /** Warning suffix for features unsupported on web; see `featureNotSupportedOnWeb`. */
  notSupportedOnWeb: 'is not supported on web',
  /** Asking for a default file path of a FILE module. */
  cannotGetDefaultFilePathForFile: 'Cannot get default file path for file module type',
  /** Sandbox in the AGENT environment without both ids. */
  sandboxAgentIdsRequired:
    'projectGroupId and projectGroupRevisionId are required for the sandbox environment: AGENT',
  /** Sandbox in any other environment without either id. */
  sandboxIdRequired: 'One of projectGroupId or projectGroupRevisionId must be provided',
  /** Secure store value that is not a string (the spec: "values must be strings and JSON-encoded"). */
  secureStoreNotString:
    'Invalid value provided to SecureStore. Values must be strings; consider JSON-encoding your values if they are serializable.',
  /** Secure store value over 2048 bytes: a warning only. */
  secureStoreTooLarge:
    'Value being stored in SecureStore is larger than 2048 bytes and it may not be stored successfully.',
  /** Overlapping ranges when fixing code. */
  overlappingRanges: 'Cannot apply overlapping ranges',
  /** Path outside the known source directories. */
  pathNotInSourceDir: (path: string): string => `Path ${path} is not in a known source directory`,
  /** Path with an extension other than js, ts, jsx or tsx. */
  pathBadExtension: (path: string): string => `Path ${path} does not have a valid extension`,
  /** Internal route that does not start with /v0/. */
  invalidInternalRoute: (path: string): string =>
    `Path ${path} is not a valid internal route. It should start with /v0/.`,
  /** A feature unsupported on web, e.g. `Haptics is not supported on web`. */
  featureNotSupportedOnWeb: (feature: string): string => `${feature} is not supported on web`,
  /** Wait-until check that ran longer than its timeout (5 s by default). */
  waitUntilTimedOut: (ms: number): string => `waitUntil timed out after ${ms} ms`,

  // Messages Kiln adds where the spec names a rule but no text.
  /** A module type that has no route (components, design-system items, files). */
  noRouteForModuleType: (moduleType: string): string => `Module type ${moduleType} has no route`,
  /** A module type not allowed for this project (auth pages without custom auth, design-system items). */
  moduleTypeNotAllowed: (moduleType: string): string =>
    `Module type ${moduleType} is not allowed for this project`,
  /** A lifecycle transition not in the spec's list. */
  invalidTransition: (lifecycle: string, from: string, to: string): string =>
    `Cannot move ${lifecycle} from ${from} to ${to}`,
  /** A value outside an enumeration. */
  invalidEnumValue: (name: string, value: string): string => `${value} is not a valid ${name}`,
  /** A plan allowance used up. */
  planAllowanceReached: (plan: string): string => `The ${plan} plan allowance has been reached`,
  /** A page or component imports a project module that no module of the project provides. */
  missingProjectModule: (name: string, source: string): string =>
    `${name} is imported from ${source} but no such module exists`,
  /** A first generation that wrote modules but no page: nothing to show at any route. */
  appHasNoPage: 'The app has no page: write its home page at apps/web/src/app/page.tsx',
  /** Appended to a chat answer whose revision changed no module and no table (the reply may say otherwise). */
  noFilesChanged: 'No files were changed.',
} as const);

export type Messages = typeof MESSAGES;
