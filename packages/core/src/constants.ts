/**
 * Business constants and limits of spec §9: timings, sizes, haptic patterns, safe-area insets, icon sizes,
 * typography tokens, canvas and viewport sizes, default names, placeholder ids and job-stall constants.
 * Durations are in milliseconds, sizes in bytes unless the name says otherwise.
 * @module
 */

const DAY_MS = 24 * 60 * 60 * 1000;

// Timings
/** How long stored ad attribution stays valid: 90 days. */
export const AD_ATTRIBUTION_LIFETIME_MS = 90 * DAY_MS;
/** How long to wait for analytics to become ready. */
export const ANALYTICS_READY_WAIT_MS = 3000;
/** Poll interval of wait-until checks. */
export const WAIT_POLL_INTERVAL_MS = 100;
/** Timeout of wait-until checks; past it a timeout warning is logged. */
export const WAIT_TIMEOUT_MS = 5000;
/** Heartbeat rate. */
export const HEARTBEAT_INTERVAL_MS = 30_000;
/** Default parser timeout: 5 s. */
export const PARSER_TIMEOUT_MS = 5000;
/** Tree-sitter parse timeout. */
export const TREE_SITTER_PARSE_TIMEOUT_MS = 500;
/** Job-stall check interval: how often running jobs are checked for stalls. */
export const JOB_STALL_CHECK_INTERVAL_MS = 20_000;
/** A running job without a heartbeat for this long is STALLED. */
export const JOB_STALL_TIMEOUT_MS = 360_000;

/** Whether a running job last heard from at `lastHeartbeatAt` has stalled at `now` (both epoch ms). */
export function isJobStalled(lastHeartbeatAt: number, now: number): boolean {
  return now - lastHeartbeatAt > JOB_STALL_TIMEOUT_MS;
}

// Sizes
/** Secure-store values over this many bytes produce a warning. */
export const SECURE_STORE_WARN_BYTES = 2048;
/** Parser buffer size: 5 MiB. */
export const PARSER_BUFFER_BYTES = 5_242_880;

/** Tablet safe-area insets in px. */
export const TABLET_SAFE_AREA_INSETS = Object.freeze({ left: 0, right: 0, top: 64, bottom: 34 } as const);

/** Haptic vibration patterns in ms (vibrate, pause, vibrate, …). */
export const HAPTIC_PATTERNS = Object.freeze({
  success: [40, 100, 40],
  warning: [50, 100, 50],
  error: [60, 100, 60, 100, 60],
  light: [40],
  medium: [50],
  heavy: [60],
  soft: [35],
  rigid: [45],
  selection: [50],
} as const satisfies Record<string, readonly number[]>);
export type HapticPattern = keyof typeof HAPTIC_PATTERNS;

// Names and ids
/** Name of a generated module's main component. */
export const MAIN_COMPONENT_NAME = 'MainComponent';
/** Name of a generated story component. */
export const STORY_COMPONENT_NAME = 'StoryComponent';
/** Name of a function module's exported handler. */
export const HANDLER_FUNCTION_NAME = 'handler';
/** Default name of a new database. */
export const DEFAULT_DATABASE_NAME = 'New Database';
/** Prefix of generated-app persistence calls. */
export const PERSISTENCE_PREFIX = '/api/db';
/** Id a sandbox has while it is starting, before it has a real id. */
export const SANDBOX_PLACEHOLDER_ID = 'tmp-starting';
/** Unnamed limit. */
export const UNNAMED_LIMIT = 4;
/** Default auth user table name of generated apps. */
export const DEFAULT_AUTH_USER_TABLE = 'user_accounts';

// Canvas and viewport
/** Canvas and viewport sizes in px: desktop width 1280, mobile width 360, height 720. */
export const VIEWPORT = Object.freeze({ desktopWidth: 1280, mobileWidth: 360, height: 720 } as const);

// Icons
/** Icon wrapper sizes in px. */
export const ICON_SIZES = Object.freeze({
  xxxl: 48,
  xxl: 36,
  xl: 30,
  large: 24,
  medium: 18,
  small: 16,
  xs: 13,
  xxs: 8,
} as const);
export type IconSize = keyof typeof ICON_SIZES;
export const DEFAULT_ICON_SIZE: IconSize = 'medium';
/** Default icon viewBox: 18 by 18. */
export const ICON_VIEWBOX = '0 0 18 18';

// Typography
/** Typography tokens: font sizes in rem, heading weight, line heights in percent, font families. */
export const TYPOGRAPHY = Object.freeze({
  display: Object.freeze({
    xxl: '4.5rem',
    xl: '3.75rem',
    lg: '3rem',
    md: '2.5rem',
    sm: '2rem',
    xs: '1.5rem',
  }),
  heading: Object.freeze({
    h1: '2.5rem',
    h2: '2rem',
    h3: '1.75rem',
    h4: '1.5rem',
    h5: '1.125rem',
    h6: '0.875rem',
  }),
  headingWeight: 600,
  body: Object.freeze({
    xl: '1.25rem',
    lg: '1.125rem',
    md: '1rem',
    sm: '0.875rem',
    xs: '0.75rem',
    xxs: '0.625rem',
  }),
  lineHeight: Object.freeze({ tight: '120%', snug: '130%', normal: '140%', relaxed: '150%' }),
  fontFamily: Object.freeze({ body: 'Inter', display: 'Instrument Sans' }),
} as const);

/** The Tailwind class for a font family: `font-{lowercase-hyphenated name}` ("Instrument Sans" → "font-instrument-sans"). */
export function fontClass(family: string): string {
  const slug = family
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return `font-${slug}`;
}

/**
 * How an "Implement this plan" message begins (plan mode): the builder sends it with the discussion's answer
 * after it, as a CHAT message; the builtin generator then builds the plan's `**Plan:**` line.
 */
export const IMPLEMENT_PLAN_PREFIX = 'Implement this plan:';

/** The chat line a stopped plan-mode question gets instead of an answer. */
export const DISCUSSION_STOPPED = 'Stopped: this question was not answered.';

/** Said under a discussion answer whose reply wrote files or tables anyway (left out of "Implement this plan"). */
export const DISCUSSION_NOT_APPLIED_NOTE =
  'This was a discussion, so the files and database changes in the reply were not applied. Press Implement this plan to build it.';

/** The longest project or organisation knowledge (standing instructions), in characters. */
export const MAX_KNOWLEDGE_LENGTH = 8_000;
