/**
 * Platform header names (spec §7): project id, project group id, protection bypass, internal auth, runner
 * version and ad attribution. Lowercase, as `Headers` normalises them.
 * @module
 */

export const PLATFORM_HEADERS = Object.freeze({
  projectId: 'x-kiln-project-id',
  projectGroupId: 'x-kiln-project-group-id',
  protectionBypass: 'x-kiln-protection-bypass',
  internalAuth: 'x-kiln-internal-auth',
  runnerVersion: 'x-kiln-runner-version',
  adAttribution: 'x-kiln-ad-attribution',
} as const);
export type PlatformHeader = (typeof PLATFORM_HEADERS)[keyof typeof PLATFORM_HEADERS];

/** Query parameter carrying ad attribution where a header cannot be set. */
export const AD_ATTRIBUTION_PARAM = 'ad_attribution';
