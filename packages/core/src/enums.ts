/**
 * Every enumeration of the spec (§1, §3, §4, §6) as a constant array with its union type.
 * Values are the spec's, never re-spelled. Lists the spec ends with "and others" hold the named values.
 * @module
 */

import { KilnError } from './errors';
import { MESSAGES } from './messages';

/** Whether `value` is one of `values`; narrows to the union. */
export function isOneOf<const T extends readonly string[]>(values: T, value: unknown): value is T[number] {
  return typeof value === 'string' && (values as readonly string[]).includes(value);
}

/**
 * Returns `value` as a member of `values`, or throws `KilnError('validation', '{value} is not a valid {name}')`.
 * For input from outside (GraphQL args, query strings).
 */
export function parseEnum<const T extends readonly string[]>(
  values: T,
  name: string,
  value: unknown,
): T[number] {
  if (isOneOf(values, value)) return value;
  throw new KilnError('validation', MESSAGES.invalidEnumValue(name, String(value)), { name, value });
}

// §1 — users and apps

export const USER_ROLES = ['ADMIN', 'CUSTOMER', 'CREATOR', 'CREATOR_LEAD'] as const;
export type UserRole = (typeof USER_ROLES)[number];

export const USER_STATUSES = ['UNVERIFIED'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

export const USER_DESIGNATIONS = ['AMBASSADOR'] as const;
export type UserDesignation = (typeof USER_DESIGNATIONS)[number];

export const APP_KINDS = ['APP', 'LINK_IN_BIO'] as const;
export type AppKind = (typeof APP_KINDS)[number];

export const APP_TYPES = [
  'LEAD_GEN_TOOL',
  'PERSONAL_WEBSITE',
  'ECOMMERCE_STORE',
  'BLOG_PLATFORM',
  'PORTFOLIO_WEBSITE',
  'SOCIAL_NETWORK',
  'GAME',
  'AI_TOOL',
  'FINANCE_APP',
  'DATING_APP',
  'TODO_LIST_APP',
  'NOTES_APP',
  'GALLERY_APP',
  'CONTACT_MANAGEMENT',
  'SURVEY_TOOL',
  'QUIZ_TOOL',
  'ONLINE_STORE',
  'CHAT_APP',
  'FEEDBACK_TOOL',
  'WEATHER_APP',
  'TRANSLATION_TOOL',
  'FITNESS_TRACKER_APP',
  'CRYPTOCURRENCY_APP',
] as const;
export type AppType = (typeof APP_TYPES)[number];

// §3 — entities

export const AUTH_PROVIDERS = ['google', 'email', 'facebook', 'twitter'] as const;
export type AuthProvider = (typeof AUTH_PROVIDERS)[number];

/** Each auth provider's display name and the names of its client id and secret settings. */
export const AUTH_PROVIDER_SETTINGS: Readonly<
  Record<AuthProvider, { displayName: string; clientIdSetting: string; clientSecretSetting: string }>
> = Object.freeze({
  google: {
    displayName: 'Google',
    clientIdSetting: 'GOOGLE_CLIENT_ID',
    clientSecretSetting: 'GOOGLE_CLIENT_SECRET',
  },
  email: {
    displayName: 'Email',
    clientIdSetting: 'EMAIL_CLIENT_ID',
    clientSecretSetting: 'EMAIL_CLIENT_SECRET',
  },
  facebook: {
    displayName: 'Facebook',
    clientIdSetting: 'FACEBOOK_CLIENT_ID',
    clientSecretSetting: 'FACEBOOK_CLIENT_SECRET',
  },
  twitter: {
    displayName: 'Twitter',
    clientIdSetting: 'TWITTER_CLIENT_ID',
    clientSecretSetting: 'TWITTER_CLIENT_SECRET',
  },
});

export const ASSET_ROLES = [
  'HERO',
  'BACKGROUND',
  'AVATAR',
  'ICON',
  'ILLUSTRATION',
  'LOGO',
  'BACKGROUND_VIDEO',
  'ABSTRACT_IMAGES',
  'PRODUCT_UI',
] as const;
export type AssetRole = (typeof ASSET_ROLES)[number];

export const ASSET_PROVIDERS = [
  'PEXELS',
  'BRANDFETCH',
  'FLATICON',
  'FREEPIK',
  'LOGOIPSUM',
  'GPT_IMAGE_1',
  'PLACEHOLDER',
] as const;
export type AssetProvider = (typeof ASSET_PROVIDERS)[number];

export const IMAGE_QUALITIES = ['LOW', 'MEDIUM', 'HIGH', 'STANDARD', 'HD'] as const;
export type ImageQuality = (typeof IMAGE_QUALITIES)[number];

export const DESIGN_SYSTEM_VISIBILITIES = ['PUBLIC', 'PRIVATE'] as const;
export type DesignSystemVisibility = (typeof DESIGN_SYSTEM_VISIBILITIES)[number];

export const ORGANIZATION_ROLES = ['OWNER', 'ADMIN', 'EDITOR', 'VIEWER'] as const;
export type OrganizationRole = (typeof ORGANIZATION_ROLES)[number];

export const ORGANIZATION_PLANS = [
  'FREE',
  'PRO',
  'BUSINESS',
  'ENTERPRISE',
  'FREE_USAGE',
  'PRO_USAGE',
] as const;
export type OrganizationPlan = (typeof ORGANIZATION_PLANS)[number];

export const ENVIRONMENTS = ['DEVELOPMENT', 'PREVIEW', 'PRODUCTION'] as const;
export type Environment = (typeof ENVIRONMENTS)[number];

/** Client integrations (libraries a revision can pull in), as identifiers. */
export const CLIENT_INTEGRATIONS = [
  'maps',
  'charts',
  'chakra-ui',
  'shadcn-ui',
  'pdf-viewer',
  'markdown-renderer',
] as const;
export type ClientIntegration = (typeof CLIENT_INTEGRATIONS)[number];

/** Display names of the client integrations, as the spec writes them. */
export const CLIENT_INTEGRATION_NAMES: Readonly<Record<ClientIntegration, string>> = Object.freeze({
  maps: 'maps',
  charts: 'charts',
  'chakra-ui': 'Chakra UI',
  'shadcn-ui': 'shadcn UI',
  'pdf-viewer': 'PDF viewer',
  'markdown-renderer': 'markdown renderer',
});

export const LICENSE_TYPES = ['FREE', 'RECOMMENDED', 'ATTRIBUTION'] as const;
export type LicenseType = (typeof LICENSE_TYPES)[number];

export const CREDIT_TRANSACTION_TYPES = [
  'START_GENERATION',
  'INTEGRATION_USAGE',
  'GENERATION_USAGE',
  'WEB_SEARCH_USAGE',
  'FAST_APPLY_USAGE',
  'FILE_RANKING_USAGE',
  'EMBEDDING_USAGE',
  'IMAGE_GENERATION_USAGE',
  'REFACTOR_GENERATION_USAGE',
  'BROWSER_USAGE',
] as const;
export type CreditTransactionType = (typeof CREDIT_TRANSACTION_TYPES)[number];

export const CREDIT_DEPOSIT_REASONS = [
  'PURCHASE',
  'SOCIAL_POST',
  'REFEREE_BONUS',
  'REFERRAL_BONUS',
  'ADMIN_GRANT',
] as const;
export type CreditDepositReason = (typeof CREDIT_DEPOSIT_REASONS)[number];

/** Event log types: the credit usage types plus storage usage and the three credit top-ups. */
export const EVENT_LOG_TYPES = [
  ...CREDIT_TRANSACTION_TYPES,
  'STORAGE_USAGE',
  'DEPOSIT_CREDITS',
  'REFILL_CREDITS',
  'PERIODIC_REFILL_CREDITS',
] as const;
export type EventLogType = (typeof EVENT_LOG_TYPES)[number];

export const USER_DATABASE_STATUSES = ['CREATING', 'COMPLETED', 'FAILED'] as const;
export type UserDatabaseStatus = (typeof USER_DATABASE_STATUSES)[number];

export const DATABASE_MIGRATION_STATUSES = [
  'PENDING',
  'PREPARING',
  'RUNNING',
  'COMPLETED',
  'FAILED',
  'REVERTED',
] as const;
export type DatabaseMigrationStatus = (typeof DATABASE_MIGRATION_STATUSES)[number];

export const DATABASE_BRANCHES = ['main', 'development'] as const;
export type DatabaseBranch = (typeof DATABASE_BRANCHES)[number];

export const ORIGIN_KINDS = ['CLONE', 'FEATURED', 'TAGGED', 'RATED', 'PROFILE', 'ONBOARDING'] as const;
export type OriginKind = (typeof ORIGIN_KINDS)[number];

export const CONTENT_SAFETY_CLASSIFICATIONS = [
  'UNKNOWN',
  'FLAGGED',
  'SAFE',
  'UNSAFE_TOO_LONG',
  'UNSAFE_ERROR_WITH_IMAGE',
] as const;
export type ContentSafetyClassification = (typeof CONTENT_SAFETY_CLASSIFICATIONS)[number];

export const RUN_STATUSES = ['RUNNING', 'CANCELED', 'FINISHED', 'FAILED'] as const;
export type RunStatus = (typeof RUN_STATUSES)[number];

export const JOB_STATUSES = [
  'PENDING',
  'RUNNING',
  'COMPLETED',
  'FAILED',
  'SYSTEM_FAILED',
  'STALLED',
] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

export const PUBLISH_STATUSES = ['PUBLISHED', 'PUBLISHING', 'UNPUBLISHED'] as const;
export type PublishStatus = (typeof PUBLISH_STATUSES)[number];

export const PUBLISH_FRESHNESS = [
  'UP_TO_DATE',
  'HAS_UPDATES',
  'NEVER_PUBLISHED_BEFORE',
  'NO_DOMAIN_CLAIMED',
] as const;
export type PublishFreshness = (typeof PUBLISH_FRESHNESS)[number];

export const RESULT_STATUSES = ['SUCCESS', 'FAILED', 'PENDING'] as const;
export type ResultStatus = (typeof RESULT_STATUSES)[number];

export const SANDBOX_STATES = ['BOOTING', 'STARTING', 'RUNNING', 'STOPPING', 'STOPPED'] as const;
export type SandboxState = (typeof SANDBOX_STATES)[number];

export const SANDBOX_ENVIRONMENTS = [
  'AGENT',
  'BUILDER',
  'APP_STORE_PUBLISH',
  'SCREENSHOT',
  'BUNDLER',
  'REFACTOR',
] as const;
export type SandboxEnvironment = (typeof SANDBOX_ENVIRONMENTS)[number];

export const MESSAGE_BLOCK_KINDS = [
  'thinking',
  'choices',
  'publish',
  'page',
  'function',
  'component',
  'tool-call',
  'web-search',
] as const;
export type MessageBlockKind = (typeof MESSAGE_BLOCK_KINDS)[number];

export const TOOL_KINDS = [
  'reasoning',
  'grep_codebase',
  'semantic_search',
  'package_documentation',
  'asset_generation',
  'shell',
  'screenshot',
  'curl',
] as const;
export type ToolKind = (typeof TOOL_KINDS)[number];

export const TOOL_STATUSES = ['running', 'cancelled', 'success', 'error'] as const;
export type ToolStatus = (typeof TOOL_STATUSES)[number];

export const QUESTION_INPUT_KINDS = [
  'text',
  'password',
  'number',
  'confirm',
  'list',
  'toggle',
  'select',
  'multiselect',
  'autocomplete',
  'date',
] as const;
export type QuestionInputKind = (typeof QUESTION_INPUT_KINDS)[number];

export const PROJECT_TAGS = ['auth', 'integration', 'payment', 'stripe', 'mobile', 'web'] as const;
export type ProjectTag = (typeof PROJECT_TAGS)[number];

export const LOG_LEVELS = ['INFO', 'WARN', 'ERROR'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export const UPLOAD_PROVIDERS = ['UPLOADCARE'] as const;
export type UploadProvider = (typeof UPLOAD_PROVIDERS)[number];

export const SOURCE_CONTROL_PROVIDERS = ['github'] as const;
export type SourceControlProvider = (typeof SOURCE_CONTROL_PROVIDERS)[number];

export const MOBILE_PUBLISH_TARGETS = ['EXPO'] as const;
export type MobilePublishTarget = (typeof MOBILE_PUBLISH_TARGETS)[number];

// §4 — states

/** Revision (of a project) statuses. */
export const REVISION_STATUSES = [
  'QUEUED',
  'GENERATION_FAILED',
  'INVALID_PROMPT',
  'CREATED',
  'VALID',
  'INVALID',
  'BUILDING',
  'BUILDING_UI',
  'BUILDING_FUNCTIONALITY',
  'INVALID_CODE',
  'CANCELED_AUTOFIX',
  'ENHANCING_PROMPT',
  'FAILED',
] as const;
export type RevisionStatus = (typeof REVISION_STATUSES)[number];

/** The revision statuses that mean "still building"; every other status counts as finished. */
export const BUILDING_REVISION_STATUSES = ['BUILDING', 'BUILDING_UI', 'BUILDING_FUNCTIONALITY'] as const;
export type BuildingRevisionStatus = (typeof BUILDING_REVISION_STATUSES)[number];

/** Whether a revision is still being built (BUILDING, BUILDING_UI, BUILDING_FUNCTIONALITY). */
export function isRevisionBuilding(s: RevisionStatus): boolean {
  return (BUILDING_REVISION_STATUSES as readonly string[]).includes(s);
}

/**
 * Whether a revision has no result yet: queued, enhancing its prompt, or building. Wider than the spec's
 * building split (which counts QUEUED and ENHANCING_PROMPT as finished) — what Kiln waits on before queuing
 * another edit on top of it, publishing it, or showing it as done.
 */
export function isRevisionInProgress(s: string | null | undefined): boolean {
  return s === 'QUEUED' || s === 'ENHANCING_PROMPT' || (s != null && isRevisionBuilding(s as RevisionStatus));
}

/** Whether a revision is finished: every status that is not a building status. */
export function isRevisionFinished(s: RevisionStatus): boolean {
  return !isRevisionBuilding(s);
}

export const PROJECT_GROUP_REVISION_STATUSES = [
  'INVALID_PROMPT',
  'CREATED',
  'VALID',
  'INVALID',
  'BUILDING',
] as const;
export type ProjectGroupRevisionStatus = (typeof PROJECT_GROUP_REVISION_STATUSES)[number];

/** Whether a project-group revision is still building (only BUILDING is unfinished). */
export function isProjectGroupRevisionBuilding(s: ProjectGroupRevisionStatus): boolean {
  return s === 'BUILDING';
}

/** Whether a project-group revision is finished (every status but BUILDING). */
export function isProjectGroupRevisionFinished(s: ProjectGroupRevisionStatus): boolean {
  return s !== 'BUILDING';
}

export const BUNDLE_STATUSES = ['PENDING', 'BUNDLING', 'FINISHED', 'FAILED'] as const;
export type BundleStatus = (typeof BUNDLE_STATUSES)[number];

/** Whether a bundle has reached an end state (FINISHED or FAILED). */
export function isBundleDone(s: BundleStatus): boolean {
  return s === 'FINISHED' || s === 'FAILED';
}

/** Revision actions (what made a revision). "forks, duplicates" are FORK and DUPLICATE. */
export const REVISION_ACTIONS = [
  'FIX_CHANGE',
  'TRY_AGAIN',
  'PROMPT_CHANGE',
  'UI_PATCH',
  'DELETION',
  'TEXT_CHANGE',
  'IMAGE_CHANGE',
  'LINK_CHANGE',
  'FORM_CHANGE',
  'COMMENT_CHANGE',
  'RESTORE',
  'CHANGE_AUTH',
  'CODE_CHANGE',
  'APPLY_COMMAND',
  'CHAT',
  'TOP_DOWN_CHAT',
  'REBUILD_FROM_LATEST',
  'FORK',
  'DUPLICATE',
  'INITIAL',
] as const;
export type RevisionAction = (typeof REVISION_ACTIONS)[number];

/** The revision actions that do not carry a spec for the prompt. */
export const REVISION_ACTIONS_WITHOUT_SPEC = ['COMMENT_CHANGE', 'FORM_CHANGE', 'INITIAL'] as const;

/** Whether a revision made by this action carries a spec for the prompt (all but COMMENT_CHANGE, FORM_CHANGE, INITIAL). */
export function revisionActionCarriesSpec(a: RevisionAction): boolean {
  return !(REVISION_ACTIONS_WITHOUT_SPEC as readonly string[]).includes(a);
}

/** Project-group actions. */
export const PROJECT_GROUP_ACTIONS = [
  'CHAT',
  'DISCUSSION',
  'RESTORE',
  'DEEP_DEBUGGING',
  'EXPERT_SWE',
  'FORK',
  'DUPLICATE',
  'PUBLISH_AND_CONTINUE',
  'SAVE_SECRET_AND_CONTINUE',
  'CHANGE_DESIGN_SYSTEM',
  'ADD_AUTH',
  'UPDATE_SETTINGS',
  'EXTERNAL_UPDATE',
  'AGENT_AUTO_SELECT_INTEGRATION',
  'TOP_DOWN_CHAT',
] as const;
export type ProjectGroupAction = (typeof PROJECT_GROUP_ACTIONS)[number];

/** The project-group actions that come from a chat message. */
export const CHAT_ACTIONS = ['CHAT', 'DISCUSSION', 'DEEP_DEBUGGING', 'EXPERT_SWE', 'TOP_DOWN_CHAT'] as const;
export type ChatAction = (typeof CHAT_ACTIONS)[number];

/** The project-group actions run by the agent: auto-select integration and top-down chat. */
export const AGENT_ACTIONS = ['AGENT_AUTO_SELECT_INTEGRATION', 'TOP_DOWN_CHAT'] as const;
export type AgentAction = (typeof AGENT_ACTIONS)[number];

/** Whether a project-group action is a chat action. */
export function isChatAction(a: ProjectGroupAction): a is ChatAction {
  return (CHAT_ACTIONS as readonly string[]).includes(a);
}

/** Whether a project-group action is an agent action. */
export function isAgentAction(a: ProjectGroupAction): a is AgentAction {
  return (AGENT_ACTIONS as readonly string[]).includes(a);
}

// §6 — plans

export const USAGE_PLAN_TIERS = [
  'usage_free',
  'usage_pro_20',
  'usage_pro_50',
  'usage_pro_100',
  'usage_pro_200',
  'usage_pro_300',
  'usage_pro_400',
  'usage_pro_500',
  'usage_pro_600',
  'usage_pro_750',
  'usage_pro_900',
] as const;
export type UsagePlanTier = (typeof USAGE_PLAN_TIERS)[number];

export const PLAN_CHANGE_TYPES = ['renewal', 'start', 'cancel', 'upgrade', 'downgrade', 'change'] as const;
export type PlanChangeType = (typeof PLAN_CHANGE_TYPES)[number];
