/**
 * Sandbox ids (spec §5): which of projectGroupId and projectGroupRevisionId a sandbox needs per environment.
 * AGENT needs both; every other environment needs at least one.
 * @module
 */
import type { SandboxEnvironment } from './enums';
import { KilnError } from './errors';
import { MESSAGES } from './messages';

export type SandboxIdsInput = {
  environment: SandboxEnvironment;
  projectGroupId?: string | null;
  projectGroupRevisionId?: string | null;
};

export type SandboxIds = {
  environment: SandboxEnvironment;
  projectGroupId?: string;
  projectGroupRevisionId?: string;
};

function present(id: string | null | undefined): id is string {
  return typeof id === 'string' && id.length > 0;
}

/**
 * Checks a sandbox's ids and returns them without empty values. Throws `KilnError('validation')` with the
 * catalogue message: AGENT without both ids, any other environment without either.
 */
export function resolveSandboxIds(input: SandboxIdsInput): SandboxIds {
  const hasGroup = present(input.projectGroupId);
  const hasRevision = present(input.projectGroupRevisionId);
  if (input.environment === 'AGENT') {
    if (!hasGroup || !hasRevision) {
      throw new KilnError('validation', MESSAGES.sandboxAgentIdsRequired, { environment: input.environment });
    }
  } else if (!hasGroup && !hasRevision) {
    throw new KilnError('validation', MESSAGES.sandboxIdRequired, { environment: input.environment });
  }
  const ids: SandboxIds = { environment: input.environment };
  if (hasGroup) ids.projectGroupId = input.projectGroupId as string;
  if (hasRevision) ids.projectGroupRevisionId = input.projectGroupRevisionId as string;
  return ids;
}

/**
 * A stable key for looking a sandbox up: `{environment}:{projectGroupId}:{projectGroupRevisionId}`, with `-`
 * for a missing id. Validates like `resolveSandboxIds`.
 */
export function sandboxKey(input: SandboxIdsInput): string {
  const ids = resolveSandboxIds(input);
  return `${ids.environment}:${ids.projectGroupId ?? '-'}:${ids.projectGroupRevisionId ?? '-'}`;
}
