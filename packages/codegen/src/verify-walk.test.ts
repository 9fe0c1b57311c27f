import { describe, expect, test } from 'vitest';
import { createOutputParser } from './output-parser.ts';
import { MAX_WALK_STEPS, parseWalk } from './verify-walk.ts';

describe('parseWalk', () => {
  test.each([
    ['visit /', [{ action: 'visit', target: '/' }]],
    ['- click "Add task"', [{ action: 'click', target: 'Add task' }]],
    ['fill Title=Milk', [{ action: 'fill', target: 'Title', value: 'Milk' }]],
    ['fill "Due date" = 2025-01-15', [{ action: 'fill', target: 'Due date', value: '2025-01-15' }]],
    ['1. Expect Milk', [{ action: 'expect', target: 'Milk' }]],
    ['visit tasks', []],
    ['fill Title', []],
    ['open the page', []],
    ['', []],
  ])('%j', (line, steps) => {
    expect(parseWalk(line)).toEqual(steps);
  });

  test('a walk is read line by line and bounded', () => {
    expect(parseWalk('visit /\nclick Add\n\nnonsense\nexpect Done').map((s) => s.action)).toEqual([
      'visit',
      'click',
      'expect',
    ]);
    expect(parseWalk('click A\n'.repeat(40))).toHaveLength(MAX_WALK_STEPS);
  });
});

test('a <kiln:verify> block in a reply becomes one verify event with its steps', () => {
  const parser = createOutputParser();
  const reply =
    'Done.\n<kiln:verify>\nvisit /\nfill Title=Milk\nclick Add task\nexpect Milk\n</kiln:verify>\n';
  const events = [...parser.push(reply), ...parser.end()].filter((e) => e.type === 'verify');
  expect(events).toEqual([
    {
      type: 'verify',
      closed: true,
      steps: [
        { action: 'visit', target: '/' },
        { action: 'fill', target: 'Title', value: 'Milk' },
        { action: 'click', target: 'Add task' },
        { action: 'expect', target: 'Milk' },
      ],
    },
  ]);
});
