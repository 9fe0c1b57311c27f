/** `changedPages`: which pages verification opens after a change (issue 22). */
import { describe, expect, it } from 'vitest';
import { changedPages } from './verification';

const page = (filePath: string, content: string) => ({ filePath, moduleType: 'PAGE', content });
const fn = (filePath: string, content: string) => ({ filePath, moduleType: 'FUNCTION', content });
const HOME = page('apps/web/src/app/page.tsx', "fetch('/api/tasks').then(show)");
const STATS = page('apps/web/src/app/stats/page.tsx', "fetch('/api/tasks-stats?range=week')");
const ABOUT = page('apps/web/src/app/about/page.tsx', 'export default () => <p>About</p>');
const TASKS = fn('apps/web/src/app/api/tasks/[id]/route.ts', 'export async function GET() {}');

describe('changedPages', () => {
  it('opens every page on a first generation and only the changed ones afterwards', () => {
    expect(changedPages([], [HOME, ABOUT])).toEqual([HOME.filePath, ABOUT.filePath]);
    const edited = { ...ABOUT, content: 'export default () => <p>About us</p>' };
    expect(changedPages([HOME, ABOUT], [HOME, edited])).toEqual([ABOUT.filePath]);
  });

  it('opens every page when a component changed', () => {
    const button = { filePath: 'apps/web/src/components/Button.tsx', moduleType: 'COMPONENT', content: 'a' };
    expect(changedPages([HOME, ABOUT, button], [HOME, ABOUT, { ...button, content: 'b' }])).toEqual([
      HOME.filePath,
      ABOUT.filePath,
    ]);
  });

  it('opens the pages that call a changed function, by its /api/name (not a longer name)', () => {
    const before = [HOME, STATS, ABOUT, TASKS];
    const after = [HOME, STATS, ABOUT, { ...TASKS, content: 'export async function GET() { return 1; }' }];
    expect(changedPages(before, after)).toEqual([HOME.filePath]);
    expect(changedPages(before, before)).toEqual([]);
  });
});
