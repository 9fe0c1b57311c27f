import { describe, expect, it } from 'vitest';
import * as enums from './enums';
import {
  AGENT_ACTIONS,
  BUNDLE_STATUSES,
  type BundleStatus,
  CHAT_ACTIONS,
  CREDIT_TRANSACTION_TYPES,
  EVENT_LOG_TYPES,
  isAgentAction,
  isBundleDone,
  isChatAction,
  isOneOf,
  isProjectGroupRevisionBuilding,
  isProjectGroupRevisionFinished,
  isRevisionBuilding,
  isRevisionFinished,
  isRevisionInProgress,
  PROJECT_GROUP_ACTIONS,
  PROJECT_GROUP_REVISION_STATUSES,
  type ProjectGroupRevisionStatus,
  parseEnum,
  REVISION_ACTIONS,
  REVISION_STATUSES,
  type RevisionAction,
  type RevisionStatus,
  revisionActionCarriesSpec,
} from './enums';

// The spec's lists, copied from §1, §3, §4 and §6 as they are written.
const SPEC: Record<string, string> = {
  USER_ROLES: 'ADMIN, CUSTOMER, CREATOR, CREATOR_LEAD',
  USER_STATUSES: 'UNVERIFIED',
  USER_DESIGNATIONS: 'AMBASSADOR',
  APP_KINDS: 'APP, LINK_IN_BIO',
  APP_TYPES:
    'LEAD_GEN_TOOL, PERSONAL_WEBSITE, ECOMMERCE_STORE, BLOG_PLATFORM, PORTFOLIO_WEBSITE, SOCIAL_NETWORK, GAME, AI_TOOL, FINANCE_APP, DATING_APP, TODO_LIST_APP, NOTES_APP, GALLERY_APP, CONTACT_MANAGEMENT, SURVEY_TOOL, QUIZ_TOOL, ONLINE_STORE, CHAT_APP, FEEDBACK_TOOL, WEATHER_APP, TRANSLATION_TOOL, FITNESS_TRACKER_APP, CRYPTOCURRENCY_APP',
  AUTH_PROVIDERS: 'google, email, facebook, twitter',
  ASSET_ROLES:
    'HERO, BACKGROUND, AVATAR, ICON, ILLUSTRATION, LOGO, BACKGROUND_VIDEO, ABSTRACT_IMAGES, PRODUCT_UI',
  ASSET_PROVIDERS: 'PEXELS, BRANDFETCH, FLATICON, FREEPIK, LOGOIPSUM, GPT_IMAGE_1, PLACEHOLDER',
  IMAGE_QUALITIES: 'LOW, MEDIUM, HIGH, STANDARD, HD',
  DESIGN_SYSTEM_VISIBILITIES: 'PUBLIC, PRIVATE',
  ORGANIZATION_ROLES: 'OWNER, ADMIN, EDITOR, VIEWER',
  ORGANIZATION_PLANS: 'FREE, PRO, BUSINESS, ENTERPRISE, FREE_USAGE, PRO_USAGE',
  ENVIRONMENTS: 'DEVELOPMENT, PREVIEW, PRODUCTION',
  LICENSE_TYPES: 'FREE, RECOMMENDED, ATTRIBUTION',
  CREDIT_TRANSACTION_TYPES:
    'START_GENERATION, INTEGRATION_USAGE, GENERATION_USAGE, WEB_SEARCH_USAGE, FAST_APPLY_USAGE, FILE_RANKING_USAGE, EMBEDDING_USAGE, IMAGE_GENERATION_USAGE, REFACTOR_GENERATION_USAGE, BROWSER_USAGE',
  CREDIT_DEPOSIT_REASONS: 'PURCHASE, SOCIAL_POST, REFEREE_BONUS, REFERRAL_BONUS, ADMIN_GRANT',
  USER_DATABASE_STATUSES: 'CREATING, COMPLETED, FAILED',
  DATABASE_MIGRATION_STATUSES: 'PENDING, PREPARING, RUNNING, COMPLETED, FAILED, REVERTED',
  DATABASE_BRANCHES: 'main, development',
  ORIGIN_KINDS: 'CLONE, FEATURED, TAGGED, RATED, PROFILE, ONBOARDING',
  CONTENT_SAFETY_CLASSIFICATIONS: 'UNKNOWN, FLAGGED, SAFE, UNSAFE_TOO_LONG, UNSAFE_ERROR_WITH_IMAGE',
  RUN_STATUSES: 'RUNNING, CANCELED, FINISHED, FAILED',
  JOB_STATUSES: 'PENDING, RUNNING, COMPLETED, FAILED, SYSTEM_FAILED, STALLED',
  PUBLISH_STATUSES: 'PUBLISHED, PUBLISHING, UNPUBLISHED',
  PUBLISH_FRESHNESS: 'UP_TO_DATE, HAS_UPDATES, NEVER_PUBLISHED_BEFORE, NO_DOMAIN_CLAIMED',
  RESULT_STATUSES: 'SUCCESS, FAILED, PENDING',
  SANDBOX_STATES: 'BOOTING, STARTING, RUNNING, STOPPING, STOPPED',
  SANDBOX_ENVIRONMENTS: 'AGENT, BUILDER, APP_STORE_PUBLISH, SCREENSHOT, BUNDLER, REFACTOR',
  MESSAGE_BLOCK_KINDS: 'thinking, choices, publish, page, function, component, tool-call, web-search',
  TOOL_KINDS:
    'reasoning, grep_codebase, semantic_search, package_documentation, asset_generation, shell, screenshot, curl',
  TOOL_STATUSES: 'running, cancelled, success, error',
  QUESTION_INPUT_KINDS:
    'text, password, number, confirm, list, toggle, select, multiselect, autocomplete, date',
  PROJECT_TAGS: 'auth, integration, payment, stripe, mobile, web',
  LOG_LEVELS: 'INFO, WARN, ERROR',
  UPLOAD_PROVIDERS: 'UPLOADCARE',
  SOURCE_CONTROL_PROVIDERS: 'github',
  MOBILE_PUBLISH_TARGETS: 'EXPO',
  REVISION_STATUSES:
    'QUEUED, GENERATION_FAILED, INVALID_PROMPT, CREATED, VALID, INVALID, BUILDING, BUILDING_UI, BUILDING_FUNCTIONALITY, INVALID_CODE, CANCELED_AUTOFIX, ENHANCING_PROMPT, FAILED',
  PROJECT_GROUP_REVISION_STATUSES: 'INVALID_PROMPT, CREATED, VALID, INVALID, BUILDING',
  BUNDLE_STATUSES: 'PENDING, BUNDLING, FINISHED, FAILED',
  USAGE_PLAN_TIERS:
    'usage_free, usage_pro_20, usage_pro_50, usage_pro_100, usage_pro_200, usage_pro_300, usage_pro_400, usage_pro_500, usage_pro_600, usage_pro_750, usage_pro_900',
  PLAN_CHANGE_TYPES: 'renewal, start, cancel, upgrade, downgrade, change',
};

