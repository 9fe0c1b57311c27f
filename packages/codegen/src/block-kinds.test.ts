import { MESSAGE_BLOCK_KINDS } from '@kiln/core';
import { describe, expect, it } from 'vitest';
import { blockKindOf } from './block-kinds.ts';

describe('blockKindOf', () => {
  it('maps modules, migrations and tool calls to the spec block kinds', () => {
    expect(blockKindOf('PAGE')).toBe('page');
    expect(blockKindOf('AUTH_PAGE_SIGN_IN')).toBe('page');
    expect(blockKindOf('COMPONENT')).toBe('component');
    expect(blockKindOf('FUNCTION')).toBe('function');
    expect(blockKindOf('migration')).toBe('function');
    expect(blockKindOf('tool-call')).toBe('tool-call');
    expect(blockKindOf('FILE')).toBe('file');
    for (const kind of ['migration', 'tool-call', 'PAGE', 'COMPONENT', 'FUNCTION'] as const)
      expect(MESSAGE_BLOCK_KINDS as readonly string[]).toContain(blockKindOf(kind));
  });
});
