import type { GenerationEvent } from '@kiln/codegen';
import { describe, expect, it } from 'vitest';
import {
  changedNothing,
  missingPageFailure,
  problemFailure,
  problemsOf,
  problemsText,
  truthfulBlocks,
} from './problems';

type Done = Extract<GenerationEvent, { type: 'done' }>;
const done = (extra: Partial<Done>): Done => ({
  type: 'done',
  modules: [],
  message: '',
  blocks: [],
  usage: { inputTokens: 0, outputTokens: 0 },
  ...extra,
});
const page = { filePath: 'apps/web/src/app/page.tsx', moduleType: 'PAGE', content: 'a' };
const header = { filePath: 'apps/web/src/components/Header.tsx', moduleType: 'COMPONENT', content: 'h' };

describe('problems', () => {
  it('reads done.problems, else turns each missed edit into one, in the chat’s words', () => {
    expect(
      problemsOf(done({ missedEdits: [{ filePath: page.filePath, missed: 2, reason: 'no-match' }] })),
    ).toEqual([
      { kind: 'missed-edit', filePath: page.filePath, message: '2 SEARCH blocks did not match the file' },
    ]);
    const reported = [{ kind: 'truncated' as const, message: 'The reply stopped at the token limit.' }];
    expect(
      problemsOf(
        done({
          problems: reported,
          missedEdits: [{ filePath: page.filePath, missed: 1, reason: 'no-file' }],
        }),
      ),
    ).toEqual(reported);
    expect(problemsOf(done({}))).toEqual([]);
  });

  it('lists what was not applied, one line per problem, at most 10 then a count', () => {
    expect(problemsText([])).toBe('');
    expect(
      problemsText([
        {
          kind: 'invalid-path',
          filePath: 'scripts/seed.py',
          message: 'Path scripts/seed.py is not in a known source directory',
        },
      ]),
    ).toBe(
      'One part of this reply was not applied:\n- `scripts/seed.py`: Path scripts/seed.py is not in a known source directory',
    );
    const many = Array.from({ length: 12 }, (_, i) => ({ kind: 'unparsed' as const, message: `block ${i}` }));
    const text = problemsText(many);
    expect(text.split('\n')).toHaveLength(12);
    expect(text).toMatch(/^12 parts of this reply were not applied:\n- block 0\n/);
    expect(text.endsWith('- and 2 more')).toBe(true);
    expect(problemFailure(many, page.filePath)).toEqual({
      filePath: page.filePath,
      message: 'Not applied: block 0',
    });
  });

  it('keeps only the module blocks that match what really changed', () => {
    const blocks = [
      { kind: 'thinking' as const, text: 'plan' },
      {
        kind: 'page' as const,
        filePath: page.filePath,
        name: 'Home',
        moduleType: 'PAGE' as const,
        change: 'edited' as const,
      },
      {
        kind: 'component' as const,
        filePath: header.filePath,
        name: 'Header',
        moduleType: 'COMPONENT' as const,
        change: 'edited' as const,
      },
      {
        kind: 'component' as const,
        filePath: 'apps/web/src/components/Gone.tsx',
        name: 'Gone',
        moduleType: 'COMPONENT' as const,
        change: 'created' as const,
      },
    ];
    const after = [{ ...page, content: 'b' }, header];
    expect(
      truthfulBlocks(blocks, [page, header], after).map((b) => ('filePath' in b ? b.filePath : b.kind)),
    ).toEqual(['thinking', page.filePath]);
  });

  it('a first generation without a page is a failure; a chat that changed nothing is noticed', () => {
    expect(missingPageFailure('INITIAL', [header])).toEqual({
      filePath: 'apps/web/src/app/page.tsx',
      message: 'The app has no page: write its home page at apps/web/src/app/page.tsx',
    });
    expect(missingPageFailure('INITIAL', [page, header])).toBeNull();
    expect(missingPageFailure('CHAT', [header])).toBeNull();
    expect(changedNothing('CHAT', [page, header], [page, header], 0)).toBe(true);
    expect(changedNothing('CHAT', [page, header], [page, header], 1)).toBe(false);
    expect(changedNothing('CHAT', [page, header], [{ ...page, content: 'b' }, header], 0)).toBe(false);
    expect(changedNothing('CHAT', [page, header], [page], 0)).toBe(false);
    expect(changedNothing('INITIAL', [], [], 0)).toBe(false);
  });
});