describe('enumerations hold the spec values, in the spec order', () => {
  it.each(Object.entries(SPEC))('%s', (name, values) => {
    expect((enums as unknown as Record<string, readonly string[]>)[name]).toEqual(values.split(', '));
  });

  it('have no duplicate values', () => {
    for (const [name, value] of Object.entries(enums)) {
      if (Array.isArray(value)) expect(new Set(value).size, name).toBe(value.length);
    }
  });

  it('event log types are the credit usage types plus storage usage and the credit top-ups', () => {
    expect(EVENT_LOG_TYPES).toEqual([
      ...CREDIT_TRANSACTION_TYPES,
      'STORAGE_USAGE',
      'DEPOSIT_CREDITS',
      'REFILL_CREDITS',
      'PERIODIC_REFILL_CREDITS',
    ]);
  });

  it('parseEnum returns listed values and rejects others with a validation error', () => {
    expect(parseEnum(REVISION_STATUSES, 'revision status', 'VALID')).toBe('VALID');
    expect(() => parseEnum(REVISION_STATUSES, 'revision status', 'valid')).toThrow(
      'valid is not a valid revision status',
    );
  });

  it('isOneOf narrows only to listed values', () => {
    expect(isOneOf(REVISION_STATUSES, 'BUILDING_UI')).toBe(true);
    expect(isOneOf(REVISION_STATUSES, 'building_ui')).toBe(false);
    expect(isOneOf(REVISION_STATUSES, 3)).toBe(false);
  });
});

