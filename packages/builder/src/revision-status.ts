/**
 * @module Revision statuses in the user's words. Values are the spec's, used as they are.
 */
import { isRevisionInProgress } from '@kiln/core';

export type StatusTone = 'busy' | 'ok' | 'warn' | 'error' | 'idle';

const LABELS: Record<string, { label: string; tone: StatusTone }> = {
  QUEUED: { label: 'Queued…', tone: 'busy' },
  ENHANCING_PROMPT: { label: 'Planning…', tone: 'busy' },
  BUILDING: { label: 'Building…', tone: 'busy' },
  BUILDING_UI: { label: 'Building UI…', tone: 'busy' },
  BUILDING_FUNCTIONALITY: { label: 'Adding functionality…', tone: 'busy' },
  CREATED: { label: 'Ready', tone: 'ok' },
  VALID: { label: 'Ready', tone: 'ok' },
  INVALID: { label: 'Ready, with problems', tone: 'warn' },
  INVALID_CODE: { label: 'Code has errors', tone: 'warn' },
  GENERATION_FAILED: { label: 'Generation failed', tone: 'error' },
  INVALID_PROMPT: { label: 'Could not build that prompt', tone: 'error' },
  CANCELED_AUTOFIX: { label: 'Auto-fix canceled', tone: 'warn' },
  FAILED: { label: 'Failed', tone: 'error' },
  // Not a stored status: a FAILED revision the person stopped themselves (`shownStatus`).
  CANCELED: { label: 'Canceled', tone: 'idle' },
};

/**
 * The status to show for a project's latest revision: a FAILED one whose last chat line says it was canceled
 * (the server's answer to Stop) reads "Canceled", not an alarming "Failed".
 */
export function shownStatus(
  status: string | null | undefined,
  lastAssistantText: string | undefined,
): string | null | undefined {
  return status === 'FAILED' && lastAssistantText?.startsWith('Canceled') ? 'CANCELED' : status;
}

/** True while the revision is still being generated (core's rule). */
export const isInProgress = isRevisionInProgress;

/** A friendly label and tone for a revision status (or for no revision yet). */
export function describeStatus(status: string | null | undefined): { label: string; tone: StatusTone } {
  if (status == null) return { label: 'No revision yet', tone: 'idle' };
  return LABELS[status] ?? { label: status.toLowerCase().replaceAll('_', ' '), tone: 'idle' };
}
