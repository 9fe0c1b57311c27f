import { describe, expect, it } from 'vitest';
import type { SandboxEnvironment } from './enums';
import { SANDBOX_ENVIRONMENTS } from './enums';
import { isKilnError } from './errors';
import { resolveSandboxIds, type SandboxIdsInput, sandboxKey } from './sandbox';

const AGENT_MSG = 'projectGroupId and projectGroupRevisionId are required for the sandbox environment: AGENT';
const OTHER_MSG = 'One of projectGroupId or projectGroupRevisionId must be provided';

function messageOf(fn: () => unknown): string | null {
  try {
    fn();
    return null;
  } catch (e) {
    expect(isKilnError(e) && e.kind).toBe('validation');
    return (e as Error).message;
  }
}

describe('sandbox ids per environment', () => {
  it.each<[string, SandboxIdsInput, string | null]>([
    ['AGENT with both', { environment: 'AGENT', projectGroupId: 'g', projectGroupRevisionId: 'r' }, null],
    ['AGENT with group only', { environment: 'AGENT', projectGroupId: 'g' }, AGENT_MSG],
    ['AGENT with revision only', { environment: 'AGENT', projectGroupRevisionId: 'r' }, AGENT_MSG],
    ['AGENT with neither', { environment: 'AGENT' }, AGENT_MSG],
    [
      'AGENT with an empty id',
      { environment: 'AGENT', projectGroupId: '', projectGroupRevisionId: 'r' },
      AGENT_MSG,
    ],
    [
      'AGENT with a null id',
      { environment: 'AGENT', projectGroupId: 'g', projectGroupRevisionId: null },
      AGENT_MSG,
    ],
  ])('%s', (_name, input, message) => {
    expect(messageOf(() => resolveSandboxIds(input))).toBe(message);
  });

  const others = SANDBOX_ENVIRONMENTS.filter((e) => e !== 'AGENT');
  it.each(others)('%s needs one of the two ids', (environment: SandboxEnvironment) => {
    expect(messageOf(() => resolveSandboxIds({ environment }))).toBe(OTHER_MSG);
    expect(
      messageOf(() => resolveSandboxIds({ environment, projectGroupId: '', projectGroupRevisionId: '' })),
    ).toBe(OTHER_MSG);
    expect(resolveSandboxIds({ environment, projectGroupId: 'g' })).toEqual({
      environment,
      projectGroupId: 'g',
    });
    expect(resolveSandboxIds({ environment, projectGroupRevisionId: 'r', projectGroupId: '' })).toEqual({
      environment,
      projectGroupRevisionId: 'r',
    });
    expect(resolveSandboxIds({ environment, projectGroupId: 'g', projectGroupRevisionId: 'r' })).toEqual({
      environment,
      projectGroupId: 'g',
      projectGroupRevisionId: 'r',
    });
  });

  it('gives each sandbox a stable key', () => {
    expect(sandboxKey({ environment: 'AGENT', projectGroupId: 'g', projectGroupRevisionId: 'r' })).toBe(
      'AGENT:g:r',
    );
    expect(sandboxKey({ environment: 'BUILDER', projectGroupId: 'g' })).toBe('BUILDER:g:-');
    expect(sandboxKey({ environment: 'SCREENSHOT', projectGroupRevisionId: 'r' })).toBe('SCREENSHOT:-:r');
    expect(messageOf(() => sandboxKey({ environment: 'BUNDLER' }))).toBe(OTHER_MSG);
  });
});