describe('revision statuses: building vs finished', () => {
  const building: RevisionStatus[] = ['BUILDING', 'BUILDING_UI', 'BUILDING_FUNCTIONALITY'];
  it.each(REVISION_STATUSES.map((s) => [s, building.includes(s)] as const))(
    '%s building=%s',
    (s, isBuilding) => {
      expect(isRevisionBuilding(s)).toBe(isBuilding);
      expect(isRevisionFinished(s)).toBe(!isBuilding);
    },
  );
});

describe('project-group revision statuses: only BUILDING is unfinished', () => {
  it.each(PROJECT_GROUP_REVISION_STATUSES.map((s) => [s, s === 'BUILDING'] as const))(
    '%s building=%s',
    (s: ProjectGroupRevisionStatus, isBuilding) => {
      expect(isProjectGroupRevisionBuilding(s)).toBe(isBuilding);
      expect(isProjectGroupRevisionFinished(s)).toBe(!isBuilding);
    },
  );
});

describe('bundle statuses', () => {
  it.each<[BundleStatus, boolean]>([
    ['PENDING', false],
    ['BUNDLING', false],
    ['FINISHED', true],
    ['FAILED', true],
  ])('%s done=%s', (s, done) => {
    expect(isBundleDone(s)).toBe(done);
  });
  it('lists every bundle status', () => {
    expect(BUNDLE_STATUSES).toHaveLength(4);
  });
});

describe('revision actions', () => {
  it('include every action the spec names, with forks and duplicates as FORK and DUPLICATE', () => {
    expect(REVISION_ACTIONS).toEqual(
      expect.arrayContaining([
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
      ]),
    );
  });

  const withoutSpec: RevisionAction[] = ['COMMENT_CHANGE', 'FORM_CHANGE', 'INITIAL'];
  it.each(REVISION_ACTIONS.map((a) => [a, !withoutSpec.includes(a)] as const))(
    '%s carries a spec for the prompt: %s',
    (a, carries) => {
      expect(revisionActionCarriesSpec(a)).toBe(carries);
    },
  );
});

describe('project-group actions', () => {
  it('include every action the spec names', () => {
    expect(PROJECT_GROUP_ACTIONS).toEqual(
      expect.arrayContaining([
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
      ]),
    );
  });

  it('agent actions are auto-select integration and top-down chat', () => {
    expect(AGENT_ACTIONS).toEqual(['AGENT_AUTO_SELECT_INTEGRATION', 'TOP_DOWN_CHAT']);
    expect(PROJECT_GROUP_ACTIONS.filter(isAgentAction)).toEqual(AGENT_ACTIONS);
  });

  it('chat and agent actions are project-group actions', () => {
    for (const a of [...CHAT_ACTIONS, ...AGENT_ACTIONS]) expect(PROJECT_GROUP_ACTIONS).toContain(a);
    expect(PROJECT_GROUP_ACTIONS.filter(isChatAction)).toEqual(CHAT_ACTIONS);
    expect(isChatAction('PUBLISH_AND_CONTINUE')).toBe(false);
  });
});

describe('isRevisionInProgress', () => {
  it.each([
    ['QUEUED', true],
    ['ENHANCING_PROMPT', true],
    ['BUILDING', true],
    ['BUILDING_UI', true],
    ['BUILDING_FUNCTIONALITY', true],
    ['CREATED', false],
    ['VALID', false],
    ['INVALID_CODE', false],
    ['GENERATION_FAILED', false],
    ['FAILED', false],
    [null, false],
  ])('%s → %s', (status, expected) => {
    expect(isRevisionInProgress(status)).toBe(expected);
  });
});
